/**
 * Number display of SPEC §5: zero or empty shows `0`; decimals are cut (not rounded) to `digits`;
 * a value with fewer decimals is kept as it is (no padding).
 */
export function formatNumber(value: number | null | undefined, digits = 2): string {
  if (value == null || !Number.isFinite(value) || value === 0) return '0';
  const factor = 10 ** digits;
  // toFixed(6) first: removes binary noise such as 0.29 * 100 = 28.999999999999996 before cutting.
  const cut = Math.trunc(Number((value * factor).toFixed(6))) / factor;
  if (cut === 0) return '0';
  return String(cut);
}
