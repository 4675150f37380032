/**
 * Quiet stretches of a replay for "skip quiet stretches": `active[i]` says whether bucket i (of
 * `bucketMs`, from `fromMs`) saw someone move or an alarm raised. Given the instant `atMs`, returns the
 * instant to jump to when it sits in a run of at least `minQuietBuckets` quiet buckets: `leadMs`
 * before the next active bucket (or the range end `toMs`), else null (play on).
 */
export function skipQuietTarget(
  active: ArrayLike<number>,
  fromMs: number,
  bucketMs: number,
  atMs: number,
  toMs: number,
  opts: { minQuietBuckets?: number; leadMs?: number } = {},
): number | null {
  const minQuiet = opts.minQuietBuckets ?? 2;
  const lead = opts.leadMs ?? 5_000;
  if (!(bucketMs > 0) || active.length === 0) return null;
  const i = Math.floor((atMs - fromMs) / bucketMs);
  if (i < 0 || i >= active.length || active[i]) return null;
  let j = i;
  while (j < active.length && !active[j]) j++;
  let k = i;
  while (k > 0 && !active[k - 1]) k--;
  if (j - k < minQuiet) return null;
  const target = Math.min(toMs, j >= active.length ? toMs : fromMs + j * bucketMs - lead);
  return target > atMs + 1000 ? target : null;
}
