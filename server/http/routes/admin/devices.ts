import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import {
  ADMIN_ROUTES,
  SILENT_PERIODS,
  deviceAddBody,
  deviceEditBody,
  deviceImportBody,
  deviceMoveBody,
  deviceRegistryListBody,
  deviceRemoveBody,
  type DeviceKind,
  type ImportResult,
  type RegistryDevice,
} from '../../../../protocol';
import { defaultThresholdsFor } from '../../../rules/defaultThresholds';
import { fromJson, toJson, type Database } from '../../../storage';
import { postRoute, requireMember, type HttpDeps } from '../../context';
import { readDeviceImport, type ImportedDevice } from '../../deviceImport';
import { ApiError, ERROR_MESSAGES } from '../../errors';

/** Whether a device is silent: never seen, or not for {@link SILENT_PERIODS} reporting periods. */
function isSilent(lastSeenMs: number | null, reportPeriodS: number, nowMs: number): boolean {
  return lastSeenMs === null || nowMs - lastSeenMs > SILENT_PERIODS * reportPeriodS * 1000;
}

/** Device columns of a registry device (thresholds from the kind's defaults for a new device). */
function deviceColumns(d: ImportedDevice) {
  return {
    kind: d.kind,
    name: d.name,
    station: d.station,
    position: d.position,
    tunnel_id: d.tunnelId,
    chainage_m: d.chainageM,
    report_period_s: d.reportPeriodS,
  };
}

/** The gases a gas device measures, read from its thresholds (the registry keeps no other copy). */
function gasesOf(kind: string, thresholds: unknown): string[] {
  if (kind !== 'gas') return [];
  return fromJson<{ metric: string }[]>(thresholds).map((t) => t.metric);
}

/**
 * Writes the devices of a project in one transaction: new serial numbers are inserted with their kind's
 * default thresholds; known ones are updated (kind unchanged: a kind change is remove and add).
 * @throws ApiError VALIDATION when a known device's kind differs, CONFLICT when a serial number belongs to
 * another project. Nothing is written then.
 */
async function upsertDevices(db: Kysely<Database>, projectId: string, devices: ImportedDevice[]): Promise<{ created: number; updated: number }> {
  return db.transaction().execute(async (tx) => {
    const sns = devices.map((d) => d.sn);
    const existing = sns.length
      ? await tx.selectFrom('devices').select(['project_id', 'sn', 'kind']).where('sn', 'in', sns).execute()
      : [];
    const mine = new Map(existing.filter((e) => e.project_id === projectId).map((e) => [e.sn, e.kind]));
    const elsewhere = existing.find((e) => e.project_id !== projectId);
    if (elsewhere) throw new ApiError('CONFLICT', `${elsewhere.sn}: registered in another project`);
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
            ...deviceColumns(d),
            thresholds: toJson(defaultThresholdsFor(d.kind, d.gases)),
            status: 'unknown',
            last_seen_ms: null,
            latest: null,
          })
          .execute();
        created++;
      } else {
        if (kind !== d.kind) throw new ApiError('VALIDATION', `${d.sn}: is a ${kind}; to change its kind, remove it and add it again`);
        await tx.updateTable('devices').set(deviceColumns(d)).where('project_id', '=', projectId).where('sn', '=', d.sn).execute();
        updated++;
      }
    }
    return { created, updated };
  });
}

