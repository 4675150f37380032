import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { MAX_UNCONFIGURED_LISTED, OPERATIONS, type SystemStatus } from '../../protocol';
import { fromJson } from '../storage';
import { rawRoute, requireAdmin, route, type HttpDeps } from './context';
import { ApiError, ERROR_MESSAGES } from './errors';
import type { RestRejections } from './restRejections';
import { SESSION_COOKIE } from './sessions';
import type { VideoStatusSource } from './routes/video';

/** Path of the Prometheus endpoint (docs/operations.md "Metrics"). */
export const METRICS_PATH = OPERATIONS.metrics.path;

/**
 * The counters of this node, as the status page shows them, and the devices of every project flagged for
 * a metric with no configured threshold (stored with the device, so every node lists the same).
 */
export async function systemStatus(deps: HttpDeps, rejections: RestRejections, startedAtMs: number, video: VideoStatusSource): Promise<SystemStatus> {
  const stats = deps.live().ingestStats();
  const flagged = await deps.db
    .selectFrom('devices')
    .select(['project_id', 'sn', 'name', 'kind', 'unconfigured_metrics'])
    .where(sql<boolean>`jsonb_array_length(unconfigured_metrics) > 0`)
    .orderBy('project_id')
    .orderBy('sn')
    .limit(MAX_UNCONFIGURED_LISTED)
    .execute();
  return {
    startedAtMs,
    atMs: Date.now(),
    ingest: { accepted: stats.accepted, rejected: { ...stats.rejected } },
    restRejections: rejections.snapshot(),
    restServerErrors: rejections.serverErrorSnapshot(),
    mqttSession: stats.mqttSession ? { ...stats.mqttSession } : null,
    unconfiguredMetrics: flagged.map((r) => ({ projectId: r.project_id, sn: r.sn, name: r.name, kind: r.kind, metrics: fromJson<string[]>(r.unconfigured_metrics) ?? [] })),
    video: video.snapshot(),
  };
}

/** A label value escaped for the text exposition format (backslash, double quote, newline). */
function label(v: string): string {
  return v.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');
}

/**
 * The status as Prometheus text exposition format 0.0.4
 * (https://prometheus.io/docs/instrumenting/exposition_formats/).
 */
