import { sql, type Kysely, type Selectable } from 'kysely';
import type { DriverFields } from '../../protocol';
import type { Database, EquipmentDriversTable } from './schema';

/**
 * The driver register of lifting equipment and the cab terminals' clock-ins (docs/api.md "Equipment"): the
 * queries of server/http/routes/liftingDrivers.ts, the clock-in service (server/lifting) and the seed.
 */

/** A driver row with the sns of the machines assigned, sorted. */
export type DriverRecord = Selectable<EquipmentDriversTable> & { machines: string[] };

/** The drivers of `projectId` (all, or those assigned to machine `sn`), by name then id, with their machines. */
export async function driverRecords(db: Kysely<Database>, projectId: string, sn?: string): Promise<DriverRecord[]> {
  let q = db.selectFrom('equipment_drivers as d').selectAll('d').where('d.project_id', '=', projectId);
  if (sn !== undefined) {
    q = q.where((eb) => eb.exists(eb.selectFrom('equipment_driver_machines as m').select('m.device_sn').whereRef('m.project_id', '=', 'd.project_id').whereRef('m.driver_id', '=', 'd.driver_id').where('m.device_sn', '=', sn)));
  }
  const rows = await q.orderBy('d.name').orderBy('d.driver_id').execute();
  const machines = await db.selectFrom('equipment_driver_machines').select(['driver_id', 'device_sn']).where('project_id', '=', projectId).orderBy('device_sn').execute();
  const of = new Map<string, string[]>();
  for (const m of machines) {
    const list = of.get(m.driver_id);
    if (list) list.push(m.device_sn);
    else of.set(m.driver_id, [m.device_sn]);
  }
  return rows.map((r) => ({ ...r, machines: of.get(r.driver_id) ?? [] }));
}

/** One driver of `projectId` by id or by ID number (the first by id when several share it), or undefined. */
export async function findDriverRecord(db: Kysely<Database>, projectId: string, by: { driverId: string } | { idNumber: string }): Promise<DriverRecord | undefined> {
  let q = db.selectFrom('equipment_drivers').selectAll().where('project_id', '=', projectId);
  q = 'driverId' in by ? q.where('driver_id', '=', by.driverId) : q.where('id_number', '=', by.idNumber);
  const row = await q.orderBy('driver_id').limit(1).executeTakeFirst();
  if (!row) return undefined;
  const machines = await db.selectFrom('equipment_driver_machines').select('device_sn').where('project_id', '=', projectId).where('driver_id', '=', row.driver_id).orderBy('device_sn').execute();
  return { ...row, machines: machines.map((m) => m.device_sn) };
}

/** How many drivers `projectId` registers. */
export async function countDrivers(db: Kysely<Database>, projectId: string): Promise<number> {
  const r = await db.selectFrom('equipment_drivers').select((eb) => eb.fn.countAll<string>().as('n')).where('project_id', '=', projectId).executeTakeFirstOrThrow();
  return Number(r.n);
}

/** The ids among `driverIds` that `projectId` already registers. */
export async function existingDriverIds(db: Kysely<Database>, projectId: string, driverIds: readonly string[]): Promise<string[]> {
  if (driverIds.length === 0) return [];
  const rows = await db.selectFrom('equipment_drivers').select('driver_id').where('project_id', '=', projectId).where('driver_id', 'in', [...driverIds]).execute();
  return rows.map((r) => r.driver_id);
}

function driverColumns(f: DriverFields) {
  return {
    name: f.name,
    gender: f.gender,
    id_number: f.idNumber,
    phone: f.phone,
    card_no: f.cardNo,
    certificate_no: f.certificateNo,
    certificate_type: f.certificateType,
    issuing_authority: f.issuingAuthority,
    certificate_issued_ms: f.certificateIssuedMs,
    certificate_expiry_ms: f.certificateExpiryMs,
  };
}

async function setMachines(db: Kysely<Database>, projectId: string, driverId: string, machines: readonly string[]): Promise<void> {
  await db.deleteFrom('equipment_driver_machines').where('project_id', '=', projectId).where('driver_id', '=', driverId).execute();
  const unique = [...new Set(machines)];
  if (unique.length > 0) await db.insertInto('equipment_driver_machines').values(unique.map((sn) => ({ project_id: projectId, driver_id: driverId, device_sn: sn }))).execute();
}

