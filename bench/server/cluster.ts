/**
 * The PostgreSQL + Mosquitto variants of `npm run bench:server -- --cluster`: a throwaway Mosquitto
 * (Debian's, installed by scripts/services.mjs when missing; anonymous, as the external broker of
 * docs/operations.md with its own device authentication left out) and a throwaway PostgreSQL 15
 * (bench/storage/pg.sh) and a throwaway Redis (Debian's redis-server), then `nodes` server nodes on them
 * forming a cluster (docs/operations.md "Cluster"): device partitions leased in Redis, each partition's
 * messages consumed by the node that holds it, so every message is handled by one node.
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createConnection, createServer, type AddressInfo } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const c = createConnection({ port, host: '127.0.0.1' });
    c.once('connect', () => {
      c.destroy();
      resolve(true);
    });
    c.once('error', () => resolve(false));
  });
}

/** CLUSTER_PARTITIONS of the bench nodes (the product's default). */
const PARTITIONS = 16;

/** Waits (at most 60 s) until every partition is held and no node holds more than its fair share. */
async function waitForSplit(url: string, nodes: number): Promise<void> {
  const redis = new Redis(url);
  try {
    const deadline = Date.now() + 60_000;
    for (;;) {
      const holders = await redis.mget(...Array.from({ length: PARTITIONS }, (_, k) => `siteboard:cluster:lease:${k}`));
      const per = new Map<string, number>();
      for (const h of holders) if (h) per.set(h, (per.get(h) ?? 0) + 1);
      if (holders.every((h) => h !== null) && per.size === nodes && Math.max(...per.values()) <= Math.ceil(PARTITIONS / nodes)) return;
      if (Date.now() > deadline) throw new Error(`partitions not split over ${nodes} nodes after 60 s: ${JSON.stringify(holders)}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  } finally {
    redis.disconnect();
  }
}

/**
 * Starts `count` nodes on a fresh Mosquitto, PostgreSQL and Redis, and waits until they have split the
 * partitions; with `count` 0, Mosquitto alone (its pid as `mosquittoPid`). cleanup stops everything and
 * deletes their folders.
 */
export async function startClusterVariant<T extends { mqttPort: number }>(
  count: number,
  startNode: (env: Record<string, string>) => Promise<T>,
  stopNode: (node: T) => Promise<void>,
  extraEnv: Record<string, string> = {},
): Promise<{ targets: T[]; cleanup: () => Promise<void>; mqttPort: number; mosquittoPid: number; redisUrl: string }> {
  const bin = spawnSync(process.execPath, [path.join(ROOT, 'scripts', 'services.mjs'), 'mosquitto-path'], { encoding: 'utf8' }).stdout.trim().split('\n').at(-1)!;
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-mosquitto-'));
  const port = await freePort();
  writeFileSync(
    path.join(dir, 'm.conf'),
    [`listener ${port} 127.0.0.1`, 'allow_anonymous true', 'max_queued_messages 100000', 'max_inflight_messages 1000', `user ${userInfo().username}`, 'log_dest stderr', 'log_type error', ''].join('\n'),
  );
  const mosquitto = spawn(bin, ['-c', path.join(dir, 'm.conf')], { stdio: 'ignore' });
  const paths = JSON.parse(spawnSync(process.execPath, [path.join(ROOT, 'scripts', 'services.mjs'), 'cluster-paths'], { encoding: 'utf8' }).stdout.trim().split('\n').at(-1)!) as { redis: string };
  const redisPort = await freePort();
  const redis = spawn(paths.redis, ['--port', String(redisPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir], { stdio: 'ignore' });
  const pg = count > 0 ? execFileSync('sh', [path.join(ROOT, 'bench/storage/pg.sh')], { encoding: 'utf8' }).trim().split('\n') : ['', 'stop: true'];
  const pgUrl = pg[0].replace(/^BENCH_PG_URL=/, '');
  const pgStop = pg[1].replace(/^stop: /, '');
  const nodes: T[] = [];
  const cleanup = async () => {
    for (const n of nodes) await stopNode(n);
    mosquitto.kill('SIGTERM');
    redis.kill('SIGTERM');
    if (count > 0) execFileSync('sh', ['-c', `${pgStop} -m immediate >/dev/null`]);
    const pgDir = / -D (\S+)/.exec(pgStop)?.[1];
    if (pgDir) rmSync(pgDir, { recursive: true, force: true });
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    const deadline = Date.now() + 10_000;
    for (const [p, what] of [[port, 'mosquitto'], [redisPort, 'redis-server']] as const) {
      while (!(await accepts(p))) {
        if (Date.now() > deadline) throw new Error(`${what} did not listen`);
        await new Promise((r) => setTimeout(r, 25));
      }
    }
    // the nodes start together (leases are SET NX in Redis; the seed takes a lock in PostgreSQL)
    const started = await Promise.allSettled(
      Array.from({ length: count }, (_, i) =>
        startNode({
          DATABASE_URL: pgUrl,
          MQTT_URL: `mqtt://127.0.0.1:${port}`,
          REDIS_URL: `redis://127.0.0.1:${redisPort}`,
          NODE_ID: `bench-${i}-${process.pid}`,
          DATA_DIR: dir,
          ...extraEnv,
        }),
      ),
    );
    // devices publish to the shared broker, whichever node they are counted for
    for (const s of started) if (s.status === 'fulfilled') nodes.push(Object.assign(s.value, { mqttPort: port }));
    const failed = started.find((s) => s.status === 'rejected');
    if (failed) throw failed.reason;
    if (count > 0) await waitForSplit(`redis://127.0.0.1:${redisPort}`, count);
  } catch (err) {
    await cleanup();
    throw err;
  }
  return { targets: nodes, cleanup, mqttPort: port, mosquittoPid: mosquitto.pid!, redisUrl: `redis://127.0.0.1:${redisPort}` };
}
