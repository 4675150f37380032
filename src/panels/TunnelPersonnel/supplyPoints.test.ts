import { describe, expect, it } from 'vitest';
import type { SupplyPoint, TunnelInfo } from '../../../protocol';
import { layoutTunnels } from './layout';
import { placeSupplyPoints } from './supplyPoints';

const LEFT: TunnelInfo = { tunnelId: 'LK', name: 'Left bore', startChainageM: 12_000, lengthM: 3_050, headings: [] };
const RIGHT: TunnelInfo = { ...LEFT, tunnelId: 'RK', name: 'Right bore', startChainageM: 12_020, lengthM: 3_010 };
const point = (name: string, tunnelId: string, chainageM: number): SupplyPoint => ({ register: 'supplyPoint', recordId: chainageM, updatedAtMs: 0, updatedBy: 'a', name, tunnelId, chainageM, contact: 'Zhao', phone: '120', note: '' });

describe('supply points on the tunnel strip', () => {
  const layout = layoutTunnels([LEFT, RIGHT], 1400, 400);
  const [lk, rk] = layout.bores;

  it('places a point at its chainage in its own bore, the bore start taken off (K13+150 in LK is 1150 m in)', () => {
    const [p] = placeSupplyPoints([point('LK cabinet', 'LK', 13_150)], layout.bores);
    expect(p.x).toBeCloseTo(lk.xOf(1_150));
    expect(p.bodyY).toBe(lk.bodyY);
    // the same chainage in the right bore (which starts 20 m later) is 20 m nearer its entry, and in its row
    const [q] = placeSupplyPoints([point('RK cabinet', 'RK', 13_150)], layout.bores);
    expect(q.x).toBeCloseTo(rk.xOf(1_130));
    expect(q.x).toBeCloseTo(p.x, 5);
    expect(q.bodyY).toBe(rk.bodyY);
  });

  it('leaves out points of bores not shown, puts points beyond a portal on it, and orders by bore then chainage', () => {
    const placed = placeSupplyPoints([point('RK exit store', 'RK', 15_030), point('yard', 'LK', 11_900), point('ZK store', 'ZK', 12_500), point('LK exit store', 'LK', 15_100), point('RK entry', 'RK', 12_020)], layout.bores);
    expect(placed.map((p) => p.point.name)).toEqual(['yard', 'LK exit store', 'RK entry', 'RK exit store']);
    expect(placed[0].x).toBeCloseTo(lk.x0);
    expect(placed[1].x).toBeCloseTo(lk.x1);
    expect(placed[2].x).toBeCloseTo(rk.x0);
    expect(placed[3].x).toBeCloseTo(rk.x1);
    expect(placeSupplyPoints([point('LK cabinet', 'LK', 13_150)], [rk])).toEqual([]);
  });
});
