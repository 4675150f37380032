import type { FastifyInstance } from 'fastify';
import {
  certificateStatus,
  EQUIPMENT_KINDS,
  LIFTING_DRIVERS,
  MAX_CLOCK_IN_ENTRIES,
  MAX_DRIVERS_PER_PROJECT,
  maskIdNumber,
  MASKED_ID_NUMBER,
  type ClockInVerdict,
  type DriverFields,
  type LiftingDriver,
  type SessionUser,
} from '../../../protocol';
import { captureUrl } from '../../captures/captureStore';
import { clockInRows, countDrivers, deleteDriver, devicesOfKinds, driverRecords, DriverIdNumberTaken, findDriverRecord, inTransaction, insertDrivers, updateDriver, type DriverRecord } from '../../storage';
import type { Kysely } from 'kysely';
import type { Database } from '../../storage';
import { requireMember, route, type HttpDeps } from '../context';
import { ApiError } from '../errors';
import { seesIdNumbers } from './people';

/** A driver row as `user` may see it at `nowMs`: the ID number masked unless they are an administrator. */
export function driverOf(r: DriverRecord, user: SessionUser, nowMs: number): LiftingDriver {
  return {
    driverId: r.driver_id,
    name: r.name,
    gender: r.gender,
    idNumber: r.id_number === '' || seesIdNumbers(user, r.project_id) ? r.id_number : maskIdNumber(r.id_number),
    phone: r.phone,
    cardNo: r.card_no,
    certificateNo: r.certificate_no,
    certificateType: r.certificate_type,
    issuingAuthority: r.issuing_authority,
    certificateIssuedMs: r.certificate_issued_ms,
    certificateExpiryMs: r.certificate_expiry_ms,
    certificateStatus: certificateStatus(r.certificate_expiry_ms, nowMs),
    machines: r.machines,
  };
}

/**
 * Checks that every machine of `drivers` is lifting equipment of `projectId`.
 * @throws ApiError VALIDATION naming the first that is not (with `prefix`, e.g. a row of an import)
 */
export async function checkMachines(db: Kysely<Database>, projectId: string, drivers: ReadonlyArray<{ fields: DriverFields; prefix: string }>): Promise<void> {
  const known = new Set((await devicesOfKinds(db, projectId, EQUIPMENT_KINDS)).map((d) => d.sn));
  for (const d of drivers) {
    const unknown = d.fields.machines.find((sn) => !known.has(sn));
    if (unknown !== undefined) throw new ApiError('VALIDATION', `${d.prefix}machines: ${unknown} is not lifting equipment of this project`);
  }
}

function conflictOnDuplicate(driverId: string) {
  return (err: unknown): never => {
    if (err instanceof DriverIdNumberTaken) throw new ApiError('CONFLICT', err.message);
    if (typeof err === 'object' && err !== null && ((err as { code?: string }).code === '23505' || /unique|duplicate/i.test(String((err as Error).message)))) {
      throw new ApiError('CONFLICT', `driverId: ${driverId} is already registered`);
    }
    throw err;
  };
}

/**
 * equipment/driver/list, add, edit, delete and equipment/clockIns (protocol/contracts/liftingDrivers.ts,
 * docs/api.md "Equipment"). Members read; changes need threshold.edit and are audited (server/http/audit.ts).
 */
export function registerLiftingDriverRoutes(app: FastifyInstance, deps: HttpDeps): void {
  const { db } = deps;

  route(app, deps, LIFTING_DRIVERS.driverList, async ({ body, user }) => {
    requireMember(user, body.projectId);
    const atMs = Date.now();
    const rows = await driverRecords(db, body.projectId, body.sn);
    return { atMs, drivers: rows.map((r) => driverOf(r, user, atMs)) };
  });

  route(app, deps, LIFTING_DRIVERS.driverAdd, async ({ body, user }) => {
    requireMember(user, body.projectId);
    if (MASKED_ID_NUMBER.test(body.driver.idNumber)) throw new ApiError('VALIDATION', 'driver.idNumber: enter the whole ID number');
    if ((await countDrivers(db, body.projectId)) >= MAX_DRIVERS_PER_PROJECT) throw new ApiError('VALIDATION', `driver: a project registers at most ${MAX_DRIVERS_PER_PROJECT} drivers`);
    await checkMachines(db, body.projectId, [{ fields: body.driver, prefix: 'driver.' }]);
    await inTransaction(db, (tx) => insertDrivers(tx, body.projectId, [{ driverId: body.driverId, fields: body.driver }])).catch(conflictOnDuplicate(body.driverId));
    const saved = await findDriverRecord(db, body.projectId, { driverId: body.driverId });
    if (!saved) throw new ApiError('NOT_FOUND', 'No such driver');
    return driverOf(saved, user, Date.now());
  });

  route(app, deps, LIFTING_DRIVERS.driverEdit, async ({ body, user }) => {
    requireMember(user, body.projectId);
    const fields = { ...body.driver };
    if (MASKED_ID_NUMBER.test(fields.idNumber)) {
      // a form filled from a masked answer sends the mask back: the stored number stays
      const stored = (await findDriverRecord(db, body.projectId, { driverId: body.driverId }))?.id_number ?? '';
      if (stored === '' || maskIdNumber(stored) !== fields.idNumber) throw new ApiError('VALIDATION', 'driver.idNumber: enter the whole ID number');
      fields.idNumber = stored;
    }
    await checkMachines(db, body.projectId, [{ fields, prefix: 'driver.' }]);
    const updated = await inTransaction(db, (tx) => updateDriver(tx, body.projectId, body.driverId, fields)).catch(conflictOnDuplicate(body.driverId));
    if (!updated) throw new ApiError('NOT_FOUND', 'No such driver');
    const saved = await findDriverRecord(db, body.projectId, { driverId: body.driverId });
    if (!saved) throw new ApiError('NOT_FOUND', 'No such driver');
    return driverOf(saved, user, Date.now());
  });

  route(app, deps, LIFTING_DRIVERS.driverDelete, async ({ body, user }) => {
    requireMember(user, body.projectId);
    if (!(await deleteDriver(db, body.projectId, body.driverId))) throw new ApiError('NOT_FOUND', 'No such driver');
    return { driverId: body.driverId };
  });

  route(app, deps, LIFTING_DRIVERS.clockIns, async ({ body, user }) => {
    requireMember(user, body.projectId);
    const rows = await clockInRows(db, body, MAX_CLOCK_IN_ENTRIES + 1);
    return {
      truncated: rows.length > MAX_CLOCK_IN_ENTRIES,
      entries: rows.slice(0, MAX_CLOCK_IN_ENTRIES).map((r) => ({
        clockInId: Number(r.clock_in_id),
        sn: r.device_sn,
        terminalSn: r.terminal_sn,
        driverId: r.driver_id,
        driverName: r.name ?? null,
        atMs: r.at_ms,
        matched: r.matched,
        score: r.score,
        verdict: r.verdict as ClockInVerdict,
        photoUrl: r.photo_name === null ? null : captureUrl(body.projectId, r.photo_name),
      })),
    };
  });
}
