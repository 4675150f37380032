import { describe, expect, it } from 'vitest';
import type { TunnelInfo, ZoneRow } from '../../../protocol';
import { borePortals } from './portals';

const TUNNELS: TunnelInfo[] = [
  { tunnelId: 'LK', name: 'Left bore', startChainageM: 0, lengthM: 3000, headings: [] },
  { tunnelId: 'RK', name: 'Right bore', startChainageM: 0, lengthM: 3000, headings: [] },
  { tunnelId: 'XK', name: 'Adit', startChainageM: 0, lengthM: 400, headings: [] },
];
const zone = (zoneId: string, tunnelId: string, fromM: number, toM: number, kind: ZoneRow['kind'], portalIn = 0, portalOut = 0): ZoneRow => ({
  zoneId, projectId: 'p', name: `Zone ${zoneId}`, kind, tunnelId, fromM, toM, entryAlarm: false, authorizedTeams: [], maxStayMin: null, maxHeadcount: null, noMovementMin: null,
  signalLostS: null, gatheringAllowed: false, assignedTeams: [], headcount: 0, portalIn, portalOut,
});

describe('borePortals', () => {
  it('groups portal zones by bore in the bores\' order, entry end first, with the underground count', () => {
    const zones = [zone('LX', 'LK', 2950, 3000, 'portal', 2, 1), zone('W', 'LK', 100, 900, 'work'), zone('LE', 'LK', 0, 30, 'portal', 14, 9), zone('RE', 'RK', 0, 30, 'portal', 5, 5), zone('GONE', 'ZZ', 0, 30, 'portal', 1, 1)];
    const out = borePortals(zones, TUNNELS, new Map([['LK', 6]]));
    expect(out.map((b) => [b.tunnelId, b.underground, b.portals.map((p) => `${p.zoneId}:${p.end}:${p.portalIn}/${p.portalOut}`)])).toEqual([
      ['LK', 6, ['LE:entry:14/9', 'LX:exit:2/1']],
      ['RK', 0, ['RE:entry:5/5']],
    ]);
  });

  it('leaves out bores without a portal zone', () => {
    expect(borePortals([zone('W', 'XK', 0, 100, 'work')], TUNNELS, new Map([['XK', 3]]))).toEqual([]);
  });
});
