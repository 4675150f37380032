import { positionAt, straightAlignment, type AlignmentPoint, type BoreAlignment, type TunnelInfo } from '../../../protocol';

/**
 * The plan view's geometry (docs/domain.md "Tunnel plan"): bores on the site grid (metres, x east, y
 * north) and the view that maps them to the panel's pixels (north up), with the pan and zoom steps.
 */

/** Drawn width of a bore (m): a two-lane highway bore is excavated about 12 m wide. */
export const BORE_WIDTH_M = 12;
/** How far apart bores without an alignment are drawn (m), the usual spacing of a twin bore. */
export const STRAIGHT_SPACING_M = 40;

/** A bore as the plan draws it. */
export interface PlanBore {
  tunnel: TunnelInfo;
  /** Its centre line, chainage increasing (the saved alignment, or a straight one). */
  points: AlignmentPoint[];
  /** True when it has no saved alignment and is drawn straight along its chainage range. */
  straight: boolean;
  /** Side away from the other bores (+1 right, -1 left, looking towards increasing chainage): where its bands and labels go. */
  outer: 1 | -1;
}

/**
 * The bores with their alignment, in the order given. A bore without one is drawn straight east along its
 * chainage range, STRAIGHT_SPACING_M south of the drawing's lowest point for each such bore, from the
 * smallest chainage of the bores drawn.
 */
export function planBores(tunnels: readonly TunnelInfo[], alignments: readonly BoreAlignment[]): PlanBore[] {
  const byId = new Map(alignments.map((a) => [a.tunnelId, a]));
  const aligned = tunnels.flatMap((t) => byId.get(t.tunnelId)?.points ?? []);
  const minY = aligned.length ? Math.min(...aligned.map((p) => p.y)) : STRAIGHT_SPACING_M;
  const minX = aligned.length ? Math.min(...aligned.map((p) => p.x)) : 0;
  const origin = Math.min(...tunnels.map((t) => t.startChainageM));
  let straightCount = 0;
  const bores = tunnels.map((tunnel): Omit<PlanBore, 'outer'> => {
    const a = byId.get(tunnel.tunnelId);
    if (a) return { tunnel, points: a.points, straight: false };
    straightCount++;
    const pts = straightAlignment(tunnel.startChainageM, tunnel.lengthM, origin, minY - STRAIGHT_SPACING_M * straightCount);
    return { tunnel, points: pts.map((p) => ({ ...p, x: p.x + minX })), straight: true };
  });
  return bores.map((b, i) => ({ ...b, outer: outerSide(b, bores.filter((_, k) => k !== i)) }));
}

/** Middle of a bore on the grid, with its heading there. */
function middleOf(b: Pick<PlanBore, 'tunnel' | 'points'>) {
  return positionAt(b.points, b.tunnel.startChainageM + b.tunnel.lengthM / 2);
}

/** The side of `bore` away from the middle of the others (right with none). */
function outerSide(bore: Pick<PlanBore, 'tunnel' | 'points'>, others: ReadonlyArray<Pick<PlanBore, 'tunnel' | 'points'>>): 1 | -1 {
  if (others.length === 0) return 1;
  const m = middleOf(bore);
  const ox = others.reduce((s, o) => s + middleOf(o).x, 0) / others.length;
  const oy = others.reduce((s, o) => s + middleOf(o).y, 0) / others.length;
  const h = (m.headingDeg * Math.PI) / 180;
  // the right-hand normal of the heading (sin h, cos h) is (cos h, -sin h); the others lie on the side it points to when positive
  const towardsOthers = (ox - m.x) * Math.cos(h) - (oy - m.y) * Math.sin(h);
  return towardsOthers > 0 ? -1 : 1;
}

/** The view: screen px = (ox + x·scale, oy − y·scale), north up. */
export interface PlanView {
  /** px per metre. */
  scale: number;
  ox: number;
  oy: number;
}

/** The grid box of the bores over their chainage ranges (m). */
export function boundsOf(bores: readonly PlanBore[]): { minX: number; maxX: number; minY: number; maxY: number } {
  let minX = Infinity;
  let maxX = -Infinity;
  let minY = Infinity;
  let maxY = -Infinity;
  for (const b of bores) {
    const from = b.tunnel.startChainageM;
    const to = from + b.tunnel.lengthM;
    const inside = b.points.filter((p) => p.chainageM > from && p.chainageM < to);
    for (const p of [positionAt(b.points, from), ...inside, positionAt(b.points, to)]) {
      minX = Math.min(minX, p.x);
      maxX = Math.max(maxX, p.x);
      minY = Math.min(minY, p.y);
      maxY = Math.max(maxY, p.y);
    }
  }
  return { minX, maxX, minY, maxY };
}

