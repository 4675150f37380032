import type { PersonnelFrame } from '../../panelData';
import { heatColor } from '../../theme/personnelHeat';
import { screenAt, screenStretch, type PlanBore, type PlanView } from './geometry';

/** Everything the plan's people layer draws, kept in a ref and redrawn per personnel frame or view change. */
export interface PlanPeopleScene {
  bores: readonly PlanBore[];
  view: PlanView;
  frame: PersonnelFrame | null;
  /** Heat-map bin along a bore (m), as asked of the source. */
  binM: number;
  /** Drawn width of a bore (px) and where the heat band lies beyond its outer edge (px from the centre line). */
  bodyPx: number;
  heatOffsetPx: number;
  heatWidthPx: number;
  /** Dot colour (the theme's text colour) and the SOS label font size (px). */
  dotColor: string;
  sosPx: number;
  /** A wearer's name for an SOS label. */
  nameOf: (sn: string) => string;
}

const SOS_COLOR = '#ff4d4f';
/** Opacity of a silent tag's dot (frame `silent`), as on the strip. */
const SILENT_ALPHA = 0.4;
const DOT_R = 3;

/** Lateral offsets (px from the centre line) of people spread over lanes across a bore `bodyPx` wide. */
function laneOffsets(bodyPx: number): number[] {
  const lanes = Math.max(1, Math.floor((bodyPx - 2) / (2 * DOT_R + 1)));
  const laneW = (bodyPx - 2) / lanes;
  return Array.from({ length: lanes }, (_, i) => -bodyPx / 2 + 1 + laneW * (i + 0.5));
}

/**
 * Where each person of a bore's frame is drawn (screen px): at their chainage on the alignment. A fix
 * carries no side of the bore, so people close together along it are spread over lanes across it (the
 * centre lane first), as the strip does, and a crowd at the face stays countable.
 */
export function placePeople(scene: Pick<PlanPeopleScene, 'view' | 'bodyPx'>, bore: PlanBore, t: PersonnelFrame['tunnels'][number]): Array<{ x: number; y: number }> {
  const lanes = laneOffsets(scene.bodyPx);
  const order = lanes.map((_, i) => i).sort((a, b) => Math.abs(lanes[a]) - Math.abs(lanes[b]));
  const out: Array<{ x: number; y: number }> = [];
  let lastC = -Infinity;
  let lane = 0;
  // metres along the bore that keep two dots apart at this zoom
  const apartM = (2 * DOT_R + 1) / scene.view.scale;
  for (let i = 0; i < t.sns.length; i++) {
    const c = bore.tunnel.startChainageM + t.chainageM[i];
    lane = c - lastC < apartM ? (lane + 1) % lanes.length : 0;
    lastC = c;
    out.push(screenAt(scene.view, bore.points, c, lanes[order[lane]]));
  }
  return out;
}

/**
 * Draws the heat map (a band of bins beyond each bore's outer edge, coloured as the strip's) and one dot
 * per person, greyed for a silent tag still counted, red with the wearer's name in SOS. Returns how many
 * people it drew.
 */
export function drawPlanPeople(ctx: CanvasRenderingContext2D, scene: PlanPeopleScene): number {
  const frame = scene.frame;
  if (!frame) return 0;
  const byId = new Map(frame.tunnels.map((t) => [t.tunnelId, t]));
  let drawn = 0;
  ctx.lineCap = 'butt';
  for (const bore of scene.bores) {
    const t = byId.get(bore.tunnel.tunnelId);
    if (!t) continue;
    const start = bore.tunnel.startChainageM;
    ctx.lineWidth = scene.heatWidthPx;
    for (let i = 0; i < t.heat.length; i++) {
      const color = heatColor(t.heat[i]);
      if (!color) continue;
      const from = i * scene.binM;
      const to = Math.min(bore.tunnel.lengthM, from + scene.binM);
      if (to <= from) continue;
      const pts = screenStretch(scene.view, bore.points, start + from, start + to, bore.outer * scene.heatOffsetPx);
      ctx.strokeStyle = color;
      ctx.beginPath();
      ctx.moveTo(pts[0], pts[1]);
      for (let k = 2; k < pts.length; k += 2) ctx.lineTo(pts[k], pts[k + 1]);
      ctx.stroke();
    }
    const at = placePeople(scene, bore, t);
    const sos: number[] = [];
    ctx.fillStyle = scene.dotColor;
    for (const pass of ['live', 'silent'] as const) {
      ctx.globalAlpha = pass === 'silent' ? SILENT_ALPHA : 1;
      ctx.beginPath();
      for (let i = 0; i < at.length; i++) {
        if (t.sos[i]) {
          if (pass === 'live') sos.push(i);
          continue;
        }
        if ((pass === 'silent') !== !!t.silent?.[i]) continue;
        ctx.moveTo(at[i].x + DOT_R, at[i].y);
        ctx.arc(at[i].x, at[i].y, DOT_R, 0, Math.PI * 2);
      }
      ctx.fill();
    }
    ctx.globalAlpha = 1;
    for (const i of sos) {
      ctx.fillStyle = SOS_COLOR;
      ctx.beginPath();
      ctx.arc(at[i].x, at[i].y, 7, 0, Math.PI * 2);
      ctx.fill();
      ctx.font = `700 ${scene.sosPx}px sans-serif`;
      ctx.textAlign = 'center';
      ctx.textBaseline = 'bottom';
      ctx.fillText(`SOS ${scene.nameOf(t.sns[i])}`, at[i].x, at[i].y - 10);
    }
    drawn += t.sns.length;
  }
  return drawn;
}
