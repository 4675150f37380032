import type { Expression, Kysely, SqlBool } from 'kysely';
import { z } from 'zod';
import { DEVICE_KIND_REGISTRY, DEVICE_STATUSES, thresholdSchema, type Threshold } from '../../protocol';
import { fromJson, type Database } from '../storage';
import type { DeviceConfig, DeviceSnapshot } from './types';

const thresholdsSchema = z.array(thresholdSchema);
const latestSchema = z.record(z.string(), z.number()).nullable();
const metricsSchema = z.array(z.string().max(64)).max(256);

/**
 * The kind defaults of each project and kind (`project\0kind`): the descriptor's defaults overridden by the
 * project's `kind_thresholds` rows (unreadable rows are skipped).
 */
async function loadKindDefaults(db: Kysely<Database>, projectId?: string): Promise<Map<string, Threshold[]>> {
  let q = db.selectFrom('kind_thresholds').select(['project_id', 'kind', 'metric', 'threshold']);
  if (projectId !== undefined) q = q.where('project_id', '=', projectId);
  const out = new Map<string, Threshold[]>();
  for (const row of await q.execute()) {
    const t = thresholdSchema.safeParse(fromJson(row.threshold));
    if (!t.success || t.data.metric !== row.metric) continue;
    const key = `${row.project_id}\u0000${row.kind}`;
    const list = out.get(key) ?? (DEVICE_KIND_REGISTRY.get(row.kind)?.thresholds ?? []).map((d) => d.threshold);
    out.set(key, [...list.filter((x) => x.metric !== row.metric), t.data]);
  }
  return out;
}

/** A device row as the rules engine needs it. */
export interface LoadedDevice {
  config: DeviceConfig;
  snapshot: DeviceSnapshot;
}

/**
 * Reads the devices of one project (or of all projects), grouped by project id. Rows the engine cannot
 * use are skipped with a warning instead of stopping the server: an unknown kind, or thresholds that do
 * not match protocol/thresholds.ts (the device then runs without thresholds). `where` narrows the rows further
 * (a cluster partition's, server/cluster/partitions.ts `partitionWhere`).
 */
export async function loadDevices(
  db: Kysely<Database>,
  log: { warn(obj: object, msg?: string): void },
  projectId?: string,
  where?: Expression<SqlBool>,
): Promise<Map<string, LoadedDevice[]>> {
  let q = db.selectFrom('devices').selectAll();
  if (projectId !== undefined) q = q.where('project_id', '=', projectId);
  if (where !== undefined) q = q.where(where);
  const rows = await q.execute();
  const kindDefaults = await loadKindDefaults(db, projectId);
  const out = new Map<string, LoadedDevice[]>();
  if (projectId !== undefined) out.set(projectId, []);
  for (const row of rows) {
    const kind = DEVICE_KIND_REGISTRY.get(row.kind)?.kind;
    if (!kind) {
      log.warn({ projectId: row.project_id, sn: row.sn, kind: row.kind }, 'device of unknown kind ignored');
      continue;
    }
    const thresholds = thresholdsSchema.safeParse(fromJson(row.thresholds));
    if (!thresholds.success) log.warn({ projectId: row.project_id, sn: row.sn }, 'device thresholds unreadable; running without');
    const latest = latestSchema.safeParse(fromJson(row.latest ?? null));
    const unconfigured = metricsSchema.safeParse(fromJson(row.unconfigured_metrics ?? []));
    const projectDefaults = kindDefaults.get(`${row.project_id}\u0000${kind}`);
    const device: LoadedDevice = {
      config: {
        projectId: row.project_id,
        sn: row.sn,
        kind,
        name: row.name,
        reportPeriodS: row.report_period_s,
        thresholds: thresholds.success ? thresholds.data : [],
        ...(projectDefaults ? { kindDefaults: projectDefaults } : {}),
      },
      snapshot: {
        status: DEVICE_STATUSES.find((s) => s === row.status) ?? 'unknown',
        lastSeenMs: row.last_seen_ms,
        latest: latest.success ? latest.data : null,
        unconfiguredMetrics: unconfigured.success ? unconfigured.data : [],
      },
    };
    const list = out.get(row.project_id) ?? [];
    list.push(device);
    out.set(row.project_id, list);
  }
  return out;
}
