/**
 * Where the tunnel strip writes each vehicle's plate: beside its mark, on the side where it stays inside
 * the strip, and only where it does not run into another plate of the same bore (the mark itself always
 * shows; a plate left out is still in the mark's tooltip and its card). Pure, so the strip's labels are
 * tested without a browser.
 */

/** A vehicle mark on one bore: its centre (px from the strip's left edge) and its plate. */
export interface VehicleMark {
  sn: string;
  /** Centre of the mark, px from the strip's left edge. */
  x: number;
  plate: string;
}

/** Where a mark's plate goes: right or left of the mark, or nowhere (`null`: no room). */
export type PlateSide = 'right' | 'left' | null;

/** Gap between a mark and its plate, and between two plates (px). */
export const PLATE_GAP_PX = 4;

/**
 * The width of a plate of `chars` characters at `fontPx`, bold sans-serif (px): 0.62 em per character,
 * a little over the widest digits and capitals of Segoe UI, Arial and Noto Sans at weight 600, so an
 * estimate never places a plate where it would not fit.
 */
export function plateWidthPx(chars: number, fontPx: number): number {
  return Math.ceil(chars * fontPx * 0.62);
}

/**
 * Chooses a side for every plate of one bore, left to right: right of the mark when it ends inside the
 * strip and clear of the plate before it, else left of the mark under the same conditions, else none.
 * @param marks the bore's vehicles, in any order
 * @param markPx the mark's width (px); `fontPx` the plate's font size (px); `widthPx` the strip's width
 * @returns the side per sn
 */
export function placePlates(marks: readonly VehicleMark[], markPx: number, fontPx: number, widthPx: number): Map<string, PlateSide> {
  const out = new Map<string, PlateSide>();
  // right end of everything drawn so far (marks and plates), so the next plate starts clear of it
  let drawnTo = Number.NEGATIVE_INFINITY;
  const sorted = [...marks].sort((a, b) => a.x - b.x);
  sorted.forEach((m, i) => {
    const w = plateWidthPx(m.plate.length, fontPx);
    const markLeft = m.x - markPx / 2;
    const markRight = m.x + markPx / 2;
    const nextMarkLeft = i + 1 < sorted.length ? sorted[i + 1].x - markPx / 2 : Number.POSITIVE_INFINITY;
    const rightEnd = markRight + PLATE_GAP_PX + w;
    const leftStart = markLeft - PLATE_GAP_PX - w;
    let side: PlateSide = null;
    if (rightEnd <= widthPx && rightEnd + PLATE_GAP_PX <= nextMarkLeft) side = 'right';
    else if (leftStart >= 0 && leftStart - PLATE_GAP_PX >= drawnTo) side = 'left';
    out.set(m.sn, side);
    drawnTo = Math.max(drawnTo, side === 'right' ? rightEnd : markRight);
  });
  return out;
}
