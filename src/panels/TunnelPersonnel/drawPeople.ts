import type { PersonnelFrame } from '../../panelData';
import { heatColor, MAP_TEXT_PX, type MapLayout } from './layout';

/** Everything the dynamic layer draws, kept in a ref and redrawn imperatively. */
export interface PeopleScene {
  layout: MapLayout;
  frame: PersonnelFrame | null;
  binM: number;
  /** Display name of a beacon (its wearer), for SOS labels. */
  nameOf: (sn: string) => string;
  /** Label "n people" for the headcount. */
  headcountLabel: (n: number) => string;
  /** Colour of the headcount and the dots: the theme's text colour (light on the dark bore, dark on the light one). */
  labelColor: string;
  /**
   * Font size (page px) for a label designed at `designPx` (layout.ts mapTextPx with the board's scale to
   * the screen), so canvas text is never drawn under 12 screen px; absent, the design sizes.
   */
  textPx?: (designPx: number) => number;
}

const SOS_COLOR = '#ff4d4f';
/** Opacity of a silent tag's dot (frame `silent`): greyed against the people reporting. */
const SILENT_ALPHA = 0.4;

/** A 2D context on the page (Konva's layer) or in a worker (the map's OffscreenCanvas, peopleCanvas.ts). */
export type Ctx2D = CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D;

/**
 * Draws heat strips, one dot per person and SOS markers for every bore onto a 2D context. People at
 * nearly the same chainage are spread over a few lanes of the bore so a crowd at the face stays
 * countable. `tMs` drives the SOS pulse. `part` 'people' draws all but the pulsing halo (headcount, heat,
 * dots, silent tags greyed, SOS marker and name: redrawn per personnel frame), 'sos' only the halo at `tMs`, 'all' both. The
 * live map draws 'people' and pulses the halo with a CSS animation over the canvas (sosPoints), so an SOS
 * costs the main thread nothing per animation frame. Returns how many people it drew (dots and SOS
 * markers; 0 for the 'sos' part).
 */
export function drawPeople(ctx: Ctx2D, scene: PeopleScene, tMs: number, part: 'all' | 'people' | 'sos' = 'all'): number {
  const { layout, frame } = scene;
  if (!frame) return 0;
  let drawn = 0;
  const people = part !== 'sos';
  const markers = part !== 'people';
  const byId = new Map(frame.tunnels.map((t) => [t.tunnelId, t]));
  const pulse = 0.5 + 0.5 * Math.sin((tMs / 400) * Math.PI);
  // The headcount sits on the panel background, so it takes the theme's text colour (light mode too).
  const labelColor = scene.labelColor;
  const px = scene.textPx ?? ((d: number) => d);
  for (const bore of layout.bores) {
    const t = byId.get(bore.tunnel.tunnelId);
    const count = t ? t.sns.length : 0;
    if (people) {
      ctx.fillStyle = labelColor;
      ctx.font = `700 ${px(MAP_TEXT_PX.headcount)}px sans-serif`;
      ctx.textAlign = 'left';
      ctx.textBaseline = 'alphabetic';
      // under the bore's name (drawn from bodyY down), clipped to the label column
      ctx.fillText(scene.headcountLabel(count), 8, bore.bodyY + Math.max(bore.bodyH - 2, px(MAP_TEXT_PX.boreName) * 1.15 + px(MAP_TEXT_PX.headcount) * 0.85), layout.labelW - 12);
    }
    if (!t) continue;

    const binPx = (bore.xOf(scene.binM) - bore.xOf(0)) || 1;
    for (let i = 0; people && i < t.heat.length; i++) {
      const c = heatColor(t.heat[i]);
      if (!c) continue;
      ctx.fillStyle = c;
      ctx.fillRect(bore.xOf(i * scene.binM), bore.heatY, Math.max(1, binPx - 0.5), bore.heatH);
    }

    if (people) drawTrails(ctx, bore, t, labelColor);
    const sos: Array<{ x: number; y: number; sn: string }> = [];
    const silent: Array<{ x: number; y: number }> = [];
    // Every dot in one path and one fill: thousands of people cost one fill, not one each.
    if (people) {
      ctx.fillStyle = labelColor; // the theme's text colour: light dots on the dark bore, dark on the light one
      ctx.beginPath();
    }
    if (people) drawn += t.sns.length;
    forEachPerson(bore, t, (i, x, y) => {
      if (t.sos[i]) sos.push({ x, y, sn: t.sns[i] });
      else if (t.silent?.[i]) silent.push({ x, y });
      else if (people) {
        ctx.moveTo(x + 2.6, y);
        ctx.arc(x, y, 2.6, 0, Math.PI * 2);
      }
    });
    if (people) ctx.fill();
    if (people && silent.length) {
      // a silent tag still counted: greyed at its last fix (its time is in the hover card)
      ctx.save();
      ctx.globalAlpha = SILENT_ALPHA;
      ctx.beginPath();
      for (const p of silent) {
        ctx.moveTo(p.x + 2.6, p.y);
        ctx.arc(p.x, p.y, 2.6, 0, Math.PI * 2);
      }
      ctx.fill();
      ctx.restore();
    }
    if (people && frame.track && frame.track.tunnelId === bore.tunnel.tunnelId) drawFollowed(ctx, bore, t, frame.track, scene.nameOf(frame.track.sn), px(MAP_TEXT_PX.sos));
    for (const p of sos) {
      if (markers) {
        ctx.fillStyle = `rgba(255, 77, 79, ${0.25 + 0.35 * pulse})`;
        ctx.beginPath();
        ctx.arc(p.x, p.y, 10 + 8 * pulse, 0, Math.PI * 2);
        ctx.fill();
      }
      if (!people) continue;
      ctx.fillStyle = SOS_COLOR;
      ctx.beginPath();
      ctx.arc(p.x, p.y, 7, 0, Math.PI * 2);
      ctx.fill();
      ctx.font = `700 ${px(MAP_TEXT_PX.sos)}px sans-serif`;
      ctx.textAlign = 'center';
      ctx.fillText(`SOS ${scene.nameOf(p.sn)}`, p.x, bore.heatY - 4);
    }
  }
  return drawn;
}

