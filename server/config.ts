import { z } from 'zod';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { defaultHashWorkers } from './http/hashPool';
import { SEED_LOCALES, type SeedLocale } from './seed/demoNames';
import { DEFAULT_ALARM_REPEAT_PUSH_MS } from './rules/alarmRepeats';
import { GATHERING_DEFAULTS } from './rules/gathering';
import { LEAVE_AREA_MS, ZONE_EDGE_DWELL_MS, ZONE_EDGE_MARGIN_M, type ZoneRulesOptions } from './rules/zoneRules';
import type { FaultSettings } from './rules/sensorFaults';
import { DEVICE_KIND_REGISTRY } from '../protocol';

/**
 * Server configuration, read from the environment (docs/configuration.md). Every variable is optional;
 * the defaults run the whole product embedded: broker, database and demo simulator.
 */
export interface ServerConfig {
  /** HTTP and websocket port (PORT, default 8080; 0 picks a free port). */
  port: number;
  /** Interface to bind (HOST, default 0.0.0.0). */
  host: string;
  /** External MQTT broker URL (MQTT_URL); null runs the embedded broker. */
  mqttUrl: string | null;
  /** Embedded broker port (MQTT_PORT, default 1883; 0 picks a free port). */
  mqttPort: number;
  /** PostgreSQL URL (DATABASE_URL); null uses embedded PGlite in `dataDir`. */
  databaseUrl: string | null;
  /** Embedded database and uploads (DATA_DIR, default ./data). `memory://` keeps PGlite in memory (tests). */
  dataDir: string;
  /** socket.io Redis adapter URL for several nodes (REDIS_URL); null runs a single node. */
  redisUrl: string | null;
  /** Run the demo device simulator (SIMULATOR on/off; default on only with the embedded broker). */
  simulator: boolean;
  /** First administrator's password (ADMIN_PASSWORD); null generates one and prints it once. */
  adminPassword: string | null;
  /** Days of telemetry history kept (TELEMETRY_RETENTION_DAYS, default 30). */
  telemetryRetentionDays: number;
  /** Days of per-minute rollups kept (TELEMETRY_MINUTE_RETENTION_DAYS, default 90; at least the raw days). */
  telemetryMinuteRetentionDays: number;
  /** Days of per-hour rollups kept (TELEMETRY_HOUR_RETENTION_DAYS, default 730; at least the minute days). */
  telemetryHourRetentionDays: number;
  /** Backfill the demo project's last 24 hours of history on a fresh database (DEMO_BACKFILL on/off, default on with the simulator). */
  demoBackfill: boolean;
  /** Hours the demo backfill covers (DEMO_BACKFILL_HOURS, 1–24, default 24): a short one gives tests history in seconds. */
  demoBackfillHours: number;
  /** Built browser app to serve (STATIC_DIR, default ./dist when it exists); null serves the API only. */
  staticDir: string | null;
  /**
   * The sub-path SiteBoard is served under behind a reverse proxy (BASE_PATH, e.g. `/siteboard`; '' at the
   * root, the default): the app, the API, socket.io and /metrics answer under it (docs/operations.md
   * "Serving under a sub-path"). Normalised without a trailing slash.
   */
  basePath: string;
  /** Simulator random seed (SIMULATOR_SEED, default 1). */
  simulatorSeed: number;
  /**
   * How often connected sockets' sessions are checked again, ms (SOCKET_SESSION_RECHECK_MS, default
   * 60000): an expired session or a removed membership stops its stream within this time.
   */
  socketSessionRecheckMs: number;
  /**
   * Shortest time between two writes and pushes of the same open alarm's repeats, ms
   * (ALARM_REPEAT_PUSH_MS, 0–60000, default 1000; 0 writes and pushes every repeat): docs/api.md
   * "Alarm repeat rate". New alarms and level or state changes are not held back.
   */
  alarmRepeatPushMs: number;
  /**
   * Bytes of encoded compact track pages kept for pages that can no longer change (TRACKS_CACHE_MB,
   * 0–1024, default 32; 0 turns the cache off): docs/api.md "Compact personnel tracks".
   */
  tracksCacheBytes: number;
  /**
   * Clock hours back from now whose compact track pages are encoded as soon as they seal, ahead of any
   * replay (TRACKS_WARM_HOURS, default 24, 0 to 72; 0 encodes only on request): the "Last 24 hours" replay
   * reads finished pages. Kept within tracksCacheBytes.
   */
  tracksWarmHours: number;
  /**
   * This node's id (NODE_ID, 1–64 characters of `A–Z a–z 0–9 . _ -`; default: the host name, other
   * characters replaced by `-`). With MQTT_URL the server's MQTT client id is `siteboard-{nodeId}`, under
   * which the external broker keeps its persistent session: fixed across restarts, unique per node.
   */
  nodeId: string;
  /** Limits of the embedded broker, on every listener (docs/device-protocol.md "Limits"). */
  mqttLimits: MqttLimits;
  /** MQTT over TLS on the embedded broker (MQTT_TLS on); null when off. */
  mqttTls: MqttTlsConfig | null;
  /** MQTT over WebSocket on the embedded broker (MQTT_WS on); null when off. */
  mqttWs: MqttWsConfig | null;
  /**
   * Which proxies' X-Forwarded-For / X-Forwarded-Proto to believe (TRUST_PROXY, default off): false, true
   * (any: only when nothing can reach the server but the proxy), a hop count, or a list of proxy addresses
   * or CIDR ranges. Passed to fastify's `trustProxy`; decides the client address of the login throttle and
   * rate limits, and whether the session cookie is `Secure`.
   */
  trustProxy: boolean | number | string[];
  /**
   * Browser origins besides the server's own allowed to open the live socket (ALLOWED_ORIGINS, comma
   * separated, e.g. `https://wall.example.com`); default none.
   */
  allowedOrigins: string[];
  /**
   * Origins custom panel modules may be loaded from besides the server's own (CUSTOM_MODULE_ORIGINS, comma
   * separated): added to the Content-Security-Policy's script-src; default none.
   */
  customModuleOrigins: string[];
  /** Password-hashing threads (HASH_WORKERS, default cores − 1, at least 1). */
  hashWorkers: number;
  /** Password hashes that may wait for a thread (HASH_QUEUE, default 32); beyond, logins answer RATE_LIMITED. */
  hashQueue: number;
  /** Total attachment bytes a project may hold (ATTACHMENT_CAP_MB, default 1024; docs/configuration.md). */
  attachmentCapBytes: number;
  /** Largest request body of the board-editing routes in bytes (BODY_LIMIT_BYTES, default 1 MiB). */
  bodyLimitBytes: number;
  /** Largest stored board (layout plus pages, JSON) in bytes (BOARD_MAX_BYTES, default 4 MiB). */
  boardMaxBytes: number;
  /** Login and logout requests per minute per client address (RATE_LIMIT_AUTH_PER_MINUTE, default 60; 0 off). */
  rateLimitAuthPerMinute: number;
  /** Other REST requests per minute per client address (RATE_LIMIT_API_PER_MINUTE, default 1200; 0 off). */
  rateLimitApiPerMinute: number;
  /** Bearer token that may read GET /metrics besides administrators (METRICS_TOKEN, ≥ 16 characters); null: admins only. */
  metricsToken: string | null;
  /**
   * Personnel rule limits (docs/operations.md, docs/domain.md): gathering people, span (m) and time
   * (GATHERING_PEOPLE 10, GATHERING_SPAN_M 5, GATHERING_MIN 5), leave-area grace (LEAVE_AREA_MIN 2), zone-edge
   * hysteresis: distance past the edge (ZONE_EDGE_MARGIN_M 0.5) and dwell (ZONE_EDGE_DWELL_S 2).
   */
  personnelRules: ZoneRulesOptions;
  /**
   * Sensor-fault settings over the kinds' defaults (docs/domain.md "Sensor faults"): stuck windows per metric
   * (SENSOR_STUCK_MIN, e.g. `O2=60,CO=30`, 0 turns one off) and the allowed device clock skew (CLOCK_SKEW_MIN 5).
   */
  sensorFaults: FaultSettings;
  /**
   * Password of the demo users (DEMO_PASSWORD), created only with the simulator; null: a random one,
   * printed once at first start like the admin's.
   */
  demoPassword: string | null;
  /** Language of the demo's names when the first start seeds it (SEED_LOCALE zh-CN or en, default zh-CN). */
  seedLocale: SeedLocale;
  /**
   * Device partitions of a cluster (CLUSTER_PARTITIONS, default 16; docs/operations.md "Cluster"): the unit
   * of rule-state ownership. Every node of one cluster must use the same number.
   */
  clusterPartitions: number;
  /**
   * Report periods a device not heard since the server started (or since its external broker came back) may
   * stay silent before it goes offline and raises its offline alarm (OFFLINE_GRACE_PERIODS, 0–1000, default
   * 6; 0: the kind's rule, 3 periods, as at any other time): docs/domain.md "Offline after a restart".
   */
  offlineGracePeriods: number;
  /** Time to live of a partition lease, ms (CLUSTER_LEASE_MS, default 10000): how long a dead node's partitions wait. */
  clusterLeaseMs: number;
  /**
   * The HJ 212-2017 TCP listener for environment monitors (HJ212_PORT; off when unset, 0 picks a free
   * port; docs/device-protocol.md "HJ 212"), its most open connections (HJ212_MAX_CONNECTIONS, default
   * 256), how long a connection may stay without a packet (HJ212_IDLE_S, default 180: three minutes of
   * minute data) and how long one packet may take to arrive (HJ212_PACKET_S, default 10); null when off.
   */
  hj212: { port: number; maxConnections: number; idleMs: number; packetMs: number } | null;
  /** Camera video (docs/operations.md "Video"). */
  video: VideoConfig;
  /**
   * Fog cannon commands (server/spray): how long the first answer is awaited (SPRAY_ACK_TIMEOUT_S, default
   * 15; each retry waits twice as long as the one before) and how many times a command is sent before it is
   * given up (SPRAY_MAX_ATTEMPTS, default 4).
   */
  sprayRetry: { ackTimeoutMs: number; maxAttempts: number };
}

