import { z } from 'zod';
import { DEVICE_KINDS } from './topics';
import { ALARM_KINDS, alarmRecordSchema, alarmSchema, DEVICE_STATUSES, type DealStatus } from './status';
import { thresholdSchema } from './thresholds';
import { boardListSchema, type Board } from './board';
import { REJECT_REASONS } from './devices';
import { roleSchema } from './roles';
import { ALARM_GROUPS } from './alarmGroups';

/**
 * REST bodies and answers (docs/api.md); each route is a contract of protocol/contracts. Every route
 * answers with the Envelope of envelope.ts unless its contract says otherwise, and authenticates by the
 * `sb_session` cookie (httpOnly, SameSite=Lax).
 */

/**
 * Request header of board/add and board/add/initialize: a fresh single-use ticket from `GET ticket/getTicket`
 * (docs/api.md "Board server"). Header names are case-insensitive.
 */
export const BOARD_TICKET_HEADER = 'dataBoardBasicToken';

const id = z.string().min(1).max(64);

export const loginBody = z.object({ username: z.string().min(1).max(64), password: z.string().min(1).max(256) });
export type LoginBody = z.infer<typeof loginBody>;

/** A project the user may see. */
export const projectSummarySchema = z.object({
  projectId: z.string(),
  name: z.string(),
  coId: z.string(),
  /** The user's role in this project (protocol/roles.ts); absent only from clients of older servers. */
  role: roleSchema.optional(),
});
export type ProjectSummary = z.infer<typeof projectSummarySchema>;

