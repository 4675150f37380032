import { randomUUID } from 'node:crypto';
import { connect, type MqttClient } from 'mqtt';
import { z } from 'zod';
import { COMMAND_CHANNEL, DEVICE_KIND_REGISTRY, isCommandTopic, isTopicSegment, sprayCommandSchema, TOPIC_ROOT, type AnyKindDescriptor } from '../../protocol';
import { Hj212Uplink } from './hj212Client';
import { FleetModel, type FleetModelOptions, type SimMessage } from './model';

/**
 * Runs the demo fleet model (model.ts) against a real MQTT broker, as the devices of a site would:
 * every device publishes on its own topic at its report period, telemetry at QoS 0, events on a kind's
 * `alarm` channel (camera alarms) at QoS 1. Simulated time starts at the wall-clock time of the call and runs `speed` times faster.
 */

/** Minimal logger; pino, fastify's logger and console all fit. */
export interface SimulatorLog {
  info(...a: unknown[]): void;
  warn(...a: unknown[]): void;
}

export interface SimulatorOptions {
  /** Broker URL: mqtt://, mqtts://, tcp://, ws:// or wss://. */
  url: string;
  username?: string;
  password?: string;
  /**
   * Reads the current credentials again after the broker refused them (they were rotated): the demo
   * simulator in the server passes the project's stored ones. Without it the same ones are retried.
   */
  refreshCredentials?: () => Promise<{ username: string; password: string } | null>;
  /** Project whose topics the fleet publishes on (`zhgd/{projectId}/…`). */
  projectId: string;
  /** Random seed (default 1): the same seed and start time give the same messages. */
  seed?: number;
  /** Simulated seconds per real second (default 1, at most 1000). Timestamps run ahead of the wall clock when > 1. */
  speed?: number;
  /** Simulated start, ms since epoch (default: now, to the second). */
  startMs?: number;
  /** Devices to publish for (default: the demo tunnel's fleet, DEMO_DEVICES); the bridge project passes BRIDGE_DEVICES. */
  devices?: FleetModelOptions['devices'];
  /** Bores and headings the devices refer to (default DEMO_TUNNELS; none for a project without tunnels). */
  tunnels?: FleetModelOptions['tunnels'];
  /**
   * The server's HJ 212 listener: devices of kinds that speak HJ 212 (descriptor `hj212`, the environment
   * monitors) send their minute data there over TCP, with the project's device password as PW, instead of
   * publishing MQTT (server/simulator/hj212Client.ts).
   */
  hj212?: { host: string; port: number };
  log?: SimulatorLog;
}

/** Counters since start. */
export interface SimulatorStats {
  /** Messages handed to the MQTT client. */
  published: number;
  /** Messages not sent because the broker was unreachable at the time (telemetry is not worth queueing). */
  dropped: number;
  /** Simulated time reached, ms since epoch. */
  simulatedMs: number;
}

export interface SimulatorHandle {
  /** Clears every timer and ends the MQTT client; safe to call twice. */
  stop(): Promise<void>;
  stats(): SimulatorStats;
}

const optionsSchema = z.object({
  url: z.string().refine((v) => {
    try {
      return ['mqtt:', 'mqtts:', 'tcp:', 'ws:', 'wss:'].includes(new URL(v).protocol);
    } catch {
      return false;
    }
  }, 'expected an mqtt://, mqtts://, tcp://, ws:// or wss:// URL'),
  username: z.string().optional(),
  password: z.string().optional(),
  projectId: z.string().refine(isTopicSegment, 'expected 1–64 characters of A–Z, a–z, 0–9, _ or -'),
  seed: z.number().int().default(1),
  speed: z.number().positive().max(1000).default(1),
  startMs: z.number().int().min(946_684_800_000).max(4_102_444_800_000).optional(),
});

/** Publishing cadence: messages due in each slice go out together, spread across the second by their stagger. */
const PUBLISH_EVERY_MS = 50;
const FIRST_CONNECT_TIMEOUT_MS = 15_000;
const RECONNECT_PERIOD_MS = 2_000;
/** After the broker refuses credentials mid-run (e.g. they were rotated), try again this often. */
const AUTH_RETRY_MS = 30_000;
/** Camera alarms kept while disconnected (they are events worth delivering late; telemetry is not). */
const MAX_QUEUED_ALARMS = 100;
/** Repeated connection errors are logged at most this often. */
const ERROR_LOG_EVERY_MS = 30_000;

