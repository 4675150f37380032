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
 * Formats a chainage in metres like {@link formatChainage}, keeping a fraction of a metre (to the
 * centimetre) where there is one: `K13+630.5`. For a form that shows a stored value back without changing it.
 */
export function formatChainageExact(chainageM: number): string {
  const cm = Math.round(chainageM * 100);
  const whole = formatChainage(Math.floor(cm / 100));
  const frac = cm % 100;
  return frac === 0 ? whole : `${whole}.${String(frac).padStart(2, '0').replace(/0$/, '')}`;
}

/**
 * Parses a chainage written as on tunnel drawings, `K13+630` (13 km + 630 m), with an optional line prefix
 * (`DK13+630`, `LK13+630.5`), either case and spaces around `+`: the metres, or null when `text` is not a
 * chainage (the metre part must be under 1000, at most 3 decimals). The inverse of {@link formatChainage}
 * for whole metres and of {@link formatChainageExact}.
 */
export function parseChainage(text: string): number | null {
  const m = /^\s*[A-Za-z]{0,3}?[Kk]\s*(\d{1,4})\s*\+\s*(\d{1,3}(?:\.\d{1,3})?)\s*$/.exec(text);
  if (!m) return null;
  const metres = Number(m[2]);
  if (metres >= 1000) return null;
  return Math.round((Number(m[1]) * 1000 + metres) * 1000) / 1000;
}

/** Why a written chainage range was refused (see {@link chainageRange}). */
export type ChainageRangeProblem =
  /** Not a chainage such as K13+630. */
  | 'malformed'
  /** Before the bore's entry portal or past its end. */
  | 'outsideBore'
  /** The end is not after the start. */
  | 'endNotAfterStart';

/**
 * A stretch of a bore written as two chainages (`from`, `to`, e.g. `K13+630`, `K13+700`), converted to
 * metres from the bore's entry portal (what zones store, docs/domain.md "Personnel positioning in
 * tunnels"). `bore.startChainageM` is the entry portal's chainage (m) and `bore.lengthM` its length (m).
 * @returns the metres, or the first problem and the field it is in (`from` before `to`)
 */
export function chainageRange(
  from: string,
  to: string,
  bore: { startChainageM: number; lengthM: number },
): { ok: true; fromM: number; toM: number } | { ok: false; field: 'from' | 'to'; problem: ChainageRangeProblem } {
  const ends = { from: parseChainage(from), to: parseChainage(to) };
  for (const field of ['from', 'to'] as const) {
    const c = ends[field];
    if (c === null) return { ok: false, field, problem: 'malformed' };
    if (c < bore.startChainageM || c > bore.startChainageM + bore.lengthM) return { ok: false, field, problem: 'outsideBore' };
  }
  if (ends.to! <= ends.from!) return { ok: false, field: 'to', problem: 'endNotAfterStart' };
  const m = (c: number) => Math.round((c - bore.startChainageM) * 1000) / 1000;
  return { ok: true, fromM: m(ends.from!), toM: m(ends.to!) };
}
