import { describe, expect, it } from 'vitest';
import { deviceFilter, partitionClientId, partitionHash, partitionOf, projectWideKind } from './partitions';

describe('device partitions', () => {
  it('hashes with the first 32 bits of MD5 (RFC 1321 test vectors)', () => {
    expect(partitionHash('')).toBe(0xd41d8cd9);
    expect(partitionHash('abc')).toBe(0x90015098);
  });

  it('puts a device in the partition of its project/sn hash, the same on every node', () => {
    expect(partitionOf('demo-tunnel', 'camera', 'CAM-01', 16)).toBe(partitionHash('demo-tunnel/CAM-01') % 16);
    expect(partitionOf('a', 'gas', 'b', 7)).toBe(partitionHash('a/b') % 7);
  });

  it('puts every positioned device (beacons) and the zone alarms of a project in its project partition', () => {
    expect(projectWideKind('beacon')).toBe(true);
    expect(projectWideKind('zone')).toBe(true);
    expect(projectWideKind('gas')).toBe(false);
    const k = partitionHash('demo-tunnel') % 16;
    for (let i = 1; i <= 50; i++) expect(partitionOf('demo-tunnel', 'beacon', `TAG-${i}`, 16)).toBe(k);
    expect(partitionOf('demo-tunnel', 'zone', 'Z-1', 16)).toBe(k);
  });

  it('spreads a site\'s devices over the partitions, each in range', () => {
    const counts = new Array(8).fill(0);
    for (let i = 1; i <= 400; i++) {
      const k = partitionOf('demo-tunnel', 'gas', `GAS-${i}`, 8);
      expect(k).toBeGreaterThanOrEqual(0);
      expect(k).toBeLessThan(8);
      counts[k]++;
    }
    // 50 expected per partition: none empty, none with more than twice its share
    expect(Math.min(...counts)).toBeGreaterThan(25);
    expect(Math.max(...counts)).toBeLessThan(100);
    expect(partitionOf('p1', 'gas', 'X', 1)).toBe(0);
  });

  it('names the device topics and the partition sessions', () => {
    expect(deviceFilter('demo-tunnel', 'gas', 'GAS-1')).toBe('zhgd/demo-tunnel/gas/GAS-1/+');
    expect(partitionClientId(3)).toBe('siteboard-p3');
  });
});
