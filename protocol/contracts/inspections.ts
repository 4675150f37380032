import { z } from 'zod';
import { INSPECTION_CATEGORIES, INSPECTION_SEVERITIES, INSPECTION_STATES, REVIEW_RESULTS, inspectionDateSchema } from '../inspections';
import { attachmentSchema } from '../attachments';
import { defineContract, fileAnswer, notEnvelope } from './define';
import { XLSX_MEDIA_TYPE } from './alarms';

/**
 * Quality and safety inspections (docs/api.md "Inspections"): members read them and the summaries; project
 * managers and administrators (`zone.edit`) record issues, rectifications and reviews, audited.
 */

const projectId = z.string().min(1).max(64);
const inspectionId = z.number().int().min(1);

/** Most photos of an issue, and of its rectification (a few views of one defect; docs/domain.md "Inspections"). */
export const MAX_INSPECTION_PHOTOS = 6;

/** Photo ids (uploads of the project, docs/api.md "Attachments"; JPEG or PNG only), each once. */
const photoIds = z
  .array(z.number().int().positive())
  .max(MAX_INSPECTION_PHOTOS)
  .refine((ids) => new Set(ids).size === ids.length, 'an attachment is named twice');

/** Where an issue is: a bore and chainage, or a place in words (or both). */
const locationFields = {
  tunnelId: z.string().trim().min(1).max(64).nullable().default(null),
  chainageM: z.number().finite().min(0).max(1_000_000).nullable().default(null),
  place: z.string().trim().max(200).default(''),
};

/** The fields of an issue as recorded (inspection/save). */
export const inspectionFieldsSchema = z
  .strictObject({
    category: z.enum(INSPECTION_CATEGORIES),
    issue: z.string().trim().min(1, 'required').max(2000),
    ...locationFields,
    severity: z.enum(INSPECTION_SEVERITIES),
    company: z.string().trim().min(1, 'required').max(64),
    foundOn: inspectionDateSchema,
    deadline: inspectionDateSchema,
    inspector: z.string().trim().max(64).default(''),
    /** A note on the photos in words (records from before photos attached have only this). */
    photoNote: z.string().trim().max(500).default(''),
  })
  .refine((f) => f.deadline >= f.foundOn, { message: 'the deadline is before the day it was found', path: ['deadline'] })
  .refine((f) => (f.tunnelId === null) === (f.chainageM === null), { message: 'a bore needs a chainage and a chainage a bore', path: ['chainageM'] })
  .refine((f) => f.tunnelId !== null || f.place !== '', { message: 'give a bore and chainage or a place', path: ['place'] });
export type InspectionFields = z.output<typeof inspectionFieldsSchema>;
export type InspectionFieldsInput = z.input<typeof inspectionFieldsSchema>;

/** One inspection as answered: its fields, rectification, review and where it stands. */
export const inspectionSchema = z.object({
  inspectionId: z.number(),
  category: z.enum(INSPECTION_CATEGORIES),
  issue: z.string(),
  tunnelId: z.string().nullable(),
  chainageM: z.number().nullable(),
  place: z.string(),
  severity: z.enum(INSPECTION_SEVERITIES),
  company: z.string(),
  foundOn: z.string(),
  deadline: z.string(),
  inspector: z.string(),
  photoNote: z.string(),
  /** Photos of the issue, in upload order (their files: attachment/file). */
  attachments: z.array(attachmentSchema),
  rectification: z.string(),
  /** Photos of the rectification, in upload order. */
  rectificationAttachments: z.array(attachmentSchema),
  rectifiedOn: z.string().nullable(),
  review: z.enum(REVIEW_RESULTS).nullable(),
  reviewer: z.string(),
  reviewNote: z.string(),
  reviewedAtMs: z.number().nullable(),
  state: z.enum(INSPECTION_STATES),
  overdue: z.boolean(),
  updatedAtMs: z.number(),
});
export type Inspection = z.output<typeof inspectionSchema>;

/** inspection/list and inspection/export body: filters; `state` `overdue` means overdue by the rule of docs/domain.md. */
export const inspectionListBody = z.strictObject({
  projectId,
  category: z.enum(INSPECTION_CATEGORIES).optional(),
  company: z.string().trim().min(1).max(64).optional(),
  severity: z.enum(INSPECTION_SEVERITIES).optional(),
  state: z.enum([...INSPECTION_STATES, 'overdue']).optional(),
  /** Found on or after / on or before these dates. */
  from: inspectionDateSchema.optional(),
  to: inspectionDateSchema.optional(),
  q: z.string().trim().max(100).optional(),
  offset: z.number().int().min(0).default(0),
  limit: z.number().int().min(1).max(500).default(100),
});
export type InspectionListBody = z.input<typeof inspectionListBody>;
export const inspectionListSchema = z.object({ total: z.number(), list: z.array(inspectionSchema) });

