import { z } from 'zod';
import { TOPIC_SEGMENT } from './kinds';
import { GENDERS, idNumberField } from './people';
import { beijingDateOf, beijingMidnightOf } from './attendance';

/**
 * The driver register of lifting equipment (docs/api.md "Equipment", docs/domain.md "Driver certificates"):
 * each driver with the special-operation certificate (特种作业操作证) and the machines the driver is assigned
 * to, and the clock-ins the cab terminals report (docs/device-protocol.md "cabFace"). The routes are the
 * contracts of protocol/contracts/equipment.ts (LIFTING_DRIVERS).
 */

/** Most drivers one project registers (the register, its import and the clock-in check stay bounded). */
export const MAX_DRIVERS_PER_PROJECT = 1_000;
/** Most machines one driver is assigned to. */
export const MAX_MACHINES_PER_DRIVER = 50;
/** Most clock-ins one answer of equipment/clockIns holds (newest kept; `truncated` says so). */
export const MAX_CLOCK_IN_ENTRIES = 1_000;
/** Longest range of one equipment/clockIns request (ms): 92 days. */
export const MAX_CLOCK_IN_SPAN_MS = 92 * 86_400_000;

/**
 * Days before its expiry a certificate is listed as expiring (amber): 30. The certificate must be renewed
 * (reviewed) before it lapses (《特种作业人员安全技术培训考核管理规定》, docs/domain.md "Driver certificates").
 */
export const CERTIFICATE_WARNING_DAYS = 30;

/** Where a certificate stands at an instant: `valid`, `expiring` within {@link CERTIFICATE_WARNING_DAYS}, or `expired`. */
export const CERTIFICATE_STATUSES = ['valid', 'expiring', 'expired'] as const;
export type CertificateStatus = (typeof CERTIFICATE_STATUSES)[number];

/**
 * The status of a certificate valid until `expiryMs` (the first instant it is no longer valid, ms since epoch)
 * at `nowMs`: `expired` from `expiryMs` on, `expiring` in the {@link CERTIFICATE_WARNING_DAYS} days before it,
 * else `valid`.
 */
export function certificateStatus(expiryMs: number, nowMs: number): CertificateStatus {
  if (nowMs >= expiryMs) return 'expired';
  if (expiryMs - nowMs <= CERTIFICATE_WARNING_DAYS * 86_400_000) return 'expiring';
  return 'valid';
}

const projectIdField = z.string().min(1).max(64);
const segment = z.string().regex(TOPIC_SEGMENT, { error: 'must be 1–64 of A–Z a–z 0–9 _ -' });
const text = (max: number) => z.string().trim().max(max);
const ms = z.number().int().min(0).max(8.64e15);

/** A driver's register fields (what an administrator types, or a row of the import). */
export const driverFieldsSchema = z
  .strictObject({
    name: text(64).min(1, { error: 'must not be empty' }),
    gender: z.enum(GENDERS).nullable().default(null),
    /** GB 11643-1999 resident ID number with its check character (protocol/idNumber.ts); required. */
    idNumber: idNumberField.refine((s) => s !== '', { error: 'must not be empty' }),
    /** Digits, spaces, `+ - ( )`; empty when unknown. */
    phone: z.string().trim().regex(/^[0-9+()\- ]{0,32}$/, { error: 'must be up to 32 digits, spaces or + - ( )' }),
    /** The card the driver logs in with at the cab or cage (elevators report it); empty when none. */
    cardNo: text(64).default(''),
    /** Special-operation certificate number (特种作业操作证). */
    certificateNo: text(64).min(1, { error: 'must not be empty' }),
    /** Certificate type / work class, e.g. 建筑起重司机（塔式起重机）. */
    certificateType: text(64).min(1, { error: 'must not be empty' }),
    /** The authority that issued the certificate. */
    issuingAuthority: text(128).default(''),
    /** Issued on, ms since epoch; null when unknown. */
    certificateIssuedMs: ms.nullable().default(null),
    /** Valid until: the first instant the certificate is no longer valid, ms since epoch. */
    certificateExpiryMs: ms,
    /** The sns of the machines the driver is assigned to (devices of an equipment kind in the project). */
    machines: z.array(segment).max(MAX_MACHINES_PER_DRIVER).default([]),
  })
  .refine((d) => d.certificateIssuedMs === null || d.certificateIssuedMs < d.certificateExpiryMs, { message: 'must be before the expiry date', path: ['certificateIssuedMs'] });
export type DriverFields = z.output<typeof driverFieldsSchema>;

export const driverListBody = z.strictObject({
  projectId: projectIdField,
  /** Only the drivers assigned to this machine. */
  sn: segment.optional(),
});
export type DriverListBody = z.input<typeof driverListBody>;

