import { beijingDateOf, inspectionFieldsSchema, parseChainage, type InspectionCategory, type InspectionFieldsInput, type InspectionSeverity } from '../../../protocol';

/** The new-inspection dialog's fields as typed: dates `YYYY-MM-DD`, the chainage `K13+450`, no bore ''. */
export interface InspectionDraft {
  category: InspectionCategory;
  issue: string;
  tunnelId: string;
  chainage: string;
  place: string;
  severity: InspectionSeverity;
  company: string;
  foundOn: string;
  deadline: string;
  inspector: string;
  photoNote: string;
}

/** Days a new issue's deadline starts after the day it is found (the site's usual rectification time). */
export const DEFAULT_DEADLINE_DAYS = 7;
const DAY_MS = 86_400_000;

/** A new inspection's draft at `nowMs`: found today (Beijing), deadline {@link DEFAULT_DEADLINE_DAYS} later. */
export function newInspectionDraft(nowMs: number, category: InspectionCategory = 'safety'): InspectionDraft {
  return { category, issue: '', tunnelId: '', chainage: '', place: '', severity: 'general', company: '', foundOn: beijingDateOf(nowMs), deadline: beijingDateOf(nowMs + DEFAULT_DEADLINE_DAYS * DAY_MS), inspector: '', photoNote: '' };
}

/** The `inspection` of an inspection/save body for `d`: no bore → no chainage; a chainage not `K13+450` → NaN (refused). */
export function inspectionFieldsOf(d: InspectionDraft): InspectionFieldsInput {
  const { chainage, tunnelId, ...rest } = d;
  const located = tunnelId !== '';
  return { ...rest, tunnelId: located ? tunnelId : null, chainageM: located ? (parseChainage(chainage) ?? Number.NaN) : null };
}

/** Why a field of the draft is refused. */
export type InspectionProblem = 'required' | 'chainage' | 'date' | 'deadline' | 'where' | 'invalid';

/**
 * What is wrong with a draft, by the draft's field name (`chainage` for the chainage); empty when the
 * server's schema (inspectionFieldsSchema, with its rules: deadline not before the day found, a bore with a
 * chainage or a place) accepts it.
 */
export function inspectionProblems(d: InspectionDraft): Record<string, InspectionProblem> {
  const parsed = inspectionFieldsSchema.safeParse(inspectionFieldsOf(d));
  const out: Record<string, InspectionProblem> = {};
  if (parsed.success) return out;
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? '');
    const key = field === 'chainageM' ? 'chainage' : field;
    if (out[key]) continue;
    if (key === 'chainage') out[key] = 'chainage';
    else if (key === 'place') out[key] = 'where';
    else if (key === 'deadline' && issue.message.startsWith('the deadline')) out[key] = 'deadline';
    else if (key === 'foundOn' || key === 'deadline') out[key] = 'date';
    else if (issue.message === 'required') out[key] = 'required';
    else out[key] = 'invalid';
  }
  return out;
}
