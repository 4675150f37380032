// Services the tests, `npm start` and `npm run cluster` need (Mosquitto, Redis, PostgreSQL, HAProxy, ffmpeg), installed from Debian when
// missing (tests/helpers/mosquitto.ts and tests/helpers/clusterServices.ts start them). Node built-ins only.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { aptInstall } from './lib.mjs';

/** Where Debian's `mosquitto` package puts the broker. */
const DEBIAN_MOSQUITTO = '/usr/sbin/mosquitto';

/**
 * The path of the Mosquitto broker binary, installing Debian's `mosquitto` package with apt-get when it is
 * missing (as root or through sudo; `apt-get update` runs only when the install fails for lack of lists).
 * MOSQUITTO_PATH, when set, names the binary to use instead.
 * @throws Error when it is missing and cannot be installed.
 */
export function ensureMosquitto() {
  const configured = process.env.MOSQUITTO_PATH;
  if (configured) {
    if (!existsSync(configured)) throw new Error(`MOSQUITTO_PATH=${configured} does not exist`);
    return configured;
  }
  const found = () => {
    if (existsSync(DEBIAN_MOSQUITTO)) return DEBIAN_MOSQUITTO;
    const which = spawnSync('sh', ['-c', 'command -v mosquitto'], { encoding: 'utf8' }).stdout.trim();
    return which || null;
  };
  const have = found();
  if (have) return have;
  aptInstall(['mosquitto']);
  const installed = found();
  if (!installed) throw new Error('apt-get installed mosquitto but no mosquitto binary was found');
  return installed;
}

/**
 * The path of a binary of a Debian package: the first of `candidates` that exists, else `name` on PATH;
 * installs `pkg` with apt-get when none is found.
 * @throws Error when it is missing and cannot be installed.
 */
function ensureBinary(name, pkg, candidates) {
  const found = () => {
    for (const c of candidates()) if (existsSync(c)) return c;
    const which = spawnSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' }).stdout.trim();
    return which || null;
  };
  const have = found();
  if (have) return have;
  aptInstall([pkg]);
  const installed = found();
  if (!installed) throw new Error(`apt-get installed ${pkg} but no ${name} binary was found`);
  return installed;
}

/** Redis (`redis-server`, Debian's redis-server package). REDIS_SERVER_PATH, when set, names the binary instead. */
export function ensureRedis() {
  const configured = process.env.REDIS_SERVER_PATH;
  if (configured) return configured;
  return ensureBinary('redis-server', 'redis-server', () => ['/usr/bin/redis-server']);
}

/** HAProxy (the cluster's sticky-session proxy, Debian's haproxy package). */
export function ensureHaproxy() {
  return ensureBinary('haproxy', 'haproxy', () => ['/usr/sbin/haproxy']);
}

/**
 * ffmpeg (Debian's ffmpeg package), which remuxes RTSP cameras to HLS and makes the demo cameras' video
 * (docs/operations.md "Video"). FFMPEG_PATH, when set, names the binary instead.
 */
export function ensureFfmpeg() {
  const configured = process.env.FFMPEG_PATH;
  if (configured) return configured;
  return ensureBinary('ffmpeg', 'ffmpeg', () => ['/usr/bin/ffmpeg']);
}

/**
 * The folder of PostgreSQL's server binaries (initdb, postgres), newest major version first, from Debian's
 * `postgresql` package (installed when missing). POSTGRES_BIN, when set, names the folder instead.
 */
export function ensurePostgres() {
  const configured = process.env.POSTGRES_BIN;
  if (configured) return configured;
  const candidates = () => {
    const base = '/usr/lib/postgresql';
    if (!existsSync(base)) return [];
    return readdirSync(base)
      .filter((v) => /^[0-9]+$/.test(v))
      .sort((a, b) => Number(b) - Number(a))
      .map((v) => `${base}/${v}/bin/postgres`);
  };
  return path.dirname(ensureBinary('postgres-server-never-on-path', 'postgresql', candidates));
}

/** The services the tests start (broker, Redis, PostgreSQL): their binaries, installed when missing. */
export function ensureTestServices() {
  return { mosquitto: ensureMosquitto(), redis: ensureRedis(), postgresBin: ensurePostgres(), ffmpeg: ensureFfmpeg() };
}

/** Every service of a local cluster (the tests' and the sticky-session proxy): their binaries, installed when missing. */
export function ensureClusterServices() {
  return { ...ensureTestServices(), haproxy: ensureHaproxy() };
}

// `node scripts/services.mjs mosquitto-path`: prints the broker binary's path (installing it when missing);
// `node scripts/services.mjs cluster-paths`: prints the binaries of the services the cluster test starts as JSON;
// `node scripts/services.mjs postgres-bin`: prints the folder of PostgreSQL's binaries;
// `node scripts/services.mjs haproxy-path`: prints HAProxy's binary (the reverse proxy of the base-path test);
// `node scripts/services.mjs ffmpeg-path`: prints ffmpeg's path (installing it when missing). For the test
// helpers, which may not import scripts/ (tests/architecture/imports.test.ts).
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [cmd] = process.argv.slice(2);
  const commands = {
    'mosquitto-path': () => ensureMosquitto(),
    'cluster-paths': () => JSON.stringify(ensureTestServices()),
    'postgres-bin': () => ensurePostgres(),
    'haproxy-path': () => ensureHaproxy(),
    'ffmpeg-path': () => ensureFfmpeg(),
  };
  if (!(cmd in commands)) {
    console.error('usage: node scripts/services.mjs mosquitto-path | cluster-paths | postgres-bin | haproxy-path | ffmpeg-path');
    process.exit(2);
  }
  try {
    process.stdout.write(`${commands[cmd]()}\n`);
  } catch (e) {
    console.error(String(e.message));
    process.exit(1);
  }
}
