import { auditAsFailed } from '../../audit';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { ADMIN, IMPORT_COLUMNS, SILENT_PERIODS, TRANSFER_TTL_MS, isEventOnlyKind, listsMeasured, vehicleFieldsProblem, type DeviceKind, type RegistryDevice, type VehicleFields } from '../../../../protocol';
import { defaultThresholdsFor } from '../../../rules/defaultThresholds';
import {
  deviceKindOf,
  deviceRows,
  DeviceUpsertRefused,
  editDevice,
  foreignHolders,
  fromJson,
  moveDevice,
  projectOfDeviceInOrganisation,
  removeDevices,
  requestTransfers,
  saveCameraStream,
  upsertDevices,
  type Database,
} from '../../../storage';
import { rawRoute, route, requireMember, type HttpDeps } from '../../context';
import { readDeviceImport, type ImportedDevice } from '../../deviceImport';
import { ApiError, ERROR_MESSAGES } from '../../errors';
import { sendTableExport } from '../../tableExport';
import { parseBody } from '../../validation';

/**
 * Whether a device is silent: never seen, or not for {@link SILENT_PERIODS} reporting periods. A device of a
 * kind that only sends events (a camera, a gate: isEventOnlyKind) never is: its quiet means nothing happened.
 */
function isSilent(kind: string, lastSeenMs: number | null, reportPeriodS: number, nowMs: number): boolean {
  if (isEventOnlyKind(kind)) return false;
  return lastSeenMs === null || nowMs - lastSeenMs > SILENT_PERIODS * reportPeriodS * 1000;
}

/** The gases a gas device measures, read from its thresholds (the registry keeps no other copy). */
function gasesOf(kind: string, thresholds: unknown): string[] {
  if (!listsMeasured(kind)) return [];
  return fromJson<{ metric: string }[]>(thresholds).map((t) => t.metric);
}

/**
 * Writes the devices of a project (storage upsertDevices), new ones with their kind's default thresholds.
 * @throws ApiError VALIDATION when a known device's kind differs, CONFLICT when a serial number belongs to
 * another project of the same organisation. Nothing is written then.
 */
async function upsertRegistry(db: Kysely<Database>, projectId: string, devices: ImportedDevice[]): Promise<{ created: number; updated: number }> {
  try {
    return await upsertDevices(db, projectId, devices, (d) => defaultThresholdsFor(d.kind, d.gases));
  } catch (e) {
    if (e instanceof DeviceUpsertRefused) throw new ApiError(e.reason === 'elsewhere' ? 'CONFLICT' : 'VALIDATION', e.message);
    throw e;
  }
}

/**
 * After `projectId` registered `sns`: asks the projects of other organisations that hold any of them to
 * release it (docs/api.md "Device serials across organisations"). The caller's answer does not depend on
 * it, and the lookup runs whether or not anyone holds them.
 */
async function askHolders(db: Kysely<Database>, projectId: string, requestedBy: string, sns: string[]): Promise<void> {
  const nowMs = Date.now();
  await requestTransfers(db, projectId, requestedBy, await foreignHolders(db, projectId, sns), nowMs, nowMs + TRANSFER_TTL_MS);
}