/** A driver write refused: the ID number is held by another driver of the project (ID numbers are unique per project). */
export class DriverIdNumberTaken extends Error {
  constructor(
    readonly driverId: string,
    readonly holder: string,
  ) {
    super(`driver.idNumber: the ID number is registered to driver ${holder}`);
  }
}

/**
 * Checks that no driver of `projectId` but the one written holds an ID number of `drivers` (nor two of them
 * the same one), under a per-project lock held to the end of the caller's transaction, so two writes at once
 * cannot both pass. Empty ID numbers (drivers registered before they were required) are not compared.
 * @throws DriverIdNumberTaken naming the driver that holds it
 */
async function checkIdNumbersFree(db: Kysely<Database>, projectId: string, drivers: ReadonlyArray<{ driverId: string; idNumber: string }>): Promise<void> {
  const numbered = drivers.filter((d) => d.idNumber !== '');
  if (numbered.length === 0) return;
  await sql`select pg_advisory_xact_lock(hashtext(${`drivers:${projectId}`}))`.execute(db);
  const holder = new Map<string, string>();
  for (const d of numbered) {
    const other = holder.get(d.idNumber);
    if (other !== undefined && other !== d.driverId) throw new DriverIdNumberTaken(d.driverId, other);
    holder.set(d.idNumber, d.driverId);
  }
  const stored = await db.selectFrom('equipment_drivers').select(['driver_id', 'id_number']).where('project_id', '=', projectId).where('id_number', 'in', [...holder.keys()]).orderBy('driver_id').execute();
  for (const r of stored) {
    const writer = holder.get(r.id_number);
    if (writer !== undefined && writer !== r.driver_id) throw new DriverIdNumberTaken(writer, r.driver_id);
  }
}

/**
 * Registers drivers (id and fields) of `projectId` with their machines. Call in a transaction when several
 * must be all or nothing (and for the ID-number check's lock to hold to the commit).
 * @throws DriverIdNumberTaken when another driver of the project holds an ID number; the database's error for a duplicate id (primary key)
 */
export async function insertDrivers(db: Kysely<Database>, projectId: string, drivers: ReadonlyArray<{ driverId: string; fields: DriverFields }>): Promise<void> {
  if (drivers.length === 0) return;
  await checkIdNumbersFree(db, projectId, drivers.map((d) => ({ driverId: d.driverId, idNumber: d.fields.idNumber })));
  await db.insertInto('equipment_drivers').values(drivers.map((d) => ({ project_id: projectId, driver_id: d.driverId, ...driverColumns(d.fields) }))).execute();
  for (const d of drivers) await setMachines(db, projectId, d.driverId, d.fields.machines);
}

/**
 * Replaces a driver's fields and machines (in a transaction, for the ID-number check's lock).
 * @returns false when `projectId` has no driver `driverId` @throws DriverIdNumberTaken when another driver holds the ID number
 */
export async function updateDriver(db: Kysely<Database>, projectId: string, driverId: string, fields: DriverFields): Promise<boolean> {
  await checkIdNumbersFree(db, projectId, [{ driverId, idNumber: fields.idNumber }]);
  const r = await db.updateTable('equipment_drivers').set(driverColumns(fields)).where('project_id', '=', projectId).where('driver_id', '=', driverId).executeTakeFirst();
  if (Number(r.numUpdatedRows) === 0) return false;
  await setMachines(db, projectId, driverId, fields.machines);
  return true;
}

