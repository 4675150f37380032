/**
 * Tick marks of the builder's rulers (pure): which page-pixel positions get a tick and a label for a
 * ruler of a given screen length, zoom and scroll offset.
 */

/** Labels closer than this on screen (px) would run into each other; the major step keeps them apart. */
export const MIN_LABEL_SPACING_SCREEN_PX = 60;

/** One tick: `pagePx` is the position on the page (page pixels), `screenPx` along the ruler (CSS px). */
export interface RulerTick {
  pagePx: number;
  screenPx: number;
  /** Major ticks are long and labelled with `pagePx`. */
  major: boolean;
}

/** A ruler's ticks and the steps (page px) they were drawn with. */
export interface RulerScale {
  /** Page px between labelled ticks: 1, 2 or 5 × a power of ten, e.g. 10, 50, 100, 500. */
  majorStep: number;
  /** Page px between unlabelled ticks (a fraction of majorStep, at least 1 page px). */
  minorStep: number;
  ticks: RulerTick[];
}

/**
 * The smallest "nice" step (1, 2 or 5 × 10^k page px, at least 1) that is at least `minScreenPx` apart on
 * screen at `zoom`. Throws RangeError when zoom is not a positive finite number.
 */
export function niceStep(zoom: number, minScreenPx: number = MIN_LABEL_SPACING_SCREEN_PX): number {
  if (!(zoom > 0) || !Number.isFinite(zoom)) throw new RangeError(`zoom must be a positive number, got ${zoom}`);
  const raw = Math.max(1, minScreenPx / zoom);
  const pow = 10 ** Math.floor(Math.log10(raw));
  for (const m of [1, 2, 5, 10]) if (m * pow >= raw - 1e-9) return m * pow;
  return 10 * pow;
}

/** How many minor intervals a major step is split into (so minor ticks stay on round numbers). */
function minorDivisions(majorStep: number): number {
  const lead = majorStep / 10 ** Math.floor(Math.log10(majorStep) + 1e-9);
  const n = Math.round(lead) === 2 ? 4 : Math.round(lead) === 5 ? 5 : 10;
  // No ticks between whole page pixels.
  return Math.max(1, Math.min(n, majorStep));
}

/**
 * Ticks of a ruler `lengthScreenPx` long (CSS px) whose start shows page coordinate `startPagePx` at
 * `zoom` (screen px per page px). Ticks run over the whole visible range, beyond the page too (negative
 * coordinates left of / above the page, as in Figma). Throws RangeError for a bad zoom.
 */
export function rulerTicks(startPagePx: number, lengthScreenPx: number, zoom: number, minLabelScreenPx: number = MIN_LABEL_SPACING_SCREEN_PX): RulerScale {
  const majorStep = niceStep(zoom, minLabelScreenPx);
  const minorStep = majorStep / minorDivisions(majorStep);
  const endPagePx = startPagePx + Math.max(0, lengthScreenPx) / zoom;
  const ticks: RulerTick[] = [];
  const first = Math.ceil(startPagePx / minorStep);
  const last = Math.floor(endPagePx / minorStep);
  for (let i = first; i <= last; i++) {
    const pagePx = Math.round(i * minorStep * 1e6) / 1e6;
    ticks.push({ pagePx, screenPx: (pagePx - startPagePx) * zoom, major: Math.abs(pagePx / majorStep - Math.round(pagePx / majorStep)) < 1e-9 });
  }
  return { majorStep, minorStep, ticks };
}