/** Camera video: the ffmpeg that remuxes RTSP and makes the demo source, and its bounds. */
export interface VideoConfig {
  /** ffmpeg binary (FFMPEG_PATH, default `ffmpeg` on PATH; `npm start` installs Debian's package when missing). */
  ffmpegPath: string;
  /** Folder under which each running stream has a temporary folder of its own (VIDEO_DIR, default the system temp folder's `siteboard-video`). */
  dir: string;
  /** A stream stops this long after its last viewer's last request or lease, ms (VIDEO_IDLE_S, default 60). */
  idleMs: number;
  /** Most streams running at once on this node (VIDEO_MAX_STREAMS, default 32: a 16-tile wall on sub streams while the main streams of the layout before still linger their minute): one more is refused until one stops. */
  maxStreams: number;
  /** History video (docs/operations.md "Recording"). */
  record: RecordConfig;
}

/**
 * Which cameras are recorded (VIDEO_RECORD): `demo` (default: the cameras with the demo source), `all`
 * (every camera with a source), `off`, or a comma-separated list of camera serial numbers.
 */
export type RecordCameras = 'off' | 'demo' | 'all' | readonly string[];

/** History video: which cameras are recorded, where, and for how long (docs/operations.md "Recording"). */
export interface RecordConfig {
  cameras: RecordCameras;
  /** Folder of the recordings, kept across restarts (VIDEO_RECORD_DIR, default DATA_DIR's `video`, or VIDEO_DIR's `record` with an in-memory DATA_DIR). */
  dir: string;
  /** Segments older than this are deleted, ms (VIDEO_RECORD_HOURS, default 2). */
  retentionMs: number;
  /** Most bytes of segments kept on this node, the oldest deleted beyond it (VIDEO_RECORD_MAX_MB, default 400). */
  maxBytes: number;
  /** Most cameras recorded at once on this node, the first by project and serial number (VIDEO_RECORD_MAX_CAMERAS, default 2). */
  maxCameras: number;
  /**
   * How often the cameras to record are read again and, on PostgreSQL, the node's recorder leases renewed, ms
   * (VIDEO_RECORD_SYNC_S, default 30); a lease lasts 3 of these (docs/operations.md "Recording").
   */
  syncMs: number;
}

