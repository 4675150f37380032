import type { SupplyPoint } from '../../../protocol';
import type { BoreLayout } from './layout';

/** A supply point placed on the strip: its bore, and x (px) on the bore's axis. */
export interface PlacedSupplyPoint {
  point: SupplyPoint;
  tunnelId: string;
  /** x of the point's chainage on the stage, px. */
  x: number;
  /** Top of the bore body (px); the mark hangs under its lower edge, clear of the vehicles on the upper one. */
  bodyY: number;
  bodyH: number;
}

/**
 * Places the supply points on the strip: each in its own bore (points of bores not shown are left out) at
 * its chainage. A point's chainage is the drawing's (K13+450, docs/domain.md "Emergency resources") and the
 * strip is drawn in metres from the bore's entry portal, so the bore's `startChainageM` is taken off; a
 * point beyond a portal (a store in the portal yard) sits on that portal. Ordered by bore, then chainage.
 */
export function placeSupplyPoints(points: readonly SupplyPoint[], bores: readonly BoreLayout[]): PlacedSupplyPoint[] {
  const byId = new Map(bores.map((b) => [b.tunnel.tunnelId, b]));
  const placed: PlacedSupplyPoint[] = [];
  for (const point of points) {
    const b = byId.get(point.tunnelId);
    if (!b) continue;
    const m = Math.min(b.tunnel.lengthM, Math.max(0, point.chainageM - b.tunnel.startChainageM));
    placed.push({ point, tunnelId: b.tunnel.tunnelId, x: b.xOf(m), bodyY: b.bodyY, bodyH: b.bodyH });
  }
  const order = new Map(bores.map((b, i) => [b.tunnel.tunnelId, i]));
  return placed.sort((a, b) => (order.get(a.tunnelId) ?? 0) - (order.get(b.tunnelId) ?? 0) || a.point.chainageM - b.point.chainageM);
}
