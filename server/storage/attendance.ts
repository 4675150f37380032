import type { Kysely } from 'kysely';
import type { GatePass, TeamShift } from '../../protocol';
import type { Database } from './schema';

/**
 * Labour attendance storage (docs/api.md "Labour attendance"): gate passes, the teams' shifts and the
 * cooperating companies' enterprise types (migration 0056_gate_attendance).
 */

/** Most passes one read returns: 5 000 people × 4 passes a day, twice over (bounded answers). */
export const MAX_PASSES_READ = 40_000;

/** A pass as it is stored. */
export interface GatePassRecord {
  projectId: string;
  gateSn: string;
  passKey: string;
  personId: string;
  direction: 'in' | 'out';
  tsMs: number;
  receivedMs: number;
}

/** Stores one pass. @returns false when the gate's pass with that key was stored before (a duplicate). */
export async function insertGatePass(db: Kysely<Database>, p: GatePassRecord): Promise<boolean> {
  const row = await db
    .insertInto('gate_passes')
    .values({ project_id: p.projectId, gate_sn: p.gateSn, pass_key: p.passKey, person_id: p.personId, direction: p.direction, ts_ms: p.tsMs, received_ms: p.receivedMs })
    .onConflict((oc) => oc.columns(['project_id', 'gate_sn', 'pass_key']).doNothing())
    .returning('pass_key')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * The passes of `projectId` in [fromMs, toMs) (of one person when `personId` is given), oldest first, with the
 * bore each gate closes (its registered tunnel; null at the site entrance or for a gate since removed) and the
 * gate's name; at most MAX_PASSES_READ.
 */
export async function gatePassesBetween(
  db: Kysely<Database>,
  projectId: string,
  fromMs: number,
  toMs: number,
  personId?: string,
): Promise<Array<GatePass & { gateName: string | null }>> {
  let q = db
    .selectFrom('gate_passes as g')
    .leftJoin('devices as d', (j) => j.onRef('d.project_id', '=', 'g.project_id').onRef('d.sn', '=', 'g.gate_sn'))
    .select(['g.person_id', 'g.gate_sn', 'g.direction', 'g.ts_ms', 'd.tunnel_id', 'd.name'])
    .where('g.project_id', '=', projectId)
    .where('g.ts_ms', '>=', fromMs)
    .where('g.ts_ms', '<', toMs);
  if (personId !== undefined) q = q.where('g.person_id', '=', personId);
  const rows = await q.orderBy('g.ts_ms').limit(MAX_PASSES_READ).execute();
  return rows.map((r) => ({ personId: r.person_id, gateSn: r.gate_sn, tunnelId: r.tunnel_id ?? null, direction: r.direction, tsMs: Number(r.ts_ms), gateName: r.name ?? null }));
}

/** The distinct person ids that passed a gate of `projectId` since `sinceMs` (enrolled at the gates and using them). */
export async function gateUsers(db: Kysely<Database>, projectId: string, sinceMs: number): Promise<string[]> {
  const rows = await db.selectFrom('gate_passes').select('person_id').distinct().where('project_id', '=', projectId).where('ts_ms', '>=', sinceMs).execute();
  return rows.map((r) => r.person_id);
}

/** The shifts set for the teams of `projectId`, keyed `company\u0000team`. */
export async function teamShifts(db: Kysely<Database>, projectId: string): Promise<Map<string, TeamShift>> {
  const rows = await db.selectFrom('team_shifts').selectAll().where('project_id', '=', projectId).execute();
  return new Map(rows.map((r) => [teamShiftKey(r.company, r.team), { startMin: r.start_min, lengthMin: r.length_min, lateGraceMin: r.late_grace_min }]));
}

/** The key of a team in {@link teamShifts}. */
export function teamShiftKey(company: string, team: string): string {
  return `${company}\u0000${team}`;
}

/** Sets the shift of a team, its lateness grace with it (company and team names as in the person register). */
export async function saveTeamShift(db: Kysely<Database>, projectId: string, company: string, team: string, shift: TeamShift): Promise<void> {
  const values = { start_min: shift.startMin, length_min: shift.lengthMin, late_grace_min: shift.lateGraceMin };
  await db
    .insertInto('team_shifts')
    .values({ project_id: projectId, company, team, ...values })
    .onConflict((oc) => oc.columns(['project_id', 'company', 'team']).doUpdateSet(values))
    .execute();
}

/** A cooperating company's record: its enterprise type and contact ('' when not set). */
export interface LabourCompany {
  enterpriseType: string;
  contactName: string;
  contactPhone: string;
}

/** The record of each cooperating company of `projectId` that has one set, by company name. */
export async function labourCompanies(db: Kysely<Database>, projectId: string): Promise<Map<string, LabourCompany>> {
  const rows = await db.selectFrom('labour_companies').selectAll().where('project_id', '=', projectId).execute();
  return new Map(rows.map((r) => [r.company, { enterpriseType: r.enterprise_type, contactName: r.contact_name, contactPhone: r.contact_phone }]));
}

/** Sets a cooperating company's enterprise type, and its contact name or phone when given (undefined: left as it was). */
export async function saveCompanyType(
  db: Kysely<Database>,
  projectId: string,
  company: string,
  enterpriseType: string,
  contact: { contactName?: string; contactPhone?: string } = {},
): Promise<void> {
  const set = {
    enterprise_type: enterpriseType,
    ...(contact.contactName === undefined ? {} : { contact_name: contact.contactName }),
    ...(contact.contactPhone === undefined ? {} : { contact_phone: contact.contactPhone }),
  };
  await db
    .insertInto('labour_companies')
    .values({ project_id: projectId, company, ...set })
    .onConflict((oc) => oc.columns(['project_id', 'company']).doUpdateSet(set))
    .execute();
}

/** Deletes passes older than `beforeMs` (retention, with the telemetry's hour rollups). @returns how many. */
export async function deleteOldGatePasses(db: Kysely<Database>, beforeMs: number): Promise<number> {
  const r = await db.deleteFrom('gate_passes').where('ts_ms', '<', beforeMs).executeTakeFirst();
  return Number(r.numDeletedRows);
}