export function toPrometheusText(s: SystemStatus): string {
  const lines: string[] = [];
  const family = (name: string, help: string, type: 'counter' | 'gauge') => lines.push(`# HELP ${name} ${help}`, `# TYPE ${name} ${type}`);
  family('siteboard_start_time_seconds', 'When this node started, seconds since the epoch.', 'gauge');
  lines.push(`siteboard_start_time_seconds ${Math.floor(s.startedAtMs / 1000)}`);
  family('siteboard_ingest_accepted_total', 'Device messages accepted by ingest.', 'counter');
  lines.push(`siteboard_ingest_accepted_total ${s.ingest.accepted}`);
  family('siteboard_ingest_rejected_total', 'Device messages rejected by ingest, by reason.', 'counter');
  for (const [reason, n] of Object.entries(s.ingest.rejected)) lines.push(`siteboard_ingest_rejected_total{reason="${label(reason)}"} ${n}`);
  family('siteboard_rest_rejections_total', 'REST requests refused (4xx), by route, error code and HTTP status.', 'counter');
  for (const r of s.restRejections) {
    lines.push(`siteboard_rest_rejections_total{route="${label(r.route)}",code="${r.code}",status="${r.status}"} ${r.count}`);
  }
  family('siteboard_rest_server_errors_total', 'REST answers 5xx, by route.', 'counter');
  for (const r of s.restServerErrors) lines.push(`siteboard_rest_server_errors_total{route="${label(r.route)}"} ${r.count}`);
  if (s.mqttSession) {
    family('siteboard_mqtt_sessions_lost_total', 'Connections on which the external MQTT broker had lost the server\'s persistent session.', 'counter');
    lines.push(`siteboard_mqtt_sessions_lost_total ${s.mqttSession.lost}`);
  }
  family('siteboard_device_unconfigured_metric', 'A device reports this metric with no configured threshold (judged on the kind default), 1 per device and metric.', 'gauge');
  for (const d of s.unconfiguredMetrics) {
    for (const m of d.metrics) lines.push(`siteboard_device_unconfigured_metric{project="${label(d.projectId)}",sn="${label(d.sn)}",kind="${label(d.kind)}",metric="${label(m)}"} 1`);
  }
  family('siteboard_video_streams', 'Camera streams on this node, by state (starting, live, offline).', 'gauge');
  for (const state of ['starting', 'live', 'offline'] as const) lines.push(`siteboard_video_streams{state="${state}"} ${s.video.streams.filter((v) => v.state === state).length}`);
  family('siteboard_video_ffmpeg_starts_total', 'ffmpeg starts of camera streams (first starts and restarts).', 'counter');
  lines.push(`siteboard_video_ffmpeg_starts_total ${s.video.starts}`);
  family('siteboard_video_ffmpeg_failures_total', 'ffmpeg runs of camera streams that failed (exited or wrote no video in time).', 'counter');
  lines.push(`siteboard_video_ffmpeg_failures_total ${s.video.failures}`);
  const rec = s.video.recorder;
  const cam = (c: { projectId: string; sn: string }) => `project="${label(c.projectId)}",sn="${label(c.sn)}"`;
  family('siteboard_video_recording', 'A camera this node records or keeps segments of: 1 while it records (a segment finished in the last 10 s), else 0.', 'gauge');
  for (const c of rec.cameras) lines.push(`siteboard_video_recording{${cam(c)}} ${c.state === 'recording' ? 1 : 0}`);
  family('siteboard_video_recorder_restarts_total', 'Restarts of a camera\'s recording ffmpeg after it failed, since the node started.', 'counter');
  for (const c of rec.cameras) lines.push(`siteboard_video_recorder_restarts_total{${cam(c)}} ${c.restarts}`);
  family('siteboard_video_recorder_failures_in_row', 'Failures in a row of a camera\'s recording ffmpeg (the back-off step; 0 once it records).', 'gauge');
  for (const c of rec.cameras) lines.push(`siteboard_video_recorder_failures_in_row{${cam(c)}} ${c.failuresInRow}`);
  family('siteboard_video_last_segment_age_seconds', 'Seconds since the end of a camera\'s newest kept segment.', 'gauge');
  for (const c of rec.cameras) if (c.lastSegmentMs !== null) lines.push(`siteboard_video_last_segment_age_seconds{${cam(c)}} ${Math.max(0, Math.round((s.atMs - c.lastSegmentMs) / 1000))}`);
  family('siteboard_video_disk_bytes', 'Bytes of a camera\'s kept segments on this node.', 'gauge');
  for (const c of rec.cameras) lines.push(`siteboard_video_disk_bytes{${cam(c)}} ${c.bytes}`);
  // every node lists the cluster's leases: `self` tells the one holding it (sum over self="true" counts each lease once)
  const lease = (o: (typeof rec.owners)[number]) => `${cam(o)},node="${label(o.nodeId)}",self="${o.nodeId === rec.nodeId}"`;
  family('siteboard_video_recorder_lease', 'With recorder leases (PostgreSQL): per recorded camera of the cluster, labelled with the node holding its lease (self="true" on that node): 1 while held, 0 once it ended without being renewed or taken over.', 'gauge');
  for (const o of rec.owners) lines.push(`siteboard_video_recorder_lease{${lease(o)}} ${s.atMs <= o.expiresAtMs ? 1 : 0}`);
  family('siteboard_video_recorder_lease_expiry_timestamp_seconds', 'With recorder leases: when a camera\'s lease ends unless renewed, seconds since the epoch.', 'gauge');
  for (const o of rec.owners) lines.push(`siteboard_video_recorder_lease_expiry_timestamp_seconds{${lease(o)}} ${Math.round(o.expiresAtMs / 1000)}`);
  family('siteboard_video_disk_cap_bytes', 'The disk cap of this node\'s recordings (VIDEO_RECORD_MAX_MB), bytes.', 'gauge');
  lines.push(`siteboard_video_disk_cap_bytes ${rec.maxBytes}`);
  family('siteboard_video_retention_seconds', 'How long recordings are kept (VIDEO_RECORD_HOURS), seconds.', 'gauge');
  lines.push(`siteboard_video_retention_seconds ${Math.round(rec.retentionMs / 1000)}`);
  return `${lines.join('\n')}\n`;
}

/** Constant-time comparison of a presented bearer token with the configured one. */
function tokenMatches(presented: string, expected: string): boolean {
  const a = Buffer.from(presented);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * GET /metrics (Prometheus) and POST system/status (the administrator's status page). /metrics answers an
 * administrator's session, or `Authorization: Bearer <METRICS_TOKEN>` when that is configured;
 * anyone else gets 401/403 as an envelope.
 */
export function registerMetricsRoute(app: FastifyInstance, deps: HttpDeps, rejections: RestRejections, video: VideoStatusSource): void {
  const startedAtMs = Date.now();

  async function allowed(req: FastifyRequest): Promise<void> {
    const auth = req.headers.authorization;
    if (deps.config.metricsToken && typeof auth === 'string' && auth.startsWith('Bearer ')) {
      if (tokenMatches(auth.slice('Bearer '.length).trim(), deps.config.metricsToken)) return;
      throw new ApiError('UNAUTHENTICATED', ERROR_MESSAGES.unauthenticated);
    }
    const user = await deps.sessions.resolve(req.cookies[SESSION_COOKIE]);
    if (!user) throw new ApiError('UNAUTHENTICATED', ERROR_MESSAGES.unauthenticated);
    requireAdmin(user);
  }

  rawRoute(app, OPERATIONS.metrics, async (req, reply) => {
    await allowed(req);
    void reply.header('content-type', 'text/plain; version=0.0.4; charset=utf-8').header('cache-control', 'no-store');
    return toPrometheusText(await systemStatus(deps, rejections, startedAtMs, video));
  });

  route(app, deps, OPERATIONS.systemStatus, async ({ user }) => {
    requireAdmin(user);
    return await systemStatus(deps, rejections, startedAtMs, video);
  });
}
