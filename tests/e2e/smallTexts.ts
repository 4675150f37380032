import type { Page } from '@playwright/test';

/**
 * Visible texts drawn smaller than `minPx` on screen: [text, rendered px], largest offenders first; only
 * those inside an element matching `within` when given.
 */
export async function smallTexts(page: Page, minPx: number, within?: string): Promise<Array<[string, number]>> {
  return page.evaluate(([min, inside]) => {
    const out: Array<[string, number]> = [];
    const scaleOf = (el: Element): number => {
      let s = 1;
      for (let e: Element | null = el; e; e = e.parentElement) {
        const t = getComputedStyle(e).transform;
        const m = /^matrix\(([^,]+),\s*([^,]+),\s*([^,]+),\s*([^,]+)/.exec(t);
        if (m) s *= Math.min(Math.hypot(Number(m[1]), Number(m[2])), Math.hypot(Number(m[3]), Number(m[4])));
      }
      return s;
    };
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const text = (n.textContent ?? '').trim();
      const el = n.parentElement;
      if (!text || !el || (inside && !el.closest(inside))) continue;
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden' || style.display === 'none' || Number(style.opacity) === 0) continue;
      const range = document.createRange();
      range.selectNodeContents(n);
      const r = range.getBoundingClientRect();
      if (r.width < 1 || r.height < 1 || r.bottom <= 0 || r.right <= 0 || r.top >= innerHeight || r.left >= innerWidth) continue;
      // screen-reader-only text (1 px clip boxes) is not drawn
      if (el.closest('[aria-hidden="true"], .fui-Toaster, [data-sr-only]')) continue;
      const box = el.getBoundingClientRect();
      if (box.width <= 2 || box.height <= 2) continue;
      const px = Number.parseFloat(style.fontSize) * scaleOf(el);
      if (px < min - 0.05) out.push([text.slice(0, 60), Math.round(px * 10) / 10]);
    }
    return out.sort((a, b) => a[1] - b[1]);
  }, [minPx, within ?? null] as const);
}
