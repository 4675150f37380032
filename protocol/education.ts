import { z } from 'zod';
import { MAX_ATTACHMENTS_PER_RECORD } from './attachments';
import { BEIJING_OFFSET_MS } from './beijingTime';

/**
 * Safety education records (docs/domain.md "Safety education"): who was trained, when, on what, for how
 * long. A worker needs the three-level entry education (company, project, team) before work
 * (《生产经营单位安全培训规定》, State Administration of Work Safety Order No. 3, art. 13; JGJ 59-2011
 * "safety education"); a person without it who goes underground raises the `noEntryEducation` warning
 * (server/rules/zoneRules.ts).
 */

/**
 * Kinds of training: `threeLevel` (三级教育, entry education), `briefing` (安全技术交底), `exit` (离场教育),
 * `skill`, `daily`, `preShift` (班前教育, the morning meeting), `onSite`, `vr`, `online`,
 * `briefingAssessment`, `other`.
 */
export const EDUCATION_TYPES = ['threeLevel', 'briefing', 'exit', 'skill', 'daily', 'preShift', 'onSite', 'vr', 'online', 'briefingAssessment', 'other'] as const;
export type EducationType = (typeof EDUCATION_TYPES)[number];

/** How the training was given. */
export const EDUCATION_METHODS = ['classroom', 'onSite', 'video', 'vr', 'online', 'other'] as const;
export type EducationMethod = (typeof EDUCATION_METHODS)[number];

/** Most records kept per project (the register is bounded). */
export const MAX_EDUCATION_RECORDS = 20_000;

/** Most participants of one record (a site-wide session of a large project). */
export const MAX_EDUCATION_PARTICIPANTS = 2_000;

/** Longest session recorded, hours (the three-level education is 24 h over several days, recorded per level). */
export const MAX_EDUCATION_HOURS = 72;

const attachmentId = z.number().int().positive();

/** What a person records of a training (education/save). Times in epoch ms; hours per participant. */
export const educationFieldsSchema = z
  .strictObject({
    trainedAtMs: z.number().int().min(0).max(8_640_000_000_000),
    theme: z.string().trim().min(1, 'required').max(200),
    type: z.enum(EDUCATION_TYPES),
    method: z.enum(EDUCATION_METHODS),
    hours: z.number().finite().gt(0).max(MAX_EDUCATION_HOURS),
    /** Person ids of the project's registry, each once. */
    participants: z.array(z.string().min(1).max(64)).min(1, 'required').max(MAX_EDUCATION_PARTICIPANTS),
    /** Attachments of the record (uploads of the project, docs/api.md "Attachments"). */
    attachmentIds: z.array(attachmentId).max(MAX_ATTACHMENTS_PER_RECORD).default([]),
    /** Pre-shift only: the team (group), who led the meeting, and its sign sheet, photo and video (attachments). */
    team: z.string().trim().max(64).default(''),
    initiator: z.string().trim().max(64).default(''),
    signSheetId: attachmentId.nullable().default(null),
    photoId: attachmentId.nullable().default(null),
    videoId: attachmentId.nullable().default(null),
  })
  .refine((f) => new Set(f.participants).size === f.participants.length, { message: 'a participant is listed twice', path: ['participants'] })
  .refine((f) => f.type === 'preShift' || (f.team === '' && f.initiator === '' && f.signSheetId === null && f.photoId === null && f.videoId === null), {
    message: 'team, initiator, sign sheet, photo and video are of a pre-shift record only',
    path: ['type'],
  })
  .refine((f) => f.type !== 'preShift' || f.team !== '', { message: 'a pre-shift record names its team', path: ['team'] });
export type EducationFields = z.output<typeof educationFieldsSchema>;
export type EducationFieldsInput = z.input<typeof educationFieldsSchema>;

/** The attachment ids a record holds: its attachments and its pre-shift files, each once. */
export function educationAttachmentIds(f: Pick<EducationFields, 'attachmentIds' | 'signSheetId' | 'photoId' | 'videoId'>): number[] {
  return [...new Set([...f.attachmentIds, ...[f.signSheetId, f.photoId, f.videoId].filter((id): id is number => id !== null)])];
}

/** The Beijing month holding `ms`: its first instant and the first instant of the next month (epoch ms). */
export function beijingMonthOf(ms: number): { startMs: number; endMs: number } {
  const d = new Date(ms + BEIJING_OFFSET_MS);
  const startMs = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1) - BEIJING_OFFSET_MS;
  const endMs = Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1) - BEIJING_OFFSET_MS;
  return { startMs, endMs };
}

/** A participant of a record, with what the registry says of them (company and team at reading time). */
export interface EducationParticipant {
  personId: string;
  name: string;
  company: string;
  team: string;
}

/** One company's or team's figures of {@link educationStatis}. */
export interface EducationGroupFigures {
  /** Company name, or team name. */
  name: string;
  /** Records with at least one participant of the group. */
  records: number;
  /** Sum over the group's participants of each record's hours. */
  personHours: number;
  /** Distinct people of the group trained in the Beijing month holding `nowMs`. */
  trainedThisMonth: number;
}

/** What {@link educationStatis} reads of a record. */
export interface EducationStatisRecord {
  recordId: number;
  trainedAtMs: number;
  hours: number;
  participants: ReadonlyArray<Pick<EducationParticipant, 'personId' | 'company' | 'team'>>;
}

/**
 * Per company and per team (sorted by name): records, person-hours and people trained this (Beijing)
 * month. A participant no longer in the registry counts under company and team ''.
 */
export function educationStatis(records: readonly EducationStatisRecord[], nowMs: number): { byCompany: EducationGroupFigures[]; byTeam: EducationGroupFigures[] } {
  const month = beijingMonthOf(nowMs);
  const fold = (key: (p: EducationStatisRecord['participants'][number]) => string): EducationGroupFigures[] => {
    const groups = new Map<string, { records: Set<number>; personHours: number; month: Set<string> }>();
    for (const r of records) {
      const inMonth = r.trainedAtMs >= month.startMs && r.trainedAtMs < month.endMs;
      for (const p of r.participants) {
        const name = key(p);
        let g = groups.get(name);
        if (!g) groups.set(name, (g = { records: new Set(), personHours: 0, month: new Set() }));
        g.records.add(r.recordId);
        g.personHours += r.hours;
        if (inMonth) g.month.add(p.personId);
      }
    }
    return [...groups]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([name, g]) => ({ name, records: g.records.size, personHours: Math.round(g.personHours * 10) / 10, trainedThisMonth: g.month.size }));
  };
  return { byCompany: fold((p) => p.company), byTeam: fold((p) => p.team) };
}
