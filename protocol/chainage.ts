/**
 * Formats a chainage in metres as `K12+345` (12 km + 345 m), the form used on tunnel drawings.
 * Fractions of a metre are cut, not rounded; negative input throws RangeError.
 */
export function formatChainage(chainageM: number): string {
  if (!Number.isFinite(chainageM) || chainageM < 0) throw new RangeError(`chainage must be >= 0: ${chainageM}`);
  const m = Math.floor(chainageM);
  const km = Math.floor(m / 1000);
  return `K${km}+${String(m % 1000).padStart(3, '0')}`;
}