/** Removes a driver and the assignments (clock-ins and shifts stay). @returns false when there was none */
export async function deleteDriver(db: Kysely<Database>, projectId: string, driverId: string): Promise<boolean> {
  const r = await db.deleteFrom('equipment_drivers').where('project_id', '=', projectId).where('driver_id', '=', driverId).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

/** A clock-in to store (columns of lifting_clock_ins but the id). */
export interface ClockInWrite {
  projectId: string;
  deviceSn: string;
  terminalSn: string;
  clockKey: string;
  driverId: string | null;
  atMs: number;
  receivedMs: number;
  matched: boolean;
  score: number | null;
  verdict: string;
  photoName: string | null;
}

/** Stores a clock-in once per terminal and key. @returns false when that clock-in was stored before (a redelivery) */
export async function insertClockIn(db: Kysely<Database>, c: ClockInWrite): Promise<boolean> {
  const r = await db
    .insertInto('lifting_clock_ins')
    .values({
      project_id: c.projectId,
      device_sn: c.deviceSn,
      terminal_sn: c.terminalSn,
      clock_key: c.clockKey,
      driver_id: c.driverId,
      at_ms: c.atMs,
      received_ms: c.receivedMs,
      matched: c.matched,
      score: c.score,
      verdict: c.verdict,
      photo_name: c.photoName,
    })
    .onConflict((oc) => oc.columns(['project_id', 'terminal_sn', 'clock_key']).doNothing())
    .returning('clock_in_id')
    .executeTakeFirst();
  return r !== undefined;
}

/**
 * Opens a shift of `driverId` on machine `sn` at `atMs` (a verified clock-in): the shift open on that machine
 * (the driver handing over, or the same driver clocking in again) is closed at `atMs` first. A shift of that
 * driver on that machine opened at `atMs` already (the same clock-in) is kept as it is.
 */
export async function openShift(db: Kysely<Database>, projectId: string, sn: string, driverId: string, atMs: number): Promise<void> {
  // the demo's rota writes the same shifts (server/seed/demoEquipment.ts): one already written stays as it is
  const same = await db.selectFrom('driver_attendance').select('attendance_id').where('project_id', '=', projectId).where('device_sn', '=', sn).where('driver_id', '=', driverId).where('clock_in_ms', '=', atMs).executeTakeFirst();
  if (same) return;
  await db.updateTable('driver_attendance').set({ clock_out_ms: atMs }).where('project_id', '=', projectId).where('device_sn', '=', sn).where('clock_out_ms', 'is', null).where('clock_in_ms', '<=', atMs).execute();
  await db.insertInto('driver_attendance').values({ project_id: projectId, driver_id: driverId, device_sn: sn, clock_in_ms: atMs, clock_out_ms: null }).execute();
}

/** At most `limit` clock-ins of `projectId` in [fromMs, toMs) (at one machine when `sn` is given) with the driver's name, newest first. */
export function clockInRows(db: Kysely<Database>, q: { projectId: string; sn?: string; fromMs: number; toMs: number }, limit: number) {
  let query = db
    .selectFrom('lifting_clock_ins as c')
    .leftJoin('equipment_drivers as d', (j) => j.onRef('d.project_id', '=', 'c.project_id').onRef('d.driver_id', '=', 'c.driver_id'))
    .select(['c.clock_in_id', 'c.device_sn', 'c.terminal_sn', 'c.driver_id', 'd.name', 'c.at_ms', 'c.matched', 'c.score', 'c.verdict', 'c.photo_name'])
    .where('c.project_id', '=', q.projectId)
    .where('c.at_ms', '>=', q.fromMs)
    .where('c.at_ms', '<', q.toMs);
  if (q.sn !== undefined) query = query.where('c.device_sn', '=', q.sn);
  return query.orderBy('c.at_ms', 'desc').orderBy('c.clock_in_id', 'desc').limit(limit).execute();
}

/** Deletes the clock-ins received before `beforeMs`. @returns how many */
export async function pruneClockIns(db: Kysely<Database>, beforeMs: number): Promise<number> {
  const r = await db.deleteFrom('lifting_clock_ins').where('received_ms', '<', beforeMs).executeTakeFirst();
  return Number(r.numDeletedRows);
}

/** Drivers of every project whose certificate lapses before `beforeMs` (expired or expiring), by project: id, name, expiry. */
export function driversExpiringBefore(db: Kysely<Database>, beforeMs: number) {
  return db.selectFrom('equipment_drivers').select(['project_id', 'driver_id', 'name', 'certificate_expiry_ms']).where('certificate_expiry_ms', '<', beforeMs).orderBy('project_id').orderBy('certificate_expiry_ms').execute();
}