/** Embedded broker limits. */
export interface MqttLimits {
  /**
   * Largest MQTT packet accepted, bytes of remaining length (MQTT_MAX_PACKET_BYTES, default 65536): a
   * connection announcing a bigger packet is closed before its bytes are buffered.
   */
  maxPacketBytes: number;
  /**
   * Connection attempts per remote address per minute that may fail (MQTT_CONNECTIONS_PER_MINUTE, default
   * 120): bad credentials, or closed before logging in; also the most connections of one address waiting
   * for their login at once. Beyond it, new connections of that address are closed at once.
   */
  connectionsPerMinute: number;
  /**
   * Connections per remote address per minute that log in with valid device credentials
   * (MQTT_DEVICE_CONNECTIONS_PER_MINUTE, default 6000): a site behind one NAT reconnecting after a power cut.
   */
  deviceConnectionsPerMinute: number;
  /**
   * PUBLISH packets read per client per second (MQTT_MESSAGES_PER_SECOND, default 500, bursts of twice
   * that): a faster client is slowed down (its socket is read later), not disconnected.
   */
  messagesPerSecond: number;
}

/** MQTT over TLS. Without certificate and key files, a self-signed pair is made once in DATA_DIR/tls. */
export interface MqttTlsConfig {
  /** MQTT_TLS_PORT, default 8883; 0 picks a free port. */
  port: number;
  /** PEM certificate (chain) file (MQTT_TLS_CERT), or null for the generated one. */
  certFile: string | null;
  /** PEM private key file (MQTT_TLS_KEY), or null for the generated one. */
  keyFile: string | null;
}

