import { z } from 'zod';
import {
  equipmentArchiveBody,
  equipmentAttendanceBody,
  equipmentDriversBody,
  equipmentFleetBody,
  workRecordExportBody,
  type EquipmentArchive,
  type EquipmentAttendance,
  type EquipmentDrivers,
  type EquipmentFleet,
} from '../equipment';
import { archiveExportBody, archiveFilesSchema, archiveSaveBody } from '../equipmentArchive';
import {
  thresholdAuditBody,
  thresholdGetBody,
  thresholdResetBody,
  thresholdSetBody,
  thresholdTargetSchema,
  workRecordListBody,
  type ThresholdAuditPage,
  type ThresholdView,
  type WorkRecordPage,
} from '../fleet';
import { thresholdSchema } from '../thresholds';
import { XLSX_MEDIA_TYPE } from './alarms';
import { defineContract, fileAnswer, notEnvelope, shapesAgree, type SameShape } from './define';

/** threshold/get, set and reset data (protocol/fleet.ts ThresholdView). */
export const thresholdViewSchema = z.object({
  projectId: z.string(),
  target: thresholdTargetSchema,
  kind: z.string(),
  entries: z.array(z.object({ threshold: thresholdSchema, defaultThreshold: thresholdSchema.nullable(), edited: z.boolean() })),
});

/** threshold/audit data (ThresholdAuditPage). */
export const thresholdAuditPageSchema = z.object({
  entries: z.array(
    z.object({
      auditId: z.number(),
      projectId: z.string(),
      target: thresholdTargetSchema,
      kind: z.string(),
      metric: z.string(),
      action: z.enum(['set', 'reset']),
      oldThreshold: thresholdSchema.nullable(),
      newThreshold: thresholdSchema.nullable(),
      changedBy: z.string(),
      changedAtMs: z.number(),
    }),
  ),
  nextBeforeId: z.number().nullable(),
});

/** work/records data (WorkRecordPage). */
export const workRecordPageSchema = z.object({
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  list: z.array(
    z.object({
      recordId: z.number(),
      projectId: z.string(),
      sn: z.string(),
      kind: z.string(),
      startedAtMs: z.number(),
      endedAtMs: z.number(),
      durationS: z.number(),
      peakLoadT: z.number(),
      peakMomentPct: z.number(),
      alarms: z.number(),
      cage: z.enum(['left', 'right']).nullable(),
      startFloor: z.number().nullable(),
      endFloor: z.number().nullable(),
    }),
  ),
});

/** equipment/drivers data (protocol/equipment.ts EquipmentDrivers). */
export const equipmentDriversSchema = z.object({
  sn: z.string(),
  atMs: z.number(),
  drivers: z.array(
    z.object({
      driverId: z.string(),
      name: z.string(),
      cardNo: z.string(),
      certificateNo: z.string(),
      certificateExpiryMs: z.number(),
      phone: z.string(),
      onDuty: z.boolean(),
      clockInMs: z.number().nullable(),
    }),
  ),
});

/** equipment/attendance data (EquipmentAttendance). */
export const equipmentAttendanceSchema = z.object({
  sn: z.string(),
  fromMs: z.number(),
  toMs: z.number(),
  entries: z.array(z.object({ attendanceId: z.number(), driverId: z.string(), driverName: z.string(), clockInMs: z.number(), clockOutMs: z.number().nullable(), hours: z.number() })),
  totals: z.array(z.object({ driverId: z.string(), driverName: z.string(), shifts: z.number(), hours: z.number() })),
  truncated: z.boolean(),
});

/** equipment/archive and equipment/archive/save data (EquipmentArchive). */
export const equipmentArchiveSchema = z.object({
  sn: z.string(),
  archive: z
    .object({
      model: z.string(),
      maker: z.string(),
      serialNo: z.string(),
      ratedLoadT: z.number().nullable(),
      ratedMomentKnm: z.number().nullable(),
      maxHeightM: z.number().nullable(),
      maxSpanM: z.number().nullable(),
      manufacturedAtMs: z.number().nullable(),
      propertyUnit: z.string(),
      installationUnit: z.string(),
      installedAtMs: z.number().nullable(),
      registrationNo: z.string(),
      inspectionReportNo: z.string(),
      lastInspectionMs: z.number().nullable(),
      nextInspectionMs: z.number().nullable(),
      documents: z.array(z.object({ title: z.string(), reference: z.string(), issuedAtMs: z.number().nullable() })),
      files: archiveFilesSchema,
    })
    .nullable(),
});