/** Calls `fn` with the drawing position of each person of bore `t` (crowds spread over lanes, as drawn). */
function forEachPerson(bore: MapLayout['bores'][number], t: PersonnelFrame['tunnels'][number], fn: (i: number, x: number, y: number) => void): void {
  const lanes = Math.max(1, Math.floor((bore.bodyH - 6) / 8));
  const laneH = (bore.bodyH - 6) / lanes;
  let lastX = -Infinity;
  let lane = 0;
  for (let i = 0; i < t.sns.length; i++) {
    const x = bore.xOf(t.chainageM[i]);
    lane = x - lastX < 5 ? (lane + 1) % lanes : 0;
    lastX = x;
    fn(i, x, bore.bodyY + 3 + laneH * (lane + 0.5));
  }
}

/** Where the SOS markers of the scene are drawn (canvas px), for a pulse animated outside the canvas. */
export function sosPoints(scene: PeopleScene): Array<{ x: number; y: number }> {
  const out: Array<{ x: number; y: number }> = [];
  const frame = scene.frame;
  if (!frame) return out;
  const byId = new Map(frame.tunnels.map((t) => [t.tunnelId, t]));
  for (const bore of scene.layout.bores) {
    const t = byId.get(bore.tunnel.tunnelId);
    // Only a map with someone in SOS walks its people (thousands of them, every frame otherwise).
    if (t && t.sos.indexOf(1) >= 0) forEachPerson(bore, t, (i, x, y) => void (t.sos[i] && out.push({ x, y })));
  }
  return out;
}

type Bore = MapLayout['bores'][number];

/** Replay: each person's trail over the last minutes, older points fainter, along the bore's middle. */
function drawTrails(ctx: Ctx2D, bore: Bore, t: PersonnelFrame['tunnels'][number], color: string): void {
  const trails = t.trails;
  if (!trails) return;
  const y = bore.bodyY + bore.bodyH / 2;
  ctx.fillStyle = color;
  for (let i = 0; i + 1 < trails.starts.length; i++) {
    const a = trails.starts[i];
    const b = trails.starts[i + 1];
    for (let k = a; k < b; k++) {
      const c = trails.chainageM[k];
      if (c !== c) continue;
      ctx.globalAlpha = 0.08 + (0.3 * (k - a + 1)) / (b - a);
      ctx.fillRect(bore.xOf(c) - 1, y - 1, 2, 2);
    }
  }
  ctx.globalAlpha = 1;
}

/** Replay: the followed person's track up to the instant (a line along the bore) and a ring at their position. */
function drawFollowed(ctx: Ctx2D, bore: Bore, t: PersonnelFrame['tunnels'][number], track: NonNullable<PersonnelFrame['track']>, name: string, fontPx = 15): void {
  const FOLLOW = '#22d3ee';
  const y = bore.bodyY + bore.bodyH / 2;
  if (track.chainageM.length > 1) {
    let lo = Infinity;
    let hi = -Infinity;
    for (const c of track.chainageM) if (c === c) (lo = Math.min(lo, c)), (hi = Math.max(hi, c));
    ctx.fillStyle = 'rgba(34, 211, 238, 0.25)';
    ctx.fillRect(bore.xOf(lo), bore.bodyY + 2, Math.max(2, bore.xOf(hi) - bore.xOf(lo)), bore.bodyH - 4);
  }
  const i = t.sns.indexOf(track.sn);
  if (i < 0) return;
  const x = bore.xOf(t.chainageM[i]);
  ctx.strokeStyle = FOLLOW;
  ctx.lineWidth = 3;
  ctx.beginPath();
  ctx.arc(x, y, 9, 0, Math.PI * 2);
  ctx.stroke();
  ctx.fillStyle = FOLLOW;
  ctx.font = `700 ${fontPx}px sans-serif`;
  ctx.textAlign = 'center';
  ctx.fillText(name, x, bore.bodyY + bore.bodyH + 4 + fontPx);
}
