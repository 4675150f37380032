import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { registryDeviceSchema, Threshold } from '../../protocol';
import { PERSON_TAG_KINDS, VEHICLE_KINDS } from '../../protocol';
import { toJson } from './mappers';
import type { Database } from './schema';

/** Where device `sn` of `projectId` is and its last persisted values (`latest`, jsonb), or undefined when it is not registered there. */
export function deviceLocation(db: Kysely<Database>, projectId: string, sn: string) {
  return db.selectFrom('devices').select(['position', 'tunnel_id', 'latest']).where('project_id', '=', projectId).where('sn', '=', sn).executeTakeFirst();
}

/** The registered devices of `projectId` (rows), of one kind when given, by kind and serial number. */
export function deviceRows(db: Kysely<Database>, projectId: string, kind?: string) {
  let query = db.selectFrom('devices').selectAll().where('project_id', '=', projectId);
  if (kind) query = query.where('kind', '=', kind);
  return query.orderBy('kind').orderBy('sn').execute();
}

/**
 * The project of `projectId`'s organisation that device `sn` is registered in, or undefined (serial numbers
 * are unique within an organisation; another organisation's registry is never consulted here).
 */
export async function projectOfDeviceInOrganisation(db: Kysely<Database>, projectId: string, sn: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('devices as d')
    .innerJoin('projects as p', 'p.project_id', 'd.project_id')
    .select('d.project_id')
    .where('d.sn', '=', sn)
    .where('p.co_id', '=', (eb) => eb.selectFrom('projects').select('co_id').where('project_id', '=', projectId))
    .executeTakeFirst();
  return row?.project_id;
}

/**
 * Device `sn` with its project, kind and the project's device password (an HJ 212 packet's MN and PW,
 * server/hj212/listener.ts), or undefined when no project has it.
 */
export async function deviceForLogin(db: Kysely<Database>, sn: string): Promise<{ projectId: string; kind: string; password: string } | undefined> {
  const row = await db
    .selectFrom('devices')
    .innerJoin('projects', 'projects.project_id', 'devices.project_id')
    .select(['devices.project_id', 'devices.kind', 'projects.mqtt_password'])
    .where('devices.sn', '=', sn)
    .executeTakeFirst();
  return row && { projectId: row.project_id, kind: row.kind, password: row.mqtt_password };
}

/** A device as the registry writes it (device/add, device/import; protocol/admin.ts). */
export type RegistryDeviceFields = z.output<typeof registryDeviceSchema>;

/** Device columns of a registry device. */
function registryColumns(d: Omit<RegistryDeviceFields, 'gases'>) {
  return {
    kind: d.kind,
    name: d.name,
    station: d.station,
    position: d.position,
    tunnel_id: d.tunnelId,
    chainage_m: d.chainageM,
    report_period_s: d.reportPeriodS,
    vehicle: d.vehicle ? toJson(d.vehicle) : null,
  };
}

/** Why {@link upsertDevices} wrote nothing: a serial number of another project, or a known device given another kind. */
export class DeviceUpsertRefused extends Error {
  constructor(
    readonly reason: 'elsewhere' | 'kind',
    message: string,
  ) {
    super(message);
    this.name = 'DeviceUpsertRefused';
  }
}

/**
 * Writes the devices of a project in one transaction: new serial numbers are inserted with the thresholds
 * `thresholdsFor` gives (their kind's defaults); known ones are updated (kind unchanged: a kind change is
 * remove and add).
 * @throws DeviceUpsertRefused (`kind`) when a known device's kind differs, (`elsewhere`) when a serial
 * number belongs to another project of the same organisation (other organisations' registries are not
 * consulted: docs/api.md "Device serials across organisations"); nothing is written then.
 */
export function upsertDevices(
  db: Kysely<Database>,
  projectId: string,
  devices: RegistryDeviceFields[],
  thresholdsFor: (d: RegistryDeviceFields) => Threshold[],
): Promise<{ created: number; updated: number }> {
  return db.transaction().execute(async (tx) => {
    const sns = devices.map((d) => d.sn);
    const existing = sns.length
      ? await tx
          .selectFrom('devices as d')
          .innerJoin('projects as p', 'p.project_id', 'd.project_id')
          .select(['d.project_id', 'd.sn', 'd.kind'])
          .where('d.sn', 'in', sns)
          .where('p.co_id', '=', (eb) => eb.selectFrom('projects').select('co_id').where('project_id', '=', projectId))
          .execute()
      : [];
    const mine = new Map(existing.filter((e) => e.project_id === projectId).map((e) => [e.sn, e.kind]));
    const elsewhere = existing.find((e) => e.project_id !== projectId);
    if (elsewhere) throw new DeviceUpsertRefused('elsewhere', `${elsewhere.sn}: registered in another project of this organisation`);
    let created = 0;
    let updated = 0;
    for (const d of devices) {
      const kind = mine.get(d.sn);
      if (kind === undefined) {
        await tx
          .insertInto('devices')
          .values({
            project_id: projectId,
            sn: d.sn,
            ...registryColumns(d),
            thresholds: toJson(thresholdsFor(d)),
            status: 'unknown',
            last_seen_ms: null,
            latest: null,
          })
          .execute();
        created++;
      } else {
        if (kind !== d.kind) throw new DeviceUpsertRefused('kind', `${d.sn}: is a ${kind}; to change its kind, remove it and add it again`);
        await tx.updateTable('devices').set(registryColumns(d)).where('project_id', '=', projectId).where('sn', '=', d.sn).execute();
        updated++;
      }
    }
    return { created, updated };
  });
}

