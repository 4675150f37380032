import { describe, expect, it } from 'vitest';
import type { BoreAlignment, SupplyPoint, TunnelInfo } from '../../../protocol';
import { fitView, planBores, screenAt } from './geometry';
import { placePlanSupplyPoints } from './planSupplyPoints';

const bore = (tunnelId: string, startChainageM: number, lengthM: number): TunnelInfo => ({ tunnelId, name: tunnelId, startChainageM, lengthM, headings: [] });
/** LK 35 m north of RK, both running east from K12+000. */
const ALIGNED: BoreAlignment[] = [
  { tunnelId: 'LK', points: [{ chainageM: 12_000, x: 0, y: 35 }, { chainageM: 13_000, x: 1_000, y: 35 }], crossPassages: [] },
  { tunnelId: 'RK', points: [{ chainageM: 12_000, x: 0, y: 0 }, { chainageM: 13_000, x: 1_000, y: 0 }], crossPassages: [] },
];
const point = (name: string, tunnelId: string, chainageM: number): SupplyPoint => ({ register: 'supplyPoint', recordId: chainageM, updatedAtMs: 0, updatedBy: 'a', name, tunnelId, chainageM, contact: 'Zhao', phone: '120', note: 'stretchers, oxygen' });

describe('supply points on the plan', () => {
  const bores = planBores([bore('LK', 12_000, 1_000), bore('RK', 12_020, 980)], ALIGNED);
  const view = fitView(bores, 1_100, 600, { x: 50, y: 50 });

  it('puts a point at its chainage on its own bore, as the plan draws that chainage, on the side away from the other bore', () => {
    const [lk] = placePlanSupplyPoints([point('LK cabinet', 'LK', 12_400)], bores, view, 10);
    const centre = screenAt(view, bores[0].points, 12_400);
    expect(lk.x).toBeCloseTo(centre.x);
    // LK lies north (up on screen): its outer side, away from RK, is above its centre line
    expect(lk.y).toBeCloseTo(centre.y - 10);
    const [rk] = placePlanSupplyPoints([point('RK cabinet', 'RK', 12_400)], bores, view, 10);
    expect(rk.x).toBeCloseTo(lk.x);
    expect(rk.y).toBeCloseTo(screenAt(view, bores[1].points, 12_400).y + 10);
  });

  it('puts a point beyond a portal on it, leaves out bores not shown, and orders by bore then chainage', () => {
    const placed = placePlanSupplyPoints([point('RK yard', 'RK', 11_950), point('ZK store', 'ZK', 12_500), point('LK exit', 'LK', 13_400), point('LK entry', 'LK', 12_010)], bores, view, 0);
    expect(placed.map((p) => p.point.name)).toEqual(['LK entry', 'LK exit', 'RK yard']);
    expect(placed[1].x).toBeCloseTo(screenAt(view, bores[0].points, 13_000).x);
    // RK starts at K12+020: a yard before it sits on its entry portal
    expect(placed[2].x).toBeCloseTo(screenAt(view, bores[1].points, 12_020).x);
  });
});
