import type { FastifyInstance } from 'fastify';
import { ROUTES, ingestStatsBody, telemetryHistoryBody, type IngestStats, type TelemetryHistory } from '../../../protocol';
import { fromJson } from '../../storage';
import { postRoute, requireAdmin, requireMember, type HttpDeps } from '../context';
import { ApiError } from '../errors';

/** Rows returned per device: the most recent ones in the range when there are more. */
export const HISTORY_MAX_ROWS_PER_SN = 20_000;
/** Metrics returned per device when the request names none. */
const MAX_METRICS = 64;

/** telemetry/history and ingest/stats. */
export function registerTelemetryRoutes(app: FastifyInstance, deps: HttpDeps): void {
  postRoute(app, deps, ROUTES.telemetryHistory, telemetryHistoryBody, async ({ body, user }): Promise<TelemetryHistory> => {
    if (body.toMs < body.fromMs) throw new ApiError('VALIDATION', 'toMs: must not be before fromMs');
    requireMember(user, body.projectId);
    const series: TelemetryHistory['series'] = [];
    for (const sn of new Set(body.sns)) {
      const rows = await deps.db
        .selectFrom('telemetry')
        .select(['ts_ms', 'values'])
        .where('project_id', '=', body.projectId)
        .where('sn', '=', sn)
        .where('ts_ms', '>=', body.fromMs)
        .where('ts_ms', '<=', body.toMs)
        .orderBy('ts_ms', 'desc')
        .limit(HISTORY_MAX_ROWS_PER_SN)
        .execute();
      rows.reverse();
      const points = rows.map((r) => ({ ts: r.ts_ms, values: fromJson<Record<string, unknown>>(r.values) ?? {} }));
      const metrics = body.metrics ?? metricsOf(points.map((p) => p.values));
      const values: Record<string, Array<number | null>> = {};
      for (const m of metrics) {
        values[m] = points.map((p) => {
          const v = p.values[m];
          return typeof v === 'number' && Number.isFinite(v) ? v : null;
        });
      }
      series.push({ sn, ts: points.map((p) => p.ts), values });
    }
    return { series };
  });

  postRoute(app, deps, ROUTES.ingestStats, ingestStatsBody, async ({ user }): Promise<IngestStats> => {
    requireAdmin(user);
    return deps.live().ingestStats();
  });
}

/** Every metric key present in `rows`, in first-seen order, at most {@link MAX_METRICS}. */
function metricsOf(rows: Array<Record<string, unknown>>): string[] {
  const seen = new Set<string>();
  for (const r of rows) {
    for (const k of Object.keys(r)) {
      if (seen.size >= MAX_METRICS) return [...seen];
      seen.add(k);
    }
  }
  return [...seen];
}
