import { sql, type Kysely } from 'kysely';
import { EQUIPMENT_KINDS, GATE_KINDS, PERSON_TAG_KINDS, VEHICLE_KINDS, VEHICLE_METRICS, type MachineCounts, type MachineState } from '../../protocol';
import type { Database } from './schema';

/**
 * The project home's statistics in SQL (docs/api.md "Project home", home/statistics): machinery by state
 * and attendance today. Each is one aggregate over the project's rows on an index (devices by project,
 * work_records by project and device, gate_passes by project and time); nothing is read row by row.
 */

/** A lift longer than this is no lift: bounds the work-record look-up on its (project, device, start) index, ms. */
const LONGEST_LIFT_MS = 3_600_000;

/** What makes a machine "working" (home/statistics): the caller's clock and thresholds. */
export interface MachineryParams {
  nowMs: number;
  /** Lifting equipment with a work record ended since `nowMs - liftWindowMs` is working (LIFT_WORKING_WINDOW_MS). */
  liftWindowMs: number;
  /** A vehicle whose tag reported within this long (VEHICLE_PRESENT_MS) at a fitted speed ≥ `movingKmh` is working. */
  presentMs: number;
  movingKmh: number;
}

const empty = (): MachineCounts => ({ total: 0, working: 0, idle: 0, offline: 0, alarm: 0 });

/**
 * The project's lifting equipment (EQUIPMENT_KINDS) and construction vehicles (VEHICLE_KINDS) counted by
 * state, each machine in one: offline (status offline or unknown, or never seen), else alarm (status
 * warning, alarm or violation), else working (see MachineryParams), else idle. As of now: device states
 * are not kept in the past.
 */
export async function machineryByState(db: Kysely<Database>, projectId: string, p: MachineryParams): Promise<{ lifting: MachineCounts; vehicles: MachineCounts }> {
  const lifting = [...EQUIPMENT_KINDS];
  const vehicles = [...VEHICLE_KINDS];
  const out = { lifting: empty(), vehicles: empty() };
  if (lifting.length + vehicles.length === 0) return out;
  const since = p.nowMs - p.liftWindowMs;
  const inList = (kinds: string[]) => (kinds.length ? sql`d.kind in (${sql.join(kinds)})` : sql`false`);
  const speed = sql`coalesce((d.latest ->> ${VEHICLE_METRICS.speedKmh.key})::double precision, 0)`;
  const state = sql<MachineState>`case
      when d.status in ('offline', 'unknown') or d.last_seen_ms is null then 'offline'
      when d.status in ('warning', 'alarm', 'violation') then 'alarm'
      when ${inList(lifting)} and exists (
        select 1 from work_records w
        where w.project_id = d.project_id and w.device_sn = d.sn
          and w.started_at_ms >= ${since - LONGEST_LIFT_MS} and w.ended_at_ms >= ${since}
      ) then 'working'
      when ${inList(vehicles)} and d.last_seen_ms >= ${p.nowMs - p.presentMs} and ${speed} >= ${p.movingKmh} then 'working'
      else 'idle' end`;
  const rows = await sql<{ lifting: boolean; state: MachineState; n: number | string }>`
    select s.lifting, s.state, count(*) as n from (
      select ${inList(lifting)} as lifting, ${state} as state
      from devices d
      where d.project_id = ${projectId} and d.kind in (${sql.join([...lifting, ...vehicles])})
    ) s group by s.lifting, s.state`.execute(db);
  for (const r of rows.rows) {
    const c = r.lifting ? out.lifting : out.vehicles;
    const n = Number(r.n);
    c[r.state] += n;
    c.total += n;
  }
  return out;
}

/**
 * Attendance since `dayStartMs` up to `atMs`: with a gate (GATE_KINDS) registered in the project, the people
 * of the register with an in-pass in that span (`source` 'gates'); without one, the personnel tags
 * (PERSON_TAG_KINDS) last seen since `dayStartMs` (`source` 'beacons'; `today` null when `live` is false,
 * as a tag's last report is kept as of now only). `registered` counts the register, `companies` its
 * distinct cooperating companies.
 */
export async function attendanceToday(
  db: Kysely<Database>,
  projectId: string,
  dayStartMs: number,
  atMs: number,
  live: boolean,
): Promise<{ source: 'gates' | 'beacons'; today: number | null; registered: number; companies: number }> {
  const [gates, register] = await Promise.all([
    GATE_KINDS.length
      ? db.selectFrom('devices').select('sn').where('project_id', '=', projectId).where('kind', 'in', [...GATE_KINDS]).limit(1).executeTakeFirst()
      : Promise.resolve(undefined),
    db
      .selectFrom('people')
      .select([(eb) => eb.fn.countAll<string>().as('n'), (eb) => eb.fn.count<string>('company').distinct().as('companies')])
      .where('project_id', '=', projectId)
      .executeTakeFirstOrThrow(),
  ]);
  const registered = Number(register.n);
  const companies = Number(register.companies);
  if (gates) {
    const r = await db
      .selectFrom('gate_passes as g')
      .innerJoin('people as p', (j) => j.onRef('p.project_id', '=', 'g.project_id').onRef('p.person_id', '=', 'g.person_id'))
      .select((eb) => eb.fn.count<string>('g.person_id').distinct().as('n'))
      .where('g.project_id', '=', projectId)
      .where('g.ts_ms', '>=', dayStartMs)
      .where('g.ts_ms', '<=', atMs)
      .where('g.direction', '=', 'in')
      .executeTakeFirstOrThrow();
    return { source: 'gates', today: Number(r.n), registered, companies };
  }
  if (!live || PERSON_TAG_KINDS.length === 0) return { source: 'beacons', today: live ? 0 : null, registered, companies };
  const r = await db
    .selectFrom('devices')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('project_id', '=', projectId)
    .where('kind', 'in', [...PERSON_TAG_KINDS])
    .where('last_seen_ms', '>=', dayStartMs)
    .executeTakeFirstOrThrow();
  return { source: 'beacons', today: Number(r.n), registered, companies };
}
