/** Where the picture viewer is in the capture record: a page of the server's paging and an index in it. */
export interface ViewerPosition {
  page: number;
  index: number;
}

/**
 * The position one step away (`step` −1 or +1) across the filtered list paged by `pageSize` on the
 * server, or null at either end: stepping past a page's last record goes to the next page's first, before
 * its first to the previous page's last. `total` is the filtered list's length.
 */
export function stepPosition(at: ViewerPosition, step: -1 | 1, pageSize: number, total: number): ViewerPosition | null {
  const ordinal = (at.page - 1) * pageSize + at.index + step;
  if (ordinal < 0 || ordinal >= total) return null;
  return { page: Math.floor(ordinal / pageSize) + 1, index: ordinal % pageSize };
}

/** 1-based place of a position in the filtered list ("3 / 57"). */
export function ordinalOf(at: ViewerPosition, pageSize: number): number {
  return (at.page - 1) * pageSize + at.index + 1;
}

/** Zoom levels of the picture viewer (1 = fit the width). */
export const ZOOM_STEPS = [1, 1.5, 2, 3, 4] as const;

/** The zoom level one step in (`+1`) or out (`-1`) from `zoom`, kept within {@link ZOOM_STEPS}. */
export function nextZoom(zoom: number, step: -1 | 1): number {
  const i = ZOOM_STEPS.findIndex((z) => z >= zoom);
  const at = i < 0 ? ZOOM_STEPS.length - 1 : i;
  return ZOOM_STEPS[Math.min(ZOOM_STEPS.length - 1, Math.max(0, at + step))];
}
