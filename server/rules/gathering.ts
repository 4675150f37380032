/**
 * Gathering (docs/domain.md "Personnel positioning"): N or more people within R metres of one another in a
 * bore for T minutes, outside the zones that allow it (`gatheringAllowed`: the face at a handover, the
 * portal). Positions in a tunnel are one-dimensional, so "within R m of one another" is a stretch of the
 * bore R m long; the largest such group per bore is found by a sliding window over the sorted chainages.
 */

/** Gathering limits: people, span (m) and time (min). */
export interface GatheringOptions {
  minPeople: number;
  spanM: number;
  minutes: number;
}

/**
 * Defaults (*convention*, docs/domain.md): 10 people within 5 m for 5 min. A drill jumbo crew or a
 * shotcrete crew is 4–8 people at one spot; ten standing together for five minutes away from the face and
 * the portal is a meeting, an incident, or a crowd blocking the escape route.
 */
export const GATHERING_DEFAULTS: GatheringOptions = { minPeople: 10, spanM: 5, minutes: 5 };

/**
 * A group that breaks up for less than this (ms) is the same gathering: one person stepping 6 m aside
 * for a moment neither restarts the time nor clears the alarm.
 */
export const GATHERING_GRACE_MS = 30_000;

/** The largest group of one bore: how many people and the stretch (m) they stand in. */
export interface Group {
  count: number;
  fromM: number;
  toM: number;
}

/**
 * The largest number of positions within a stretch `spanM` long (both ends included).
 * @param sortedM chainages in ascending order (m)
 * @returns null for no positions; the first largest group otherwise
 */
export function largestGroup(sortedM: readonly number[], spanM: number): Group | null {
  let best: Group | null = null;
  let lo = 0;
  for (let hi = 0; hi < sortedM.length; hi++) {
    while (sortedM[hi] - sortedM[lo] > spanM) lo++;
    const count = hi - lo + 1;
    if (!best || count > best.count) best = { count, fromM: sortedM[lo], toM: sortedM[hi] };
  }
  return best;
}

/** One bore's gathering episode: since when a group has stood together, and when it last did. */
export interface GatheringState {
  sinceMs: number;
  lastSeenMs: number;
  group: Group;
}

/**
 * Steps one bore's episode: `group` is the largest group now (or null). An episode starts at the first
 * group of `minPeople`, keeps its start while groups keep forming (gaps up to GATHERING_GRACE_MS) and ends
 * after a longer gap.
 * @returns the next state (null: no episode)
 */
export function stepGathering(state: GatheringState | null, group: Group | null, opts: GatheringOptions, nowMs: number): GatheringState | null {
  if (group && group.count >= opts.minPeople) return { sinceMs: state?.sinceMs ?? nowMs, lastSeenMs: nowMs, group };
  if (state && nowMs - state.lastSeenMs <= GATHERING_GRACE_MS) return state;
  return null;
}
