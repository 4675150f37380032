import { z } from 'zod';
import { DEVICE_KINDS, type DeviceKind } from './topics';
import { GAS_CODES } from './gases';
import { VEHICLE_SOURCES, VEHICLE_TYPES } from './kinds/vehicle';
import { isVehicleKind } from './kinds';
import { roleSchema, type Role } from './roles';

/** Bodies and answers of the administration routes (their contracts: protocol/contracts/admin.ts; docs/api.md "Administration"). */
const idField = z.string().trim().regex(/^[A-Za-z0-9_-]{1,64}$/, { error: 'letters, digits, - and _ only, at most 64' });
const nameField = z.string().trim().min(1, { error: 'required' }).max(200);
const projectIdField = z.string().min(1).max(64);
const dateField = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'a date YYYY-MM-DD' });

export const passwordChangeBody = z.strictObject({ currentPassword: z.string().min(1).max(256), newPassword: z.string().min(1).max(256) });

/** An organisation (a company); its projects carry its id as `coId`. */
export interface Organisation {
  coId: string;
  name: string;
  logo: string;
  archived: boolean;
}
export const orgListBody = z.strictObject({});
export const orgAddBody = z.strictObject({ coId: idField, name: nameField, logo: z.string().max(2000).optional() });
export const orgEditBody = z.strictObject({
  coId: idField,
  name: nameField.optional(),
  logo: z.string().max(2000).optional(),
  archived: z.boolean().optional(),
});

export const PROJECT_TYPES = ['tunnel', 'bridge', 'road'] as const;
export type ProjectType = (typeof PROJECT_TYPES)[number];

/**
 * A project's construction state, set by its administrators (docs/domain.md "Company homepage"):
 * `preparing` (before the works start), `underConstruction`, `suspended` (works stopped by order or season),
 * `completed` (handed over).
 */
export const PROJECT_STATES = ['preparing', 'underConstruction', 'suspended', 'completed'] as const;
export type ProjectState = (typeof PROJECT_STATES)[number];

/** An external project link (`glodonProjectUrl`): an absolute http(s) URL, at most 2000 characters; '' for none. */
export const externalUrlField = z
  .string()
  .trim()
  .max(2000)
  .refine((s) => s === '' || /^https?:\/\/[^\s]+$/i.test(s), { error: 'an http:// or https:// address' });

/** A headline figure of a project shown on its home page, e.g. `{ label: 'Length', value: '4.2 km' }`. */
export interface KeyFigure {
  label: string;
  value: string;
}
const keyFigureSchema = z.strictObject({ label: z.string().trim().min(1).max(60), value: z.string().trim().min(1).max(60) });

/** Project details editable by the project's administrators; coordinates are WGS 84 degrees. */
export const projectFieldsSchema = z.strictObject({
  name: nameField,
  projectType: z.enum(PROJECT_TYPES),
  location: z.string().trim().max(200),
  latitude: z.number().min(-90).max(90).nullable(),
  longitude: z.number().min(-180).max(180).nullable(),
  contractor: z.string().trim().max(200),
  startDate: dateField.nullable(),
  plannedEndDate: dateField.nullable(),
  keyFigures: z.array(keyFigureSchema).max(12),
  projectState: z.enum(PROJECT_STATES),
  glodonProjectUrl: externalUrlField,
});
export type ProjectFields = z.infer<typeof projectFieldsSchema>;

/** A project as the administration area shows it. `role` is the caller's (null for an installation administrator who is not a member). */
export interface ProjectDetails extends ProjectFields {
  projectId: string;
  coId: string;
  coName: string;
  archived: boolean;
  role: Role | null;
  createdAtMs: number;
}

export const projectListBody = z.strictObject({ includeArchived: z.boolean().optional() });
export const projectAddBody = z.strictObject({ coId: idField, projectId: idField, ...projectFieldsSchema.partial().shape, name: nameField });
export const projectArchiveBody = z.strictObject({ projectId: projectIdField, archived: z.boolean() });
export const projectDetailsBody = z.strictObject({ projectId: projectIdField });
export const projectEditBody = z.strictObject({ projectId: projectIdField, ...projectFieldsSchema.partial().shape });

/** A user as the administration area lists them. */
export interface UserInfo {
  username: string;
  displayName: string;
  isAdmin: boolean;
  disabled: boolean;
  mustChangePassword: boolean;
  wallScreen: boolean;
  memberships: { projectId: string; role: Role }[];
}