/** equipment/fleet data (EquipmentFleet). */
export const equipmentFleetSchema = z.object({
  atMs: z.number(),
  dayStartMs: z.number(),
  entries: z.array(z.object({ sn: z.string(), kind: z.string(), name: z.string(), driverName: z.string().nullable(), utilisationPct: z.number(), lifts: z.number() })),
});

shapesAgree<
  [
    SameShape<z.output<typeof thresholdViewSchema>, ThresholdView>,
    SameShape<z.output<typeof thresholdAuditPageSchema>, ThresholdAuditPage>,
    SameShape<z.output<typeof workRecordPageSchema>, WorkRecordPage>,
    SameShape<z.output<typeof equipmentDriversSchema>, EquipmentDrivers>,
    SameShape<z.output<typeof equipmentAttendanceSchema>, EquipmentAttendance>,
    SameShape<z.output<typeof equipmentArchiveSchema>, EquipmentArchive>,
    SameShape<z.output<typeof equipmentFleetSchema>, EquipmentFleet>,
  ]
>();

const tag = 'equipment';

/** Thresholds and work records of the equipment fleet (docs/api.md "Thresholds", "Work records"). */
export const FLEET = {
  thresholdGet: defineContract({ tag, path: '/zhgd/threshold/get', body: thresholdGetBody, response: thresholdViewSchema, permission: 'project.read', errors: ['NOT_FOUND'], summary: "A device's thresholds, or a kind's defaults in a project" }),
  thresholdSet: defineContract({ tag, path: '/zhgd/threshold/set', body: thresholdSetBody, response: thresholdViewSchema, permission: 'threshold.edit', errors: ['NOT_FOUND'], summary: 'Set the listed metrics of a device or of a kind' }),
  thresholdReset: defineContract({ tag, path: '/zhgd/threshold/reset', body: thresholdResetBody, response: thresholdViewSchema, permission: 'threshold.edit', errors: ['NOT_FOUND'], summary: 'Reset the listed metrics (or all) to the defaults' }),
  thresholdAudit: defineContract({ tag, path: '/zhgd/threshold/audit', body: thresholdAuditBody, response: thresholdAuditPageSchema, permission: 'project.read', summary: 'Threshold changes of a project, newest first' }),
  workRecordList: defineContract({ tag, path: '/zhgd/work/records', body: workRecordListBody, response: workRecordPageSchema, permission: 'project.read', summary: 'Lifts detected from telemetry, newest first, paged' }),
} as const;

/**
 * Drivers, clock-in, archive and fleet overview of lifting equipment (docs/api.md "Equipment"). Members read;
 * saving an archive needs `threshold.edit`, like the driver register's changes.
 */
export const EQUIPMENT = {
  drivers: defineContract({ tag, path: '/zhgd/equipment/drivers', body: equipmentDriversBody, response: equipmentDriversSchema, permission: 'project.read', summary: "A device's drivers, with who is on duty" }),
  attendance: defineContract({ tag, path: '/zhgd/equipment/attendance', body: equipmentAttendanceBody, response: equipmentAttendanceSchema, permission: 'project.read', summary: "Clock-in and clock-out of a device's drivers" }),
  archive: defineContract({ tag, path: '/zhgd/equipment/archive', body: equipmentArchiveBody, response: equipmentArchiveSchema, permission: 'project.read', summary: "A device's archive: model, maker, dates, documents" }),
  archiveSave: defineContract({
    tag,
    path: '/zhgd/equipment/archive/save',
    body: archiveSaveBody,
    response: equipmentArchiveSchema,
    permission: 'threshold.edit',
    errors: ['NOT_FOUND'],
    summary: "Create or replace a lifting machine's archive and its files (audited)",
  }),
  archiveExport: defineContract({
    tag,
    path: '/zhgd/equipment/archive/export',
    body: archiveExportBody,
    response: notEnvelope,
    answer: fileAnswer(XLSX_MEDIA_TYPE, "The project's lifting equipment with its archive, one row per machine, as an .xlsx file"),
    permission: 'project.read',
    summary: "The fleet's archives as a file",
  }),
  fleet: defineContract({ tag, path: '/zhgd/equipment/fleet', body: equipmentFleetBody, response: equipmentFleetSchema, permission: 'project.read', summary: 'Every piece of lifting equipment: driver on duty and utilisation' }),
  workRecordExport: defineContract({
    tag,
    path: '/zhgd/work/export',
    body: workRecordExportBody,
    response: notEnvelope,
    answer: fileAnswer(XLSX_MEDIA_TYPE, "A device's work records as an .xlsx file, or CSV (text/csv, UTF-8 with BOM) for format csv"),
    permission: 'project.read',
    summary: "A device's work records as a file",
  }),
} as const;