/**
 * inspection/save body. `attachmentIds`: the issue's photos from now on (those dropped are deleted); omitted
 * on an edit, the photos stay.
 */
export const inspectionSaveBody = z.strictObject({ projectId, inspectionId: inspectionId.optional(), inspection: inspectionFieldsSchema, attachmentIds: photoIds.optional() });
export type InspectionSaveBody = z.input<typeof inspectionSaveBody>;
/** inspection/rectify body: a new rectification replaces an earlier (rejected) one, its photos too. */
export const inspectionRectifyBody = z.strictObject({
  projectId,
  inspectionId,
  rectification: z.string().trim().min(1, 'required').max(2000),
  rectifiedOn: inspectionDateSchema,
  rectificationAttachmentIds: photoIds.default([]),
});
export type InspectionRectifyBody = z.input<typeof inspectionRectifyBody>;
export const inspectionReviewBody = z.strictObject({ projectId, inspectionId, result: z.enum(REVIEW_RESULTS), note: z.string().trim().max(1000).default('') });
export const inspectionDeleteBody = z.strictObject({ projectId, ids: z.array(inspectionId).min(1).max(500) });

/** Days a summary's trend covers at most. */
export const MAX_TREND_DAYS = 90;

/** safety/statis and quality/statis body: the trend's length in days (default 30). */
export const inspectionStatisBody = z.strictObject({ projectId, days: z.number().int().min(1).max(MAX_TREND_DAYS).default(30) });

const counts = { total: z.number(), open: z.number(), awaitingReview: z.number(), closed: z.number(), overdue: z.number() };
/** One category's summary: counts, per responsible company, and issues found and closed per day. */
export const inspectionStatisSchema = z.object({
  ...counts,
  byCompany: z.array(z.object({ company: z.string(), ...counts })),
  /** Per Beijing day, oldest first: issues found that day, and reviews passed that day. */
  trend: z.array(z.object({ day: z.string(), found: z.number(), closed: z.number() })),
});
export type InspectionStatis = z.output<typeof inspectionStatisSchema>;

const tag = 'inspections';

/** The inspection routes (docs/api.md "Inspections"). */
export const INSPECTIONS = {
  list: defineContract({ tag, path: '/zhgd/inspection/list', body: inspectionListBody, response: inspectionListSchema, permission: 'project.read', summary: 'Quality and safety inspections, filtered, newest first' }),
  save: defineContract({ tag, path: '/zhgd/inspection/save', body: inspectionSaveBody, response: inspectionSchema, permission: 'zone.edit', errors: ['NOT_FOUND'], summary: 'Record or edit an inspection issue (audited)' }),
  rectify: defineContract({ tag, path: '/zhgd/inspection/rectify', body: inspectionRectifyBody, response: inspectionSchema, permission: 'zone.edit', errors: ['NOT_FOUND', 'CONFLICT'], summary: "Record an issue's rectification (audited)" }),
  review: defineContract({ tag, path: '/zhgd/inspection/review', body: inspectionReviewBody, response: inspectionSchema, permission: 'zone.edit', errors: ['NOT_FOUND', 'CONFLICT'], summary: 'Pass or reject a rectification (audited)' }),
  delete: defineContract({ tag, path: '/zhgd/inspection/delete', body: inspectionDeleteBody, response: z.object({ deleted: z.number() }), permission: 'zone.edit', summary: 'Delete inspections and their photos (audited)' }),
  export: defineContract({
    tag,
    path: '/zhgd/inspection/export',
    body: inspectionListBody,
    response: notEnvelope,
    answer: fileAnswer(XLSX_MEDIA_TYPE, 'The inspections, filtered, as an .xlsx file'),
    permission: 'project.read',
    summary: 'The inspections as a file',
  }),
  safetyStatis: defineContract({ tag, path: '/zhgd/project/safety/statis/get', body: inspectionStatisBody, response: inspectionStatisSchema, permission: 'project.read', summary: 'Safety inspections: open, overdue and closed, per company, and the trend' }),
  qualityStatis: defineContract({ tag, path: '/zhgd/project/quality/statis/get', body: inspectionStatisBody, response: inspectionStatisSchema, permission: 'project.read', summary: 'Quality inspections: open, overdue and closed, per company, and the trend' }),
} as const;
