import { z } from 'zod';
import { BEIJING_OFFSET_MS } from './beijingTime';
import type { ArchiveFiles } from './equipmentArchive';
import { DEVICE_KIND_REGISTRY, TOPIC_SEGMENT, type AnyKindDescriptor, type EquipmentKind, type EquipmentRole } from './kinds';

/**
 * Equipment records of the detail modal (docs/api.md "Equipment"): the drivers of a piece of lifting
 * equipment with their operator certificates, their attendance (clock-in), the equipment's archive, the
 * fleet summary of the overview panel, and the work-record export: bodies and answers; the routes are the
 * contracts of protocol/contracts/equipment.ts. Members of the project read them.
 */

/** Longest attendance range one request covers (ms): 92 days. */
export const MAX_ATTENDANCE_SPAN_MS = 92 * 86_400_000;
/** Most attendance entries one answer holds (newest kept; `truncated` says so). */
export const MAX_ATTENDANCE_ENTRIES = 1_000;
/** Most rows a work-record export writes (newest first). */
export const MAX_WORK_RECORD_EXPORT_ROWS = 50_000;

const projectIdField = z.string().min(1).max(64);
const sn = z.string().regex(TOPIC_SEGMENT, { error: 'must be 1–64 of A–Z a–z 0–9 _ -' });
const ms = z.number().int().min(0).max(8.64e15);

export const equipmentDriversBody = z.strictObject({
  projectId: projectIdField,
  sn,
  /** The instant "on duty" is judged at (a replayed board's clock); absent: now. */
  atMs: ms.optional(),
});
export type EquipmentDriversBody = z.input<typeof equipmentDriversBody>;

/** A driver (operator) of a piece of equipment with the special-equipment operator certificate. */
export interface EquipmentDriver {
  driverId: string;
  name: string;
  /** The card the driver logs in with at the cab or cage (elevators report it in `…DriverCard`). */
  cardNo: string;
  /** Special-equipment operator certificate number. */
  certificateNo: string;
  /** Certificate valid until, ms since epoch. */
  certificateExpiryMs: number;
  phone: string;
  /** Clocked in at `atMs` (an attendance entry started and not ended by then). */
  onDuty: boolean;
  /** Start of the shift the driver is on at `atMs`, else null. */
  clockInMs: number | null;
}

/** Answer of equipment/drivers: the device's drivers, those on duty first. */
export interface EquipmentDrivers {
  sn: string;
  atMs: number;
  drivers: EquipmentDriver[];
}

export const equipmentAttendanceBody = z
  .strictObject({
    projectId: projectIdField,
    sn,
    fromMs: ms,
    toMs: ms,
    /** Only this driver's entries. */
    driverId: z.string().min(1).max(64).optional(),
  })
  .refine((b) => b.toMs > b.fromMs && b.toMs - b.fromMs <= MAX_ATTENDANCE_SPAN_MS, { message: 'toMs must be after fromMs, at most 92 days later', path: ['toMs'] });
export type EquipmentAttendanceBody = z.input<typeof equipmentAttendanceBody>;

/** One shift: clock-in and clock-out (null while still on duty), ms since epoch; `hours` up to clock-out or `toMs`. */
export interface AttendanceEntry {
  attendanceId: number;
  driverId: string;
  driverName: string;
  clockInMs: number;
  clockOutMs: number | null;
  hours: number;
}

/** Answer of equipment/attendance: shifts overlapping [fromMs, toMs), newest first, with the total hours per driver. */
export interface EquipmentAttendance {
  sn: string;
  fromMs: number;
  toMs: number;
  entries: AttendanceEntry[];
  totals: Array<{ driverId: string; driverName: string; shifts: number; hours: number }>;
  truncated: boolean;
}

export const equipmentArchiveBody = z.strictObject({ projectId: projectIdField, sn });

