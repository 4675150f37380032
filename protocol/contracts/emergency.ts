import { z } from 'zod';
import { ACCIDENT_TYPES, EMERGENCY_REGISTERS, MAX_EMERGENCY_RECORDS, RISK_LEVELS, emergencyFieldsSchema, emergencyRecordSchema } from '../emergency';
import { defineContract, fileAnswer, notEnvelope } from './define';
import { XLSX_MEDIA_TYPE } from './alarms';

/**
 * Emergency resources (docs/api.md "Emergency resources"): the risk sources, plans, materials and supply
 * points of a project; members read them, administrators (`project.admin`) change them, audited.
 */

const projectId = z.string().min(1).max(64);
const recordId = z.number().int().min(1);

/** emergency/list and emergency/export body: one register, filtered by text, bore and risk level. */
export const emergencyListBody = z.strictObject({
  projectId,
  register: z.enum(EMERGENCY_REGISTERS),
  /** Text in any of the record's fields (case-insensitive). */
  q: z.string().trim().max(100).optional(),
  /** Supply points of this bore only. */
  tunnelId: z.string().trim().min(1).max(64).optional(),
  /** Risk sources of this level only. */
  level: z.enum(RISK_LEVELS).optional(),
});
export type EmergencyListBody = z.input<typeof emergencyListBody>;

/** emergency/save body: a new record (no `recordId`) or the new fields of one. */
export const emergencySaveBody = z.strictObject({ projectId, recordId: recordId.optional(), record: emergencyFieldsSchema });
export type EmergencySaveBody = z.input<typeof emergencySaveBody>;

export const emergencyDeleteBody = z.strictObject({ projectId, recordIds: z.array(recordId).min(1).max(500) });

/** emergency/material/import body: an .xlsx sheet with the columns species, quantity, unit, section. */
export const materialImportBody = z.strictObject({
  projectId,
  contentBase64: z.string().min(1).max(2_800_000),
  /** Replace the whole material register (default), or append the rows. */
  replace: z.boolean().default(true),
});
export const materialImportResultSchema = z.object({
  imported: z.number(),
  problems: z.array(z.object({ row: z.number(), field: z.string(), message: z.string() })),
});
export type MaterialImportResult = z.output<typeof materialImportResultSchema>;

/**
 * emergency/nearby body: a place in a bore (an alarm's location: `chainageM` in m from the bore's entry portal,
 * as positions are), and the accident types it concerns.
 */
export const emergencyNearbyBody = z.strictObject({
  projectId,
  tunnelId: z.string().trim().min(1).max(64).nullable(),
  chainageM: z.number().finite().min(0).nullable(),
  accidentTypes: z.array(z.enum(ACCIDENT_TYPES)).max(ACCIDENT_TYPES.length).default([]),
});
export type EmergencyNearbyBody = z.input<typeof emergencyNearbyBody>;

const supplyPointRecord = emergencyRecordSchema.options[3];
const planRecord = emergencyRecordSchema.options[1];

/** emergency/nearby data: the nearest supply points of the bore (distance in m) and the plans with their contacts. */
export const emergencyNearbySchema = z.object({
  supplyPoints: z.array(supplyPointRecord.extend({ distanceM: z.number() })),
  plans: z.array(planRecord),
});
export type EmergencyNearby = z.output<typeof emergencyNearbySchema>;

export const emergencyListSchema = z.object({ total: z.number(), list: z.array(emergencyRecordSchema) });

const tag = 'emergency';

/** The emergency routes (docs/api.md "Emergency resources"). */
export const EMERGENCY = {
  list: defineContract({ tag, path: '/zhgd/emergency/list', body: emergencyListBody, response: emergencyListSchema, permission: 'project.read', summary: `One emergency register, filtered (at most ${MAX_EMERGENCY_RECORDS} records)` }),
  save: defineContract({ tag, path: '/zhgd/emergency/save', body: emergencySaveBody, response: emergencyRecordSchema, permission: 'project.admin', errors: ['NOT_FOUND'], summary: 'Add or edit a risk source, plan, material or supply point (audited)' }),
  delete: defineContract({ tag, path: '/zhgd/emergency/delete', body: emergencyDeleteBody, response: z.object({ deleted: z.number() }), permission: 'project.admin', summary: 'Delete emergency records (audited)' }),
  export: defineContract({
    tag,
    path: '/zhgd/emergency/export',
    body: emergencyListBody,
    response: notEnvelope,
    answer: fileAnswer(XLSX_MEDIA_TYPE, 'One emergency register, filtered, as an .xlsx file'),
    permission: 'project.read',
    summary: 'One emergency register as a file',
  }),
  materialImport: defineContract({ tag, path: '/zhgd/emergency/material/import', body: materialImportBody, response: materialImportResultSchema, permission: 'project.admin', summary: 'Import the emergency materials from .xlsx; nothing written on any bad row (audited)' }),
  nearby: defineContract({ tag, path: '/zhgd/emergency/nearby', body: emergencyNearbyBody, response: emergencyNearbySchema, permission: 'project.read', summary: "The supply points nearest a place in a bore and the plans' contacts (an alarm's detail)" }),
} as const;