const NO_LOG: SimulatorLog = { info: () => undefined, warn: () => undefined };

/** CONNACK codes meaning "bad credentials" or "not authorised" (MQTT 3.1.1: 4, 5; MQTT 5: 134, 135). */
function isAuthRefusal(err: unknown): boolean {
  const code = (err as { code?: unknown }).code;
  return code === 4 || code === 5 || code === 134 || code === 135;
}

/** The URL without user info, safe to log. */
function redact(url: string): string {
  const u = new URL(url);
  u.username = '';
  u.password = '';
  return u.toString();
}

/**
 * Connects to the broker and starts publishing the demo fleet.
 * @returns once connected, a handle to read counters and stop.
 * @throws Error when the options are invalid, when the broker refuses the credentials, or when no
 *   connection succeeds within 15 s (the message names the broker and the last error).
 */
export async function startSimulator(opts: SimulatorOptions): Promise<SimulatorHandle> {
  const parsed = optionsSchema.safeParse(opts);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`invalid simulator option ${issue.path.join('.')}: ${issue.message}`);
  }
  const { url, username, password, projectId, seed, speed } = parsed.data;
  const log = opts.log ?? NO_LOG;
  const where = redact(url);
  const startMs = parsed.data.startMs ?? Math.floor(Date.now() / 1000) * 1000;
  const model = new FleetModel({ projectId, seed, startMs, devices: opts.devices, tunnels: opts.tunnels });

  const client = connect(url, {
    username,
    password,
    clientId: `siteboard-sim-${projectId}-${randomUUID().slice(0, 8)}`,
    clean: true,
    reconnectPeriod: RECONNECT_PERIOD_MS,
    connectTimeout: 10_000,
    queueQoSZero: false,
  });
  await firstConnect(client, where);
  log.info(`simulator connected to ${where} (project ${projectId}, seed ${seed}, speed ${speed}x)`);
  return run(client, projectId, model, speed, log, where, opts.refreshCredentials, opts.hj212 ?? null);
}

function firstConnect(client: MqttClient, where: string): Promise<void> {
  return new Promise((resolve, reject) => {
    let lastError = 'no answer';
    const fail = (message: string) => {
      cleanup();
      client.end(true);
      reject(new Error(message));
    };
    const onConnect = () => {
      cleanup();
      resolve();
    };
    const onError = (err: Error) => {
      if (isAuthRefusal(err)) fail(`MQTT broker at ${where} refused the simulator's credentials (${err.message})`);
      else lastError = err.message;
    };
    const timer = setTimeout(
      () => fail(`could not connect to the MQTT broker at ${where} within ${FIRST_CONNECT_TIMEOUT_MS / 1000} s: ${lastError}`),
      FIRST_CONNECT_TIMEOUT_MS,
    );
    const cleanup = () => {
      clearTimeout(timer);
      client.off('connect', onConnect);
      client.off('error', onError);
    };
    client.on('connect', onConnect);
    client.on('error', onError);
  });
}

/**
 * True for a message on a kind's `alarm` channel (protocol/kinds: device-side events such as AI captures):
 * unlike a periodic reading, which the next one replaces, an event lost is lost for good.
 */
function isEvent(m: SimMessage): boolean {
  return DEVICE_KIND_REGISTRY.get(m.kind)?.channel === 'alarm';
}

