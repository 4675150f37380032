import type { AddressInfo } from 'node:net';
import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';
import type { Kysely } from 'kysely';
import type { ServerConfig } from './config';
import { createHttpApp, registeredRoutes } from './http/createHttpApp';
import { configureHashPool } from './http/hashPool';
import { SessionStore } from './http/sessions';
import { CompactPages } from './http/routes/compactPages';
import { startLive, type LiveDeps, type LiveHandle } from './live';
import { BRIDGE_DEVICES, DEMO_DEVICES, DEMO_PROJECT, DEMO_TUNNELS, OTHER_PROJECT, retireDocumentedDemoPassword, seedIfEmpty } from './seed';
import { openDatabase, toTunnelInfo, tunnelRows, type Database } from './storage';

/** A started server. `close()` stops everything in reverse start order and is idempotent. */
export interface RunningServer {
  /** Base URL for local clients, e.g. `http://127.0.0.1:8080`. */
  url: string;
  /** HTTP port actually bound (config.port may be 0). */
  port: number;
  /** Embedded MQTT broker port actually bound; null with an external broker (MQTT_URL). */
  mqttPort: number | null;
  config: ServerConfig;
  db: Kysely<Database>;
  live: LiveHandle;
  /** URLs of every HTTP route (the authorisation-matrix test enumerates them; createHttpApp registeredRoutes). */
  routes: ReadonlySet<string>;
  /** The random admin password this start's first-start seed made; null when the database existed or ADMIN_PASSWORD set it. */
  firstStartAdminPassword: string | null;
  /** The compact track pages and their warming (docs/operations.md "Replay"). */
  tracks: CompactPages;
  close(): Promise<void>;
}

/**
 * Starts the whole service: database (migrated) → first-start seed → REST app → live pipeline (MQTT
 * ingest, rules, socket.io on the HTTP server) → HTTP listen → demo simulator when `config.simulator`.
 * The live pipeline attaches before the port opens, so no request ever reaches a route without it.
 * @param opts.log fastify logger options (false, the default, logs nothing; true logs JSON to stdout).
 * @param opts.onCycleCompleted hears each closed drill-and-blast round with its footage (server/cycles/tracker.ts).
 * @throws when any part fails to start; whatever had started is stopped again first.
 */
export async function startServer(
  config: ServerConfig,
  opts: { log?: FastifyServerOptions['logger']; onCycleCompleted?: LiveDeps['onCycleCompleted'] } = {},
): Promise<RunningServer> {
  const closers: Array<() => Promise<void>> = [];
  const closeAll = async (log: FastifyBaseLogger | null) => {
    for (const close of closers.splice(0).reverse()) {
      await close().catch((err: unknown) => log?.error({ err }, 'shutdown step failed'));
    }
  };
  let log: FastifyBaseLogger | null = null;
  try {
    configureHashPool({ workers: config.hashWorkers, queue: config.hashQueue });
    const database = await openDatabase(config);
    closers.push(() => database.close());
    const { db } = database;

    const sessions = new SessionStore(db);
    let live: LiveHandle | null = null;
    const tracks = new CompactPages({ db, config, log: { warn: (obj: unknown, msg?: string) => log?.warn(obj, msg) } }, config.tracksWarmHours);
    const app = await createHttpApp(
      {
        config,
        db,
        sessions,
        tracks,
        live: () => {
          if (!live) throw new Error('live pipeline not started');
          return live;
        },
      },
      opts.log ?? false,
    );
    log = app.log;
    closers.push(() => app.close());

    const seed = await seedIfEmpty(db, config, { info: (msg) => app.log.info(msg) });
    await retireDocumentedDemoPassword(db, config, { info: (msg) => app.log.info(msg) });
    sessions.startPruning((err) => app.log.error({ err }, 'session pruning failed'));
    closers.push(async () => sessions.close());

    await app.ready();
    tracks.start();
    closers.push(() => tracks.stop());
    const liveHandle = await startLive({ config, db, httpServer: app.server, sessions, log: app.log, onCycleCompleted: opts.onCycleCompleted });
    live = liveHandle;
    closers.push(() => liveHandle.close());

    await app.listen({ port: config.port, host: config.host });
    const port = (app.server.address() as AddressInfo).port;

    if (config.simulator) {
      const stop = await startDemoSimulator(config, db, liveHandle, app.log);
      closers.push(stop);
    }

    let closing: Promise<void> | null = null;
    return {
      url: `http://${localHost(config.host)}:${port}`,
      port,
      mqttPort: liveHandle.mqttPort,
      routes: registeredRoutes(app),
      firstStartAdminPassword: seed.adminPassword,
      config,
      db,
      live: liveHandle,
      tracks,
      close: () => (closing ??= closeAll(app.log)),
    };
  } catch (err) {
    await closeAll(log);
    throw err;
  }
}

