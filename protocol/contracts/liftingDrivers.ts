import { z } from 'zod';
import {
  CERTIFICATE_STATUSES,
  CLOCK_IN_VERDICTS,
  clockInListBody,
  driverAddBody,
  driverDeleteBody,
  driverEditBody,
  driverImportBody,
  driverProjectBody,
  driverListBody,
  type ClockInList,
  type LiftingDriver,
  type LiftingDriverList,
} from '../liftingDrivers';
import { GENDERS } from '../people';
import { XLSX_MEDIA_TYPE } from './alarms';
import { defineContract, fileAnswer, notEnvelope, shapesAgree, type SameShape } from './define';

/** One driver of the register (protocol/liftingDrivers.ts LiftingDriver). */
export const liftingDriverSchema = z.object({
  driverId: z.string(),
  name: z.string(),
  gender: z.enum(GENDERS).nullable(),
  idNumber: z.string(),
  phone: z.string(),
  cardNo: z.string(),
  certificateNo: z.string(),
  certificateType: z.string(),
  issuingAuthority: z.string(),
  certificateIssuedMs: z.number().nullable(),
  certificateExpiryMs: z.number(),
  certificateStatus: z.enum(CERTIFICATE_STATUSES),
  machines: z.array(z.string()),
});

/** equipment/driver/list data (LiftingDriverList). */
export const liftingDriverListSchema = z.object({ atMs: z.number(), drivers: z.array(liftingDriverSchema) });

/** equipment/clockIns data (ClockInList). */
export const clockInListSchema = z.object({
  entries: z.array(
    z.object({
      clockInId: z.number(),
      sn: z.string(),
      terminalSn: z.string(),
      driverId: z.string().nullable(),
      driverName: z.string().nullable(),
      atMs: z.number(),
      matched: z.boolean(),
      score: z.number().nullable(),
      verdict: z.enum(CLOCK_IN_VERDICTS),
      photoUrl: z.string().nullable(),
    }),
  ),
  truncated: z.boolean(),
});

/**
 * equipment/driver/import data: how many drivers were added and replaced, or every bad row (`row` as the
 * spreadsheet numbers it, the header being row 1; then nothing was written).
 */
export const driverImportResultSchema = z.object({
  created: z.number(),
  updated: z.number(),
  problems: z.array(z.object({ row: z.number(), field: z.string(), message: z.string() })),
});
export type DriverImportResult = z.output<typeof driverImportResultSchema>;

shapesAgree<
  [
    SameShape<z.output<typeof liftingDriverSchema>, LiftingDriver>,
    SameShape<z.output<typeof liftingDriverListSchema>, LiftingDriverList>,
    SameShape<z.output<typeof clockInListSchema>, ClockInList>,
  ]
>();

const tag = 'equipment';

/**
 * The driver register of lifting equipment and the cab terminals' clock-ins (docs/api.md "Equipment").
 * Members read; changes need `threshold.edit` (project managers and administrators), like the other
 * changes of the equipment screens, and are audited.
 */
export const LIFTING_DRIVERS = {
  driverList: defineContract({ tag, path: '/zhgd/equipment/driver/list', body: driverListBody, response: liftingDriverListSchema, permission: 'project.read', summary: "The project's drivers of lifting equipment with their certificate status" }),
  driverAdd: defineContract({ tag, path: '/zhgd/equipment/driver/add', body: driverAddBody, response: liftingDriverSchema, permission: 'threshold.edit', errors: ['CONFLICT'], summary: 'Register a driver with the certificate and the machines assigned' }),
  driverEdit: defineContract({ tag, path: '/zhgd/equipment/driver/edit', body: driverEditBody, response: liftingDriverSchema, permission: 'threshold.edit', errors: ['NOT_FOUND', 'CONFLICT'], summary: 'Change a driver' }),
  driverDelete: defineContract({ tag, path: '/zhgd/equipment/driver/delete', body: driverDeleteBody, response: z.object({ driverId: z.string() }), permission: 'threshold.edit', errors: ['NOT_FOUND'], summary: 'Remove a driver (past clock-ins stay)' }),
  driverImport: defineContract({ tag, path: '/zhgd/equipment/driver/import', body: driverImportBody, response: driverImportResultSchema, permission: 'threshold.edit', summary: 'Add or replace drivers from .xlsx; nothing written on any bad row (audited)' }),
  driverImportTemplate: defineContract({
    tag,
    path: '/zhgd/equipment/driver/importTemplate',
    body: driverProjectBody,
    response: notEnvelope,
    answer: fileAnswer(XLSX_MEDIA_TYPE, 'The header row equipment/driver/import reads and one example driver, as an .xlsx file'),
    permission: 'threshold.edit',
    summary: 'The driver import file to fill in',
  }),
  driverExport: defineContract({
    tag,
    path: '/zhgd/equipment/driver/export',
    body: driverProjectBody,
    response: notEnvelope,
    answer: fileAnswer(XLSX_MEDIA_TYPE, 'The drivers as an .xlsx file in the import columns (it imports as it is; ID numbers masked as equipment/driver/list masks them)'),
    permission: 'threshold.edit',
    summary: 'The driver register as a file (audited)',
  }),
  clockIns: defineContract({ tag, path: '/zhgd/equipment/clockIns', body: clockInListBody, response: clockInListSchema, permission: 'project.read', summary: 'Clock-ins reported by the cab terminals, newest first' }),
} as const;
