import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { AlarmKind, DealStatus } from '../../../protocol';

/** What raised an alarm. */
export const KIND_LABEL: Record<AlarmKind, MessageDescriptor> = {
  threshold: msg`Over limit`,
  sos: msg`SOS`,
  offline: msg`Device offline`,
  ai: msg`AI violation`,
  zone: msg`Zone rule`,
};

/** SPEC §4: 0 untreated, 1 processed, 2 misinformation (false alarm). */
export const DEAL_STATUS_LABEL: Record<DealStatus, MessageDescriptor> = {
  0: msg`Untreated`,
  1: msg`Processed`,
  2: msg`Misinformation`,
};

/** Metrics with a display name; gas codes (CO, O2, …) are shown as they are. */
export const METRIC_LABEL: Readonly<Record<string, MessageDescriptor | undefined>> = {
  momentPct: msg`Moment`,
  windSpeedMps: msg`Wind speed`,
  tiltDeg: msg`Tilt`,
  loadT: msg`Load`,
  sos: msg`SOS`,
  battery: msg`Battery`,
  heartRate: msg`Heart rate`,
  spo2: msg`Blood oxygen`,
  bodyTempC: msg`Body temperature`,
  offline: msg`No data`,
  dust: msg`Dust`,
  noHelmet: msg`No helmet`,
  noVest: msg`No reflective vest`,
  noHarness: msg`No harness`,
  climbing: msg`Climbing`,
  fall: msg`Fall`,
  smoking: msg`Smoking`,
  openFlame: msg`Open flame`,
  crowding: msg`Crowding`,
  intrusion: msg`Danger zone intrusion`,
  phoneUse: msg`Phone use`,
  workAtHeight: msg`Unprotected work at height`,
  zoneEntry: msg`Danger zone entry`,
  stayTooLong: msg`Stayed too long`,
  overHeadcount: msg`Over headcount`,
  noMovement: msg`No movement (possible fall)`,
  signalLost: msg`Beacon signal lost`,
  sbp: msg`Systolic blood pressure`,
  dbp: msg`Diastolic blood pressure`,
};

/** SPEC §5 validation messages, as Lingui messages (the English text is protocol's DEAL_MESSAGES). */
export const DEAL_VALIDATION = {
  status: msg`Please select the status`,
  remark: msg`Please fill in the remarks information`,
};
