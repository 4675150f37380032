import { emergencyFieldsSchema, formatChainage, parseChainage, type EmergencyFieldsInput, type EmergencyRecord, type EmergencyRegister, type PlanContact } from '../../../protocol';

/**
 * The emergency record dialog's fields as typed (docs/api.md "Emergency resources"): every field as text,
 * the quantity and the chainage too (`K13+450`), the plan's contacts as rows. {@link emergencyFieldsOf}
 * turns a draft into the body's `record`, {@link draftProblems} says what is wrong with it, by field.
 */
export interface EmergencyDraft {
  register: EmergencyRegister;
  /** Text of each field by its wire name (`riskPart`, `level`, `chainageM` as `K13+450`, …). */
  text: Record<string, string>;
  /** A plan's contacts as typed. */
  contacts: Array<{ name: string; duty: string; phone: string }>;
}

/** The fields each register's dialog shows, in order (wire names of emergencyFieldsSchema). */
export const DRAFT_FIELDS: Record<EmergencyRegister, readonly string[]> = {
  riskSource: ['riskPart', 'level', 'accidentType', 'executionPhase', 'controlLevel', 'safetyOfficer', 'potentialRisks', 'controlMeasures'],
  plan: ['name', 'accidentType', 'leader', 'leaderPhone'],
  material: ['species', 'quantity', 'unit', 'section'],
  supplyPoint: ['name', 'tunnelId', 'chainageM', 'contact', 'phone', 'note'],
};

/** What a new record's choices start at (the first of each list, the first bore). */
const NEW_DEFAULTS: Record<string, string> = { level: 'general', accidentType: 'collapse', controlLevel: 'project' };

/**
 * The draft of `record` (its fields as text, the chainage as `K13+450`), or of a new record of `register`
 * (empty text, the choices at their first sensible value, `tunnelId` the first bore given).
 */
export function emergencyDraft(register: EmergencyRegister, record: EmergencyRecord | null, firstTunnelId = ''): EmergencyDraft {
  const text: Record<string, string> = {};
  const fields: Record<string, unknown> = record && record.register === register ? record : {};
  for (const key of DRAFT_FIELDS[register]) {
    const v = fields[key];
    if (key === 'chainageM') text[key] = typeof v === 'number' ? formatChainage(v) : '';
    else if (v === undefined) text[key] = key === 'tunnelId' ? firstTunnelId : (NEW_DEFAULTS[key] ?? '');
    else text[key] = String(v);
  }
  const contacts = record?.register === 'plan' ? record.contacts.map((c: PlanContact) => ({ ...c })) : [];
  return { register, text, contacts };
}

/** A number as people type it (a comma as the decimal mark); NaN when it is none, which the schema refuses. */
function numberOf(text: string): number {
  const t = text.trim().replace(',', '.');
  return t === '' ? Number.NaN : Number(t);
}

/**
 * The `record` of an emergency/save body for `d`: the quantity as a number, the chainage parsed from
 * `K13+450` (see parseChainage; NaN when it is not one), the plan's blank contact rows left out.
 */
export function emergencyFieldsOf(d: EmergencyDraft): EmergencyFieldsInput {
  const f: Record<string, unknown> = { register: d.register };
  for (const key of DRAFT_FIELDS[d.register]) {
    const t = d.text[key] ?? '';
    f[key] = key === 'quantity' ? numberOf(t) : key === 'chainageM' ? (parseChainage(t) ?? Number.NaN) : t;
  }
  if (d.register === 'plan') f.contacts = d.contacts.filter((c) => c.name.trim() || c.duty.trim() || c.phone.trim());
  return f as EmergencyFieldsInput;
}

/** Why a field is refused: no text, not a phone number, not a number or chainage, or otherwise out of range. */
export type DraftProblem = 'required' | 'phone' | 'number' | 'chainage' | 'invalid';

/**
 * What is wrong with a draft, by field (`contacts.2.phone` for a contact's); empty when the server's schema
 * (emergencyFieldsSchema) accepts it.
 */
export function draftProblems(d: EmergencyDraft): Record<string, DraftProblem> {
  const fields = emergencyFieldsOf(d);
  const parsed = emergencyFieldsSchema.safeParse(fields);
  const out: Record<string, DraftProblem> = {};
  if (parsed.success) return out;
  for (const issue of parsed.error.issues) {
    const key = issue.path.join('.');
    if (out[key]) continue;
    const field = String(issue.path[issue.path.length - 1]);
    const value = issue.path.reduce<unknown>((o, k) => (o && typeof o === 'object' ? (o as Record<PropertyKey, unknown>)[k] : undefined), fields);
    if (typeof value === 'string' && value.trim() === '') out[key] = 'required';
    else if (field === 'chainageM') out[key] = 'chainage';
    else if (field === 'quantity') out[key] = 'number';
    else if (issue.message === 'not a phone number') out[key] = 'phone';
    else if (issue.message === 'required') out[key] = 'required';
    else out[key] = 'invalid';
  }
  return out;
}
