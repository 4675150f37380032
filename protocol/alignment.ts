import { z } from 'zod';

/**
 * Bore alignments for the tunnel plan view (docs/domain.md "Tunnel plan"): each bore's centre line as a
 * polyline of surveyed points, (chainage, x, y) in metres, x east and y north on the project's local site
 * grid (a Chinese survey table's X is north and Y east: swap them when importing one). Chainage is the
 * bore's own chainage (K12+345 is 12 345 m), strictly increasing along the polyline; a curve is given by
 * points close enough along it (every 10–50 m on a highway curve).
 */

/** Most points one bore's alignment holds (a 50 km bore at one point every 25 m). */
export const MAX_ALIGNMENT_POINTS = 2_000;
/** Most cross passages listed on one bore (a 50 km bore with one every 250 m is 200). */
export const MAX_CROSS_PASSAGES = 200;

const metres = z.number().finite();
/** A chainage in metres: 0 to 1 000 km. */
const chainageM = metres.min(0).max(1_000_000);
/** A site-grid coordinate in metres (a national grid's easting/northing fits: up to 10 000 km). */
const coordinateM = metres.min(-10_000_000).max(10_000_000);
const tunnelId = z.string().min(1).max(64);

/** One surveyed point of a bore's centre line: its chainage and site-grid position (m). */
export const alignmentPointSchema = z.strictObject({ chainageM, x: coordinateM, y: coordinateM });
export type AlignmentPoint = z.infer<typeof alignmentPointSchema>;

/**
 * A cross passage leaving this bore at `chainageM` and reaching bore `toTunnelId` at `toChainageM`:
 * `pedestrian` or `vehicle` (highway tunnels: a pedestrian passage every ~250 m, a vehicle one every
 * ~750 m by the highway tunnel design code JTG 3370.1-2018).
 */
export const crossPassageSchema = z.strictObject({
  chainageM,
  toTunnelId: tunnelId,
  toChainageM: chainageM,
  kind: z.enum(['pedestrian', 'vehicle']),
});
export type CrossPassage = z.infer<typeof crossPassageSchema>;

/** Problems of a polyline's chainages: the indices (0-based) of points not strictly after the one before. */
export function chainageOrderProblems(points: readonly { chainageM: number }[]): number[] {
  const out: number[] = [];
  for (let i = 1; i < points.length; i++) if (!(points[i].chainageM > points[i - 1].chainageM)) out.push(i);
  return out;
}

/** The points of an alignment: 2 to MAX_ALIGNMENT_POINTS, chainages strictly increasing. */
export const alignmentPointsSchema = z
  .array(alignmentPointSchema)
  .min(2, { error: 'an alignment needs at least 2 points' })
  .max(MAX_ALIGNMENT_POINTS, { error: `an alignment holds at most ${MAX_ALIGNMENT_POINTS} points` })
  .superRefine((points, ctx) => {
    for (const i of chainageOrderProblems(points)) {
      ctx.addIssue({ code: 'custom', path: [i, 'chainageM'], message: `chainage must increase: point ${i + 1} (${points[i].chainageM}) is not after point ${i} (${points[i - 1].chainageM})` });
    }
  });

/** One bore's alignment as saved and answered. */
export const boreAlignmentSchema = z.strictObject({
  tunnelId,
  points: alignmentPointsSchema,
  crossPassages: z.array(crossPassageSchema).max(MAX_CROSS_PASSAGES),
});
export type BoreAlignment = z.infer<typeof boreAlignmentSchema>;

/** Where a chainage lies on an alignment. */
export interface AlignmentPosition {
  /** Site-grid position (m): x east, y north. */
  x: number;
  y: number;
  /** Direction of increasing chainage as a bearing: degrees clockwise from north, [0, 360). */
  headingDeg: number;
  /** True when the chainage is before the first point or after the last: extended straight along the end segment. */
  outside: boolean;
}

/**
 * The position of `chainageM` on an alignment (points in increasing chainage, at least 2): linear between
 * the two points around it, extended straight along the first or last segment outside them (`outside`).
 * At a point shared by two segments the heading is the one of the segment starting there. `lateralM`
 * moves the position square to the heading, positive to the right looking towards increasing chainage.
 * @throws RangeError with fewer than 2 points or a chainage that is not a finite number.
 */
export function positionAt(points: readonly AlignmentPoint[], chainageM: number, lateralM = 0): AlignmentPosition {
  if (points.length < 2) throw new RangeError('an alignment needs at least 2 points');
  if (!Number.isFinite(chainageM)) throw new RangeError(`chainage must be a finite number: ${chainageM}`);
  const last = points.length - 1;
  // the segment [i, i + 1] holding the chainage: the first or last one outside the points
  let lo = 0;
  let hi = last - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (points[mid].chainageM <= chainageM) lo = mid;
    else hi = mid - 1;
  }
  const a = points[lo];
  const b = points[lo + 1];
  const t = (chainageM - a.chainageM) / (b.chainageM - a.chainageM);
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const len = Math.hypot(dx, dy) || 1;
  const ux = dx / len;
  const uy = dy / len;
  let x: number;
  let y: number;
  if (chainageM < points[0].chainageM || chainageM > points[last].chainageM) {
    // straight on from the nearer end point, one metre of chainage per metre of ground
    const end = chainageM < points[0].chainageM ? a : b;
    x = end.x + ux * (chainageM - end.chainageM);
    y = end.y + uy * (chainageM - end.chainageM);
  } else {
    x = a.x + dx * t;
    y = a.y + dy * t;
  }
  // the right-hand normal of (ux, uy) with x east and y north is (uy, -ux)
  x += uy * lateralM;
  y -= ux * lateralM;
  const bearing = (Math.atan2(ux, uy) * 180) / Math.PI;
  return { x, y, headingDeg: bearing < 0 ? bearing + 360 : bearing, outside: chainageM < points[0].chainageM || chainageM > points[last].chainageM };
}

/**
 * The alignment's points between two chainages (from < to), with both ends interpolated: the polyline of
 * a stretch (a rock-grade band, a zone, the excavated part), drawn along the curve.
 */
export function stretchOf(points: readonly AlignmentPoint[], fromChainageM: number, toChainageM: number): AlignmentPoint[] {
  const at = (c: number): AlignmentPoint => {
    const p = positionAt(points, c);
    return { chainageM: c, x: p.x, y: p.y };
  };
  const out: AlignmentPoint[] = [at(fromChainageM)];
  for (const p of points) if (p.chainageM > fromChainageM && p.chainageM < toChainageM) out.push(p);
  out.push(at(toChainageM));
  return out;
}

/**
 * The alignment drawn for a bore without one (docs/domain.md "Tunnel plan"): straight east along its
 * chainage range, `northM` north of the grid origin, x the chainage from `originChainageM`.
 */
export function straightAlignment(startChainageM: number, lengthM: number, originChainageM: number, northM: number): AlignmentPoint[] {
  return [
    { chainageM: startChainageM, x: startChainageM - originChainageM, y: northM },
    { chainageM: startChainageM + Math.max(lengthM, 1), x: startChainageM + Math.max(lengthM, 1) - originChainageM, y: northM },
  ];
}
