import { useLayoutEffect, useState, type RefObject } from 'react';

/** Smallest size a map label may be drawn at on a screen, CSS px (docs/product.md "Validation and display": at 1366×768 no text under 12 px). */
export const MIN_SCREEN_TEXT_PX = 12;

/**
 * Font size (page px) of a canvas label designed at `designPx` page px, grown so that the board's scale to
 * the screen (`screenScale`, screen px per page px: about 0.63 for a 1920×1080 page on a 1366×768 screen)
 * draws it at no less than MIN_SCREEN_TEXT_PX. Konva text does not follow the CSS font rules the DOM text
 * of the board is sized by, so the map sizes its labels with this. A scale that is not a positive finite
 * number (not measured yet) leaves the design size.
 */
export function mapTextPx(designPx: number, screenScale: number): number {
  if (!(screenScale > 0) || !Number.isFinite(screenScale)) return designPx;
  return Math.max(designPx, Math.ceil((MIN_SCREEN_TEXT_PX / screenScale) * 10) / 10);
}

/**
 * The board's scale to the screen at `ref` (screen px per page px: the page's CSS transform), measured on
 * mount and again whenever the viewer area or the window changes size (an alarm banner, full screen) or
 * the board gives the page a new transform.
 * 1 before the first measure; `mounted` says the element at `ref` is rendered (measured when it turns true).
 */
export function useScreenScale(ref: RefObject<HTMLElement | null>, mounted: boolean): number {
  const [scale, setScale] = useState(1);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => {
      const w = el.offsetWidth;
      if (w > 0) setScale(Math.round((el.getBoundingClientRect().width / w) * 1000) / 1000);
    };
    measure();
    const page = el.closest('[data-page-id]');
    const view = page?.parentElement ?? document.body;
    const ro = new ResizeObserver(measure);
    ro.observe(view);
    // the board sets the page's transform itself (fit to the screen): a new one is a new scale, even when
    // no element changed size (a page opened before the board had fitted it)
    const mo = new MutationObserver(measure);
    if (page) mo.observe(page, { attributes: true, attributeFilter: ['style'] });
    window.addEventListener('resize', measure);
    return () => {
      ro.disconnect();
      mo.disconnect();
      window.removeEventListener('resize', measure);
    };
  }, [ref, mounted]);
  return scale;
}

