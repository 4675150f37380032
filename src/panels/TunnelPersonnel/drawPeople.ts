import type { PersonnelFrame } from '../../panelData';
import { readThemeColors } from '../../theme/screenVars';
import { heatColor, type MapLayout } from './layout';

/** Everything the dynamic layer draws, kept in a ref and redrawn imperatively. */
export interface PeopleScene {
  layout: MapLayout;
  frame: PersonnelFrame | null;
  binM: number;
  /** Display name of a beacon (its wearer), for SOS labels. */
  nameOf: (sn: string) => string;
  /** Label "n people" for the headcount. */
  headcountLabel: (n: number) => string;
}

const SOS_COLOR = '#ff4d4f';

/**
 * Draws heat strips, one dot per person and SOS markers for every bore onto a 2D context. People at
 * nearly the same chainage are spread over a few lanes of the bore so a crowd at the face stays
 * countable. `tMs` drives the SOS pulse. `part` draws only the people (headcount, heat, dots: redrawn per
 * personnel frame) or only the SOS markers (redrawn every animation frame while someone is in SOS), so
 * the pulse does not redraw thousands of dots 60 times a second; 'all' draws both.
 */
export function drawPeople(ctx: CanvasRenderingContext2D, scene: PeopleScene, tMs: number, part: 'all' | 'people' | 'sos' = 'all'): void {
  const { layout, frame } = scene;
  if (!frame) return;
  const people = part !== 'sos';
  const markers = part !== 'people';
  const byId = new Map(frame.tunnels.map((t) => [t.tunnelId, t]));
  const pulse = 0.5 + 0.5 * Math.sin((tMs / 400) * Math.PI);
  // The headcount sits on the panel background, so it takes the theme's text colour (light mode too).
  const labelColor = readThemeColors().text;
  for (const bore of layout.bores) {
    const t = byId.get(bore.tunnel.tunnelId);
    const count = t ? t.sns.length : 0;
    if (people) {
      ctx.fillStyle = labelColor;
      ctx.font = '600 15px sans-serif';
      ctx.textAlign = 'left';
      ctx.textBaseline = 'alphabetic';
      ctx.fillText(scene.headcountLabel(count), 8, bore.bodyY + bore.bodyH - 2);
    }
    if (!t) continue;

    const binPx = (bore.xOf(scene.binM) - bore.xOf(0)) || 1;
    for (let i = 0; people && i < t.heat.length; i++) {
      const c = heatColor(t.heat[i]);
      if (!c) continue;
      ctx.fillStyle = c;
      ctx.fillRect(bore.xOf(i * scene.binM), bore.heatY, Math.max(1, binPx - 0.5), bore.heatH);
    }

    const lanes = Math.max(1, Math.floor((bore.bodyH - 6) / 8));
    const laneH = (bore.bodyH - 6) / lanes;
    let lastX = -Infinity;
    let lane = 0;
    const sos: Array<{ x: number; y: number; sn: string }> = [];
    // Every dot in one path and one fill: thousands of people cost one fill, not one each.
    if (people) {
      ctx.fillStyle = labelColor; // the theme's text colour: light dots on the dark bore, dark on the light one
      ctx.beginPath();
    }
    for (let i = 0; i < t.sns.length; i++) {
      const x = bore.xOf(t.chainageM[i]);
      lane = x - lastX < 5 ? (lane + 1) % lanes : 0;
      lastX = x;
      const y = bore.bodyY + 3 + laneH * (lane + 0.5);
      if (t.sos[i]) {
        sos.push({ x, y, sn: t.sns[i] });
        continue;
      }
      if (!people) continue;
      ctx.moveTo(x + 2.6, y);
      ctx.arc(x, y, 2.6, 0, Math.PI * 2);
    }
    if (people) ctx.fill();
    if (!markers) continue;
    for (const p of sos) {
      ctx.fillStyle = `rgba(255, 77, 79, ${0.25 + 0.35 * pulse})`;
      ctx.beginPath();
      ctx.arc(p.x, p.y, 10 + 8 * pulse, 0, Math.PI * 2);
      ctx.fill();
      ctx.fillStyle = SOS_COLOR;
      ctx.beginPath();
      ctx.arc(p.x, p.y, 7, 0, Math.PI * 2);
      ctx.fill();
      ctx.font = '700 15px sans-serif';
      ctx.textAlign = 'center';
      ctx.fillText(`SOS ${scene.nameOf(p.sn)}`, p.x, bore.heatY - 4);
    }
  }
}

/** True when any person in the frame has SOS set (the layer then animates the pulse). */
export function hasSos(frame: PersonnelFrame | null): boolean {
  return !!frame?.tunnels.some((t) => t.sos.some((s) => s === 1));
}