/**
 * Starts the demo simulators against our broker, one per demo project with that project's device
 * credentials: the tunnel (DEMO_DEVICES) and the bridge (BRIDGE_DEVICES, its lifting equipment), each
 * with its past 24 hours backfilled when enabled, and the demo drivers' attendance kept up to date
 * (server/seed/demoEquipment.ts, hourly). @returns their stop.
 */
async function startDemoSimulator(
  config: ServerConfig,
  db: Kysely<Database>,
  live: LiveHandle,
  log: FastifyBaseLogger,
): Promise<() => Promise<void>> {
  const projects = [
    { projectId: DEMO_PROJECT.projectId, devices: DEMO_DEVICES, tunnels: DEMO_TUNNELS },
    { projectId: OTHER_PROJECT.projectId, devices: BRIDGE_DEVICES, tunnels: [] },
  ];
  const stops: Array<() => Promise<void>> = [];
  // Loaded only when wanted: a production node without the simulator never loads its code.
  const { startSimulator } = await import('./simulator');
  const { syncDemoAttendance } = await import('./seed/demoEquipment');
  const url = config.mqttUrl ?? `mqtt://127.0.0.1:${live.mqttPort}`;
  for (const p of projects) {
    // the bores as saved, so the faces go on from where the site's progress left them (server/tunnel/progress.ts)
    const saved = (await tunnelRows(db, p.projectId)).map(toTunnelInfo);
    if (saved.length > 0) p.tunnels = saved.map((t) => ({ ...t, rockSegments: t.rockSegments ?? [] }));
    const readCreds = () =>
      db.selectFrom('projects').select(['mqtt_username', 'mqtt_password']).where('project_id', '=', p.projectId).executeTakeFirst();
    const creds = await readCreds();
    if (!creds) {
      log.warn(`simulator not started: project ${p.projectId} does not exist`);
      continue;
    }
    const sim = await startSimulator({
      url,
      username: creds.mqtt_username,
      password: creds.mqtt_password,
      // After an administrator rotates the project's key, the simulator follows it.
      refreshCredentials: async () => {
        const row = await readCreds();
        return row ? { username: row.mqtt_username, password: row.mqtt_password } : null;
      },
      projectId: p.projectId,
      devices: p.devices,
      tunnels: p.tunnels,
      seed: config.simulatorSeed,
      // environment monitors speak HJ 212 over TCP when the listener is on (docs/device-protocol.md "HJ 212")
      hj212: live.hj212Port !== null ? { host: localHost(config.host).replace(/^\[|\]$/g, ''), port: live.hj212Port } : undefined,
      log: { info: (...a: unknown[]) => log.info(describe(a)), warn: (...a: unknown[]) => log.warn(describe(a)) },
    });
    log.info(`demo simulator publishing project ${p.projectId} to ${url}`);
    // The past DEMO_BACKFILL_HOURS (24) of history, written in the background in yielding batches (server/simulator/backfill.ts).
    const backfill = config.demoBackfill
      ? (await import('./simulator/backfill')).startDemoBackfill({ db, projectId: p.projectId, seed: config.simulatorSeed, nowMs: Date.now(), spanMs: config.demoBackfillHours * 3_600_000, devices: p.devices, tunnels: p.tunnels, log })
      : null;
    // the crossings of the backfilled hours of today count in the live "in/out today" (docs/domain.md)
    void backfill?.done.then((r) => {
      if (r?.rules?.portal) live.addPortalCounts(p.projectId, r.rules.portal);
    });
    stops.push(async () => {
      await backfill?.stop();
      await sim.stop();
    });
  }
  // Drivers clock in and out on the demo rota while the demo runs.
  const syncAttendance = async () => {
    for (const p of projects) await syncDemoAttendance(db, p.projectId, p.devices, Date.now());
  };
  const attendance = setInterval(() => void syncAttendance().catch((err: unknown) => log.warn({ err }, 'demo attendance update failed')), 3_600_000);
  attendance.unref();
  await syncAttendance().catch((err: unknown) => log.warn({ err }, 'demo attendance update failed'));
  return async () => {
    clearInterval(attendance);
    for (const stop of stops) await stop();
  };
}

function describe(args: unknown[]): string {
  return args
    .map((a) => (typeof a === 'string' ? a : a instanceof Error ? a.message : JSON.stringify(a)))
    .join(' ');
}

/** The address a local client uses for a bind address (wildcards mean loopback works). */
function localHost(host: string): string {
  if (host === '0.0.0.0' || host === '::' || host === '') return '127.0.0.1';
  return host.includes(':') ? `[${host}]` : host;
}
