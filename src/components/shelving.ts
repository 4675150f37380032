import type { Alarm } from '../../protocol';

/**
 * Shelved (EEMUA 191; docs/api.md "alarm/shelve"): `shelvedUntilMs` is still ahead of `nowMs`. SOS alarms
 * are never taken as shelved (the server refuses to shelve them).
 */
export function isShelved(a: Pick<Alarm, 'kind' | 'shelvedUntilMs'>, nowMs: number): boolean {
  return a.kind !== 'sos' && typeof a.shelvedUntilMs === 'number' && a.shelvedUntilMs > nowMs;
}

/** Whether `a` may be shelved: open (untreated), not SOS (docs/api.md "alarm/shelve"). */
export function canShelve(a: Pick<Alarm, 'dealStatus' | 'kind'>): boolean {
  return a.dealStatus === 0 && a.kind !== 'sos';
}
