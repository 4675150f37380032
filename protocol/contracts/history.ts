import { z } from 'zod';
import { ingestStatsBody, telemetryHistoryBody, type IngestStats, type TelemetryHistory } from '../api';
import { REJECT_REASONS } from '../devices';
import { ERROR_CODES } from '../envelope';
import {
  alarmRangeBody,
  HISTORY_TIERS,
  positionsBody,
  seriesBody,
  tracksBody,
  tracksCompactBody,
  type AlarmRangeResponse,
  type PositionsResponse,
  type SeriesResponse,
  type TracksResponse,
} from '../history';
import { systemStatusBody, type SystemStatus } from '../systemStatus';
import { videoRecorderStatusSchema, videoStreamStatusSchema } from '../video';
import { defineContract, fileAnswer, noBody, notEnvelope, shapesAgree, type SameShape } from './define';

const column = z.array(z.number().nullable());

/** telemetry/history data (protocol/api.ts TelemetryHistory). */
export const telemetryHistorySchema = z.object({
  series: z.array(z.object({ sn: z.string(), ts: z.array(z.number()), values: z.record(z.string(), column), truncated: z.boolean().optional(), readings: z.number().optional() })),
});

/** telemetry/series data (protocol/history.ts SeriesResponse). */
export const seriesResponseSchema = z.object({
  fromMs: z.number(),
  toMs: z.number(),
  widthPx: z.number(),
  tier: z.enum(HISTORY_TIERS),
  resolutionMs: z.number(),
  downsampled: z.boolean(),
  series: z.array(
    z.object({
      sn: z.string(),
      readings: z.number(),
      points: z.number(),
      ts: z.array(z.number()),
      values: z.record(z.string(), column),
      stats: z.record(z.string(), z.object({ min: column, max: column, last: column })).optional(),
    }),
  ),
});

/** telemetry/tracks data (protocol/history.ts TracksResponse). */
export const tracksResponseSchema = z.object({
  tunnelId: z.string(),
  pageFromMs: z.number(),
  pageToMs: z.number(),
  nextCursor: z.string().nullable(),
  tracks: z.array(z.object({ sn: z.string(), ts: z.array(z.number()), values: z.record(z.string(), column) })),
});

/** telemetry/positions data (protocol/history.ts PositionsResponse). */
export const positionsResponseSchema = z.object({
  atMs: z.number(),
  positions: z.array(z.object({ sn: z.string(), tsMs: z.number(), tunnelId: z.string().nullable(), values: z.record(z.string(), z.number().nullable()) })),
});

/** alarms/range data (protocol/history.ts AlarmRangeResponse). */
export const alarmRangeResponseSchema = z.object({
  alarms: z.array(
    z.object({
      alarmId: z.number(),
      sn: z.string(),
      deviceKind: z.string(),
      kind: z.string(),
      level: z.string(),
      metric: z.string(),
      value: z.number().nullable(),
      raisedAtMs: z.number(),
      clearedAtMs: z.number().nullable(),
      state: z.string(),
    }),
  ),
  truncated: z.boolean(),
  nextCursor: z.string().nullable(),
});

/** ingest/stats data (protocol/api.ts IngestStats). */
export const ingestStatsSchema = z.object({
  accepted: z.number(),
  rejected: z.record(z.enum(REJECT_REASONS), z.number()),
  lastRejects: z.array(z.object({ atMs: z.number(), topic: z.string(), reason: z.string(), detail: z.string() })),
  alarmWrites: z.object({ pending: z.number(), dropped: z.number(), deadLettered: z.number() }).optional(),
  broker: z.object({ connectionsRefused: z.number(), packetsTooLarge: z.number(), publishesThrottled: z.number() }).optional(),
});

