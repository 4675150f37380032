/**
 * Heat-map binning of people along a tunnel bore (one-dimensional positions, docs/domain.md "Personnel
 * positioning in tunnels").
 */

/** Most bins per bore, so a tiny bin size on a long bore cannot allocate without bound. */
export const MAX_HEAT_BINS = 65_536;

/**
 * Number of bins of `binM` metres covering [0, lengthM]: ceil(lengthM / binM), at least 1.
 * @throws RangeError when lengthM is negative or not finite, binM is not positive and finite, or the
 * count exceeds MAX_HEAT_BINS.
 */
export function heatBinCount(lengthM: number, binM: number): number {
  if (!Number.isFinite(lengthM) || lengthM < 0) throw new RangeError(`lengthM must be finite and >= 0: ${lengthM}`);
  if (!Number.isFinite(binM) || binM <= 0) throw new RangeError(`binM must be finite and > 0: ${binM}`);
  const n = Math.max(1, Math.ceil(lengthM / binM));
  if (n > MAX_HEAT_BINS) throw new RangeError(`${n} bins exceed ${MAX_HEAT_BINS}; use a larger binM`);
  return n;
}

/**
 * Counts positions per bin: bin i holds chainages in [i·binM, (i+1)·binM). Positions beyond lengthM
 * (a beacon past the face or a bore shorter than configured) count in the last bin, negative ones in
 * the first; NaN is skipped. Counts saturate at 65 535. O(n + bins).
 * @param chainageM metres from the entry portal.
 * @throws RangeError as heatBinCount.
 */
export function heatBins(chainageM: ArrayLike<number>, lengthM: number, binM: number): Uint16Array {
  const bins = new Uint16Array(heatBinCount(lengthM, binM));
  const lastBin = bins.length - 1;
  for (let i = 0; i < chainageM.length; i++) {
    const c = chainageM[i];
    if (c !== c) continue;
    let b = Math.floor(c / binM);
    if (b < 0) b = 0;
    else if (b > lastBin) b = lastBin;
    if (bins[b] < 0xffff) bins[b]++;
  }
  return bins;
}