/** The session user of docs/product.md "Board model" plus what the browser needs. */
export const sessionUserSchema = z.object({
  username: z.string(),
  displayName: z.string(),
  isAdmin: z.boolean(),
  /** Current project. */
  projectId: z.string(),
  coId: z.string(),
  coName: z.string(),
  coLogo: z.string(),
  /** Member id. */
  mid: z.string(),
  projects: z.array(projectSummarySchema),
  /** The user's role in the current project; null without projects. */
  role: roleSchema.nullable().optional(),
  /** A display account (role wallScreen): sessions never expire by idle time. */
  wallScreen: z.boolean().optional(),
  /** The password was reset: every route but me, logout and auth/password is refused until it is changed. */
  mustChangePassword: z.boolean().optional(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const deviceListBody = z.object({ projectId: id, kind: z.enum(DEVICE_KINDS).optional() });

/** A device as listed to the browser. */
export const deviceInfoSchema = z.object({
  sn: z.string(),
  kind: z.enum(DEVICE_KINDS),
  name: z.string(),
  /** Where it is: a tunnel work-face position for gas, a person for beacons, a site location otherwise. */
  position: z.string(),
  tunnelId: z.string().nullable(),
  /** Expected reporting period in seconds; offline after 3 missed periods. */
  reportPeriodS: z.number(),
  status: z.enum(DEVICE_STATUSES),
  /**
   * Seen and not silent for more than its kind's offline periods × reportPeriodS (docs/domain.md): what
   * "Online" means. `status` keeps a warning or alarm a silent device last reported, so it cannot tell. This server always
   * fills it; optional so that shapes built by older clients and fixtures still type-check.
   */
  online: z.boolean().optional(),
  lastSeenMs: z.number().nullable(),
  /** Latest values by metric (numbers only; booleans as 0/1). */
  latest: z.record(z.string(), z.number()).nullable(),
  thresholds: z.array(thresholdSchema),
});
export type DeviceInfo = z.infer<typeof deviceInfoSchema>;

export const alarmListBody = z.object({
  projectId: id,
  kind: z.enum(ALARM_KINDS).optional(),
  level: z.enum(['warning', 'alarm']).optional(),
  dealStatus: z.union([z.literal(0), z.literal(1), z.literal(2)]).optional(),
  state: z.enum(['active', 'cleared']).optional(),
  fromMs: z.number().int().optional(),
  toMs: z.number().int().optional(),
  /** Only alarms with alarmId greater than this (catch-up after a reconnect). */
  afterId: z.number().int().min(0).optional(),
  /** Alarm center (docs/api.md "alarm/list"): one device, one metric, one side. */
  deviceSn: z.string().min(1).max(64).optional(),
  metric: z.string().min(1).max(64).optional(),
  side: z.enum(['below', 'over']).optional(),
  /** Free text, matched case-insensitively against device name and sn, metric and handling remark. */
  text: z.string().trim().max(100).optional(),
  /** Only shelved alarms (true) or only those not shelved (false); docs/api.md "alarm/shelve". */
  shelved: z.boolean().optional(),
  page: z.number().int().min(1).default(1),
  pageSize: z.number().int().min(1).max(500).default(50),
});
export type AlarmListBody = z.input<typeof alarmListBody>;

/** Alarms newest first. */
export const alarmPageSchema = z.object({
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  list: z.array(alarmRecordSchema),
});
export type AlarmPage = z.infer<typeof alarmPageSchema>;

/** The validation messages of docs/product.md "Validation and display" for handling an alarm. */
export const DEAL_MESSAGES = {
  status: 'Please select the status',
  remark: 'Please fill in the remarks information',
} as const;

export const alarmDealBody = z.object({
  alarmId: z.number().int().min(1),
  dealStatus: z.union([z.literal(1), z.literal(2)], { error: DEAL_MESSAGES.status }),
  dealRemark: z.string({ error: DEAL_MESSAGES.remark }).trim().min(1, DEAL_MESSAGES.remark).max(1000),
});
export type AlarmDealBody = { alarmId: number; dealStatus: Exclude<DealStatus, 0>; dealRemark: string };

/** Acknowledge an alarm (seen, being dealt with; docs/api.md "alarm/ack"): once, before it is handled. */
export const alarmAckBody = z.object({
  alarmId: z.number().int().min(1),
});
export type AlarmAckBody = z.input<typeof alarmAckBody>;

/** Longest shelving an operator may choose (EEMUA 191 shelving is temporary; 8 h is one shift). */
export const MAX_SHELVE_MINUTES = 8 * 60;

/**
 * Shelve alarms (EEMUA 191; docs/api.md "alarm/shelve"): listed and audited but not announced until
 * `minutes` from now, then unshelved by the server. SOS alarms are refused. Answers the shelved alarms.
 */
export const alarmShelveBody = z.object({
  alarmIds: z.array(z.number().int().min(1)).min(1).max(500),
  minutes: z.number().int().min(1).max(MAX_SHELVE_MINUTES),
  reason: z.string().trim().min(1, 'Please fill in the reason').max(500),
});
export type AlarmShelveBody = z.input<typeof alarmShelveBody>;

/** Unshelve alarms before their time (docs/api.md "alarm/unshelve"). Answers the alarms. */
export const alarmUnshelveBody = z.object({
  alarmIds: z.array(z.number().int().min(1)).min(1).max(500),
});
export type AlarmUnshelveBody = z.input<typeof alarmUnshelveBody>;

/**
 * Preset handling remarks offered by the alarm center (docs/api.md "Alarm center"); the remark stays
 * free text, these are suggestions.
 */
export const DEAL_REMARK_PRESETS = [
  'Checked on site, back to normal',
  'Ventilation increased, readings falling',
  'Workers evacuated and counted',
  'Worker found safe, button pressed by mistake',
  'Crew told and corrected on site',
  'Sensor fault, maintenance called',
  'False alarm (misinformation)',
] as const;

/** alarm/detail: one alarm with its location and timeline. */
export const alarmDetailBody = z.object({ alarmId: z.number().int().min(1) });
export type AlarmDetailBody = z.input<typeof alarmDetailBody>;

/** One step in the life of an alarm (docs/api.md "Alarm lifecycle"), derived from its fields. */
export const alarmTimelineStepSchema = z.object({
  step: z.enum(['raised', 'lastSeen', 'acknowledged', 'cleared', 'handled']),
  atMs: z.number(),
  /** Who did it (acknowledged, handled); null for the rules' own steps. */
  by: z.string().nullable(),
});
export type AlarmTimelineStep = z.infer<typeof alarmTimelineStepSchema>;

/** alarm/detail data: where the device is and the timeline of the alarm. */
export const alarmDetailSchema = z.object({
  alarm: alarmSchema,
  /** The device's position text (station), tunnel bore and, for beacons, the last chainage in metres. */
  location: z.object({ position: z.string(), tunnelId: z.string().nullable(), chainageM: z.number().nullable() }),
  timeline: z.array(alarmTimelineStepSchema),
});
export type AlarmDetail = z.infer<typeof alarmDetailSchema>;

/** Handle several alarms at once (same status and remark); already handled ones are skipped. */
export const alarmDealBatchBody = z.object({
  alarmIds: z.array(z.number().int().min(1)).min(1).max(500),
  dealStatus: z.union([z.literal(1), z.literal(2)], { error: DEAL_MESSAGES.status }),
  dealRemark: z.string({ error: DEAL_MESSAGES.remark }).trim().min(1, DEAL_MESSAGES.remark).max(1000),
});
export type AlarmDealBatchBody = z.input<typeof alarmDealBatchBody>;

/** alarm/dealBatch data: the alarms handled now, and the ids skipped (already handled, unknown or of another project). */
export const alarmDealBatchResultSchema = z.object({
  handled: z.array(alarmSchema),
  skipped: z.array(z.number()),
});
export type AlarmDealBatchResult = z.infer<typeof alarmDealBatchResultSchema>;

/** The most rows one export holds; a wider filter is cut at this many (newest first). */
export const MAX_ALARM_EXPORT_ROWS = 50_000;

/** alarm/export: the alarm/list filter (no paging) and the file format. Answers the file itself. */
export const alarmExportBody = alarmListBody.omit({ page: true, pageSize: true }).extend({
  format: z.enum(['xlsx', 'csv']),
});
export type AlarmExportBody = z.input<typeof alarmExportBody>;

/** docs/api.md "Board server": response `result '0'` and `data.board[]`; rows carry their release state (boardListSchema). */
export type BoardList = z.infer<typeof boardListSchema>;

/**
 * A board to draw. `source` says whether it is the draft or a release (`releaseNo`, `releasedAtMs`);
 * this server always sends these three, they are optional only for older clients' fixtures.
 */
export type BoardScreen = Board & {
  source?: 'draft' | 'release';
  releaseNo?: number | null;
  releasedAtMs?: number | null;
};

export const deviceKeyBody = z.object({ projectId: id, rotate: z.boolean().optional() });
/** MQTT credentials devices of a project use on the embedded broker. */
export const deviceKeySchema = z.object({ username: z.string(), password: z.string() });
export type DeviceKey = z.infer<typeof deviceKeySchema>;

export const tunnelListBody = z.object({ projectId: id });
/** Surrounding-rock grade I–VI, or null when not set (docs/product.md "States"). */
export const rockGradeSchema = z.enum(['I', 'II', 'III', 'IV', 'V', 'VI']).nullable();
export type RockGrade = z.infer<typeof rockGradeSchema>;
/** One stretch of a bore with one surrounding-rock grade, `fromM` < `toM`, metres from the entry portal. */
export const rockSegmentSchema = z
  .object({ fromM: z.number().finite().min(0).max(100_000), toM: z.number().finite().min(0).max(100_000), grade: rockGradeSchema.unwrap() })
  .refine((s) => s.toM > s.fromM, { message: 'toM must be greater than fromM', path: ['toM'] });
export type RockSegment = z.infer<typeof rockSegmentSchema>;
/** A heading: one excavation front, advancing from the entry or the exit portal of a bore. */
export const headingSchema = z.object({
  headingId: z.string(),
  name: z.string(),
  /** Which portal this heading advances from. */
  portal: z.enum(['entry', 'exit']),
  /** Excavation face, in metres from the bore's entry portal. */
  faceM: z.number(),
  /** End of the second lining, in metres from the entry portal. */
  liningM: z.number(),
  /** End of the invert, in metres from the entry portal. */
  invertM: z.number(),
  /** Surrounding-rock grade at the face (from the bore's rock segments where it has them). */
  rockGrade: rockGradeSchema,
  /** End of the waterproofing and rebar behind the face, metres from the entry portal; absent or null where not tracked. */
  waterproofM: z.number().nullable().optional(),
});
export type Heading = z.infer<typeof headingSchema>;

/** One bore of a tunnel. Positions along it are metres from its entry portal. */
export const tunnelInfoSchema = z.object({
  tunnelId: z.string(),
  name: z.string(),
  /** Chainage of the entry portal in metres, shown as K12+345. */
  startChainageM: z.number(),
  lengthM: z.number(),
  headings: z.array(headingSchema),
  /** The design's surrounding-rock grade per stretch of the bore (docs/domain.md "Tunnel progress"); absent where none is set. */
  rockSegments: z.array(rockSegmentSchema).optional(),
});
export type TunnelInfo = z.infer<typeof tunnelInfoSchema>;

export const telemetryHistoryBody = z.object({
  projectId: id,
  sns: z.array(id).min(1).max(50),
  fromMs: z.number().int(),
  toMs: z.number().int(),
  metrics: z.array(z.string().max(64)).max(32).optional(),
});
/**
 * Column-oriented history per device: `ts` ascending (ms), each metric aligned with `ts` (null = absent).
 * At most 20 000 readings per device: `truncated` is true when the range held more and only the most
 * recent ones are returned (`readings` says how many there were); the range APIs of protocol/history.ts
 * downsample instead.
 */
export interface TelemetryHistory {
  series: Array<{ sn: string; ts: number[]; values: Record<string, Array<number | null>>; truncated?: boolean; readings?: number }>;
}

export const ingestStatsBody = z.object({});
/**
 * Ingest counters since start: accepted messages and rejections per reason (a message counts as accepted
 * once its alarms are stored; `rejected['dead-letter']` counts messages whose alarm the database refused).
 */
export interface IngestStats {
  accepted: number;
  rejected: Record<(typeof REJECT_REASONS)[number], number>;
  lastRejects: Array<{ atMs: number; topic: string; reason: string; detail: string }>;
  /**
   * Alarm writes: waiting for the database, dropped because that queue was full, and refused by the
   * database and kept in the dead-letter table (docs/device-protocol.md "Dead letters").
   */
  alarmWrites?: { pending: number; dropped: number; deadLettered: number };
  /**
   * Embedded broker refusals: connections over the per-address rate, connections closed for a packet
   * above the size limit, and publications held back by the per-client message rate.
   */
  broker?: { connectionsRefused: number; packetsTooLarge: number; publishesThrottled: number };
  /**
   * With an external broker (MQTT_URL, one node): connections on which the broker had lost the server's
   * persistent session (docs/operations.md "Broker persistence"), and when the last was (ms since epoch).
   */
  mqttSession?: { lost: number; lastLostAtMs: number | null };
}

/** Longest span one alarm analysis covers (ms): a year. */
export const MAX_ALARM_ANALYSIS_SPAN_MS = 366 * 86_400_000;

/** alarm/analysis: alarms raised within [fromMs, toMs] (docs/api.md "alarm/analysis"). */
export const alarmAnalysisBody = z
  .object({
    projectId: id,
    fromMs: z.number().int(),
    toMs: z.number().int(),
    kind: z.enum(ALARM_KINDS).optional(),
  })
  .refine((b) => b.toMs >= b.fromMs && b.toMs - b.fromMs <= MAX_ALARM_ANALYSIS_SPAN_MS, { message: 'toMs must be after fromMs, at most 366 days later', path: ['toMs'] });
export type AlarmAnalysisBody = z.input<typeof alarmAnalysisBody>;

/** Most rows of {@link GasAlarmAnalysis.overLimit}. */
export const MAX_GAS_OVER_LIMIT_ROWS = 200;

/** Gas alarm analysis and over-limit detail: threshold alarms of gas detectors within the analysed span. */
export const gasAlarmAnalysisSchema = z.object({
  /** Over-limit alarms per gas (metric: CO, H2S, O2, CH4…), Beijing day and station (device), days ascending. */
  byDay: z.array(z.object({ metric: z.string(), day: z.string(), deviceSn: z.string(), deviceName: z.string(), count: z.number() })),
  /**
   * Over-limit detail, newest first, at most MAX_GAS_OVER_LIMIT_ROWS: the station, the gas, the peak value
   * against the limit (unit of the gas), the start, how long it lasted (until cleared, else until now; ms),
   * the side (`over` a limit, `below` a lower limit such as O2's) and the status.
   */
  overLimit: z.array(
    z.object({
      alarmId: z.number(),
      deviceSn: z.string(),
      deviceName: z.string(),
      position: z.string(),
      metric: z.string(),
      side: z.enum(['below', 'over']).nullable(),
      peakValue: z.number().nullable(),
      threshold: z.number().nullable(),
      unit: z.string().nullable(),
      startMs: z.number(),
      durationMs: z.number(),
      state: z.enum(['active', 'cleared']),
      dealStatus: z.number(),
    }),
  ),
});
export type GasAlarmAnalysis = z.infer<typeof gasAlarmAnalysisSchema>;

/** alarm/analysis data. Days are Beijing calendar days (UTC+8); durations in ms. */
export const alarmAnalysisSchema = z.object({
  total: z.number(),
  /** Alarms per day and kind, days ascending; days without alarms are left out. */
  byDay: z.array(z.object({ day: z.string(), kind: z.string(), count: z.number() })),
  /** Alarms per kind. */
  byKind: z.array(z.object({ kind: z.string(), count: z.number() })),
  /** The 10 devices with the most alarms (repeats on one alarm count once), most first. */
  topDevices: z.array(z.object({ deviceSn: z.string(), deviceName: z.string(), count: z.number() })),
  /** Mean time from raising to acknowledgement / to handling, over the alarms that have one; null when none. */
  meanAckMs: z.number().nullable(),
  meanHandleMs: z.number().nullable(),
  /** Gas over-limit analysis: threshold alarms of gas detectors (docs/api.md "alarm/analysis"). */
  gas: gasAlarmAnalysisSchema,
  /**
   * Alarms per group (protocol/alarmGroups.ts), every group in ALARM_GROUPS order: count and its share of
   * `total` (0–1, 4 decimals; 0 when there are none).
   */
  groups: z.array(z.object({ group: z.enum(ALARM_GROUPS), count: z.number(), ratio: z.number() })),
});
export type AlarmAnalysis = z.infer<typeof alarmAnalysisSchema>;

/**
 * A capture picture's name: `{sn}-{ts}.{jpg|png}`: the device serial number (1–64 of A–Z a–z 0–9 _ -), the
 * alarm's device time (ms) and the picture's type. No dot, slash or `..` can get in.
 */
export const CAPTURE_NAME = /^[A-Za-z0-9_-]{1,64}-\d{1,16}\.(jpg|png)$/;

/** `GET alarm/capture` query (docs/api.md "alarm/capture"). */
export const captureQuery = z.strictObject({
  projectId: z.string().min(1).max(64),
  name: z.string().max(90).regex(CAPTURE_NAME, { error: 'a capture name: {sn}-{ts}.jpg or .png' }),
});
