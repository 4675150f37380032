import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { AttendanceStatus, DiscrepancyKind, EnterpriseType } from '../../../protocol';

/** The enterprise types of a cooperating company (docs/api.md "Labour attendance"). */
export const ENTERPRISE_TYPE_LABEL: Record<EnterpriseType, MessageDescriptor> = {
  generalContractor: msg`General contractor`,
  specialistSubcontractor: msg`Specialist subcontractor`,
  labourSubcontractor: msg`Labour subcontractor`,
  supplier: msg`Supplier`,
  other: msg`Other`,
};

/** A person's attendance status (docs/domain.md "Labour attendance"). */
export const ATTENDANCE_STATUS_LABEL: Record<AttendanceStatus, MessageDescriptor> = {
  notDue: msg`Not due yet`,
  absent: msg`Absent`,
  onTime: msg`On time`,
  late: msg`Late`,
};

/** What a discrepancy between the gates and the beacons says. */
export const DISCREPANCY_LABEL: Record<DiscrepancyKind, MessageDescriptor> = {
  beaconWithoutGate: msg`Beacon in the bore, no gate entry`,
  gateWithoutBeacon: msg`Gate entry, no beacon in the bore`,
};

/** `HH:mm` of a shift start given in minutes after 00:00 Beijing time, and its end. */
export function shiftText(shift: { startMin: number; lengthMin: number }): string {
  const hm = (min: number) => `${String(Math.floor((min / 60) % 24)).padStart(2, '0')}:${String(min % 60).padStart(2, '0')}`;
  return `${hm(shift.startMin)}–${hm(shift.startMin + shift.lengthMin)}`;
}
