import { z } from 'zod';
import { attachmentSchema } from '../attachments';
import { EDUCATION_METHODS, EDUCATION_TYPES, educationFieldsSchema } from '../education';
import { defineContract, fileAnswer, notEnvelope } from './define';
import { XLSX_MEDIA_TYPE } from './alarms';

/**
 * Safety education records (docs/api.md "Safety education"): members who see people (`people.view`) read the
 * records and who has the three-level entry education, every member the statistics; project managers and administrators (`zone.edit`) record,
 * change and delete records, audited.
 */

const projectId = z.string().min(1).max(64);
const recordId = z.number().int().min(1);

/** A participant as answered: the registry's name, company and team now ('' once the person left the registry). */
export const educationParticipantSchema = z.object({ personId: z.string(), name: z.string(), company: z.string(), team: z.string() });

/** One record as answered. */
export const educationRecordSchema = z.object({
  recordId: z.number(),
  trainedAtMs: z.number(),
  theme: z.string(),
  type: z.enum(EDUCATION_TYPES),
  method: z.enum(EDUCATION_METHODS),
  hours: z.number(),
  participants: z.array(educationParticipantSchema),
  /** Every attachment the record holds (its pre-shift files included). */
  attachments: z.array(attachmentSchema),
  attachmentIds: z.array(z.number()),
  team: z.string(),
  initiator: z.string(),
  signSheetId: z.number().nullable(),
  photoId: z.number().nullable(),
  videoId: z.number().nullable(),
  recordedBy: z.string(),
  updatedAtMs: z.number(),
});
export type EducationRecord = z.output<typeof educationRecordSchema>;

/** education/list and education/export body: filters; a record matches `team`/`company` through a participant (or a pre-shift record's own team). */
export const educationListBody = z.strictObject({
  projectId,
  type: z.enum(EDUCATION_TYPES).optional(),
  /** Trained in `[fromMs, toMs)`. */
  fromMs: z.number().int().min(0).optional(),
  toMs: z.number().int().min(0).optional(),
  team: z.string().trim().min(1).max(64).optional(),
  company: z.string().trim().min(1).max(64).optional(),
  offset: z.number().int().min(0).default(0),
  limit: z.number().int().min(1).max(500).default(50),
});
export type EducationListBody = z.input<typeof educationListBody>;
export const educationListSchema = z.object({ total: z.number(), list: z.array(educationRecordSchema) });

export const educationSaveBody = z.strictObject({ projectId, recordId: recordId.optional(), record: educationFieldsSchema });
export type EducationSaveBody = z.input<typeof educationSaveBody>;
export const educationDeleteBody = z.strictObject({ projectId, recordId });

const figures = z.object({ name: z.string(), records: z.number(), personHours: z.number(), trainedThisMonth: z.number() });
/** education/statis data: per company and per team, over the records trained in the range (default: every record). */
export const educationStatisSchema = z.object({ byCompany: z.array(figures), byTeam: z.array(figures) });
export const educationStatisBody = z.strictObject({ projectId, fromMs: z.number().int().min(0).optional(), toMs: z.number().int().min(0).optional() });

/** education/people data: each registered person and whether a three-level record names them. */
export const educationPeopleSchema = z.object({
  list: z.array(z.object({ personId: z.string(), name: z.string(), company: z.string(), team: z.string(), threeLevel: z.boolean(), lastTrainedAtMs: z.number().nullable() })),
  withoutThreeLevel: z.number(),
});
export const educationPeopleBody = z.strictObject({ projectId, withoutThreeLevelOnly: z.boolean().default(false) });

const tag = 'education';

/** The safety education routes (docs/api.md "Safety education"). */
export const EDUCATION = {
  list: defineContract({ tag, path: '/zhgd/education/list', body: educationListBody, response: educationListSchema, permission: 'people.view', summary: 'Safety education records, filtered, latest first' }),
  save: defineContract({ tag, path: '/zhgd/education/save', body: educationSaveBody, response: educationRecordSchema, permission: 'zone.edit', errors: ['NOT_FOUND'], summary: 'Record or change a safety education record (audited)' }),
  delete: defineContract({ tag, path: '/zhgd/education/delete', body: educationDeleteBody, response: z.object({ recordId: z.number() }), permission: 'zone.edit', errors: ['NOT_FOUND'], summary: 'Delete a safety education record and its attachments (audited)' }),
  statis: defineContract({ tag, path: '/zhgd/education/statis', body: educationStatisBody, response: educationStatisSchema, permission: 'project.read', summary: 'Records, person-hours and people trained this month per company and team' }),
  people: defineContract({ tag, path: '/zhgd/education/people', body: educationPeopleBody, response: educationPeopleSchema, permission: 'people.view', summary: 'Who has the three-level entry education' }),
  export: defineContract({
    tag,
    path: '/zhgd/education/export',
    body: educationListBody,
    response: notEnvelope,
    answer: fileAnswer(XLSX_MEDIA_TYPE, 'The records, filtered, as an .xlsx file'),
    permission: 'people.view',
    summary: 'The safety education records as a file',
  }),
} as const;