/** MQTT over WebSocket (binary frames, subprotocol `mqtt`) on a port of its own. */
export interface MqttWsConfig {
  /** MQTT_WS_PORT, default 8083; 0 picks a free port. */
  port: number;
  /** URL path (MQTT_WS_PATH, default /mqtt). */
  path: string;
}

/** A configuration value that cannot be used; the message names the variable. */
export class ConfigError extends Error {}

const onOff = z
  .string()
  .trim()
  .toLowerCase()
  .transform((v, ctx) => {
    if (['1', 'on', 'true', 'yes'].includes(v)) return true;
    if (['0', 'off', 'false', 'no'].includes(v)) return false;
    ctx.addIssue({ code: 'custom', message: 'expected on or off' });
    return z.NEVER;
  });
const port = z.coerce.number().int().min(0).max(65_535);
const url = (protocols: string[]) =>
  z
    .string()
    .trim()
    .refine((v) => {
      try {
        return protocols.includes(new URL(v).protocol);
      } catch {
        return false;
      }
    }, `expected a ${protocols.join(' or ')} URL`);

/** Allowed NODE_ID values (it becomes part of an MQTT client id and of log lines). */
const NODE_ID_PATTERN = /^[A-Za-z0-9._-]{1,64}$/;
/** A comma-separated list of http(s) origins (scheme://host[:port], no path). */
const originList = z
    .string()
    .transform((v, ctx) => {
      const out: string[] = [];
      for (const item of v.split(',').map((x) => x.trim()).filter(Boolean)) {
        try {
          const u = new URL(item);
          if ((u.protocol === 'http:' || u.protocol === 'https:') && u.origin === item.replace(/\/$/, '')) {
            out.push(u.origin);
            continue;
          }
        } catch {
          // reported below
        }
        ctx.addIssue({ code: 'custom', message: `"${item}" is not an origin like https://host:port` });
        return z.NEVER;
      }
      return out;
    });

/**
 * Metric keys that SENSOR_STUCK_MIN may set: those whose kind descriptor judges them stuck (a gas station's
 * O2, CO, NH3, dust; protocol/kinds), so a typo is refused at start instead of silently doing nothing.
 */
const STUCK_METRICS = new Set(DEVICE_KIND_REGISTRY.descriptors.flatMap((d) => d.metrics.filter((m) => m.stuckAfterS !== undefined).map((m) => m.key)));

