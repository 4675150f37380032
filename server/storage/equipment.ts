import type { Kysely } from 'kysely';
import type { Database } from './schema';

/** The drivers assigned to device `sn` of `projectId` (rows), by driver id. */
export function driverRows(db: Kysely<Database>, projectId: string, sn: string) {
  return db
    .selectFrom('equipment_drivers as d')
    .innerJoin('equipment_driver_machines as m', (j) => j.onRef('m.project_id', '=', 'd.project_id').onRef('m.driver_id', '=', 'd.driver_id'))
    .selectAll('d')
    .where('d.project_id', '=', projectId)
    .where('m.device_sn', '=', sn)
    .orderBy('d.driver_id')
    .execute();
}

/** The shifts on device `sn` of `projectId` open at `atMs` (ms since epoch): driver and clock-in. */
export function shiftsAt(db: Kysely<Database>, projectId: string, sn: string, atMs: number) {
  return db
    .selectFrom('driver_attendance')
    .select(['driver_id', 'clock_in_ms'])
    .where('project_id', '=', projectId)
    .where('device_sn', '=', sn)
    .where('clock_in_ms', '<=', atMs)
    .where((eb) => eb.or([eb('clock_out_ms', 'is', null), eb('clock_out_ms', '>', atMs)]))
    .execute();
}

/** Which shifts {@link attendanceRows} reads: those on device `sn` overlapping [fromMs, toMs), of one driver when given. */
export interface AttendanceQuery {
  projectId: string;
  sn: string;
  fromMs: number;
  toMs: number;
  driverId?: string;
}

/** At most `limit` shifts matching `a` with their driver's name, latest clock-in first. */
export function attendanceRows(db: Kysely<Database>, a: AttendanceQuery, limit: number) {
  let q = db
    .selectFrom('driver_attendance as a')
    .innerJoin('equipment_drivers as d', (j) => j.onRef('d.project_id', '=', 'a.project_id').onRef('d.driver_id', '=', 'a.driver_id'))
    .select(['a.attendance_id', 'a.driver_id', 'd.name', 'a.clock_in_ms', 'a.clock_out_ms'])
    .where('a.project_id', '=', a.projectId)
    .where('a.device_sn', '=', a.sn)
    .where('a.clock_in_ms', '<', a.toMs)
    .where((eb) => eb.or([eb('a.clock_out_ms', 'is', null), eb('a.clock_out_ms', '>', a.fromMs)]));
  if (a.driverId) q = q.where('a.driver_id', '=', a.driverId);
  return q.orderBy('a.clock_in_ms', 'desc').limit(limit).execute();
}

/** The drivers on duty at `atMs` on any device of `projectId` (device and driver name), earliest clock-in first. */
export function driversOnDuty(db: Kysely<Database>, projectId: string, atMs: number) {
  return db
    .selectFrom('driver_attendance as a')
    .innerJoin('equipment_drivers as d', (j) => j.onRef('d.project_id', '=', 'a.project_id').onRef('d.driver_id', '=', 'a.driver_id'))
    .select(['a.device_sn', 'd.name'])
    .where('a.project_id', '=', projectId)
    .where('a.clock_in_ms', '<=', atMs)
    .where((eb) => eb.or([eb('a.clock_out_ms', 'is', null), eb('a.clock_out_ms', '>', atMs)]))
    .orderBy('a.clock_in_ms')
    .execute();
}
