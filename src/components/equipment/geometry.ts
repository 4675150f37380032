/**
 * Pure geometry of the equipment drawings (EquipmentDrawing.tsx): where a crane's jib and trolley, an
 * elevator's cages and a gantry's trolley sit in a box of pixels, from the readings of the kind's
 * descriptor (protocol/kinds, units as there: m, °, t). No React, no canvas: unit-tested on its own.
 */

/** A point in pixels. */
export interface Point {
  x: number;
  y: number;
}

/** Default jib length drawn for a tower crane, m (a 70 m flat-top, e.g. TC7035); longer radii widen it. */
export const TOWER_JIB_M = 70;

/**
 * Top view of a tower crane centred at `centre` with `reachPx` pixels for the jib length: the jib end and
 * the trolley (at `radiusM`). `slewDeg` is the slew angle, 0 pointing up (north on the drawing), clockwise
 * positive (the sign of the monitor's rotationDeg); angles beyond ±360° wrap.
 */
export function towerTopView(centre: Point, reachPx: number, slewDeg: number, radiusM: number, jibM = TOWER_JIB_M): { jibEnd: Point; trolley: Point; counterEnd: Point; jibM: number } {
  const jib = Math.max(jibM, radiusM);
  const a = (slewDeg * Math.PI) / 180;
  const dir = { x: Math.sin(a), y: -Math.cos(a) };
  const scale = reachPx / jib;
  const r = Math.max(0, radiusM) * scale;
  return {
    jibEnd: { x: centre.x + dir.x * reachPx, y: centre.y + dir.y * reachPx },
    trolley: { x: centre.x + dir.x * r, y: centre.y + dir.y * r },
    counterEnd: { x: centre.x - dir.x * reachPx * 0.3, y: centre.y - dir.y * reachPx * 0.3 },
    jibM: jib,
  };
}

/**
 * Vertical pixel of a height on a mast drawn from `bottomPx` (height 0) up to `topPx` (height `mastM`);
 * heights outside 0…mastM are pinned to the ends.
 */
export function heightToY(heightM: number, mastM: number, bottomPx: number, topPx: number): number {
  const f = mastM > 0 ? Math.min(1, Math.max(0, heightM / mastM)) : 0;
  return bottomPx - f * (bottomPx - topPx);
}

/** The mast height an elevator drawing spans: at least 60 m, else the highest cage plus 20 %, in 10 m steps. */
export function elevatorMastM(leftHeightM: number, rightHeightM: number): number {
  const top = Math.max(leftHeightM, rightHeightM, 0) * 1.2;
  return Math.max(60, Math.ceil(top / 10) * 10);
}

/**
 * Horizontal pixel of a position along a span drawn from `leftPx` (0 m) to `rightPx` (`spanM`), pinned
 * to the ends (a gantry trolley, an erector's travel along the deck).
 */
export function spanToX(posM: number, spanM: number, leftPx: number, rightPx: number): number {
  const f = spanM > 0 ? Math.min(1, Math.max(0, posM / spanM)) : 0;
  return leftPx + f * (rightPx - leftPx);
}

/** Span drawn for a gantry crane, m: 36 m (an MG 80 t yard gantry), wider when the trolley reports beyond it. */
export function gantrySpanM(trolleyPosM: number): number {
  return Math.max(36, Math.ceil(trolleyPosM / 6) * 6);
}

/**
 * Side view of a mobile crane's boom from its foot `foot`, `pxPerM` pixels per metre: the boom tip for
 * `boomLengthM` at `boomAngleDeg` above horizontal, and the hook below the tip.
 */
export function boomSideView(foot: Point, pxPerM: number, boomLengthM: number, boomAngleDeg: number): { tip: Point } {
  const a = (Math.max(-5, Math.min(90, boomAngleDeg)) * Math.PI) / 180;
  const len = Math.max(0, boomLengthM) * pxPerM;
  return { tip: { x: foot.x + Math.cos(a) * len, y: foot.y - Math.sin(a) * len } };
}
