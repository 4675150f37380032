import { z } from 'zod';
import {
  ATTENDANCE_STATUSES,
  DISCREPANCY_KINDS,
  MAINLAND_PHONE,
  attendanceDateSchema,
  personIdField,
  projectIdField,
  teamShiftSchema,
} from '../attendance';
import { GATE_DIRECTIONS } from '../kinds';
import { safeText } from '../text';
import { defineContract, fileAnswer, notEnvelope } from './define';
import { XLSX_MEDIA_TYPE } from './alarms';

/**
 * Labour attendance (docs/api.md "Labour attendance"): live labour counts from the gates and the beacons,
 * the cooperating companies' attendance, a person's day and the day's sheet with its export.
 */

/** Enterprise types of a cooperating company (real-name labour management's categories). */
export const ENTERPRISE_TYPES = ['generalContractor', 'specialistSubcontractor', 'labourSubcontractor', 'supplier', 'other'] as const;
export type EnterpriseType = (typeof ENTERPRISE_TYPES)[number];

/** Body of the live figures and the companies: `atMs` (default now) is a replaying board's clock. */
const projectBody = z.strictObject({ projectId: projectIdField, atMs: z.number().int().min(0).optional() });

/** One discrepancy between the gates and the beacons, with who it concerns. */
export const discrepancyRowSchema = z.object({
  personId: z.string(),
  name: z.string(),
  company: z.string(),
  team: z.string(),
  kind: z.enum(DISCREPANCY_KINDS),
  tunnelId: z.string(),
  sinceMs: z.number(),
});
export type DiscrepancyRow = z.output<typeof discrepancyRowSchema>;

/** Most discrepancies one answer lists (the count is whole). */
export const MAX_DISCREPANCY_ROWS = 200;

/** attendance/live data. */
export const attendanceLiveSchema = z.object({
  atMs: z.number(),
  /** People on site by the gates. */
  onSite: z.number(),
  /** Per bore: people in it by its portal gates and by their beacons' fixes. */
  bores: z.array(z.object({ tunnelId: z.string(), name: z.string(), byGates: z.number(), byBeacons: z.number() })),
  /** People registered, and present today (an in-pass in their team's attendance day). */
  registered: z.number(),
  presentToday: z.number(),
  late: z.number(),
  absent: z.number(),
  /** Passes today by person ids the register does not know (unknown faces), and how many distinct ids. */
  unknownPasses: z.number(),
  unknownPeople: z.number(),
  discrepancyCount: z.number(),
  discrepancies: z.array(discrepancyRowSchema),
});
export type AttendanceLive = z.output<typeof attendanceLiveSchema>;

/** One team of a company in attendance/companies. */
export const teamAttendanceSchema = z.object({
  team: z.string(),
  shift: teamShiftSchema,
  /** The attendance day the counts are for (the team's current one). */
  day: z.string(),
  personCount: z.number(),
  attendanceCount: z.number(),
  late: z.number(),
  absent: z.number(),
  onSite: z.number(),
  /** attendanceCount of personCount, %. */
  rate: z.number(),
});

/** One cooperating company (name, enterprise type, contact, group count, person count, registered and attendance counts). */
export const companyAttendanceSchema = z.object({
  company: z.string(),
  enterpriseType: z.enum(ENTERPRISE_TYPES),
  /** The company's contact person and phone, '' when not set. */
  contactName: z.string(),
  contactPhone: z.string(),
  groupCount: z.number(),
  personCount: z.number(),
  /** People of the company enrolled at the gates: passed one within ENROLLED_WINDOW_DAYS. */
  registeredCount: z.number(),
  attendanceCount: z.number(),
  rate: z.number(),
  teams: z.array(teamAttendanceSchema),
});
export type CompanyAttendance = z.output<typeof companyAttendanceSchema>;

/** A person's day as the routes answer it (protocol/attendance.ts PersonDay). */
export const personDaySchema = z.object({
  day: z.string(),
  shiftStartMs: z.number(),
  shiftEndMs: z.number(),
  firstInMs: z.number().nullable(),
  lastOutMs: z.number().nullable(),
  hoursOnSite: z.number(),
  status: z.enum(ATTENDANCE_STATUSES),
  lateMin: z.number(),
  onSite: z.boolean(),
  missingOut: z.boolean(),
});

