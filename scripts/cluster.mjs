// `npm run cluster`: a local cluster on one machine (docs/operations.md "Cluster"): PostgreSQL, Redis and
// Mosquitto (Debian packages, installed with apt-get when missing), two or three SiteBoard nodes, and
// HAProxy in front with the sticky sessions socket.io needs. Data stays in data/cluster/ across runs.
// Ctrl-C stops everything (nodes first, so they hand their partitions over cleanly). Node built-ins only.
import { spawn, spawnSync } from 'node:child_process';
import { chownSync, createWriteStream, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { createConnection } from 'node:net';
import { userInfo } from 'node:os';
import path from 'node:path';
import { ROOT, buildIsStale, run } from './lib.mjs';
import { ensureClusterServices } from './services.mjs';

const env = process.env;
const int = (name, fallback, min, max) => {
  const v = env[name] === undefined || env[name] === '' ? fallback : Number(env[name]);
  if (!Number.isInteger(v) || v < min || v > max) {
    console.error(`[cluster] ${name} must be an integer from ${min} to ${max}`);
    process.exit(2);
  }
  return v;
};
/** Settings (all optional): how many nodes, and the ports of the proxy, the nodes and the services. */
const NODES = int('CLUSTER_NODES', 2, 1, 3);
const HTTP_PORT = int('CLUSTER_HTTP_PORT', 8080, 1, 65535);
const NODE_PORT = int('CLUSTER_NODE_PORT', 8091, 1, 65535); // node i listens on NODE_PORT + i - 1
const MQTT_PORT = int('CLUSTER_MQTT_PORT', 1883, 1, 65535);
const REDIS_PORT = int('CLUSTER_REDIS_PORT', 6390, 1, 65535);
const PG_PORT = int('CLUSTER_PG_PORT', 5440, 1, 65535);
const DIR = path.resolve(env.CLUSTER_DIR || path.join(ROOT, 'data', 'cluster'));

const bins = ensureClusterServices();
mkdirSync(path.join(DIR, 'logs'), { recursive: true });
if (buildIsStale()) {
  console.log('[cluster] building the browser app…');
  const code = await run('vite', ['build', '--logLevel', 'warn']);
  if (code !== 0) process.exit(code);
}

const children = []; // started order; stopped in reverse
let stopping = false;

/** Starts a service, its output to data/cluster/logs/{name}.log (and, for nodes, the console with a prefix). */
function start(name, bin, args, opts = {}) {
  const log = createWriteStream(path.join(DIR, 'logs', `${name}.log`), { flags: 'a' });
  const child = spawn(bin, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], detached: true, ...opts });
  for (const s of [child.stdout, child.stderr]) {
    s.pipe(log, { end: false });
    if (opts.echo) s.on('data', (b) => process.stdout.write(b.toString().replace(/^(?=.)/gm, `[${name}] `)));
  }
  child.exited = new Promise((resolve) => child.once('exit', resolve));
  child.on('exit', (code, signal) => {
    if (!stopping) console.error(`[cluster] ${name} exited (${signal ?? code}); see ${path.join(DIR, 'logs', `${name}.log`)}`);
  });
  child.label = name;
  children.push(child);
  return child;
}

