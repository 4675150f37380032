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

/** Starts `count` nodes on a fresh Mosquitto and PostgreSQL; cleanup stops everything and deletes their folders. */
export async function startClusterVariant<T extends { mqttPort: number }>(
  count: number,
  startNode: (env: Record<string, string>) => Promise<T>,
  stopNode: (node: T) => Promise<void>,
): Promise<{ targets: T[]; cleanup: () => Promise<void> }> {
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
  const pg = execFileSync('sh', [path.join(ROOT, 'bench/storage/pg.sh')], { encoding: 'utf8' }).trim().split('\n');
  const pgUrl = pg[0].replace(/^BENCH_PG_URL=/, '');
  const pgStop = pg[1].replace(/^stop: /, '');
  const nodes: T[] = [];
  const cleanup = async () => {
    for (const n of nodes) await stopNode(n);
    mosquitto.kill('SIGTERM');
    redis.kill('SIGTERM');
    execFileSync('sh', ['-c', `${pgStop} -m immediate >/dev/null`]);
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
    for (let i = 0; i < count; i++) {
      const node = await startNode({
        DATABASE_URL: pgUrl,
        MQTT_URL: `mqtt://127.0.0.1:${port}`,
        REDIS_URL: `redis://127.0.0.1:${redisPort}`,
        NODE_ID: `bench-${i}-${process.pid}`,
        DATA_DIR: dir,
      });
      // devices publish to the shared broker, whichever node they are counted for
      nodes.push(Object.assign(node, { mqttPort: port }));
    }
  } catch (err) {
    await cleanup();
    throw err;
  }
  return { targets: nodes, cleanup };
}