/** The device registry of a project: list (with silence), add, edit, move, remove, import (CSV, XLSX). */
export function registerDeviceRegistryRoutes(app: FastifyInstance, deps: HttpDeps): void {
  const { db } = deps;

  // The file itself (as audit/export): the header row of IMPORT_COLUMNS and no rows, so a filled-in copy imports as it is.
  rawRoute(app, ADMIN.deviceImportTemplate, async (req, reply) => {
    const body = parseBody(ADMIN.deviceImportTemplate.body, req.body);
    const columns = IMPORT_COLUMNS.map((header) => ({ header, width: Math.max(12, header.length + 4), cell: () => '' }));
    const pages = async function* (): AsyncGenerator<never[]> {
      // a template has no rows
    };
    return sendTableExport(req, reply, { format: body.format, fileName: `devices-${body.projectId}.${body.format}`, sheetName: 'Devices', columns, pages });
  });

  route(app, deps, ADMIN.deviceRegistryList, async ({ body }) => {
    const rows = await deviceRows(db, body.projectId);
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
        vehicle: fromJson<VehicleFields | null>(r.vehicle) ?? null,
        lastSeenMs,
        silent: isSilent(r.kind, lastSeenMs, r.report_period_s, nowMs),
        unconfiguredMetrics: fromJson<string[]>(r.unconfigured_metrics) ?? [],
      };
    });
    return body.silentOnly ? devices.filter((d) => d.silent) : devices;
  });

  // Serial numbers are unique within an organisation: another organisation holding the same one neither
  // refuses nor changes the answer (docs/api.md "Device serials across organisations").
  route(app, deps, ADMIN.deviceAdd, async ({ body, user }) => {
    if ((await projectOfDeviceInOrganisation(db, body.projectId, body.device.sn)) !== undefined) throw new ApiError('CONFLICT', `${body.device.sn}: already registered`);
    const vehicleProblem = vehicleFieldsProblem(body.device.kind, body.device.vehicle);
    if (vehicleProblem) throw new ApiError('VALIDATION', `${body.device.sn}: ${vehicleProblem}`);
    await upsertRegistry(db, body.projectId, [body.device]);
    await askHolders(db, body.projectId, user.username, [body.device.sn]);
    await deps.live().reloadDevices(body.projectId);
    return null;
  });

  route(app, deps, ADMIN.deviceEdit, async ({ body }) => {
    // a vehicle's fields go with a vehicle kind only, as when it was added (the kind itself never changes)
    if (body.device.vehicle !== undefined) {
      const kind = await deviceKindOf(db, body.projectId, body.sn);
      if (kind === undefined) throw new ApiError('NOT_FOUND', ERROR_MESSAGES.notFound);
      const vehicleProblem = vehicleFieldsProblem(kind, body.device.vehicle);
      if (vehicleProblem) throw new ApiError('VALIDATION', `${body.sn}: ${vehicleProblem}`);
    }
    if (!(await editDevice(db, body.projectId, body.sn, body.device))) throw new ApiError('NOT_FOUND', ERROR_MESSAGES.notFound);
    await deps.live().reloadDevices(body.projectId);
    return null;
  });

  // Moving keeps the device's serial number, thresholds and last reading; its history stays with the old project.
  route(app, deps, ADMIN.deviceMove, async ({ body, user }) => {
    requireMember(user, body.toProjectId);
    // the target may belong to another organisation the caller also administers, which may hold the serial itself
    const holder = await projectOfDeviceInOrganisation(db, body.toProjectId, body.sn);
    if (holder !== undefined && holder !== body.projectId) throw new ApiError('CONFLICT', `${body.sn}: already registered`);
    if (!(await moveDevice(db, body.projectId, body.sn, body.toProjectId))) throw new ApiError('NOT_FOUND', ERROR_MESSAGES.notFound);
    await deps.live().reloadDevices(body.projectId);
    await deps.live().reloadDevices(body.toProjectId);
    return null;
  });

  route(app, deps, ADMIN.deviceRemove, async ({ body }) => {
    const removed = await removeDevices(db, body.projectId, body.sns);
    await deps.live().reloadDevices(body.projectId);
    return { removed };
  });

  route(app, deps, ADMIN.deviceImport, async ({ body, user, req }) => {
    const content = Buffer.from(body.contentBase64, 'base64');
    const { devices, streams, problems } = await readDeviceImport(body.format, content);
    const none = { imported: 0, created: 0, updated: 0, dryRun: body.dryRun ?? false };
    if (problems.length > 0) {
      auditAsFailed(req);
      return { ...none, problems };
    }
    if (body.dryRun) return { ...none, imported: devices.length, problems: [] };
    const { created, updated } = await upsertRegistry(db, body.projectId, devices);
    // the cameras' stream sources (a running stream picks a changed source up at its next lease)
    const nowMs = Date.now();
    for (const s of streams) await saveCameraStream(db, { projectId: body.projectId, ...s, updatedAtMs: nowMs });
    await askHolders(db, body.projectId, user.username, devices.map((d) => d.sn));
    await deps.live().reloadDevices(body.projectId);
    return { imported: devices.length, created, updated, problems: [], dryRun: false };
  });
}
