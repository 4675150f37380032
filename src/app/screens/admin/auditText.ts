import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/**
 * What each audit action (server/http/audit.ts AUDITED_ROUTES, docs/api.md "Audit log") means, in words.
 * An action missing here shows as its identifier.
 */
export const AUDIT_ACTION_LABEL: Readonly<Record<string, MessageDescriptor>> = {
  login: msg`Signed in`,
  'login.failed': msg`Sign-in refused`,
  logout: msg`Signed out`,
  'password.change': msg`Changed own password`,
  'alarm.deal': msg`Handled an alarm`,
  'alarm.ack': msg`Acknowledged an alarm`,
  'alarm.dealBatch': msg`Handled alarms`,
  'alarm.shelve': msg`Shelved alarms`,
  'alarm.unshelve': msg`Unshelved alarms`,
  'board.add': msg`Created a board`,
  'board.edit': msg`Edited a board`,
  'board.delete': msg`Deleted a board`,
  'board.release': msg`Released a board`,
  'board.restore': msg`Restored a board version`,
  'systemStyle.edit': msg`Changed the project theme`,
  'customPanel.add': msg`Added a custom panel type`,
  'customPanel.delete': msg`Removed a custom panel type`,
  'threshold.set': msg`Set thresholds`,
  'threshold.reset': msg`Reset thresholds to the defaults`,
  'mqtt.credentials': msg`Viewed or rotated the MQTT credentials`,
  'person.add': msg`Added a person`,
  'person.edit': msg`Edited a person`,
  'person.delete': msg`Removed a person`,
  'driver.add': msg`Registered a driver of lifting equipment`,
  'driver.edit': msg`Changed a driver of lifting equipment`,
  'driver.delete': msg`Removed a driver of lifting equipment`,
  'driver.import': msg`Imported drivers of lifting equipment`,
  'driver.export': msg`Exported the drivers of lifting equipment`,
  'equipment.archive': msg`Saved the archive of lifting equipment`,
  'zone.add': msg`Added a zone`,
  'zone.edit': msg`Edited a zone`,
  'zone.delete': msg`Removed a zone`,
  'org.add': msg`Added an organisation`,
  'org.edit': msg`Edited an organisation`,
  'project.add': msg`Added a project`,
  'project.archive': msg`Archived a project`,
  'project.edit': msg`Edited a project`,
  'user.add': msg`Added a user`,
  'user.disable': msg`Disabled a user`,
  'user.resetPassword': msg`Reset a user's password`,
  'member.set': msg`Set a member's role`,
  'member.invite': msg`Invited a member`,
  'member.remove': msg`Removed a member`,
  'device.add': msg`Added a device`,
  'device.edit': msg`Edited a device`,
  'device.move': msg`Moved a device to another project`,
  'device.remove': msg`Removed devices`,
  'device.import': msg`Imported a device list`,
  'device.transferDecide': msg`Answered a device transfer request`,
  'invitation.accept': msg`Accepted an invitation`,
  'invitation.decline': msg`Declined an invitation`,
  'invitation.withdraw': msg`Withdrew an invitation`,
  'invitation.decideForUser': msg`Answered an invitation for a user`,
  'tunnel.progress': msg`Reported tunnel progress`,
  'tunnel.rockGrades': msg`Edited the surrounding-rock grades`,
  'tunnel.rockGradesImport': msg`Imported the surrounding-rock grades`,
  'tunnel.alignment': msg`Edited a bore's plan alignment`,
  'tunnel.alignmentImport': msg`Imported the plan alignments`,
  'attendance.teamShift': msg`Set a team's shift`,
  'attendance.companyType': msg`Set a company's enterprise type`,
  'camera.stream': msg`Set a camera's stream source`,
  'camera.streamRemove': msg`Removed a camera's stream source`,
  'emergency.save': msg`Saved an emergency record`,
  'emergency.delete': msg`Deleted emergency records`,
  'emergency.materialImport': msg`Imported the emergency materials`,
  'inspection.save': msg`Recorded an inspection issue`,
  'inspection.rectify': msg`Recorded a rectification`,
  'inspection.review': msg`Reviewed a rectification`,
  'inspection.delete': msg`Deleted inspections`,
  'schedule.save': msg`Saved a schedule task`,
  'schedule.delete': msg`Deleted schedule tasks`,
  'schedule.import': msg`Imported the schedule`,
  'education.save': msg`Recorded a safety education`,
  'education.delete': msg`Deleted a safety education record`,
  'spray.manual': msg`Switched a fog cannon by hand`,
  'spray.linkage': msg`Set a fog cannon's linkage`,
  'spray.command': msg`Sent a fog cannon a command`,
  'spray.acked': msg`Fog cannon carried out a command`,
  'spray.refused': msg`Fog cannon refused a command`,
  'spray.unacknowledged': msg`Fog cannon never answered a command`,
  'spray.superseded': msg`Fog cannon command replaced by a newer one`,
  'event.add': msg`Recorded an event in the event book`,
  'event.edit': msg`Edited an event of the event book`,
  'event.delete': msg`Deleted an event of the event book`,
  'attachment.upload': msg`Uploaded an attachment`,
  'attachment.remove': msg`Removed an unused attachment`,
  'project.profile': msg`Edited the project's units, design figures and quantities`,
};

/** The words of an audit action: its label, "(failed)" after it for `<action>.failed`, else the identifier itself. */
export function auditActionText(i18n: I18n, action: string): string {
  const known = AUDIT_ACTION_LABEL[action];
  if (known) return i18n._(known);
  if (action.endsWith('.failed')) {
    const base = AUDIT_ACTION_LABEL[action.slice(0, -'.failed'.length)];
    if (base) {
      const label = i18n._(base);
      return i18n._(msg`${label} (failed)`);
    }
  }
  return action;
}

/**
 * An audit entry's detail (the request body as logged, JSON) as `name: value` lines for a person to read:
 * the project (the log's own) left out, lists joined with commas, nested values as compact JSON. A detail
 * that is not a JSON object is one line as it is.
 */
export function auditDetailLines(detail: string): string[] {
  if (!detail) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(detail);
  } catch {
    return [detail];
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return [detail];
  return Object.entries(parsed as Record<string, unknown>)
    .filter(([k]) => k !== 'projectId')
    .map(([k, v]) => `${k}: ${valueText(v)}`);
}

function valueText(v: unknown): string {
  if (Array.isArray(v) && v.every((x) => x === null || typeof x !== 'object')) return v.join(', ');
  if (v !== null && typeof v === 'object') return JSON.stringify(v);
  return String(v);
}