/** system/status data (protocol/systemStatus.ts SystemStatus). */
export const systemStatusSchema = z.object({
  startedAtMs: z.number(),
  atMs: z.number(),
  ingest: z.object({ accepted: z.number(), rejected: z.record(z.string(), z.number()) }),
  restRejections: z.array(z.object({ route: z.string(), code: z.enum(ERROR_CODES), status: z.number(), count: z.number() })),
  restServerErrors: z.array(z.object({ route: z.string(), count: z.number() })),
  unconfiguredMetrics: z.array(z.object({ projectId: z.string(), sn: z.string(), name: z.string(), kind: z.string(), metrics: z.array(z.string()) })),
  mqttSession: z.object({ lost: z.number(), lastLostAtMs: z.number().nullable() }).nullable(),
  video: z.object({ streams: z.array(videoStreamStatusSchema), starts: z.number(), failures: z.number(), recorder: videoRecorderStatusSchema }),
});

shapesAgree<
  [
    SameShape<z.output<typeof telemetryHistorySchema>, TelemetryHistory>,
    SameShape<z.output<typeof seriesResponseSchema>, SeriesResponse>,
    SameShape<z.output<typeof tracksResponseSchema>, TracksResponse>,
    SameShape<z.output<typeof positionsResponseSchema>, PositionsResponse>,
    SameShape<z.output<typeof alarmRangeResponseSchema>, AlarmRangeResponse>,
    SameShape<z.output<typeof ingestStatsSchema>, IngestStats>,
    SameShape<z.output<typeof systemStatusSchema>, SystemStatus>,
  ]
>();

const tag = 'history';

/** Telemetry history and time ranges (docs/api.md "History and time ranges"), ingest counters and the status page. */
export const HISTORY = {
  telemetryHistory: defineContract({ tag, path: '/zhgd/telemetry/history', body: telemetryHistoryBody, response: telemetryHistorySchema, permission: 'project.read', summary: 'Raw readings of devices over a time range, column-oriented' }),
  series: defineContract({ tag, path: '/zhgd/telemetry/series', body: seriesBody, response: seriesResponseSchema, permission: 'project.read', summary: 'Downsampled series of devices for a chart of widthPx pixels' }),
  tracks: defineContract({ tag, path: '/zhgd/telemetry/tracks', body: tracksBody, response: tracksResponseSchema, permission: 'people.view', summary: 'One page of personnel tracks in a tunnel' }),
  tracksCompact: defineContract({
    tag,
    path: '/zhgd/telemetry/tracks/compact',
    body: tracksCompactBody,
    response: notEnvelope,
    answer: fileAnswer('application/octet-stream', 'One hour of personnel tracks in the compact binary format of docs/api.md "telemetry/tracks/compact"'),
    permission: 'people.view',
    summary: 'One page of personnel tracks, compact binary',
  }),
  positions: defineContract({ tag, path: '/zhgd/telemetry/positions', body: positionsBody, response: positionsResponseSchema, permission: 'people.view', summary: "Everyone's last fix at a moment" }),
  alarmRange: defineContract({ tag, path: '/zhgd/alarms/range', body: alarmRangeBody, response: alarmRangeResponseSchema, permission: 'project.read', summary: 'Alarms raised in a time range, for timeline markers' }),
} as const;

const systemTag = 'system';

/** Operations: ingest counters, the status page and the Prometheus exposition (docs/operations.md "Metrics"). */
export const OPERATIONS = {
  ingestStats: defineContract({ tag: systemTag, path: '/zhgd/ingest/stats', body: ingestStatsBody, response: ingestStatsSchema, permission: 'system', summary: 'Ingest counters since start' }),
  systemStatus: defineContract({ tag: systemTag, path: '/zhgd/system/status', body: systemStatusBody, response: systemStatusSchema, permission: 'system', summary: "The administrator's status page: ingest, REST refusals, unconfigured metrics" }),
  /** Also answers `Authorization: Bearer <METRICS_TOKEN>` without a session (checked by the route). */
  metrics: defineContract({
    tag: systemTag,
    method: 'GET',
    path: '/metrics',
    body: noBody,
    response: notEnvelope,
    answer: fileAnswer('text/plain', 'The same counters in the Prometheus text exposition format 0.0.4'),
    permission: 'system',
    summary: 'Counters for Prometheus',
  }),
} as const;
