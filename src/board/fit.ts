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
