import { formatChainage } from '../../../protocol/chainage';
import type { Heading, TunnelInfo } from '../../../protocol';

export { ROCK_GRADE_COLOR } from '../../theme/rockGrade';

export { heatColor } from '../../theme/personnelHeat';

/** A span along a bore, in metres from its entry portal. */
export interface Span {
  fromM: number;
  toM: number;
}

/**
 * What is built of a bore: per heading, the excavated span from its portal to its face, and the invert
 * and second-lining spans behind it (docs/domain.md drill-and-blast: invert and lining trail the face).
 */
export function boreWorks(t: Pick<TunnelInfo, 'lengthM' | 'headings'>): { excavated: Span[]; invert: Span[]; lining: Span[] } {
  const clamp = (m: number) => Math.min(t.lengthM, Math.max(0, m));
  const fromPortal = (h: Heading, m: number): Span =>
    h.portal === 'entry' ? { fromM: 0, toM: clamp(m) } : { fromM: clamp(m), toM: t.lengthM };
  return {
    excavated: t.headings.map((h) => fromPortal(h, h.faceM)),
    invert: t.headings.map((h) => fromPortal(h, h.invertM)),
    lining: t.headings.map((h) => fromPortal(h, h.liningM)),
  };
}

/** Where one bore sits on the stage (pixels) and how its metres map to x. */
export interface BoreLayout {
  tunnel: TunnelInfo;
  /** Top of the heat strip. */
  heatY: number;
  heatH: number;
  /** Top and height of the bore body. */
  bodyY: number;
  bodyH: number;
  /** x of the entry portal and of the exit portal. */
  x0: number;
  x1: number;
  /** x of a position in metres from this bore's entry portal. */
  xOf: (m: number) => number;
}

export interface MapLayout {
  bores: BoreLayout[];
  /** Chainage axis under the bores. */
  axisY: number;
  ticks: Array<{ x: number; label: string }>;
  /** Width of the label column on the left. */
  labelW: number;
}

const TICK_STEPS_M = [50, 100, 200, 250, 500, 1000, 2000, 5000, 10_000];

export { MIN_SCREEN_TEXT_PX, mapTextPx } from '../../components/mapText';

/** Page-px design sizes of the map's canvas labels, before mapTextPx. The headcount is a key figure: 2× its pre-wall 15 px. */
export const MAP_TEXT_PX = { boreName: 20, headcount: 30, face: 14, chainage: 14, tick: 14, sos: 18 } as const;

/**
 * Lays bores out one under the other on a `width` × `height` stage. All bores share one chainage scale,
 * so offsets between their portals and their lengths are drawn true to scale (the twin bores of the demo
 * start 20 m apart). Chainage ticks use a round step giving at most ~12 labels. `tickPx` is the font size of
 * the tick labels (page px), the axis strip under the bores is made tall enough for them.
 */
export function layoutTunnels(tunnels: readonly TunnelInfo[], width: number, height: number, tickPx = 13): MapLayout {
  const labelW = Math.min(170, Math.max(90, width * 0.12));
  const right = 24;
  // the tick labels under the axis grow with their font (mapTextPx)
  const axisH = Math.max(26, Math.ceil(tickPx + 13));
  if (tunnels.length === 0) return { bores: [], axisY: height - axisH, ticks: [], labelW };
  const minCh = Math.min(...tunnels.map((t) => t.startChainageM));
  const maxCh = Math.max(...tunnels.map((t) => t.startChainageM + t.lengthM));
  const spanM = Math.max(1, maxCh - minCh);
  const plotW = Math.max(10, width - labelW - right);
  const xOfCh = (ch: number) => labelW + ((ch - minCh) / spanM) * plotW;
  const rowH = (height - axisH) / tunnels.length;
  const bores = tunnels.map((tunnel, i) => {
    const top = i * rowH;
    const heatH = Math.max(6, Math.min(16, rowH * 0.12));
    const bodyH = Math.max(12, Math.min(70, rowH * 0.42));
    const heatY = top + rowH * 0.18;
    const bodyY = heatY + heatH + Math.max(4, rowH * 0.06);
    return {
      tunnel,
      heatY,
      heatH,
      bodyY,
      bodyH,
      x0: xOfCh(tunnel.startChainageM),
      x1: xOfCh(tunnel.startChainageM + tunnel.lengthM),
      xOf: (m: number) => xOfCh(tunnel.startChainageM + m),
    };
  });
  const step = TICK_STEPS_M.find((s) => spanM / s <= 12) ?? TICK_STEPS_M[TICK_STEPS_M.length - 1];
  const ticks: MapLayout['ticks'] = [];
  for (let ch = Math.ceil(minCh / step) * step; ch <= maxCh; ch += step) ticks.push({ x: xOfCh(ch), label: formatChainage(ch) });
  return { bores, axisY: height - axisH, ticks, labelW };
}
