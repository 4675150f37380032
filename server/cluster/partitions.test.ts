import { describe, expect, it } from 'vitest';
import { deviceFilter, fnv1a32, partitionClientId, partitionOf } from './partitions';

describe('device partitions', () => {
  it('hashes with FNV-1a 32 (its published test vectors)', () => {
    expect(fnv1a32('')).toBe(0x811c9dc5);
    expect(fnv1a32('a')).toBe(0xe40c292c);
    expect(fnv1a32('foobar')).toBe(0xbf9cf968);
  });

  it('puts a device in the partition of its project/sn hash, the same on every node', () => {
    expect(partitionOf('demo-tunnel', 'CAM-01', 16)).toBe(fnv1a32('demo-tunnel/CAM-01') % 16);
    expect(partitionOf('a', 'b', 7)).toBe(fnv1a32('a/b') % 7);
  });

  it('spreads a site\'s devices over the partitions, each in range', () => {
    const counts = new Array(8).fill(0);
    for (let i = 1; i <= 400; i++) {
      const k = partitionOf('demo-tunnel', `GAS-${i}`, 8);
      expect(k).toBeGreaterThanOrEqual(0);
      expect(k).toBeLessThan(8);
      counts[k]++;
    }
    // 50 expected per partition: none empty, none with more than twice its share
    expect(Math.min(...counts)).toBeGreaterThan(25);
    expect(Math.max(...counts)).toBeLessThan(100);
    expect(partitionOf('p1', 'X', 1)).toBe(0);
  });

  it('names the device topics and the partition sessions', () => {
    expect(deviceFilter('demo-tunnel', 'gas', 'GAS-1')).toBe('zhgd/demo-tunnel/gas/GAS-1/+');
    expect(partitionClientId(3)).toBe('siteboard-p3');
  });
});
