import type { DeviceInfo } from '../../../protocol';

/** At most this many people are listed at once in the follow-a-person picker; typing narrows the rest. */
export const FOLLOW_OPTIONS_MAX = 50;

/** One entry of the follow-a-person picker. */
export interface FollowOption {
  /** The beacon's serial number (the value followed). */
  sn: string;
  /** The person's name, with the beacon's serial added when another person of the list has the same name. */
  label: string;
  /** The second line: the person's team/heading (the beacon's position) and the beacon. */
  detail: string;
}

/**
 * The people a replay can follow, matching `query` (case-insensitive, in the name, the beacon's serial or the
 * team), sorted by name then beacon, at most `max`. Two people with one name are told apart by their beacon.
 * Returns the options and how many matched in all.
 */
export function followOptions(people: readonly DeviceInfo[], query: string, max = FOLLOW_OPTIONS_MAX): { options: FollowOption[]; matched: number } {
  const counts = new Map<string, number>();
  for (const p of people) counts.set(p.name, (counts.get(p.name) ?? 0) + 1);
  const q = query.trim().toLowerCase();
  const matches = people
    .filter((p) => !q || p.name.toLowerCase().includes(q) || p.sn.toLowerCase().includes(q) || p.position.toLowerCase().includes(q))
    .sort((a, b) => a.name.localeCompare(b.name) || a.sn.localeCompare(b.sn));
  const options = matches.slice(0, max).map((p) => ({
    sn: p.sn,
    label: !p.name ? p.sn : (counts.get(p.name) ?? 0) > 1 ? `${p.name} (${p.sn})` : p.name,
    detail: [p.position, p.sn].filter(Boolean).join(' · '),
  }));
  return { options, matched: matches.length };
}