const envSchema = z.object({
  PORT: port.default(8080),
  HOST: z.string().trim().min(1).default('0.0.0.0'),
  MQTT_URL: url(['mqtt:', 'mqtts:', 'tcp:', 'ws:', 'wss:']).optional(),
  MQTT_PORT: port.default(1883),
  DATABASE_URL: url(['postgres:', 'postgresql:']).optional(),
  DATA_DIR: z.string().trim().min(1).default('./data'),
  REDIS_URL: url(['redis:', 'rediss:']).optional(),
  SIMULATOR: onOff.optional(),
  DEMO_BACKFILL: onOff.optional(),
  DEMO_BACKFILL_HOURS: z.coerce.number().int().min(1).max(24).default(24),
  ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
  TELEMETRY_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  TELEMETRY_MINUTE_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
  TELEMETRY_HOUR_RETENTION_DAYS: z.coerce.number().int().min(1).max(36500).default(730),
  STATIC_DIR: z.string().trim().min(1).optional(),
  BASE_PATH: z
    .string()
    .trim()
    .transform((v) => v.replace(/\/+$/, ''))
    .pipe(z.string().regex(/^(\/[A-Za-z0-9._~-]+)*$/, 'must be a path such as /siteboard (letters, digits, . _ ~ -)'))
    .default(''),
  SIMULATOR_SEED: z.coerce.number().int().default(1),
  SOCKET_SESSION_RECHECK_MS: z.coerce.number().int().min(100).max(3_600_000).default(60_000),
  ALARM_REPEAT_PUSH_MS: z.coerce.number().int().min(0).max(60_000).default(DEFAULT_ALARM_REPEAT_PUSH_MS),
  TRACKS_CACHE_MB: z.coerce.number().min(0).max(1_024).default(32),
  TRACKS_WARM_HOURS: z.coerce.number().int().min(0).max(72).default(24),
  NODE_ID: z
    .string()
    .trim()
    .regex(NODE_ID_PATTERN, 'expected 1-64 characters of A-Z a-z 0-9 . _ -')
    .optional(),
  // MQTT 3.1.1 §2.2.3: the remaining length field holds at most 268,435,455
  MQTT_MAX_PACKET_BYTES: z.coerce.number().int().min(1_024).max(268_435_455).default(65_536),
  MQTT_CONNECTIONS_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(120),
  MQTT_DEVICE_CONNECTIONS_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(6_000),
  MQTT_MESSAGES_PER_SECOND: z.coerce.number().int().min(1).max(1_000_000).default(500),
  MQTT_TLS: onOff.optional(),
  MQTT_TLS_PORT: port.default(8883),
  MQTT_TLS_CERT: z.string().trim().min(1).optional(),
  MQTT_TLS_KEY: z.string().trim().min(1).optional(),
  MQTT_WS: onOff.optional(),
  MQTT_WS_PORT: port.default(8083),
  MQTT_WS_PATH: z.string().trim().regex(/^\/[A-Za-z0-9._~\/-]*$/, 'expected a URL path such as /mqtt').default('/mqtt'),
  TRUST_PROXY: z
    .string()
    .trim()
    .transform((v, ctx): boolean | number | string[] => {
      const lower = v.toLowerCase();
      if (['0', 'off', 'false', 'no'].includes(lower)) return false;
      if (['on', 'true', 'yes'].includes(lower)) return true;
      if (/^[0-9]+$/.test(v)) return Number(v);
      const list = v.split(',').map((x) => x.trim()).filter(Boolean);
      if (list.length > 0 && list.every((x) => /^[0-9a-fA-F.:]+(\/[0-9]{1,3})?$/.test(x))) return list;
      ctx.addIssue({ code: 'custom', message: 'expected off, on, a hop count or a comma-separated list of proxy addresses/CIDRs' });
      return z.NEVER;
    })
    .optional(),
  ALLOWED_ORIGINS: originList.optional(),
  CUSTOM_MODULE_ORIGINS: originList.optional(),
  HASH_WORKERS: z.coerce.number().int().min(1).max(64).optional(),
  HASH_QUEUE: z.coerce.number().int().min(0).max(10_000).default(32),
  ATTACHMENT_CAP_MB: z.coerce.number().int().min(1).max(1024 * 1024).default(1024),
  BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).max(256 * 1024 * 1024).default(1024 * 1024),
  BOARD_MAX_BYTES: z.coerce.number().int().min(1024).max(1024 * 1024 * 1024).default(4 * 1024 * 1024),
  RATE_LIMIT_AUTH_PER_MINUTE: z.coerce.number().int().min(0).max(1_000_000).default(60),
  RATE_LIMIT_API_PER_MINUTE: z.coerce.number().int().min(0).max(1_000_000).default(1200),
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  GATHERING_PEOPLE: z.coerce.number().int().min(2).max(1_000).default(GATHERING_DEFAULTS.minPeople),
  GATHERING_SPAN_M: z.coerce.number().min(0.5).max(100).default(GATHERING_DEFAULTS.spanM),
  GATHERING_MIN: z.coerce.number().min(0.1).max(24 * 60).default(GATHERING_DEFAULTS.minutes),
  LEAVE_AREA_MIN: z.coerce.number().min(0.1).max(24 * 60).default(LEAVE_AREA_MS / 60_000),
  ZONE_EDGE_MARGIN_M: z.coerce.number().min(0).max(20).default(ZONE_EDGE_MARGIN_M),
  ZONE_EDGE_DWELL_S: z.coerce.number().min(0).max(600).default(ZONE_EDGE_DWELL_MS / 1000),
  SENSOR_STUCK_MIN: z
    .string()
    .transform((v, ctx) => {
      const out: Record<string, number> = {};
      for (const part of v.split(',').map((x) => x.trim()).filter(Boolean)) {
        const m = /^([A-Za-z0-9_]+)\s*=\s*([0-9]+(?:\.[0-9]+)?)$/.exec(part);
        if (!m || !STUCK_METRICS.has(m[1]) || Number(m[2]) > 7 * 24 * 60) {
          ctx.addIssue({ code: 'custom', message: `expected metric=minutes pairs (metrics: ${[...STUCK_METRICS].join(', ')}; minutes 0 to 10080, 0 turns the check off), got "${part}"` });
          return z.NEVER;
        }
        out[m[1]] = Number(m[2]);
      }
      return out;
    })
    .optional(),
  CLOCK_SKEW_MIN: z.coerce.number().min(0.5).max(24 * 60).optional(),
  DEMO_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
  SEED_LOCALE: z.enum(SEED_LOCALES).default('zh-CN'),
  OFFLINE_GRACE_PERIODS: z.coerce.number().int().min(0).max(1_000).default(6),
  CLUSTER_PARTITIONS: z.coerce.number().int().min(1).max(1024).default(16),
  CLUSTER_LEASE_MS: z.coerce.number().int().min(1_000).max(600_000).default(10_000),
  HJ212_PORT: port.optional(),
  HJ212_MAX_CONNECTIONS: z.coerce.number().int().min(1).max(100_000).default(256),
  HJ212_IDLE_S: z.coerce.number().min(1).max(86_400).default(180),
  HJ212_PACKET_S: z.coerce.number().min(1).max(600).default(10),
  FFMPEG_PATH: z.string().optional(),
  VIDEO_DIR: z.string().optional(),
  VIDEO_IDLE_S: z.coerce.number().min(1).max(3600).default(60),
  VIDEO_MAX_STREAMS: z.coerce.number().int().min(1).max(256).default(32),
  VIDEO_RECORD: z
    .string()
    .trim()
    .default('demo')
    .transform((v): RecordCameras => (v === 'off' || v === 'demo' || v === 'all' ? v : v.split(',').map((x) => x.trim()).filter(Boolean))),
  VIDEO_RECORD_DIR: z.string().optional(),
  VIDEO_RECORD_HOURS: z.coerce.number().min(0.001).max(24 * 365).default(2),
  VIDEO_RECORD_MAX_MB: z.coerce.number().min(0.1).max(100_000_000).default(400),
  VIDEO_RECORD_MAX_CAMERAS: z.coerce.number().int().min(1).max(256).default(2),
  VIDEO_RECORD_SYNC_S: z.coerce.number().min(0.5).max(3_600).default(30),
  SPRAY_ACK_TIMEOUT_S: z.coerce.number().min(0.1).max(3_600).default(15),
  SPRAY_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(4),
});

