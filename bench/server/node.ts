/**
 * One process under test of `npm run bench:server` (started by bench/server/run.ts, one per run):
 *
 * - `broker`: the embedded broker alone (server/ingest/embeddedBroker.ts, the same aedes set-up, limits and
 *   credential check) whose message handler does nothing and acknowledges at once: the broker's own
 *   throughput with no consumer work;
 * - `node`: the whole server (server/app.ts startServer: embedded broker → ingest → rules → telemetry
 *   writer → gateway), configured from the environment like `npm run serve` (DATA_DIR, DATABASE_URL,
 *   MQTT_URL, …).
 *
 * Prints one JSON line {mqttPort, url, username, password} once ready (url null for `broker`), then serves
 * until SIGTERM. With BENCH_CPU_PROF=dir, node's --cpu-prof is up to the caller (execArgv).
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { startServer } from '../../server/app';
import { loadConfig } from '../../server/config';
import { startEmbeddedBroker } from '../../server/ingest/embeddedBroker';
import { IngestCounter } from '../../server/ingest/ingestStats';
import { DEMO_PROJECT } from '../../server/seed';
import { seedIfEmpty } from '../../server/seed/seed';
import { openDatabase } from '../../server/storage';

const mode = process.argv[2];
const quiet = { info() {}, warn() {}, error: (o: object, m?: string) => console.error(m, o) };

async function credentials(db: Awaited<ReturnType<typeof openDatabase>>['db']) {
  const row = await db.selectFrom('projects').select(['mqtt_username', 'mqtt_password']).where('project_id', '=', DEMO_PROJECT.projectId).executeTakeFirstOrThrow();
  return { username: row.mqtt_username, password: row.mqtt_password };
}

/** With BENCH_LOOP_LOG=1: each second whose longest event-loop delay passed 50 ms is logged to stderr. */
function logLoopStalls(): void {
  const h = monitorEventLoopDelay({ resolution: 5 });
  h.enable();
  setInterval(() => {
    if (h.max > 50e6) console.error(`loop stall: max ${(h.max / 1e6).toFixed(0)} ms, p99 ${(h.percentile(99) / 1e6).toFixed(0)} ms at ${new Date().toISOString()}`);
    h.reset();
  }, 1_000).unref();
}

async function main(): Promise<void> {
  if (process.env.BENCH_LOOP_LOG) logLoopStalls();
  const config = loadConfig(process.env);
  let close: () => Promise<void>;
  if (mode === 'broker') {
    const database = await openDatabase({ databaseUrl: null, dataDir: 'memory://' });
    await seedIfEmpty(database.db, config, { info() {} }, () => undefined);
    const broker = await startEmbeddedBroker({
      db: database.db,
      port: 0,
      host: '127.0.0.1',
      onMessage: () => Promise.resolve('accepted'),
      counter: new IngestCounter(),
      limits: config.mqttLimits,
      log: quiet,
    });
    process.stdout.write(JSON.stringify({ mqttPort: broker.port, url: null, ...(await credentials(database.db)) }) + '\n');
    close = async () => {
      await broker.close();
      await database.close();
    };
  } else if (mode === 'node') {
    const server = await startServer(config);
    process.stdout.write(JSON.stringify({ mqttPort: server.mqttPort, url: server.url, ...(await credentials(server.db)) }) + '\n');
    close = () => server.close();
  } else {
    throw new Error('usage: node.ts broker|node');
  }
  process.on('SIGTERM', () => {
    close().then(
      () => process.exit(0),
      (err: unknown) => {
        console.error(err);
        process.exit(1);
      },
    );
  });
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
