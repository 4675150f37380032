import type { AlarmDraft } from './types';

/** What identifies a new alarm and its reading; every other field starts where an alarm's lifecycle starts. */
export type NewAlarmFields = Pick<AlarmDraft, 'projectId' | 'deviceSn' | 'deviceKind' | 'deviceName' | 'kind' | 'level' | 'metric'> &
  Partial<Pick<AlarmDraft, 'value' | 'threshold' | 'unit' | 'picUrl' | 'side'>>;

/**
 * A new active alarm raised at `nowMs` (server time, ms): not persisted yet (`alarmId` null), unhandled
 * (dealStatus 0) and unacknowledged, first and last seen now, once, its peak the reading it was raised with.
 * Value, threshold, unit, picture and side default to null.
 */
export function newAlarmDraft(f: NewAlarmFields, nowMs: number): AlarmDraft {
  const value = f.value ?? null;
  return {
    alarmId: null,
    ...f,
    value,
    threshold: f.threshold ?? null,
    unit: f.unit ?? null,
    picUrl: f.picUrl ?? null,
    side: f.side ?? null,
    raisedAtMs: nowMs,
    clearedAtMs: null,
    state: 'active',
    dealStatus: 0,
    dealRemark: null,
    dealtBy: null,
    dealtAtMs: null,
    repeatCount: 1,
    firstSeenMs: nowMs,
    lastSeenMs: nowMs,
    peakValue: value,
    peakLevel: f.level,
    ackedBy: null,
    ackedAtMs: null,
  };
}
