/** One page of a client-side paginated list. */
export interface PageSlice<T> {
  items: T[];
  /** 1-based page actually shown (clamped into 1..pageCount). */
  page: number;
  /** At least 1, even for an empty list. */
  pageCount: number;
  total: number;
}

/**
 * Slices `all` into pages of `pageSize` (≥ 1) and returns page `page` (1-based); a page out of range is
 * clamped to the nearest one, so deleting the last item of the last page still shows something.
 */
export function paginate<T>(all: readonly T[], page: number, pageSize: number): PageSlice<T> {
  const size = Math.max(1, Math.floor(pageSize));
  const pageCount = Math.max(1, Math.ceil(all.length / size));
  const p = Math.min(pageCount, Math.max(1, Math.floor(page) || 1));
  return { items: all.slice((p - 1) * size, p * size), page: p, pageCount, total: all.length };
}
