import { z } from 'zod';
import { attachmentSchema, MAX_ATTACHMENTS_PER_RECORD } from './attachments';
import { beijingMidnightOf } from './attendance';
import { BEIJING_OFFSET_MS } from './beijingTime';

/**
 * The event book (docs/domain.md "Event book"): a project's dated events. `incident` may be a recordable
 * accident (`recordable`), which restarts the safe-production days.
 */
export const EVENT_KINDS = ['milestone', 'inspection', 'incident', 'visit', 'other'] as const;
export type EventKind = (typeof EVENT_KINDS)[number];

/** Longest event title and text, characters. */
export const MAX_EVENT_TITLE = 120;
export const MAX_EVENT_TEXT = 4000;
/** Largest page of event/list; the export takes at most {@link MAX_EVENT_EXPORT_ROWS}. */
export const MAX_EVENT_PAGE_SIZE = 100;
export const MAX_EVENT_EXPORT_ROWS = 20_000;

const projectId = z.string().min(1).max(64);
const eventId = z.number().int().positive();

/** The fields a person writes: when (ms since epoch), kind, title, text, recordable (incidents only), attachment ids. */
const eventFields = {
  occurredAtMs: z.number().int().min(0).max(8.64e15),
  kind: z.enum(EVENT_KINDS),
  title: z.string().trim().min(1, { error: 'required' }).max(MAX_EVENT_TITLE),
  text: z.string().trim().max(MAX_EVENT_TEXT).default(''),
  recordable: z.boolean().default(false),
  attachmentIds: z.array(z.number().int().positive()).max(MAX_ATTACHMENTS_PER_RECORD).default([]),
};

/** Only an incident can be a recordable accident. */
function recordableOnlyForIncidents(e: { kind: EventKind; recordable: boolean }, ctx: z.RefinementCtx): void {
  if (e.recordable && e.kind !== 'incident') ctx.addIssue({ code: 'custom', path: ['recordable'], message: 'only an incident can be a recordable accident' });
}

/** event/add. */
export const eventAddBody = z.strictObject({ projectId, ...eventFields }).superRefine(recordableOnlyForIncidents);
/** event/edit: every field again (the attachments listed are the event's from now on; the others are deleted). */
export const eventEditBody = z.strictObject({ projectId, eventId, ...eventFields }).superRefine(recordableOnlyForIncidents);
/** event/delete: the event and its attachments. */
export const eventDeleteBody = z.strictObject({ projectId, eventId });

/** The filter of event/list and event/export: kind, a time range (ms, `from` inclusive, `to` exclusive), words in title or text, recordable accidents only. */
const eventFilter = {
  projectId,
  kind: z.enum(EVENT_KINDS).optional(),
  fromMs: z.number().int().min(0).optional(),
  toMs: z.number().int().min(0).optional(),
  q: z.string().trim().max(100).optional(),
  recordableOnly: z.boolean().optional(),
};
export const eventListBody = z.strictObject({
  ...eventFilter,
  page: z.number().int().min(1).default(1),
  pageSize: z.number().int().min(1).max(MAX_EVENT_PAGE_SIZE).default(20),
});
export const eventExportBody = z.strictObject({ ...eventFilter, format: z.enum(['xlsx', 'csv']).default('xlsx') });
export type EventFilter = Omit<z.output<typeof eventListBody>, 'page' | 'pageSize'>;

/** An event as listed: who recorded it and when, who last edited it, its attachments. */
export const projectEventSchema = z.object({
  eventId: z.number(),
  occurredAtMs: z.number(),
  kind: z.enum(EVENT_KINDS),
  title: z.string(),
  text: z.string(),
  recordable: z.boolean(),
  attachments: z.array(attachmentSchema),
  recordedBy: z.string(),
  recordedAtMs: z.number(),
  editedBy: z.string().nullable(),
  editedAtMs: z.number().nullable(),
});
export type ProjectEvent = z.infer<typeof projectEventSchema>;

export const eventPageSchema = z.object({ total: z.number(), page: z.number(), pageSize: z.number(), list: z.array(projectEventSchema) });
export type EventPage = z.infer<typeof eventPageSchema>;

const DAY_MS = 86_400_000;

/** The index of the Beijing calendar day holding `ms` (days since 1970-01-01 in UTC+8). */
function beijingDayIndex(ms: number): number {
  return Math.floor((ms + BEIJING_OFFSET_MS) / DAY_MS);
}

/** Safe-production days and what they count from. */
export const safeDaysSchema = z.object({
  /** Whole days, null when there is neither an accident nor a start date. */
  days: z.number().nullable(),
  /** `accident`: since the last recordable accident; `start`: since the project's start date; null: neither known. */
  since: z.enum(['accident', 'start']).nullable(),
  /** The accident's time or the start date's midnight (Beijing time), ms. */
  sinceMs: z.number().nullable(),
});
export type SafeDays = z.infer<typeof safeDaysSchema>;

/**
 * Continuous safe-production days as of `nowMs` (Beijing calendar days, docs/domain.md "Safe-production
 * days"): since the last recordable accident, the days after its day up to today (0 on the accident's day);
 * with none, since the project's start date, that day included (1 on the start day). An accident or a start
 * after `nowMs` counts 0.
 * @param lastAccidentMs the last recordable accident at or before now, or null
 * @param startDate the project's start `YYYY-MM-DD` (Beijing date), or null
 */
export function safeProductionDays(lastAccidentMs: number | null, startDate: string | null, nowMs: number): SafeDays {
  const today = beijingDayIndex(nowMs);
  if (lastAccidentMs !== null) return { days: Math.max(0, today - beijingDayIndex(lastAccidentMs)), since: 'accident', sinceMs: lastAccidentMs };
  if (startDate !== null && /^\d{4}-\d{2}-\d{2}$/.test(startDate)) {
    const startMs = beijingMidnightOf(startDate);
    if (Number.isFinite(startMs)) return { days: Math.max(0, today - beijingDayIndex(startMs) + 1), since: 'start', sinceMs: startMs };
  }
  return { days: null, since: null, sinceMs: null };
}
