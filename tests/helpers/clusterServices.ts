import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chownSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import { accepts, freeLoopbackPort, serviceAnswer } from './services';

/** Binaries of the cluster's services (scripts/services.mjs `cluster-paths`). */
interface ServicePaths {
  mosquitto: string;
  redis: string;
  postgresBin: string;
}

/**
 * The services' binaries, from `node scripts/services.mjs cluster-paths`, which installs Debian's mosquitto,
 * redis-server and postgresql with apt-get when missing (once per test process). @throws when it cannot.
 */
export function clusterServicePaths(): ServicePaths {
  return JSON.parse(serviceAnswer('cluster-paths', (l) => l.startsWith('{'))) as ServicePaths;
}



/** A throwaway service process of a test. */
export interface TestService {
  port: number;
  /** redis://… or postgres://… (the maintenance database `postgres` for PostgreSQL). */
  url: string;
  /** The last 20,000 characters of its output. */
  log(): string;
  /** SIGTERM, wait for the exit, delete its folder. */
  close(): Promise<void>;
}

/** Spawns `bin` and waits until 127.0.0.1:`port` accepts (at most 30 s). */
async function launch(bin: string, args: string[], port: number, dir: string, opts: { uid?: number; gid?: number } = {}): Promise<TestService & { child: ChildProcess }> {
  let out = '';
  const child = spawn(bin, args, { stdio: ['ignore', 'pipe', 'pipe'], ...opts });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  for (const s of [child.stdout!, child.stderr!]) s.on('data', (b: Buffer) => (out = (out + b.toString()).slice(-20_000)));
  const deadline = Date.now() + 30_000;
  while (!(await accepts(port))) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`${path.basename(bin)} exited at start: ${out.slice(-2_000)}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${path.basename(bin)} does not listen on 127.0.0.1:${port} after 30 s: ${out.slice(-2_000)}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    child,
    port,
    url: '',
    log: () => out,
    async close() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A Redis on a free loopback port, without persistence. Installs Debian's redis-server first when missing. */
export async function startTestRedis(): Promise<TestService> {
  const bin = clusterServicePaths().redis;
  const dir = mkdtempSync(path.join(tmpdir(), 'siteboard-redis-'));
  const port = await freeLoopbackPort();
  const s = await launch(bin, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir], port, dir);
  return { ...s, url: `redis://127.0.0.1:${port}` };
}

/**
 * A PostgreSQL cluster of its own (initdb in a temporary folder, trust authentication for the user
 * `siteboard` on loopback, fsync off: the tests kill server nodes, never the database) on a free port.
 * As root it runs as the `postgres` user, since PostgreSQL refuses to run as root. Installs Debian's
 * postgresql first when missing. `createDatabase` makes a fresh database and returns its URL.
 */
export async function startTestPostgres(): Promise<TestService & { createDatabase(name: string): Promise<string> }> {
  const bin = clusterServicePaths().postgresBin;
  const dir = mkdtempSync(path.join(tmpdir(), 'siteboard-pg-'));
  const port = await freeLoopbackPort();
  let ids: { uid?: number; gid?: number } = {};
  if (userInfo().uid === 0) {
    const id = (flag: string) => Number(spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' }).stdout.trim());
    ids = { uid: id('-u'), gid: id('-g') };
    chownSync(dir, ids.uid!, ids.gid!);
  }
  const data = path.join(dir, 'data');
  const init = spawnSync(path.join(bin, 'initdb'), ['-D', data, '-U', 'siteboard', '--auth=trust', '-E', 'UTF8', '--no-sync'], { encoding: 'utf8', ...ids });
  if (init.status !== 0) {
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`initdb failed: ${init.stderr || init.stdout}`);
  }
  const s = await launch(
    path.join(bin, 'postgres'),
    ['-D', data, '-p', String(port), '-k', dir, '-c', 'listen_addresses=127.0.0.1', '-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'max_connections=200'],
    port,
    dir,
    ids,
  );
  const base = `postgres://siteboard@127.0.0.1:${port}`;
  // the port accepts before the server takes connections: wait until a query answers
  const { default: pg } = await import('pg');
  const query = async (sql: string) => {
    const client = new pg.Client({ connectionString: `${base}/postgres` });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      await query('select 1');
      break;
    } catch (err) {
      if (Date.now() > deadline) throw err;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return {
    ...s,
    url: `${base}/postgres`,
    async createDatabase(name: string) {
      if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`bad database name ${name}`);
      await query(`create database ${name}`);
      return `${base}/${name}`;
    },
  };
}
