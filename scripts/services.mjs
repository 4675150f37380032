// Throwaway services for tests and benchmarks, installed from Debian when missing. Node built-ins only.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';
import { userInfo } from 'node:os';
import path from 'node:path';
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

/** A free TCP port on 127.0.0.1 (the OS picks it; free when this resolves). */
export function freeLoopbackPort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Resolves once 127.0.0.1:`port` accepts a TCP connection. @throws after `timeoutMs`. */
async function waitForPort(port, timeoutMs, isDead) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const ok = await new Promise((resolve) => {
      const socket = createConnection({ port, host: '127.0.0.1' });
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (ok) return;
    const dead = isDead();
    if (dead) throw new Error(dead);
    if (Date.now() > deadline) throw new Error(`nothing listens on 127.0.0.1:${port} after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/**
 * Starts a throwaway Mosquitto on 127.0.0.1:`port` (a free one when omitted) with its config and persistence
 * in `dir` (created when missing): anonymous access, persistence on (saved at every clean stop), room for
 * 100,000 queued QoS 1 messages per offline persistent client. `restart()` stops it and starts it again on
 * the same port and data, as a broker restart in production does.
 * @returns `{ port, url, dir, pid, stop(), kill(), restart(), log() }`; `stop()` sends SIGTERM (Mosquitto
 * saves its persistence file), `kill()` SIGKILL; both resolve when the process has exited.
 * @throws Error when the binary is missing and cannot be installed, or the broker does not come up in 10 s.
 */
export async function startMosquitto(opts = {}) {
  const bin = ensureMosquitto();
  const dir = opts.dir;
  if (!dir) throw new Error('startMosquitto: dir is required');
  mkdirSync(dir, { recursive: true });
  const port = opts.port ?? (await freeLoopbackPort());
  const conf = path.join(dir, 'mosquitto.conf');
  writeFileSync(
    conf,
    [
      `listener ${port} 127.0.0.1`,
      'allow_anonymous true',
      'persistence true',
      `persistence_location ${dir}/`,
      'persistence_file mosquitto.db',
      'max_queued_messages 100000',
      'max_inflight_messages 20',
      'persistent_client_expiration 1d',
      // as root Mosquitto would switch to the `mosquitto` user, which cannot write a temp dir of ours
      `user ${userInfo().username}`,
      'log_dest stderr',
      'log_type error',
      'log_type warning',
      'log_type notice',
      '',
    ].join('\n'),
  );

  let logText = '';
  let child = null;
  let exited = null;
  const launch = async () => {
    const proc = spawn(bin, ['-c', conf], { stdio: ['ignore', 'ignore', 'pipe'] });
    child = proc;
    let exitInfo = null;
    exited = new Promise((resolve) => proc.once('exit', (code, signal) => resolve((exitInfo = { code, signal }))));
    proc.stderr.on('data', (b) => {
      logText = (logText + b.toString()).slice(-20_000);
    });
    await waitForPort(port, 10_000, () => (exitInfo ? `mosquitto exited (${exitInfo.code ?? exitInfo.signal}): ${logText.slice(-2_000)}` : null));
  };
  const halt = async (signal) => {
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    child.kill(signal);
    await exited;
  };
  await launch();
  return {
    port,
    url: `mqtt://127.0.0.1:${port}`,
    dir,
    get pid() {
      return child?.pid ?? null;
    },
    stop: () => halt('SIGTERM'),
    kill: () => halt('SIGKILL'),
    async restart() {
      await halt('SIGTERM');
      await launch();
    },
    log: () => logText,
  };
}
