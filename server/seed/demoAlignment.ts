import type { AlignmentPoint, BoreAlignment, CrossPassage } from '../../protocol';

/**
 * The demo tunnel's alignment (docs/domain.md "Tunnel plan"), a typical mountain highway twin bore: the
 * centre line leaves the entry portal at a bearing of 65°, runs straight for 700 m, turns right on a
 * 1 800 m radius circular curve for 900 m (28.6°) and runs straight to the exit; the bores lie 17.5 m
 * either side of it (35 m apart, the usual spacing of separated twin bores in class III–IV rock). Site
 * grid in metres, x east and y north, origin at the centre line's chainage K12+000.
 */
const ORIGIN_CHAINAGE_M = 12_000;
const BEARING_DEG = 65;
const TANGENT_M = 700;
const RADIUS_M = 1_800;
const CURVE_M = 900;
/** Half the distance between the bores' centre lines (m). */
const HALF_SPACING_M = 17.5;
/** Point spacing along the polyline (m of chainage): a 25 m chord on R 1800 m sags 0.04 m. */
const STEP_M = 25;
/** Pedestrian cross passages every 250 m, every third a vehicle one (JTG 3370.1-2018 spacing). */
const PASSAGE_EVERY_M = 250;

/** The centre line at a chainage: position and bearing (radians clockwise from north). */
function centreLine(chainageM: number): { x: number; y: number; bearing: number } {
  const b0 = (BEARING_DEG * Math.PI) / 180;
  const s = chainageM - ORIGIN_CHAINAGE_M;
  const straight = (x: number, y: number, bearing: number, d: number) => ({ x: x + d * Math.sin(bearing), y: y + d * Math.cos(bearing), bearing });
  if (s <= TANGENT_M) return straight(0, 0, b0, s);
  const start = straight(0, 0, b0, TANGENT_M);
  // the curve's centre lies to the right of the tangent
  const cx = start.x + RADIUS_M * Math.cos(b0);
  const cy = start.y - RADIUS_M * Math.sin(b0);
  const onCurve = (d: number) => {
    const bearing = b0 + d / RADIUS_M;
    return { x: cx - RADIUS_M * Math.cos(bearing), y: cy + RADIUS_M * Math.sin(bearing), bearing };
  };
  if (s <= TANGENT_M + CURVE_M) return onCurve(s - TANGENT_M);
  const end = onCurve(CURVE_M);
  return straight(end.x, end.y, end.bearing, s - TANGENT_M - CURVE_M);
}

/** A bore's polyline at `lateralM` from the centre line (negative: left), every STEP_M over its chainages. */
function borePoints(startChainageM: number, lengthM: number, lateralM: number): AlignmentPoint[] {
  const out: AlignmentPoint[] = [];
  const end = startChainageM + lengthM;
  for (let c = startChainageM; ; c = Math.min(end, (Math.floor(c / STEP_M) + 1) * STEP_M)) {
    const p = centreLine(c);
    const round = (v: number) => Math.round(v * 1000) / 1000;
    out.push({ chainageM: c, x: round(p.x + lateralM * Math.cos(p.bearing)), y: round(p.y - lateralM * Math.sin(p.bearing)) });
    if (c >= end) return out;
  }
}

/**
 * Alignments of the demo's two bores (`left` then `right`, with their chainage ranges), the cross passages
 * listed on the left bore, reaching the right one at the same chainage.
 */
export function demoAlignments(left: { tunnelId: string; startChainageM: number; lengthM: number }, right: { tunnelId: string; startChainageM: number; lengthM: number }): BoreAlignment[] {
  const from = Math.max(left.startChainageM, right.startChainageM);
  const to = Math.min(left.startChainageM + left.lengthM, right.startChainageM + right.lengthM);
  const crossPassages: CrossPassage[] = [];
  for (let c = Math.ceil((from + 1) / PASSAGE_EVERY_M) * PASSAGE_EVERY_M, n = 1; c < to - 100; c += PASSAGE_EVERY_M, n++) {
    crossPassages.push({ chainageM: c, toTunnelId: right.tunnelId, toChainageM: c, kind: n % 3 === 0 ? 'vehicle' : 'pedestrian' });
  }
  return [
    { tunnelId: left.tunnelId, points: borePoints(left.startChainageM, left.lengthM, -HALF_SPACING_M), crossPassages },
    { tunnelId: right.tunnelId, points: borePoints(right.startChainageM, right.lengthM, HALF_SPACING_M), crossPassages: [] },
  ];
}
