import type { SupplyPoint } from '../../../protocol';
import { screenAt, type PlanBore, type PlanView } from './geometry';

/** A supply point placed on the plan: its bore and the centre of its mark (screen px of the plan's stage). */
export interface PlanSupplyPoint {
  point: SupplyPoint;
  tunnelId: string;
  x: number;
  y: number;
}

/**
 * Places the emergency supply points on the plan (docs/domain.md "Emergency resources"): each on its own
 * bore's alignment at its chainage (the drawing's chainage, K13+450, the same mapping the plan draws faces
 * and people with, screenAt), `offsetPx` to the bore's outer side (twin bores lie too close together at a
 * fitted scale to put marks and names between them). A point beyond a portal (a store in the portal yard) sits on that portal; points
 * of bores not shown are left out. Ordered by bore, then chainage. The register places points by chainage
 * only (no site-plan coordinates).
 */
export function placePlanSupplyPoints(points: readonly SupplyPoint[], bores: readonly PlanBore[], view: PlanView, offsetPx: number): PlanSupplyPoint[] {
  const byId = new Map(bores.map((b) => [b.tunnel.tunnelId, b]));
  const placed: PlanSupplyPoint[] = [];
  for (const point of points) {
    const b = byId.get(point.tunnelId);
    if (!b) continue;
    const s = b.tunnel.startChainageM;
    const c = Math.min(s + b.tunnel.lengthM, Math.max(s, point.chainageM));
    const p = screenAt(view, b.points, c, b.outer * offsetPx);
    placed.push({ point, tunnelId: b.tunnel.tunnelId, x: p.x, y: p.y });
  }
  const order = new Map(bores.map((b, i) => [b.tunnel.tunnelId, i]));
  return placed.sort((a, b) => (order.get(a.tunnelId) ?? 0) - (order.get(b.tunnelId) ?? 0) || a.point.chainageM - b.point.chainageM);
}
