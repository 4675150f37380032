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

/**
 * Parses a chainage written as on tunnel drawings, `K13+450` (13 km + 450 m), with an optional line prefix
 * (`DK13+450`, `LK13+450.5`) and spaces around `+`; the metres, or null when `text` is not a chainage (the
 * metre part must be under 1000). The inverse of {@link formatChainage} for whole metres; the emergency
 * supply-point form reads its chainage with it.
 */
export function parseChainage(text: string): number | null {
  const m = /^\s*[A-Za-z]{0,3}?[Kk]\s*(\d{1,4})\s*\+\s*(\d{1,3}(?:\.\d{1,3})?)\s*$/.exec(text);
  if (!m) return null;
  const metres = Number(m[2]);
  if (metres >= 1000) return null;
  return Number(m[1]) * 1000 + metres;
}
