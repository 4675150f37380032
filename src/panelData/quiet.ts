/** How much faster than the chosen speed "skip quiet stretches" plays where nobody moves and no alarm is raised. */
export const QUIET_BOOST = 10;
/** Replay time before the next activity at which playback is back to the chosen speed (ms): 30 s. */
export const QUIET_LEAD_MS = 30_000;
/** Quiet buckets in a row before a stretch counts as quiet (shorter lulls play at the chosen speed). */
export const QUIET_MIN_BUCKETS = 2;

/** Options of {@link quietAdvance}; defaults QUIET_BOOST, QUIET_LEAD_MS, QUIET_MIN_BUCKETS. */
export interface QuietOptions {
  boost?: number;
  leadMs?: number;
  minQuietBuckets?: number;
}

/**
 * Where a replay playing "skip quiet stretches" is after `realMs` of real time from `atMs` (ms since
 * epoch) at `speed` × real time. `active[i]` says whether bucket i (of `bucketMs`, from `fromMs`) saw
 * someone move or an alarm raised. Inside a run of at least `minQuietBuckets` quiet buckets the replay
 * plays `boost` times faster, up to `leadMs` before the next active bucket, from where it plays at
 * `speed` again; active buckets, short lulls, and instants outside the buckets play at `speed`. Nothing
 * is jumped over: the instant moves continuously, and every active bucket (with the lead before it)
 * plays at the chosen speed. A quiet run to the end of the buckets plays fast to the end.
 */
export function quietAdvance(active: ArrayLike<number>, fromMs: number, bucketMs: number, atMs: number, realMs: number, speed: number, opts: QuietOptions = {}): number {
  const boost = opts.boost ?? QUIET_BOOST;
  const lead = opts.leadMs ?? QUIET_LEAD_MS;
  const minQuiet = opts.minQuietBuckets ?? QUIET_MIN_BUCKETS;
  const n = active.length;
  if (!(realMs > 0) || !(bucketMs > 0) || n === 0 || !(boost > 1)) return atMs + Math.max(0, realMs) * speed;
  /** The fast zones [start, end) of the quiet runs, in time order. */
  const zones: Array<[number, number]> = [];
  for (let k = 0; k < n; ) {
    if (active[k]) {
      k++;
      continue;
    }
    let j = k;
    while (j < n && !active[j]) j++;
    if (j - k >= minQuiet) {
      const start = fromMs + k * bucketMs;
      const end = j >= n ? Infinity : fromMs + j * bucketMs - lead;
      if (end > start) zones.push([start, end]);
    }
    k = j;
  }
  let at = atMs;
  let left = realMs;
  for (const [start, end] of zones) {
    if (end <= at) continue;
    if (at < start) {
      // at the chosen speed up to the zone
      const need = (start - at) / speed;
      if (left <= need) return at + left * speed;
      at = start;
      left -= need;
    }
    const rate = speed * boost;
    const need = (end - at) / rate;
    if (left <= need) return at + left * rate;
    at = end;
    left -= need;
  }
  return at + left * speed;
}