/** One row of the day's sheet. */
export const attendanceRowSchema = personDaySchema.extend({ personId: z.string(), name: z.string(), company: z.string(), team: z.string() });
export type AttendanceRow = z.output<typeof attendanceRowSchema>;

/** attendance/day and attendance/export body: a date (default: each team's current attendance day), filters. */
export const attendanceDayBody = z.strictObject({
  projectId: projectIdField,
  day: attendanceDateSchema.optional(),
  company: z.string().trim().max(64).optional(),
  team: z.string().trim().max(64).optional(),
  status: z.enum(ATTENDANCE_STATUSES).optional(),
});
export type AttendanceDayBody = z.input<typeof attendanceDayBody>;

export const attendancePersonBody = z.strictObject({ projectId: projectIdField, personId: personIdField, day: attendanceDateSchema.optional() });

export const attendancePersonSchema = z.object({
  personId: z.string(),
  name: z.string(),
  company: z.string(),
  team: z.string(),
  shift: teamShiftSchema,
  day: personDaySchema,
  passes: z.array(z.object({ gateSn: z.string(), gateName: z.string().nullable(), tunnelId: z.string().nullable(), direction: z.enum(GATE_DIRECTIONS), tsMs: z.number() })),
});
export type AttendancePerson = z.output<typeof attendancePersonSchema>;

export const teamShiftBody = z.strictObject({
  projectId: projectIdField,
  company: z.string().trim().max(64),
  team: z.string().trim().min(1).max(64),
  shift: teamShiftSchema,
});
/**
 * A cooperating company's enterprise type and, when sent, its contact: the person's name (up to 32
 * characters) and a mainland mobile or landline number (MAINLAND_PHONE); '' clears either. A contact not
 * sent is left as it was.
 */
export const companyTypeBody = z.strictObject({
  projectId: projectIdField,
  company: z.string().trim().min(1).max(64),
  enterpriseType: z.enum(ENTERPRISE_TYPES),
  contactName: safeText(32).trim().optional(),
  contactPhone: z
    .string()
    .trim()
    .refine((p) => p === '' || MAINLAND_PHONE.test(p), 'not a mainland mobile (11 digits from 13) or landline (0 area code - number) number')
    .optional(),
});

const tag = 'attendance';

/** The labour attendance routes (docs/api.md "Labour attendance"). */
export const ATTENDANCE = {
  live: defineContract({ tag, path: '/zhgd/project/workerAttendance/liveWorkerNum/get', body: projectBody, response: attendanceLiveSchema, permission: 'people.view', summary: 'Live labour count on site and per bore (gates and beacons), today\'s attendance and the discrepancies' }),
  companies: defineContract({ tag, path: '/zhgd/attendance/companies', body: projectBody, response: z.array(companyAttendanceSchema), permission: 'people.view', summary: "The cooperating companies' and their teams' attendance today" }),
  day: defineContract({ tag, path: '/zhgd/attendance/day', body: attendanceDayBody, response: z.object({ total: z.number(), list: z.array(attendanceRowSchema) }), permission: 'people.view', summary: "The registered people's attendance days, filtered" }),
  export: defineContract({
    tag,
    path: '/zhgd/attendance/export',
    body: attendanceDayBody,
    response: notEnvelope,
    answer: fileAnswer(XLSX_MEDIA_TYPE, "The day's attendance sheet as an .xlsx file"),
    permission: 'people.view',
    summary: "The day's attendance sheet as a file",
  }),
  person: defineContract({ tag, path: '/zhgd/attendance/person', body: attendancePersonBody, response: attendancePersonSchema, permission: 'people.view', errors: ['NOT_FOUND'], summary: "A person's attendance day and its gate passes" }),
  teamShift: defineContract({ tag, path: '/zhgd/attendance/team/shift', body: teamShiftBody, response: z.null(), permission: 'zone.edit', summary: "Set a team's shift" }),
  companyType: defineContract({ tag, path: '/zhgd/attendance/company/type', body: companyTypeBody, response: z.null(), permission: 'zone.edit', summary: "Set a cooperating company's enterprise type and contact" }),
} as const;
