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

/** Minutes in a day. */
const DAY_MIN = 24 * 60;

/** `HH:mm` of minutes after 00:00 (wrapping past midnight). */
export function clockText(min: number): string {
  const m = ((min % DAY_MIN) + DAY_MIN) % DAY_MIN;
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
}

/** `HH:mm` of a shift start given in minutes after 00:00 Beijing time, and its end. */
export function shiftText(shift: { startMin: number; lengthMin: number }): string {
  return `${clockText(shift.startMin)}–${clockText(shift.startMin + shift.lengthMin)}`;
}

/** A cooperating company's contact as one line: name and phone, '—' when neither is set. */
export function contactText(c: { contactName: string; contactPhone: string }): string {
  return [c.contactName, c.contactPhone].filter((x) => x !== '').join(' ') || '—';
}
