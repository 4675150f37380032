/** How a page is placed on the screen. */
export interface PageFit {
  /** CSS scale applied to the page. */
  scale: number;
  /** Offset of the scaled page's top-left corner inside the viewport (px), centring it. */
  left: number;
  top: number;
}

/**
 * Scales a pageW × pageH page to fit a viewW × viewH viewport without distortion:
 * scale = min(viewW / pageW, viewH / pageH), centred, the rest left to the letterbox. A zero or negative
 * size yields scale 0 (nothing to draw yet).
 */
export function fitPage(viewW: number, viewH: number, pageW: number, pageH: number): PageFit {
  if (!(viewW > 0 && viewH > 0 && pageW > 0 && pageH > 0)) return { scale: 0, left: 0, top: 0 };
  const scale = Math.min(viewW / pageW, viewH / pageH);
  return { scale, left: (viewW - pageW * scale) / 2, top: (viewH - pageH * scale) / 2 };
}

/** Scale-to-fit modes of the viewer (`?fit=`): see {@link fitPageMode}. */
export const FIT_MODES = ['fit', 'width', 'height', 'stretch', 'none'] as const;
export type FitMode = (typeof FIT_MODES)[number];

/** A page placement that may scale the axes differently (stretch). */
export interface PageFitXY {
  scaleX: number;
  scaleY: number;
  /** Offset of the scaled page's top-left corner (px); 0 on an axis that overflows (it scrolls instead). */
  left: number;
  top: number;
}

/** Reads `?fit=`; anything unknown or absent is `fit`. */
export function parseFitMode(raw: string | null | undefined): FitMode {
  return (FIT_MODES as readonly string[]).includes(raw ?? '') ? (raw as FitMode) : 'fit';
}

/**
 * Places a pageW × pageH page in a viewW × viewH viewport by `mode`: `fit` whole page, aspect kept;
 * `width` page width fills the viewport (may overflow vertically); `height` page height fills it (may
 * overflow horizontally); `stretch` both axes fill it (aspect distorted); `none` scale 1. The page is
 * centred on an axis where it is smaller than the viewport and starts at 0 where it overflows. A zero or
 * negative size yields scale 0.
 */
export function fitPageMode(mode: FitMode, viewW: number, viewH: number, pageW: number, pageH: number): PageFitXY {
  if (!(viewW > 0 && viewH > 0 && pageW > 0 && pageH > 0)) return { scaleX: 0, scaleY: 0, left: 0, top: 0 };
  const sx = viewW / pageW;
  const sy = viewH / pageH;
  const [scaleX, scaleY] =
    mode === 'fit' ? [Math.min(sx, sy), Math.min(sx, sy)] : mode === 'width' ? [sx, sx] : mode === 'height' ? [sy, sy] : mode === 'stretch' ? [sx, sy] : [1, 1];
  return { scaleX, scaleY, left: Math.max(0, (viewW - pageW * scaleX) / 2), top: Math.max(0, (viewH - pageH * scaleY) / 2) };
}