/** Resolves once 127.0.0.1:`port` accepts, or fails after `ms`. */
async function waitPort(port, what, ms = 60_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const ok = await new Promise((resolve) => {
      const s = createConnection({ port, host: '127.0.0.1' });
      s.once('connect', () => (s.destroy(), resolve(true)));
      s.once('error', () => resolve(false));
    });
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`${what} does not listen on port ${port}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function stopAll(code) {
  if (stopping) return;
  stopping = true;
  console.log('[cluster] stopping…');
  for (const child of [...children].reverse()) {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill(child.label === 'postgres' ? 'SIGINT' : 'SIGTERM'); // PostgreSQL: SIGINT is its fast shutdown
      await Promise.race([child.exited, new Promise((r) => setTimeout(r, 15_000))]);
    }
  }
  process.exit(code);
}
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => void stopAll(0));

try {
  // PostgreSQL: a cluster of its own in data/cluster/pg (as root it runs as the `postgres` user, which
  // Debian's package creates: PostgreSQL refuses to run as root).
  const pgDir = path.join(DIR, 'pg');
  let ids = {};
  if (userInfo().uid === 0) {
    const id = (flag) => Number(spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' }).stdout.trim());
    ids = { uid: id('-u'), gid: id('-g') };
  }
  if (!existsSync(path.join(pgDir, 'PG_VERSION'))) {
    mkdirSync(pgDir, { recursive: true });
    if (ids.uid !== undefined) chownSync(pgDir, ids.uid, ids.gid);
    const init = spawnSync(path.join(bins.postgresBin, 'initdb'), ['-D', pgDir, '-U', 'siteboard', '--auth=trust', '-E', 'UTF8'], { stdio: 'inherit', ...ids });
    if (init.status !== 0) throw new Error('initdb failed');
  }
  const sockDir = path.join(DIR, 'pg-socket');
  mkdirSync(sockDir, { recursive: true });
  if (ids.uid !== undefined) chownSync(sockDir, ids.uid, ids.gid);
  start('postgres', path.join(bins.postgresBin, 'postgres'), ['-D', pgDir, '-p', String(PG_PORT), '-k', sockDir, '-c', 'listen_addresses=127.0.0.1'], ids);
  await waitPort(PG_PORT, 'PostgreSQL');
  const psql = (sql) => spawnSync(path.join(bins.postgresBin, 'psql'), ['-h', '127.0.0.1', '-p', String(PG_PORT), '-U', 'siteboard', '-d', 'postgres', '-tAc', sql], { encoding: 'utf8' });
  for (let i = 0; i < 50; i++) {
    const r = psql('select 1');
    if (r.status === 0) break;
    await new Promise((res) => setTimeout(res, 200));
  }
  if (psql("select 1 from pg_database where datname = 'siteboard'").stdout.trim() !== '1') {
    if (psql('create database siteboard').status !== 0) throw new Error('could not create the database siteboard');
  }

  // Redis: the socket.io adapter and the partition leases (nothing to keep across runs).
  start('redis', bins.redis, ['--port', String(REDIS_PORT), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no']);
  await waitPort(REDIS_PORT, 'Redis');

  // Mosquitto: persistence on, room for the partitions' queues (docs/operations.md "External broker").
  const mqDir = path.join(DIR, 'mosquitto');
  mkdirSync(mqDir, { recursive: true });
  writeFileSync(
    path.join(mqDir, 'mosquitto.conf'),
    [
      `listener ${MQTT_PORT}`,
      'allow_anonymous true',
      'persistence true',
      `persistence_location ${mqDir}/`,
      'autosave_interval 60',
      'max_queued_messages 100000',
      'persistent_client_expiration 2d',
      `user ${userInfo().username}`,
      'log_dest stderr',
      '',
    ].join('\n'),
  );
  start('mosquitto', bins.mosquitto, ['-c', path.join(mqDir, 'mosquitto.conf')]);
  await waitPort(MQTT_PORT, 'Mosquitto');

  // The nodes, all at once (the seed takes a lock in PostgreSQL; partition leases are SET NX in Redis, so
  // nodes starting together split the partitions safely). Node 1 runs the demo simulator.
  const common = {
    PATH: env.PATH,
    HOST: '127.0.0.1',
    MQTT_URL: `mqtt://127.0.0.1:${MQTT_PORT}`,
    REDIS_URL: `redis://127.0.0.1:${REDIS_PORT}`,
    DATABASE_URL: `postgres://siteboard@127.0.0.1:${PG_PORT}/siteboard`,
    TRUST_PROXY: '127.0.0.1',
    LOG_LEVEL: env.LOG_LEVEL || 'warn',
    STATIC_DIR: path.join(ROOT, 'dist'),
    // one record folder for every node: a camera is recorded by the node holding its lease, and any node answers its history
    VIDEO_RECORD_DIR: path.join(DIR, 'video'),
    ...(env.ADMIN_PASSWORD ? { ADMIN_PASSWORD: env.ADMIN_PASSWORD } : {}),
    ...(env.DEMO_PASSWORD ? { DEMO_PASSWORD: env.DEMO_PASSWORD } : {}),
  };
  const nodePorts = [];
  for (let i = 1; i <= NODES; i++) {
    const port = NODE_PORT + i - 1;
    const nodeEnv = { ...common, PORT: String(port), NODE_ID: `n${i}`, DATA_DIR: path.join(DIR, `n${i}`), SIMULATOR: i === 1 ? 'on' : 'off' };
    start(`n${i}`, process.execPath, ['--import', 'tsx', path.join(ROOT, 'server', 'main.ts')], { env: nodeEnv, echo: true });
    nodePorts.push([port, `node n${i}`]);
  }
  await Promise.all(nodePorts.map(([port, what]) => waitPort(port, what, 120_000)));

  // HAProxy: round robin for new browsers, then sticky by the SBNODE cookie (socket.io's polling requests
  // and websocket upgrade must reach the node that holds their session); websockets kept open for an hour.
  const cfg = path.join(DIR, 'haproxy.cfg');
  writeFileSync(
    cfg,
    [
      'global',
      '  maxconn 4096',
      'defaults',
      '  mode http',
      '  timeout connect 5s',
      '  timeout client 60s',
      '  timeout server 60s',
      '  timeout tunnel 1h',
      '  option forwardfor',
      `frontend siteboard`,
      `  bind *:${HTTP_PORT}`,
      '  default_backend nodes',
      'backend nodes',
      '  balance roundrobin',
      '  cookie SBNODE insert indirect nocache httponly',
      ...Array.from({ length: NODES }, (_, i) => `  server n${i + 1} 127.0.0.1:${NODE_PORT + i} check cookie n${i + 1}`),
      '',
    ].join('\n'),
  );
  start('haproxy', bins.haproxy, ['-f', cfg, '-db']);
  await waitPort(HTTP_PORT, 'HAProxy');
  console.log(
    `[cluster] ready: http://127.0.0.1:${HTTP_PORT} (HAProxy) → ${Array.from({ length: NODES }, (_, i) => `n${i + 1} :${NODE_PORT + i}`).join(', ')}; ` +
      `MQTT mqtt://127.0.0.1:${MQTT_PORT}, Redis :${REDIS_PORT}, PostgreSQL :${PG_PORT}; data and logs in ${DIR}. Ctrl-C stops it.`,
  );
} catch (e) {
  console.error(`[cluster] ${e.message}`);
  await stopAll(1);
}