/**
 * The view fitting the bores into a `width` × `height` panel with `pad` px free on every side (labels and
 * bands), the drawing centred; one scale for x and y (a plan keeps its angles).
 */
export function fitView(bores: readonly PlanBore[], width: number, height: number, pad: { x: number; y: number }): PlanView {
  if (bores.length === 0) return { scale: 1, ox: width / 2, oy: height / 2 };
  const b = boundsOf(bores);
  const w = Math.max(b.maxX - b.minX, 1);
  const h = Math.max(b.maxY - b.minY, 1);
  const scale = Math.max(1e-4, Math.min((width - 2 * pad.x) / w, (height - 2 * pad.y) / h));
  return { scale, ox: width / 2 - ((b.minX + b.maxX) / 2) * scale, oy: height / 2 + ((b.minY + b.maxY) / 2) * scale };
}

/** Most and least zoom relative to the fitted view. */
export const ZOOM_LIMITS = { min: 0.5, max: 64 } as const;

/**
 * The view zoomed by `factor` about the screen point (px, py), which stays over the same grid point; the
 * scale held within ZOOM_LIMITS times `fitScale`.
 */
export function zoomAt(view: PlanView, factor: number, px: number, py: number, fitScale: number): PlanView {
  const scale = Math.min(fitScale * ZOOM_LIMITS.max, Math.max(fitScale * ZOOM_LIMITS.min, view.scale * factor));
  const k = scale / view.scale;
  return { scale, ox: px - (px - view.ox) * k, oy: py - (py - view.oy) * k };
}

/** Screen position of a chainage on a bore, moved `offsetPx` square to it (positive right of increasing chainage). */
export function screenAt(view: PlanView, points: readonly AlignmentPoint[], chainageM: number, offsetPx = 0): { x: number; y: number; headingDeg: number } {
  const p = positionAt(points, chainageM);
  const h = (p.headingDeg * Math.PI) / 180;
  // the heading on screen is (sin h, −cos h); its right-hand normal there is (cos h, sin h)
  return { x: view.ox + p.x * view.scale + Math.cos(h) * offsetPx, y: view.oy - p.y * view.scale + Math.sin(h) * offsetPx, headingDeg: p.headingDeg };
}

/** Flat screen points [x0, y0, x1, y1, …] of the stretch [from, to] (chainages) of a bore, offset `offsetPx` to its right. */
export function screenStretch(view: PlanView, points: readonly AlignmentPoint[], fromChainageM: number, toChainageM: number, offsetPx = 0): number[] {
  const out: number[] = [];
  const add = (c: number) => {
    const s = screenAt(view, points, c, offsetPx);
    out.push(s.x, s.y);
  };
  add(fromChainageM);
  for (const p of points) if (p.chainageM > fromChainageM && p.chainageM < toChainageM) add(p.chainageM);
  add(toChainageM);
  return out;
}

const NICE = [1, 2, 5];

/** The longest 1, 2 or 5 × 10ⁿ metres not over `maxM` (a scale bar's length); 1 m at least. */
export function niceLengthM(maxM: number): number {
  if (!(maxM >= 1)) return 1;
  const p = 10 ** Math.floor(Math.log10(maxM));
  let best = p;
  for (const n of NICE) if (n * p <= maxM) best = n * p;
  return best;
}

const TICK_STEPS_M = [10, 20, 50, 100, 200, 250, 500, 1000, 2000, 5000, 10_000];

/** The chainage tick step (m) whose ticks lie at least `minPx` apart at `scale` px/m. */
export function tickStepM(scale: number, minPx: number): number {
  return TICK_STEPS_M.find((s) => s * scale >= minPx) ?? TICK_STEPS_M[TICK_STEPS_M.length - 1];
}

/** The chainages of the ticks along a bore: multiples of `stepM` strictly inside its range. */
export function tickChainages(tunnel: Pick<TunnelInfo, 'startChainageM' | 'lengthM'>, stepM: number): number[] {
  const out: number[] = [];
  const end = tunnel.startChainageM + tunnel.lengthM;
  for (let c = Math.floor(tunnel.startChainageM / stepM + 1) * stepM; c < end; c += stepM) out.push(c);
  return out;
}