/**
 * The default NODE_ID derived from a host name: characters outside `A–Z a–z 0–9 . _ -` become `-`, at most
 * 64 characters, `node` when nothing is left.
 */
export function nodeIdFromHostname(host: string): string {
  const id = host.replace(/[^A-Za-z0-9._-]/g, '-').slice(0, 64);
  return id === '' ? 'node' : id;
}

/**
 * Reads the configuration from `env`. Empty strings count as unset.
 * @throws ConfigError naming the first bad variable and why.
 */
export function loadConfig(env: Record<string, string | undefined> = process.env): ServerConfig {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const r = envSchema.safeParse(cleaned);
  if (!r.success) {
    const issue = r.error.issues[0];
    throw new ConfigError(`${String(issue.path[0])}: ${issue.message}`);
  }
  const e = r.data;
  const mqttUrl = e.MQTT_URL ?? null;
  if ((e.MQTT_TLS_CERT === undefined) !== (e.MQTT_TLS_KEY === undefined)) {
    throw new ConfigError(`${e.MQTT_TLS_CERT === undefined ? 'MQTT_TLS_CERT' : 'MQTT_TLS_KEY'}: MQTT_TLS_CERT and MQTT_TLS_KEY go together`);
  }
  if (e.REDIS_URL !== undefined && mqttUrl !== null && e.HJ212_PORT !== undefined) {
    throw new ConfigError('HJ212_PORT: not in a cluster (REDIS_URL with MQTT_URL), whose rules are split by device over the external broker');
  }
  if (e.REDIS_URL !== undefined && mqttUrl !== null && e.DATABASE_URL === undefined) {
    throw new ConfigError('DATABASE_URL: a cluster (REDIS_URL with MQTT_URL) needs a shared PostgreSQL');
  }
  const videoDir = path.resolve(e.VIDEO_DIR ?? path.join(tmpdir(), 'siteboard-video'));
  return {
    port: e.PORT,
    host: e.HOST,
    mqttUrl,
    mqttPort: e.MQTT_PORT,
    databaseUrl: e.DATABASE_URL ?? null,
    dataDir: e.DATA_DIR.startsWith('memory://') ? e.DATA_DIR : path.resolve(e.DATA_DIR),
    redisUrl: e.REDIS_URL ?? null,
    simulator: e.SIMULATOR ?? mqttUrl === null,
    adminPassword: e.ADMIN_PASSWORD ?? null,
    telemetryRetentionDays: e.TELEMETRY_RETENTION_DAYS,
    telemetryMinuteRetentionDays: Math.max(e.TELEMETRY_MINUTE_RETENTION_DAYS, e.TELEMETRY_RETENTION_DAYS),
    telemetryHourRetentionDays: Math.max(e.TELEMETRY_HOUR_RETENTION_DAYS, e.TELEMETRY_MINUTE_RETENTION_DAYS, e.TELEMETRY_RETENTION_DAYS),
    demoBackfill: e.DEMO_BACKFILL ?? true,
    demoBackfillHours: e.DEMO_BACKFILL_HOURS,
    staticDir: e.STATIC_DIR ? path.resolve(e.STATIC_DIR) : null,
    basePath: e.BASE_PATH,
    simulatorSeed: e.SIMULATOR_SEED,
    socketSessionRecheckMs: e.SOCKET_SESSION_RECHECK_MS,
    alarmRepeatPushMs: e.ALARM_REPEAT_PUSH_MS,
    tracksCacheBytes: Math.round(e.TRACKS_CACHE_MB * 1_048_576),
    tracksWarmHours: e.TRACKS_WARM_HOURS,
    nodeId: e.NODE_ID ?? nodeIdFromHostname(hostname()),
    mqttLimits: {
      maxPacketBytes: e.MQTT_MAX_PACKET_BYTES,
      connectionsPerMinute: e.MQTT_CONNECTIONS_PER_MINUTE,
      deviceConnectionsPerMinute: e.MQTT_DEVICE_CONNECTIONS_PER_MINUTE,
      messagesPerSecond: e.MQTT_MESSAGES_PER_SECOND,
    },
    mqttTls: e.MQTT_TLS
      ? {
          port: e.MQTT_TLS_PORT,
          certFile: e.MQTT_TLS_CERT ? path.resolve(e.MQTT_TLS_CERT) : null,
          keyFile: e.MQTT_TLS_KEY ? path.resolve(e.MQTT_TLS_KEY) : null,
        }
      : null,
    mqttWs: e.MQTT_WS ? { port: e.MQTT_WS_PORT, path: e.MQTT_WS_PATH } : null,
    trustProxy: e.TRUST_PROXY ?? false,
    allowedOrigins: e.ALLOWED_ORIGINS ?? [],
    customModuleOrigins: e.CUSTOM_MODULE_ORIGINS ?? [],
    hashWorkers: e.HASH_WORKERS ?? defaultHashWorkers(),
    hashQueue: e.HASH_QUEUE,
    attachmentCapBytes: e.ATTACHMENT_CAP_MB * 1024 * 1024,
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    boardMaxBytes: e.BOARD_MAX_BYTES,
    rateLimitAuthPerMinute: e.RATE_LIMIT_AUTH_PER_MINUTE,
    rateLimitApiPerMinute: e.RATE_LIMIT_API_PER_MINUTE,
    metricsToken: e.METRICS_TOKEN ?? null,
    personnelRules: {
      gathering: { minPeople: e.GATHERING_PEOPLE, spanM: e.GATHERING_SPAN_M, minutes: e.GATHERING_MIN },
      leaveAreaMs: Math.round(e.LEAVE_AREA_MIN * 60_000),
      edge: { marginM: e.ZONE_EDGE_MARGIN_M, dwellMs: Math.round(e.ZONE_EDGE_DWELL_S * 1000) },
    },
    sensorFaults: {
      ...(e.SENSOR_STUCK_MIN ? { stuckAfterS: Object.fromEntries(Object.entries(e.SENSOR_STUCK_MIN).map(([k, min]) => [k, Math.round(min * 60)])) } : {}),
      ...(e.CLOCK_SKEW_MIN !== undefined ? { clockSkewS: Math.round(e.CLOCK_SKEW_MIN * 60) } : {}),
    },
    demoPassword: e.DEMO_PASSWORD ?? null,
    seedLocale: e.SEED_LOCALE,
    offlineGracePeriods: e.OFFLINE_GRACE_PERIODS,
    clusterPartitions: e.CLUSTER_PARTITIONS,
    clusterLeaseMs: e.CLUSTER_LEASE_MS,
    hj212:
      e.HJ212_PORT === undefined
        ? null
        : { port: e.HJ212_PORT, maxConnections: e.HJ212_MAX_CONNECTIONS, idleMs: Math.round(e.HJ212_IDLE_S * 1000), packetMs: Math.round(e.HJ212_PACKET_S * 1000) },
    video: {
      ffmpegPath: e.FFMPEG_PATH ?? 'ffmpeg',
      dir: videoDir,
      idleMs: Math.round(e.VIDEO_IDLE_S * 1000),
      maxStreams: e.VIDEO_MAX_STREAMS,
      record: {
        cameras: e.VIDEO_RECORD,
        dir: path.resolve(e.VIDEO_RECORD_DIR ?? (e.DATA_DIR.startsWith('memory://') ? path.join(videoDir, 'record') : path.join(e.DATA_DIR, 'video'))),
        retentionMs: Math.round(e.VIDEO_RECORD_HOURS * 3_600_000),
        maxBytes: Math.round(e.VIDEO_RECORD_MAX_MB * 1_000_000),
        maxCameras: e.VIDEO_RECORD_MAX_CAMERAS,
        syncMs: Math.round(e.VIDEO_RECORD_SYNC_S * 1000),
      },
    },
    sprayRetry: { ackTimeoutMs: Math.round(e.SPRAY_ACK_TIMEOUT_S * 1000), maxAttempts: e.SPRAY_MAX_ATTEMPTS },
  };
}