const usernameField = z.string().trim().regex(/^[A-Za-z0-9_.@-]{2,64}$/, { error: 'letters, digits, . _ @ - only, 2 to 64' });
export const userListBody = z.strictObject({});
/**
 * A new user. The password is the first one: the user must choose their own at first login unless
 * `temporary` is false (wall-screen accounts are set up once by an administrator).
 */
export const userAddBody = z.strictObject({
  username: usernameField,
  displayName: nameField,
  password: z.string().min(1).max(256),
  temporary: z.boolean().optional(),
  wallScreen: z.boolean().optional(),
  isAdmin: z.boolean().optional(),
});
export const userDisableBody = z.strictObject({ username: usernameField, disabled: z.boolean() });
export const userResetPasswordBody = z.strictObject({ username: usernameField });
/** A reset password: shown once to the administrator, who passes it on; the user must change it at next login. */
export interface PasswordReset {
  username: string;
  temporaryPassword: string;
}

/** A member of a project. */
export interface Member {
  username: string;
  displayName: string;
  role: Role;
  disabled: boolean;
  wallScreen: boolean;
}
export const memberListBody = z.strictObject({ projectId: projectIdField });
export const memberSetBody = z.strictObject({ projectId: projectIdField, username: usernameField, role: roleSchema });
export const memberRemoveBody = z.strictObject({ projectId: projectIdField, username: usernameField });

/** Devices silent for this many reporting periods are listed as not reporting (docs/api.md). */
export const SILENT_PERIODS = 3;

/** A device of the registry. */
export interface RegistryDevice {
  sn: string;
  kind: DeviceKind;
  name: string;
  station: string;
  position: string;
  tunnelId: string | null;
  chainageM: number | null;
  reportPeriodS: number;
  /** Gases a gas station measures (empty for other kinds). */
  gases: string[];
  /** A construction vehicle's plate, type, driver and source (null for other kinds). */
  vehicle: VehicleFields | null;
  lastSeenMs: number | null;
  /** Never reported, or silent for more than {@link SILENT_PERIODS} reporting periods. */
  silent: boolean;
  /**
   * Metrics the device reports with no threshold of its own, judged on the kind's defaults until an
   * administrator confirms the default (threshold/reset of those metrics) or sets a threshold
   * (docs/domain.md "Unconfigured metrics"). Empty for most devices.
   */
  unconfiguredMetrics: string[];
}

/**
 * What the registry knows of a construction vehicle (docs/domain.md "Vehicles in the tunnel"): its plate
 * (licence or site number), type, driver and whose it is. Only devices of a vehicle kind carry them.
 */
export const vehicleFieldsSchema = z.strictObject({
  plate: z.string().trim().min(1, { error: 'a plate or site number' }).max(32),
  type: z.enum(VEHICLE_TYPES, { error: `one of ${VEHICLE_TYPES.join(', ')}` }),
  driver: z.string().trim().max(64).default(''),
  source: z.enum(VEHICLE_SOURCES, { error: `one of ${VEHICLE_SOURCES.join(', ')}` }),
});
export type VehicleFields = z.output<typeof vehicleFieldsSchema>;

/**
 * One device as written by a person or an import row. `sn` is a topic segment (it is part of the device's
 * MQTT topic); the reporting period is in seconds (1 s to 1 day).
 */
export const registryDeviceSchema = z.strictObject({
  sn: z.string().trim().regex(/^[A-Za-z0-9_.-]{1,64}$/, { error: 'letters, digits, . _ - only, at most 64' }),
  kind: z.enum(DEVICE_KINDS, { error: `one of ${DEVICE_KINDS.join(', ')}` }),
  name: nameField,
  station: z.string().trim().max(100).default(''),
  position: z.string().trim().max(200).default(''),
  tunnelId: z.string().trim().max(64).nullable().default(null),
  chainageM: z.number().min(-1e6).max(1e7).nullable().default(null),
  reportPeriodS: z.number().min(1, { error: 'at least 1 s' }).max(86_400, { error: 'at most 86400 s' }),
  gases: z.array(z.enum(GAS_CODES)).max(GAS_CODES.length).default([]),
  /** Vehicle fields, for devices of a vehicle kind only (isVehicleKind); null otherwise. */
  vehicle: vehicleFieldsSchema.nullable().default(null),
});
/**
 * Why a device's vehicle fields do not fit its kind: a vehicle kind (isVehicleKind) needs them, any other
 * kind has none. @returns the message, or null when they fit.
 */