/** Changes the given registry fields of device `sn` of `projectId`; false when it is not registered there. */
export async function editDevice(
  db: Kysely<Database>,
  projectId: string,
  sn: string,
  d: Partial<Omit<RegistryDeviceFields, 'sn' | 'kind' | 'gases'>>,
): Promise<boolean> {
  const row = await db
    .updateTable('devices')
    .set({
      ...(d.name !== undefined && { name: d.name }),
      ...(d.station !== undefined && { station: d.station }),
      ...(d.position !== undefined && { position: d.position }),
      ...(d.tunnelId !== undefined && { tunnel_id: d.tunnelId }),
      ...(d.chainageM !== undefined && { chainage_m: d.chainageM }),
      ...(d.reportPeriodS !== undefined && { report_period_s: d.reportPeriodS }),
      ...(d.vehicle !== undefined && { vehicle: d.vehicle ? toJson(d.vehicle) : null }),
    })
    .where('project_id', '=', projectId)
    .where('sn', '=', sn)
    .returning('sn')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Moves device `sn` from `projectId` to `toProjectId`, keeping its serial number, thresholds and last
 * reading (its place in a tunnel is cleared); false when it is not registered in `projectId`.
 */
export async function moveDevice(db: Kysely<Database>, projectId: string, sn: string, toProjectId: string): Promise<boolean> {
  const row = await db
    .updateTable('devices')
    .set({ project_id: toProjectId, tunnel_id: null, chainage_m: null })
    .where('project_id', '=', projectId)
    .where('sn', '=', sn)
    .returning('sn')
    .executeTakeFirst();
  return row !== undefined;
}

/** Removes the devices of `sns` registered in `projectId`; how many there were. */
export async function removeDevices(db: Kysely<Database>, projectId: string, sns: string[]): Promise<number> {
  const r = await db.deleteFrom('devices').where('project_id', '=', projectId).where('sn', 'in', sns).executeTakeFirst();
  return Number(r.numDeletedRows);
}

/** The personnel beacons of `projectId`: serial number, name, bore and thresholds (jsonb). */
export function beaconRows(db: Kysely<Database>, projectId: string) {
  return db.selectFrom('devices').select(['sn', 'name', 'tunnel_id', 'thresholds']).where('project_id', '=', projectId).where('kind', 'in', PERSON_TAG_KINDS).execute();
}

/** Serial number and kind of every device of `projectId`, by serial number (what template panels may be bound to). */
export function projectDeviceKinds(db: Kysely<Database>, projectId: string): Promise<Array<{ sn: string; kind: string }>> {
  return db.selectFrom('devices').select(['sn', 'kind']).where('project_id', '=', projectId).orderBy('sn').execute();
}

/** The kind of device `sn` of `projectId`, or undefined when it is not registered there. */
export async function deviceKindOf(db: Kysely<Database>, projectId: string, sn: string): Promise<string | undefined> {
  return (await db.selectFrom('devices').select('kind').where('project_id', '=', projectId).where('sn', '=', sn).executeTakeFirst())?.kind;
}

/** Serial number, kind and name of the devices of `projectId` of one of `kinds`, by kind and serial number. */
export function devicesOfKinds(db: Kysely<Database>, projectId: string, kinds: readonly string[]) {
  return db.selectFrom('devices').select(['sn', 'kind', 'name']).where('project_id', '=', projectId).where('kind', 'in', [...kinds]).orderBy('kind').orderBy('sn').execute();
}

/** The tunnel bores of `projectId` (rows), by id. */
export function tunnelRows(db: Kysely<Database>, projectId: string) {
  return db.selectFrom('tunnels').selectAll().where('project_id', '=', projectId).orderBy('tunnel_id').execute();
}

/** Serial numbers of the personnel beacons of `projectId` (registered on bore `tunnelId` when given). */
export async function beaconSns(db: Kysely<Database>, projectId: string, tunnelId?: string): Promise<string[]> {
  let q = db.selectFrom('devices').select('sn').where('project_id', '=', projectId).where('kind', 'in', PERSON_TAG_KINDS);
  if (tunnelId) q = q.where('tunnel_id', '=', tunnelId);
  return (await q.execute()).map((r) => r.sn);
}

/** The projects with at least one person tag (beacon kinds), by id. */
export async function projectIdsWithBeacons(db: Kysely<Database>): Promise<string[]> {
  return (await db.selectFrom('devices').select('project_id').distinct().where('kind', 'in', PERSON_TAG_KINDS).orderBy('project_id').execute()).map((r) => r.project_id);
}

/** The registered vehicles of `projectId` (devices of a vehicle kind) with their vehicle fields, by serial number. */
export function vehicleRows(db: Kysely<Database>, projectId: string) {
  return db.selectFrom('devices').select(['sn', 'name', 'vehicle']).where('project_id', '=', projectId).where('kind', 'in', VEHICLE_KINDS).orderBy('sn').execute();
}
