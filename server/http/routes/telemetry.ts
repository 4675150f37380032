import type { FastifyInstance } from 'fastify';
import { HISTORY, OPERATIONS, type TelemetryHistory } from '../../../protocol';
import { readRaw } from '../../storage';
import { registerTelemetryRangeRoutes } from './telemetryRanges';
import { requireAdmin, requireMember, route, type HttpDeps } from '../context';
import { ApiError } from '../errors';

/** Rows returned per device: the most recent ones in the range when there are more. */
export const HISTORY_MAX_ROWS_PER_SN = 20_000;
/** Metrics returned per device when the request names none. */
const MAX_METRICS = 64;

/** telemetry/history, ingest/stats and the range routes of ./telemetryRanges.ts. */
export function registerTelemetryRoutes(app: FastifyInstance, deps: HttpDeps): void {
  registerTelemetryRangeRoutes(app, deps);
  route(app, deps, HISTORY.telemetryHistory, async ({ body, user }) => {
    if (body.toMs < body.fromMs) throw new ApiError('VALIDATION', 'toMs: must not be before fromMs');
    requireMember(user, body.projectId);
    const sns = [...new Set(body.sns)];
    const raw = await readRaw(deps.db, body.projectId, { sns }, body.fromMs, body.toMs);
    const series: TelemetryHistory['series'] = [];
    for (const sn of sns) {
      const s = raw.get(sn) ?? { ts: [], values: {}, tunnelId: [] };
      // the most recent rows when there are more, and the answer says so
      const skip = Math.max(0, s.ts.length - HISTORY_MAX_ROWS_PER_SN);
      const metrics = body.metrics ?? Object.keys(s.values).slice(0, MAX_METRICS);
      const values: Record<string, Array<number | null>> = {};
      for (const m of metrics) values[m] = s.values[m] ? s.values[m].slice(skip) : new Array<number | null>(s.ts.length - skip).fill(null);
      series.push({ sn, ts: s.ts.slice(skip), values, truncated: skip > 0, readings: s.ts.length });
    }
    return { series };
  });

  route(app, deps, OPERATIONS.ingestStats, async ({ user }) => {
    requireAdmin(user);
    return deps.live().ingestStats();
  });
}
