import type { Alarm } from '../../protocol';
import type { AlarmDraft } from './types';

/** Closed: handled and no longer active. A closed alarm never changes again; the next crossing opens a new one. */
export function isClosed(a: AlarmDraft): boolean {
  return a.dealStatus !== 0 && a.state === 'cleared';
}

/**
 * Copies the handling and acknowledgement of `alarm` (written through REST, the database row is the truth)
 * into the rules' own copy `mine`. An acknowledgement absent from `alarm` keeps the one `mine` has.
 */
export function mirrorHandling(mine: AlarmDraft, alarm: Alarm): void {
  mine.dealStatus = alarm.dealStatus;
  mine.dealRemark = alarm.dealRemark;
  mine.dealtBy = alarm.dealtBy;
  mine.dealtAtMs = alarm.dealtAtMs;
  mine.ackedBy = alarm.ackedBy ?? mine.ackedBy;
  mine.ackedAtMs = alarm.ackedAtMs ?? mine.ackedAtMs;
}