/** A document of the archive (registration, inspection report, certificate), by title and reference number. */
export interface ArchiveDocument {
  title: string;
  /** Reference of the paper or file, e.g. the registration number. */
  reference: string;
  issuedAtMs: number | null;
}

/**
 * Answer of equipment/archive and equipment/archive/save; null fields are not recorded, '' text neither.
 * `archive` null: nothing recorded for the device. Dates are the start of their Beijing day, ms.
 */
export interface EquipmentArchive {
  sn: string;
  archive: {
    model: string;
    maker: string;
    serialNo: string;
    /** Rated load, t (the maker's plate). */
    ratedLoadT: number | null;
    /** Rated lifting moment, kN·m (kinds rated by it: protocol/kinds `equipment.archive.ratedMoment`). */
    ratedMomentKnm: number | null;
    /** Highest hook height or cage travel, m. */
    maxHeightM: number | null;
    /** Jib length, span or boom length, m (protocol/kinds `equipment.archive.span`). */
    maxSpanM: number | null;
    manufacturedAtMs: number | null;
    propertyUnit: string;
    installationUnit: string;
    installedAtMs: number | null;
    registrationNo: string;
    inspectionReportNo: string;
    lastInspectionMs: number | null;
    nextInspectionMs: number | null;
    /** Papers referenced by number (recorded before the archive kept files; the save leaves them as they are). */
    documents: ArchiveDocument[];
    /** The archive's files by group (protocol/equipmentArchive.ts), served by attachment/file to members. */
    files: ArchiveFiles;
  } | null;
}

export const equipmentFleetBody = z.strictObject({
  projectId: projectIdField,
  /** The instant of the summary (a replayed board's clock); absent: now. Utilisation covers its Beijing day up to it. */
  atMs: ms.optional(),
});
export type EquipmentFleetBody = z.input<typeof equipmentFleetBody>;

/** One piece of equipment in the fleet summary. */
export interface FleetEntry {
  sn: string;
  kind: string;
  name: string;
  /** Driver on duty at `atMs`, else null. */
  driverName: string | null;
  /** Time spent lifting (work records) in the Beijing day of `atMs` up to it, as % of the day so far (0–100, 2 decimals). */
  utilisationPct: number;
  /** Lifts started in that day up to `atMs`. */
  lifts: number;
}

/** Answer of equipment/fleet: the project's lifting equipment, in kind then sn order. */
export interface EquipmentFleet {
  atMs: number;
  /** Start of the Beijing day of `atMs` (00:00 UTC+8). */
  dayStartMs: number;
  entries: FleetEntry[];
}

export const workRecordExportBody = z.strictObject({
  projectId: projectIdField,
  sn,
  format: z.enum(['xlsx', 'csv']),
});
export type WorkRecordExportBody = z.input<typeof workRecordExportBody>;

/**
 * The device kinds with a detail modal of lifting equipment and a place in the fleet summary: those whose
 * descriptor has an `equipment` role (protocol/kinds), in registration order.
 */
export const EQUIPMENT_KINDS = DEVICE_KIND_REGISTRY.equipmentKinds as readonly EquipmentKind[];

/** The equipment role of `kind` (its descriptor's `equipment`), or undefined for a kind that is not lifting equipment. */
export function equipmentRoleOf(kind: string): EquipmentRole | undefined {
  return (DEVICE_KIND_REGISTRY.get(kind) as AnyKindDescriptor | undefined)?.equipment;
}

/** Whether `kind` is one of {@link EQUIPMENT_KINDS}. */
export function isEquipmentKind(kind: string): kind is EquipmentKind {
  return (EQUIPMENT_KINDS as readonly string[]).includes(kind);
}

export { BEIJING_OFFSET_MS };

/** Start of the Beijing calendar day (00:00 UTC+8) that holds `ms`, ms since epoch. */
export function beijingDayStart(ms: number): number {
  return Math.floor((ms + BEIJING_OFFSET_MS) / 86_400_000) * 86_400_000 - BEIJING_OFFSET_MS;
}
