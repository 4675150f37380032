import { describe, expect, it } from 'vitest';
import type { ZoneStats } from '../rules/types';
import type { LiveDeviceState } from '../storage';
import { mergeShares, shareOf } from './liveShare';

const zonesOf = (fixes: Record<string, { tunnelId: string; chainageM: number; lastFixMs: number; zoneIds: string[] }>): ZoneStats => ({
  headcount: new Map([['Z1', Object.keys(fixes).length]]),
  portal: new Map([['Z1', { in: 5, out: 2 }]]),
  position: (sn) => fixes[sn],
});

describe('live state shared between cluster nodes', () => {
  it('passes a node\'s devices and zone figures to another node intact, through JSON as Redis carries them', () => {
    const devices = new Map<string, LiveDeviceState>([
      ['GAS-1', { status: 'online' as const, lastSeenMs: 1_000, latest: { CO: 3 } }],
      ['BC0001', { status: 'online' as const, lastSeenMs: 1_200, latest: { chainageM: 150 } }],
    ]);
    const zones = zonesOf({ BC0001: { tunnelId: 'RK', chainageM: 150, lastFixMs: 1_200, zoneIds: ['Z1'] } });
    const wire = JSON.parse(JSON.stringify(shareOf(devices, zones, devices.keys()))) as unknown;

    const merged = mergeShares({ devices: new Map(), zones: null }, [wire], () => {
      throw new Error('valid share refused');
    });
    expect([...merged.devices]).toEqual([...devices]);
    expect(merged.zones.headcount.get('Z1')).toBe(1);
    expect(merged.zones.portal.get('Z1')).toEqual({ in: 5, out: 2 });
    expect(merged.zones.position('BC0001')).toEqual({ tunnelId: 'RK', chainageM: 150, lastFixMs: 1_200, zoneIds: ['Z1'] });
    expect(merged.zones.position('GAS-1')).toBeUndefined();
  });

  it('keeps this node\'s zone figures and, for a device two nodes report, the newer reading', () => {
    const own = {
      devices: new Map([['GAS-1', { status: 'offline' as const, lastSeenMs: 1_000, latest: { CO: 3 } }]]),
      zones: zonesOf({}),
    };
    const peer = shareOf(
      new Map([
        ['GAS-1', { status: 'alarm' as const, lastSeenMs: 2_000, latest: { CO: 40 } }],
        ['GAS-2', { status: 'online' as const, lastSeenMs: null, latest: null }],
      ]),
      zonesOf({ BC0001: { tunnelId: 'RK', chainageM: 1, lastFixMs: 1, zoneIds: [] } }),
      ['BC0001'],
    );
    const merged = mergeShares(own, [peer], () => {});
    expect(merged.devices.get('GAS-1')).toEqual({ status: 'alarm', lastSeenMs: 2_000, latest: { CO: 40 } });
    expect(merged.devices.get('GAS-2')?.status).toBe('online');
    expect(merged.zones.headcount.get('Z1')).toBe(0);
    expect(merged.zones.position('BC0001')).toBeUndefined();
  });

  it('leaves out a malformed answer, says why, and still reads the others', () => {
    const issues: string[] = [];
    const good = shareOf(new Map([['GAS-2', { status: 'online' as const, lastSeenMs: 5, latest: { CO: 1 } }]]), null, []);
    const merged = mergeShares(
      { devices: new Map(), zones: null },
      [{ devices: [{ sn: 'GAS-1', status: 'on fire', lastSeenMs: 1, latest: null }], zones: null }, good],
      (issue) => issues.push(issue),
    );
    expect(issues).toHaveLength(1);
    expect([...merged.devices.keys()]).toEqual(['GAS-2']);
    expect(merged.zones.headcount.size).toBe(0);
  });
});
