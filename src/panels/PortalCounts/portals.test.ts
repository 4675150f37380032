import { describe, expect, it } from 'vitest';
import type { PortalZoneCounts, TunnelInfo } from '../../../protocol';
import { borePortals, crossingLinesThatFit } from './portals';

const TUNNELS: TunnelInfo[] = [
  { tunnelId: 'LK', name: 'Left bore', startChainageM: 0, lengthM: 3000, headings: [] },
  { tunnelId: 'RK', name: 'Right bore', startChainageM: 0, lengthM: 3000, headings: [] },
  { tunnelId: 'XK', name: 'Adit', startChainageM: 0, lengthM: 400, headings: [] },
];
const zone = (zoneId: string, tunnelId: string, fromM: number, toM: number, portalIn = 0, portalOut = 0): PortalZoneCounts => ({
  zoneId, name: `Zone ${zoneId}`, tunnelId, fromM, toM, portalIn, portalOut, crossings: [],
});

describe('borePortals', () => {
  it('groups portal zones by bore in the bores\' order, entry end first, with the underground count', () => {
    const zones = [zone('LX', 'LK', 2950, 3000, 2, 1), zone('LE', 'LK', 0, 30, 14, 9), zone('RE', 'RK', 0, 30, 5, 5), zone('GONE', 'ZZ', 0, 30, 1, 1)];
    const out = borePortals(zones, TUNNELS, new Map([['LK', 6]]));
    expect(out.map((b) => [b.tunnelId, b.underground, b.portals.map((p) => `${p.zoneId}:${p.end}:${p.portalIn}/${p.portalOut}`)])).toEqual([
      ['LK', 6, ['LE:entry:14/9', 'LX:exit:2/1']],
      ['RK', 0, ['RE:entry:5/5']],
    ]);
  });

  it('leaves out bores without a portal zone', () => {
    expect(borePortals([], TUNNELS, new Map([['XK', 3]]))).toEqual([]);
  });
});

describe('crossingLinesThatFit', () => {
  it('shows as many crossings as configured when they fit, else only whole lines that fit', () => {
    // 20 px font: a line is 26 px; 200 px row with 70 px of figures leaves 130 px: 5 lines
    expect(crossingLinesThatFit(5, 200, 70, 20)).toBe(5);
    expect(crossingLinesThatFit(10, 200, 70, 20)).toBe(5);
    expect(crossingLinesThatFit(3, 200, 70, 20)).toBe(3);
    expect(crossingLinesThatFit(5, 90, 70, 20)).toBe(0);
    expect(crossingLinesThatFit(0, 900, 70, 20)).toBe(0);
  });
});
