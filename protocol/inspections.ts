import { z } from 'zod';
import { beijingDateOf } from './attendance';

/**
 * Quality and safety inspections (docs/domain.md "Inspections"): an issue found on site, where, how severe,
 * which cooperating company must rectify it by when; the rectification recorded, then reviewed (passed
 * closes it, rejected opens it again). Whether one is overdue is decided by {@link isOverdue}.
 */

/** What an inspection is about. */
export const INSPECTION_CATEGORIES = ['quality', 'safety'] as const;
export type InspectionCategory = (typeof INSPECTION_CATEGORIES)[number];

/** How severe an issue is: minor (fix in the shift), general, major (work stops until rectified). */
export const INSPECTION_SEVERITIES = ['minor', 'general', 'major'] as const;
export type InspectionSeverity = (typeof INSPECTION_SEVERITIES)[number];

/** The outcome of a review of a rectification. */
export const REVIEW_RESULTS = ['passed', 'rejected'] as const;
export type ReviewResult = (typeof REVIEW_RESULTS)[number];

/**
 * Where an inspection stands: `open` (no rectification yet, or its last one rejected), `awaitingReview`
 * (rectified, not yet reviewed), `closed` (rectification passed).
 */
export const INSPECTION_STATES = ['open', 'awaitingReview', 'closed'] as const;
export type InspectionState = (typeof INSPECTION_STATES)[number];

/**
 * A calendar date `YYYY-MM-DD` (Beijing time, like every date of the site) that exists: zod's ISO date, as
 * the person register's dates are (`Date.parse` would roll 2026-02-30 over into March).
 */
export const inspectionDateSchema = z.iso.date({
  error: (iss) => (typeof iss.input !== 'string' ? undefined : /^\d{4}-\d{2}-\d{2}$/.test(iss.input) ? 'not a date' : 'expected YYYY-MM-DD'),
});

/** Most inspections kept per project (the register is bounded; a list answers at most a page of them). */
export const MAX_INSPECTIONS = 20_000;

/** What {@link inspectionState} and {@link isOverdue} read of an inspection. */
export interface InspectionProgress {
  /** Date by which the company must rectify (YYYY-MM-DD, Beijing time). */
  deadline: string;
  /** Date the rectification was made, or null before one is recorded. */
  rectifiedOn: string | null;
  review: ReviewResult | null;
}

/** Where an inspection stands (see {@link INSPECTION_STATES}). */
export function inspectionState(i: InspectionProgress): InspectionState {
  if (i.review === 'passed') return 'closed';
  if (i.rectifiedOn !== null && i.review === null) return 'awaitingReview';
  return 'open';
}

/**
 * The overdue rule: an inspection not closed whose deadline day (Beijing time) is over at `nowMs`, unless
 * it waits for review of a rectification made on or before the deadline (the company did its part in
 * time; the review is the site's). A rejected rectification counts as none.
 */
export function isOverdue(i: InspectionProgress, nowMs: number): boolean {
  const state = inspectionState(i);
  if (state === 'closed') return false;
  if (beijingDateOf(nowMs) <= i.deadline) return false;
  return !(state === 'awaitingReview' && i.rectifiedOn !== null && i.rectifiedOn <= i.deadline);
}
