/**
 * Pixel ↔ chainage along a bore drawn straight by chainage (the tunnel map's strip, layoutTunnels in
 * src/panels/TunnelPersonnel/layout.ts), and the zone spans a drag on it makes: what the zone map of the
 * zones screen draws with (docs/domain.md "Personnel positioning in tunnels": zones are stretches of a
 * bore in metres from its entry portal).
 */

/** A bore as drawn: x (px) of its entry and exit portals, its entry portal's chainage and its length (m). */
export interface BoreAxis {
  x0: number;
  x1: number;
  startChainageM: number;
  lengthM: number;
}

/** A stretch of a bore in metres from its entry portal, `fromM < toM`. */
export interface Span {
  fromM: number;
  toM: number;
}

/** Which end of a span: its start (toward the entry portal) or its end. */
export type SpanEnd = 'from' | 'to';

/** x (px) of `m` metres from the bore's entry portal. */
export function xOfMetres(bore: BoreAxis, m: number): number {
  if (bore.lengthM <= 0) return bore.x0;
  return bore.x0 + (m / bore.lengthM) * (bore.x1 - bore.x0);
}

/**
 * The position (metres from the entry portal) drawn at `x` px, its chainage snapped to the whole metre
 * (so the form shows K13+630, not K13+629.87) and clamped to the bore: left of the entry portal is 0,
 * right of the exit portal the bore's length.
 */
export function metresAtX(bore: BoreAxis, x: number): number {
  const w = bore.x1 - bore.x0;
  const raw = w > 0 ? ((x - bore.x0) / w) * bore.lengthM : 0;
  const snapped = Math.round(bore.startChainageM + raw) - bore.startChainageM;
  return Math.min(bore.lengthM, Math.max(0, snapped));
}

/**
 * The span a drag from `xA` to `xB` (px) across `bore` draws: both ends snapped to 1 m and clamped to the
 * bore ({@link metresAtX}), a drag to the left giving the same span as one to the right.
 * @returns the span, or null when both ends snap to the same metre (a click, not a zone)
 */
export function dragSpan(bore: BoreAxis, xA: number, xB: number): Span | null {
  const a = metresAtX(bore, xA);
  const b = metresAtX(bore, xB);
  if (a === b) return null;
  return a < b ? { fromM: a, toM: b } : { fromM: b, toM: a };
}

/**
 * `span` with its end `end` dragged to `x` px (snapped and clamped like {@link metresAtX}); an end dragged
 * past the other one swaps them. @returns the new span, or null when the ends meet (zero length)
 */
export function moveSpanEnd(bore: BoreAxis, span: Span, end: SpanEnd, x: number): Span | null {
  const moved = metresAtX(bore, x);
  const kept = end === 'from' ? span.toM : span.fromM;
  if (moved === kept) return null;
  return moved < kept ? { fromM: moved, toM: kept } : { fromM: kept, toM: moved };
}

/**
 * The end of `span` whose handle is within `grabPx` px of `x`, the nearer one when both are (a short
 * zone), else null.
 */
export function endAtX(bore: BoreAxis, span: Span, x: number, grabPx: number): SpanEnd | null {
  const dFrom = Math.abs(x - xOfMetres(bore, span.fromM));
  const dTo = Math.abs(x - xOfMetres(bore, span.toM));
  if (Math.min(dFrom, dTo) > grabPx) return null;
  return dFrom <= dTo ? 'from' : 'to';
}