/** The device registry of a project: list (with silence), add, edit, move, remove, import (CSV, XLSX). */
export function registerDeviceRegistryRoutes(app: FastifyInstance, deps: HttpDeps): void {
  const { db } = deps;

  postRoute(app, deps, ADMIN_ROUTES.deviceRegistryList, deviceRegistryListBody, async ({ body }): Promise<RegistryDevice[]> => {
    const rows = await db.selectFrom('devices').selectAll().where('project_id', '=', body.projectId).orderBy('kind').orderBy('sn').execute();
    const live = (await deps.live().liveState(body.projectId)).devices;
    const nowMs = Date.now();
    const devices = rows.map((r): RegistryDevice => {
      const lastSeenMs = live.get(r.sn)?.lastSeenMs ?? r.last_seen_ms;
      return {
        sn: r.sn,
        kind: r.kind as DeviceKind,
        name: r.name,
        station: r.station,
        position: r.position,
        tunnelId: r.tunnel_id,
        chainageM: r.chainage_m,
        reportPeriodS: r.report_period_s,
        gases: gasesOf(r.kind, r.thresholds),
        lastSeenMs,
        silent: isSilent(lastSeenMs, r.report_period_s, nowMs),
        unconfiguredMetrics: fromJson<string[]>(r.unconfigured_metrics) ?? [],
      };
    });
    return body.silentOnly ? devices.filter((d) => d.silent) : devices;
  });

  postRoute(app, deps, ADMIN_ROUTES.deviceAdd, deviceAddBody, async ({ body }) => {
    const exists = await db.selectFrom('devices').select('project_id').where('sn', '=', body.device.sn).executeTakeFirst();
    if (exists) throw new ApiError('CONFLICT', `${body.device.sn}: already registered`);
    await upsertDevices(db, body.projectId, [body.device]);
    await deps.live().reloadDevices(body.projectId);
    return null;
  });

  postRoute(app, deps, ADMIN_ROUTES.deviceEdit, deviceEditBody, async ({ body }) => {
    const d = body.device;
    const row = await db
      .updateTable('devices')
      .set({
        ...(d.name !== undefined && { name: d.name }),
        ...(d.station !== undefined && { station: d.station }),
        ...(d.position !== undefined && { position: d.position }),
        ...(d.tunnelId !== undefined && { tunnel_id: d.tunnelId }),
        ...(d.chainageM !== undefined && { chainage_m: d.chainageM }),
        ...(d.reportPeriodS !== undefined && { report_period_s: d.reportPeriodS }),
      })
      .where('project_id', '=', body.projectId)
      .where('sn', '=', body.sn)
      .returning('sn')
      .executeTakeFirst();
    if (!row) throw new ApiError('NOT_FOUND', ERROR_MESSAGES.notFound);
    await deps.live().reloadDevices(body.projectId);
    return null;
  });

  // Moving keeps the device's serial number, thresholds and last reading; its history stays with the old project.
  postRoute(app, deps, ADMIN_ROUTES.deviceMove, deviceMoveBody, async ({ body, user }) => {
    requireMember(user, body.toProjectId);
    const row = await db
      .updateTable('devices')
      .set({ project_id: body.toProjectId, tunnel_id: null, chainage_m: null })
      .where('project_id', '=', body.projectId)
      .where('sn', '=', body.sn)
      .returning('sn')
      .executeTakeFirst();
    if (!row) throw new ApiError('NOT_FOUND', ERROR_MESSAGES.notFound);
    await deps.live().reloadDevices(body.projectId);
    await deps.live().reloadDevices(body.toProjectId);
    return null;
  });

  postRoute(app, deps, ADMIN_ROUTES.deviceRemove, deviceRemoveBody, async ({ body }) => {
    const r = await db.deleteFrom('devices').where('project_id', '=', body.projectId).where('sn', 'in', body.sns).executeTakeFirst();
    await deps.live().reloadDevices(body.projectId);
    return { removed: Number(r.numDeletedRows) };
  });

  postRoute(app, deps, ADMIN_ROUTES.deviceImport, deviceImportBody, async ({ body }): Promise<ImportResult> => {
    const content = Buffer.from(body.contentBase64, 'base64');
    const { devices, problems } = await readDeviceImport(body.format, content);
    const none = { imported: 0, created: 0, updated: 0, dryRun: body.dryRun ?? false };
    if (problems.length > 0) return { ...none, problems };
    if (body.dryRun) return { ...none, imported: devices.length, problems: [] };
    const { created, updated } = await upsertDevices(db, body.projectId, devices);
    await deps.live().reloadDevices(body.projectId);
    return { imported: devices.length, created, updated, problems: [], dryRun: false };
  });
}
