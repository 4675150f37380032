import { z } from 'zod';
import {
  auditExportBody,
  auditListBody,
  deviceAddBody,
  deviceEditBody,
  deviceImportBody,
  deviceImportTemplateBody,
  deviceMoveBody,
  deviceRegistryListBody,
  deviceRemoveBody,
  memberListBody,
  memberRemoveBody,
  memberSetBody,
  orgAddBody,
  orgEditBody,
  orgListBody,
  PROJECT_STATES,
  PROJECT_TYPES,
  projectAddBody,
  projectArchiveBody,
  projectDetailsBody,
  projectEditBody,
  projectListBody,
  userAddBody,
  userDisableBody,
  userListBody,
  userResetPasswordBody,
  type AuditPage,
  type ImportResult,
  type Member,
  type Organisation,
  type PasswordReset,
  type ProjectDetails,
  type RegistryDevice,
  type UserInfo,
} from '../admin';
import { roleSchema } from '../roles';
import { DEVICE_KINDS } from '../topics';
import { VEHICLE_SOURCES, VEHICLE_TYPES } from '../kinds/vehicle';
import { XLSX_MEDIA_TYPE } from './alarms';
import { defineContract, fileAnswer, notEnvelope, nullData, shapesAgree, type SameShape } from './define';
import { invitationSentSchema } from './tenancy';

/** An organisation (protocol/admin.ts Organisation). */
export const organisationSchema = z.object({ coId: z.string(), name: z.string(), logo: z.string(), archived: z.boolean() });

/** A project as the administration area shows it (ProjectDetails); the fields as stored, not re-checked. */
export const projectDetailsSchema = z.object({
  projectId: z.string(),
  coId: z.string(),
  coName: z.string(),
  archived: z.boolean(),
  role: roleSchema.nullable(),
  createdAtMs: z.number(),
  name: z.string(),
  projectType: z.enum(PROJECT_TYPES),
  location: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  contractor: z.string(),
  startDate: z.string().nullable(),
  plannedEndDate: z.string().nullable(),
  keyFigures: z.array(z.object({ label: z.string(), value: z.string() })),
  projectState: z.enum(PROJECT_STATES),
  glodonProjectUrl: z.string(),
});

/** A user account (UserInfo). */
export const userInfoSchema = z.object({
  username: z.string(),
  displayName: z.string(),
  isAdmin: z.boolean(),
  disabled: z.boolean(),
  mustChangePassword: z.boolean(),
  wallScreen: z.boolean(),
  memberships: z.array(z.object({ projectId: z.string(), role: roleSchema })),
});

/** A reset password, shown once (PasswordReset). */
export const passwordResetSchema = z.object({ username: z.string(), temporaryPassword: z.string() });

/** A member of a project (Member). */
export const memberSchema = z.object({ username: z.string(), displayName: z.string(), role: roleSchema, disabled: z.boolean(), wallScreen: z.boolean() });

/** A device of the registry with its silence (RegistryDevice). */
export const registryDeviceRowSchema = z.object({
  sn: z.string(),
  kind: z.enum(DEVICE_KINDS),
  name: z.string(),
  station: z.string(),
  position: z.string(),
  tunnelId: z.string().nullable(),
  chainageM: z.number().nullable(),
  reportPeriodS: z.number(),
  gases: z.array(z.string()),
  vehicle: z.object({ plate: z.string(), type: z.enum(VEHICLE_TYPES), driver: z.string(), source: z.enum(VEHICLE_SOURCES) }).nullable(),
  lastSeenMs: z.number().nullable(),
  silent: z.boolean(),
  unconfiguredMetrics: z.array(z.string()),
});

/** The device import's answer (ImportResult): the counts, or every wrong row (then nothing was written). */
export const importResultSchema = z.object({
  imported: z.number(),
  created: z.number(),
  updated: z.number(),
  problems: z.array(z.object({ row: z.number(), field: z.string(), message: z.string() })),
  dryRun: z.boolean(),
});

