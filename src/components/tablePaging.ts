import { useEffect, useState } from 'react';

/**
 * Paging of a wall-screen table that shows whole rows only (docs/product.md: a panel never hides a row): how
 * many rows a page holds and which pages the panel turns through, and the turning itself.
 */

/**
 * How a list of `count` rows is paged in a box that holds `fitAll` rows without a page indicator and
 * `fitWithIndicator` with one: `perPage` rows a page, `pages` in all, and `rotating`, the pages the panel
 * turns through: while `pinned` rows (stations in alarm, sorted first) are in the list only the pages that
 * hold them, so a station in alarm never leaves the screen; 1 holds the first page.
 */
export function tablePages(count: number, pinned: number, fitAll: number, fitWithIndicator: number): { perPage: number; pages: number; rotating: number } {
  if (count <= Math.max(1, fitAll)) return { perPage: Math.max(1, count), pages: 1, rotating: 1 };
  const perPage = Math.max(1, fitWithIndicator);
  const pages = Math.ceil(count / perPage);
  return { perPage, pages, rotating: pinned > 0 ? Math.max(1, Math.ceil(pinned / perPage)) : pages };
}

/** Turns pages `0…rotating-1` every `intervalS` seconds (0: held on the first page); back to 0 when `rotating` shrinks. */
export function usePageTurns(rotating: number, intervalS: number): number {
  const [page, setPage] = useState(0);
  useEffect(() => {
    setPage((p) => (p < rotating ? p : 0));
    if (rotating <= 1 || intervalS <= 0) return;
    const id = setInterval(() => setPage((p) => (p + 1) % rotating), intervalS * 1000);
    return () => clearInterval(id);
  }, [rotating, intervalS]);
  return page < rotating ? page : 0;
}