export function vehicleFieldsProblem(kind: string, vehicle: VehicleFields | null): string | null {
  if (isVehicleKind(kind)) return vehicle ? null : 'a vehicle needs its plate, vehicleType and source';
  return vehicle ? 'only vehicles have plate, vehicleType, driver and source' : null;
}

export type RegistryDeviceInput = z.input<typeof registryDeviceSchema>;

export const deviceRegistryListBody = z.strictObject({ projectId: projectIdField, silentOnly: z.boolean().optional() });
export const deviceAddBody = z.strictObject({ projectId: projectIdField, device: registryDeviceSchema });
export const deviceEditBody = z.strictObject({
  projectId: projectIdField,
  sn: z.string().min(1).max(64),
  device: registryDeviceSchema.omit({ sn: true, kind: true }).partial(),
});
export const deviceMoveBody = z.strictObject({ projectId: projectIdField, sn: z.string().min(1).max(64), toProjectId: projectIdField });
export const deviceRemoveBody = z.strictObject({ projectId: projectIdField, sns: z.array(z.string().min(1).max(64)).min(1).max(500) });

/** Largest import file, decoded: 2 MiB (a few thousand rows). */
export const MAX_IMPORT_BYTES = 2 * 1024 * 1024;
/** Most rows one import takes. */
export const MAX_IMPORT_ROWS = 5000;
/**
 * Import of a device list: the file as base64, `.xlsx` or `.csv` (UTF-8, comma separated), first row the
 * column names of {@link IMPORT_COLUMNS}. All rows are validated first; when any row is wrong nothing is
 * written and every wrong row is reported. `dryRun` validates only.
 */
export const deviceImportBody = z.strictObject({
  projectId: projectIdField,
  format: z.enum(['xlsx', 'csv']),
  contentBase64: z.string().min(1).max(Math.ceil((MAX_IMPORT_BYTES * 4) / 3) + 4),
  dryRun: z.boolean().optional(),
});
/**
 * Columns of an import file (header names, case-insensitive); `gases` is a `;`-separated list. A camera's
 * stream source (protocol/video.ts) is `streamSource` (`rtsp`, `hls`, `demo` or empty: left as it is) with
 * `mainUrl` and `subUrl`, checked like admin/camera/streamSet; `plate`, `vehicleType` (VEHICLE_TYPES), `driver`
 * and `source` (VEHICLE_SOURCES) are a vehicle's, empty for other kinds.
 */
export const IMPORT_COLUMNS = ['sn', 'kind', 'name', 'station', 'position', 'tunnelId', 'chainageM', 'reportPeriodS', 'gases', 'streamSource', 'mainUrl', 'subUrl', 'plate', 'vehicleType', 'driver', 'source'] as const;
/** admin/device/importTemplate: the empty import file of a project, `.xlsx` or `.csv`. */
export const deviceImportTemplateBody = z.strictObject({ projectId: projectIdField, format: z.enum(['xlsx', 'csv']) });
/** One problem of one import row: `row` is the file's row number (the header is row 1). */
export interface ImportProblem {
  row: number;
  field: string;
  message: string;
}
/** The import's answer: how many devices were added or updated, or the problems (then nothing was written). */
export interface ImportResult {
  imported: number;
  created: number;
  updated: number;
  problems: ImportProblem[];
  dryRun: boolean;
}

/** One audit log entry. */
export interface AuditEntry {
  auditId: number;
  atMs: number;
  username: string;
  projectId: string | null;
  action: string;
  target: string;
  detail: string;
}
const auditFilter = {
  projectId: projectIdField,
  /** Text found in user, action, target or detail (case-insensitive). */
  q: z.string().trim().max(100).optional(),
  action: z.string().max(60).optional(),
  fromMs: z.number().optional(),
  toMs: z.number().optional(),
};
export const auditListBody = z.strictObject({ ...auditFilter, beforeId: z.number().int().optional(), limit: z.number().int().min(1).max(500).optional() });
export const auditExportBody = z.strictObject({ ...auditFilter, format: z.enum(['xlsx', 'csv']) });
export interface AuditPage {
  rows: AuditEntry[];
  /** Pass as `beforeId` for the next page; null at the end. */
  nextBeforeId: number | null;
}
/** Most rows one audit export holds (newest first). */
export const MAX_AUDIT_EXPORT_ROWS = 50_000;