/** A page of the audit log, newest first (AuditPage). */
export const auditPageSchema = z.object({
  rows: z.array(
    z.object({ auditId: z.number(), atMs: z.number(), username: z.string(), projectId: z.string().nullable(), action: z.string(), target: z.string(), detail: z.string() }),
  ),
  nextBeforeId: z.number().nullable(),
});

shapesAgree<
  [
    SameShape<z.output<typeof organisationSchema>, Organisation>,
    SameShape<z.output<typeof projectDetailsSchema>, ProjectDetails>,
    SameShape<z.output<typeof userInfoSchema>, UserInfo>,
    SameShape<z.output<typeof passwordResetSchema>, PasswordReset>,
    SameShape<z.output<typeof memberSchema>, Member>,
    SameShape<z.output<typeof registryDeviceRowSchema>, RegistryDevice>,
    SameShape<z.output<typeof importResultSchema>, ImportResult>,
    SameShape<z.output<typeof auditPageSchema>, AuditPage>,
  ]
>();

const tag = 'admin';

/**
 * Administration (docs/api.md "Administration"): organisations, projects, users and memberships, the device
 * registry and its import, the audit log. A refused password rule, a last organisation administrator or a
 * wall-screen role mismatch is VALIDATION with the rule as message.
 */
export const ADMIN = {
  orgList: defineContract({ tag, path: '/zhgd/admin/org/list', body: orgListBody, response: z.array(organisationSchema), permission: 'session', summary: "Organisations: every one for an installation administrator, else the caller's" }),
  orgAdd: defineContract({ tag, path: '/zhgd/admin/org/add', body: orgAddBody, response: organisationSchema, permission: 'system', errors: ['CONFLICT'], summary: 'Add an organisation' }),
  orgEdit: defineContract({ tag, path: '/zhgd/admin/org/edit', body: orgEditBody, response: organisationSchema, permission: 'system', errors: ['NOT_FOUND'], summary: 'Rename, change the logo of or archive an organisation' }),
  projectList: defineContract({ tag, path: '/zhgd/admin/project/list', body: projectListBody, response: z.array(projectDetailsSchema), permission: 'session', summary: "Projects: every one for an installation administrator, else the caller's" }),
  projectAdd: defineContract({
    tag,
    path: '/zhgd/admin/project/add',
    body: projectAddBody,
    response: projectDetailsSchema,
    permission: 'system',
    errors: ['NOT_FOUND', 'CONFLICT'],
    summary: 'Add a project to an organisation (the creator becomes its organisation administrator)',
  }),
  projectArchive: defineContract({ tag, path: '/zhgd/admin/project/archive', body: projectArchiveBody, response: projectDetailsSchema, permission: 'system', errors: ['NOT_FOUND'], summary: 'Archive (its devices are disconnected) or restore a project' }),
  projectDetails: defineContract({ tag, path: '/zhgd/admin/project/details', body: projectDetailsBody, response: projectDetailsSchema, permission: 'project.read', errors: ['NOT_FOUND'], summary: "A project's details and the caller's role" }),
  projectEdit: defineContract({ tag, path: '/zhgd/admin/project/edit', body: projectEditBody, response: projectDetailsSchema, permission: 'project.admin', errors: ['NOT_FOUND'], summary: "Change a project's details" }),
  userList: defineContract({ tag, path: '/zhgd/admin/user/list', body: userListBody, response: z.array(userInfoSchema), permission: 'system', summary: 'Every user account with its memberships' }),
  userAdd: defineContract({ tag, path: '/zhgd/admin/user/add', body: userAddBody, response: userInfoSchema, permission: 'system', errors: ['CONFLICT'], summary: 'Add a user account (a first password, to be changed at first login unless not temporary)' }),
  userDisable: defineContract({ tag, path: '/zhgd/admin/user/disable', body: userDisableBody, response: userInfoSchema, permission: 'system', errors: ['NOT_FOUND'], summary: "Disable (its sessions end) or enable a user account; not one's own" }),
  userResetPassword: defineContract({
    tag,
    path: '/zhgd/admin/user/resetPassword',
    body: userResetPasswordBody,
    response: passwordResetSchema,
    permission: 'system',
    errors: ['NOT_FOUND'],
    summary: "Reset a user's password to a temporary one, answered once; the user's sessions end",
  }),
  memberList: defineContract({ tag, path: '/zhgd/admin/member/list', body: memberListBody, response: z.array(memberSchema), permission: 'project.admin', summary: 'The members of a project with their roles' }),
  /**
   * Adds a user the caller already administers (a member of a project of the same organisation; any user for
   * an installation administrator) or changes a member's role, answering the member. Anyone else is invited
   * (HTTP 202, {@link invitationSentSchema}), with the same answer whether the user exists or not.
   */
  memberSet: defineContract({
    tag,
    path: '/zhgd/admin/member/set',
    body: memberSetBody,
    response: z.union([memberSchema, invitationSentSchema]),
    permission: 'project.admin',
    errors: ['NOT_FOUND'],
    summary: "Make a user of the organisation a member or change a member's role; invite anyone else (202, the same answer for an unknown name)",
  }),
  memberRemove: defineContract({ tag, path: '/zhgd/admin/member/remove', body: memberRemoveBody, response: nullData, permission: 'project.admin', summary: 'Remove a member from a project (it keeps an organisation administrator)' }),
  deviceRegistryList: defineContract({ tag, path: '/zhgd/admin/device/list', body: deviceRegistryListBody, response: z.array(registryDeviceRowSchema), permission: 'project.admin', summary: "The project's device registry with each device's silence" }),
  deviceAdd: defineContract({ tag, path: '/zhgd/admin/device/add', body: deviceAddBody, response: nullData, permission: 'project.admin', errors: ['CONFLICT'], summary: "Register a device (with its kind's default thresholds); CONFLICT only when the caller's organisation holds the serial" }),
  deviceEdit: defineContract({ tag, path: '/zhgd/admin/device/edit', body: deviceEditBody, response: nullData, permission: 'project.admin', errors: ['NOT_FOUND'], summary: 'Change a registered device (not its serial number or kind)' }),
  deviceMove: defineContract({
    tag,
    path: '/zhgd/admin/device/move',
    body: deviceMoveBody,
    response: nullData,
    permission: 'project.admin',
    errors: ['NOT_FOUND', 'CONFLICT'],
    summary: 'Move a device to another project the caller administers (its history stays)',
  }),
  deviceRemove: defineContract({ tag, path: '/zhgd/admin/device/remove', body: deviceRemoveBody, response: z.object({ removed: z.number() }), permission: 'project.admin', summary: 'Remove devices from the registry' }),
  deviceImport: defineContract({
    tag,
    path: '/zhgd/admin/device/import',
    body: deviceImportBody,
    response: importResultSchema,
    permission: 'project.admin',
    errors: ['CONFLICT'],
    summary: 'Import a device list (.xlsx or .csv, base64): all rows checked first, nothing written when one is wrong',
  }),
  deviceImportTemplate: defineContract({
    tag,
    path: '/zhgd/admin/device/importTemplate',
    body: deviceImportTemplateBody,
    response: notEnvelope,
    answer: fileAnswer(XLSX_MEDIA_TYPE, 'A device list with the header row of every column admin/device/import reads (IMPORT_COLUMNS) and no device, as an .xlsx file, or CSV (text/csv, UTF-8 with BOM) for format csv'),
    permission: 'project.admin',
    summary: 'The empty device import file to fill in',
  }),
  auditList: defineContract({ tag, path: '/zhgd/admin/audit/list', body: auditListBody, response: auditPageSchema, permission: 'project.admin', summary: 'A page of the audit log, newest first, filtered' }),
  auditExport: defineContract({
    tag,
    path: '/zhgd/admin/audit/export',
    body: auditExportBody,
    response: notEnvelope,
    answer: fileAnswer(XLSX_MEDIA_TYPE, 'The filtered audit log (newest first, at most 50 000 rows) as an .xlsx file, or CSV (text/csv, UTF-8 with BOM) for format csv'),
    permission: 'project.admin',
    summary: 'The filtered audit log as a file',
  }),
} as const;