function run(
  client: MqttClient,
  projectId: string,
  model: FleetModel,
  speed: number,
  log: SimulatorLog,
  where: string,
  refreshCredentials: SimulatorOptions['refreshCredentials'],
  hj212: SimulatorOptions['hj212'] | null,
): SimulatorHandle {
  let published = 0;
  let dropped = 0;
  let stopped = false;
  let online = true;
  let lastErrorLogMs = 0;
  let authRetry: NodeJS.Timeout | null = null;
  const queuedAlarms: SimMessage[] = [];
  // Real time is measured from here; simulated time = start + elapsed × speed.
  let realBaseMs = performance.now();
  let simBaseMs = model.nowMs;
  /** A stall (suspended laptop, blocked loop) pauses simulated time instead of bursting a backlog. */
  const maxLagMs = Math.max(5_000, speed * 1_000);

  // HJ 212 monitors use the project's device password as PW: the MQTT client's, fresh after a rotation
  const uplink = hj212 ? new Hj212Uplink(hj212.host, hj212.port, () => String(client.options.password ?? ''), (message) => logError(message)) : null;
  const send = (m: SimMessage) => {
    const descriptor: AnyKindDescriptor | undefined = DEVICE_KIND_REGISTRY.get(m.kind);
    if (uplink && descriptor?.hj212) {
      uplink.send(m.sn, descriptor, m.payload as Record<string, unknown>);
      published++;
      return;
    }
    const qos = isEvent(m) ? 1 : 0;
    client.publish(m.topic, JSON.stringify(m.payload), { qos }, (err) => {
      if (err && !stopped) logError(`publish to ${m.topic} failed: ${err.message}`);
    });
    published++;
  };
  const logError = (message: string) => {
    const now = Date.now();
    if (now - lastErrorLogMs < ERROR_LOG_EVERY_MS) return;
    lastErrorLogMs = now;
    log.warn(`simulator: ${message}`);
  };

  const tick = () => {
    let target = simBaseMs + (performance.now() - realBaseMs) * speed;
    if (target - model.nowMs > maxLagMs) {
      logError(`fell ${Math.round((target - model.nowMs) / 1000)} simulated s behind; skipping ahead in wall time`);
      simBaseMs = model.nowMs;
      realBaseMs = performance.now();
      target = simBaseMs;
    }
    for (const m of model.advanceTo(Math.floor(target))) {
      if (client.connected) send(m);
      else if (isEvent(m)) {
        if (queuedAlarms.length >= MAX_QUEUED_ALARMS) queuedAlarms.shift();
        queuedAlarms.push(m);
      } else dropped++;
    }
  };
  // A fault in the model must not take the host server down: log it and keep the timer going.
  const timer = setInterval(() => {
    try {
      tick();
    } catch (e) {
      logError(`simulation step failed: ${(e as Error).message}`);
    }
  }, PUBLISH_EVERY_MS);

  // the server's commands to the project's devices (docs/device-protocol.md "Commands"), carried out by
  // their kind's model; a malformed one is ignored, as a device would
  const commands = `${TOPIC_ROOT}/${projectId}/+/+/${COMMAND_CHANNEL}`;
  client.subscribe(commands, { qos: 1 }, (err) => {
    if (err && !stopped) logError(`subscribing to ${commands} failed: ${err.message}`);
  });
  client.on('message', (topic, payload) => {
    if (!isCommandTopic(topic)) return;
    let parsed: ReturnType<typeof sprayCommandSchema.safeParse>;
    try {
      parsed = sprayCommandSchema.safeParse(JSON.parse(payload.toString('utf8')));
    } catch {
      return;
    }
    if (parsed.success) model.command(topic.split('/')[3], parsed.data);
  });

  client.on('offline', () => {
    if (online && !stopped) log.warn(`simulator lost the broker at ${where}; reconnecting`);
    online = false;
  });
  client.on('connect', () => {
    if (!online) log.info(`simulator reconnected to ${where}`);
    online = true;
    while (queuedAlarms.length > 0) send(queuedAlarms.shift()!);
  });
  client.on('error', (err) => {
    if (stopped) return;
    if (isAuthRefusal(err)) {
      log.warn(`simulator: broker at ${where} refused the credentials (${err.message}); retrying in ${AUTH_RETRY_MS / 1000} s`);
      authRetry ??= setTimeout(() => {
        authRetry = null;
        if (stopped) return;
        // mqtt.js builds each CONNECT from client.options, so fresh credentials apply to this reconnect.
        void (refreshCredentials?.() ?? Promise.resolve(null))
          .then((fresh: { username: string; password: string } | null) => {
            if (fresh) Object.assign(client.options, fresh);
          })
          .catch((e: unknown) => logError(`reading fresh credentials failed: ${(e as Error).message}`))
          .finally(() => {
            if (!stopped) client.reconnect();
          });
      }, refreshCredentials ? RECONNECT_PERIOD_MS : AUTH_RETRY_MS);
    } else logError(err.message);
  });

  let stopping: Promise<void> | null = null;
  return {
    stats: () => ({ published, dropped, simulatedMs: model.nowMs }),
    stop: () => {
      stopping ??= (async () => {
        stopped = true;
        clearInterval(timer);
        uplink?.close();
        if (authRetry) clearTimeout(authRetry);
        await client.endAsync();
      })();
      return stopping;
    },
  };
}
