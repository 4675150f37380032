import { z } from 'zod';
import { hostname } from 'node:os';
import path from 'node:path';

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
  /** Built browser app to serve (STATIC_DIR, default ./dist when it exists); null serves the API only. */
  staticDir: string | null;
  /** Simulator random seed (SIMULATOR_SEED, default 1). */
  simulatorSeed: number;
  /**
   * How often connected sockets' sessions are checked again, ms (SOCKET_SESSION_RECHECK_MS, default
   * 60000): an expired session or a removed membership stops its stream within this time.
   */
  socketSessionRecheckMs: number;
  /**
   * This node's id (NODE_ID, 1–64 characters of `A–Z a–z 0–9 . _ -`; default: the host name, other
   * characters replaced by `-`). With MQTT_URL the server's MQTT client id is `siteboard-{nodeId}`, under
   * which the external broker keeps its persistent session: fixed across restarts, unique per node.
   */
  nodeId: string;
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
  ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
  TELEMETRY_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  TELEMETRY_MINUTE_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
  TELEMETRY_HOUR_RETENTION_DAYS: z.coerce.number().int().min(1).max(36500).default(730),
  STATIC_DIR: z.string().trim().min(1).optional(),
  SIMULATOR_SEED: z.coerce.number().int().default(1),
  SOCKET_SESSION_RECHECK_MS: z.coerce.number().int().min(100).max(3_600_000).default(60_000),
  NODE_ID: z
    .string()
    .trim()
    .regex(NODE_ID_PATTERN, 'expected 1-64 characters of A-Z a-z 0-9 . _ -')
    .optional(),
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
    staticDir: e.STATIC_DIR ? path.resolve(e.STATIC_DIR) : null,
    simulatorSeed: e.SIMULATOR_SEED,
    socketSessionRecheckMs: e.SOCKET_SESSION_RECHECK_MS,
    nodeId: e.NODE_ID ?? nodeIdFromHostname(hostname()),
  };
}