export const driverAddBody = z.strictObject({
  projectId: projectIdField,
  /** The driver's id: the id the cab terminals are enrolled with (1–64 of A–Z a–z 0–9 _ -), unique in the project. */
  driverId: segment,
  driver: driverFieldsSchema,
});
export type DriverAddBody = z.input<typeof driverAddBody>;

export const driverEditBody = driverAddBody;
export type DriverEditBody = z.input<typeof driverEditBody>;

/** equipment/driver/importTemplate and equipment/driver/export body: the project. */
export const driverProjectBody = z.strictObject({ projectId: projectIdField });

/**
 * equipment/driver/import body: an .xlsx sheet (base64, at most about 2 MB) in the columns of the template; each
 * row adds a driver or, when its driver id is registered, replaces that driver. All or nothing.
 */
export const driverImportBody = z.strictObject({ projectId: projectIdField, contentBase64: z.string().min(1).max(2_800_000) });
export type DriverImportBody = z.input<typeof driverImportBody>;

export const driverDeleteBody = z.strictObject({ projectId: projectIdField, driverId: segment });

/** A driver of the register as answered, with the certificate's status now. */
export interface LiftingDriver extends Omit<DriverFields, 'idNumber'> {
  driverId: string;
  /** The ID number, masked (protocol/idNumber.ts maskIdNumber) for anyone but project administrators. */
  idNumber: string;
  certificateStatus: CertificateStatus;
}

/** Answer of equipment/driver/list: the drivers by name, with the instant their certificate status is judged at. */
export interface LiftingDriverList {
  atMs: number;
  drivers: LiftingDriver[];
}

/**
 * What the server made of a clock-in: `ok` (a shift opens), `unknownDriver` (no such driver in the register),
 * `notAssigned` (the driver is not assigned to the machine), `certificateExpired`, or `faceMismatch` (the
 * terminal's face match failed: stored, no shift). `unknownDriver`, `notAssigned` and `certificateExpired`
 * raise an alarm on the machine (docs/domain.md "Driver certificates").
 */
export const CLOCK_IN_VERDICTS = ['ok', 'unknownDriver', 'notAssigned', 'certificateExpired', 'faceMismatch'] as const;
export type ClockInVerdict = (typeof CLOCK_IN_VERDICTS)[number];

/** The alarm metric of each verdict that raises one (kind `ai`, level `alarm`, on the machine). */
export const CLOCK_IN_ALARM_METRICS = {
  unknownDriver: 'clockInUnknownDriver',
  notAssigned: 'clockInNotAssigned',
  certificateExpired: 'clockInCertificateExpired',
} as const satisfies Partial<Record<ClockInVerdict, string>>;

export const clockInListBody = z
  .strictObject({
    projectId: projectIdField,
    /** Only the clock-ins at this machine. */
    sn: segment.optional(),
    fromMs: ms,
    toMs: ms,
  })
  .refine((b) => b.toMs > b.fromMs && b.toMs - b.fromMs <= MAX_CLOCK_IN_SPAN_MS, { message: 'toMs must be after fromMs, at most 92 days later', path: ['toMs'] });
export type ClockInListBody = z.input<typeof clockInListBody>;

/** One clock-in as stored: the machine, the terminal, the driver (null when unknown), the verdict and the photo's URL. */
export interface ClockInEntry {
  clockInId: number;
  sn: string;
  terminalSn: string;
  driverId: string | null;
  driverName: string | null;
  atMs: number;
  matched: boolean;
  score: number | null;
  verdict: ClockInVerdict;
  /** The photo on the server's capture route, null when none was sent. */
  photoUrl: string | null;
}

/** Answer of equipment/clockIns: clock-ins in [fromMs, toMs), newest first. */
export interface ClockInList {
  entries: ClockInEntry[];
  truncated: boolean;
}

const DAY_MS = 86_400_000;

/** Start of the Beijing day `date` (exactly YYYY-MM-DD), ms since epoch; NaN for anything else. */
export function beijingDayStartOf(date: string): number {
  return /^\d{4}-\d{2}-\d{2}$/.test(date) ? beijingMidnightOf(date) : Number.NaN;
}

/**
 * A certificate's expiry instant from its last valid day `validUntil` (YYYY-MM-DD, Beijing): the start of
 * the day after, ms; NaN for a bad date. Forms and sheets show the last valid day, the wire carries the instant.
 */
export function certificateExpiryOf(validUntil: string): number {
  return beijingDayStartOf(validUntil) + DAY_MS;
}

/** The last valid day (YYYY-MM-DD, Beijing) of a certificate expiring at `expiryMs`: the inverse of {@link certificateExpiryOf}. */
export function certificateValidUntil(expiryMs: number): string {
  return beijingDateOf(expiryMs - DAY_MS);
}
