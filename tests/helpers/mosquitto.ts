import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import { accepts, freeLoopbackPort, serviceAnswer } from './services';

/** A throwaway Mosquitto of a test (see {@link startTestMosquitto}). */
export interface TestMosquitto {
  /** Loopback port it listens on, kept across restarts. */
  readonly port: number;
  /** `mqtt://127.0.0.1:{port}`. */
  readonly url: string;
  /** Temporary folder of its config and persistence file. */
  readonly dir: string;
  /** SIGTERM (Mosquitto saves its persistence file) and wait for the exit. No-op when stopped. */
  stop(): Promise<void>;
  /** SIGKILL and wait for the exit (nothing saved since the last autosave). No-op when stopped. */
  kill(): Promise<void>;
  /** stop(), then start again on the same port and data, as a broker restart in production does. */
  restart(): Promise<void>;
  /** The last 20,000 characters of its log (errors, warnings, notices). */
  log(): string;
  /** stop() and delete its folder. */
  close(): Promise<void>;
}

/** Debian's mosquitto binary (installed when missing, scripts/services.mjs). */
function mosquittoBinary(): string {
  return serviceAnswer('mosquitto-path', (l) => l.startsWith('/'), 600_000);
}



/**
 * Starts a real Mosquitto on a free 127.0.0.1 port with a temporary config and persistence folder:
 * anonymous access, persistence on (saved at every clean stop) unless `persistence: false` (a restart then
 * forgets every session, as a broker whose persistence directory is unwritable does), room for 100,000
 * queued QoS 1 messages per offline persistent client. Installs Debian's `mosquitto` first when it is
 * missing. Close it with `close()`.
 * @throws when Mosquitto is missing and cannot be installed, or does not listen within 10 s.
 */
export async function startTestMosquitto(opts: { persistence?: boolean } = {}): Promise<TestMosquitto> {
  const bin = mosquittoBinary();
  const dir = mkdtempSync(path.join(tmpdir(), 'siteboard-mosquitto-'));
  const port = await freeLoopbackPort();
  const conf = path.join(dir, 'mosquitto.conf');
  writeFileSync(
    conf,
    [
      `listener ${port} 127.0.0.1`,
      'allow_anonymous true',
      `persistence ${opts.persistence === false ? 'false' : 'true'}`,
      `persistence_location ${dir}/`,
      'persistence_file mosquitto.db',
      'max_queued_messages 100000',
      'persistent_client_expiration 1d',
      // as root Mosquitto switches to the `mosquitto` user, which cannot write our temporary folder
      `user ${userInfo().username}`,
      'log_dest stderr',
      'log_type error',
      'log_type warning',
      'log_type notice',
      '',
    ].join('\n'),
  );

  let logText = '';
  let child: ChildProcess | null = null;
  let exited: Promise<void> = Promise.resolve();
  const running = () => child !== null && child.exitCode === null && child.signalCode === null;

  const launch = async () => {
    const proc = spawn(bin, ['-c', conf], { stdio: ['ignore', 'ignore', 'pipe'] });
    child = proc;
    exited = new Promise((resolve) => proc.once('exit', () => resolve()));
    proc.stderr!.on('data', (b: Buffer) => {
      logText = (logText + b.toString()).slice(-20_000);
    });
    const deadline = Date.now() + 10_000;
    while (!(await accepts(port))) {
      if (!running()) throw new Error(`mosquitto exited at start: ${logText.slice(-2_000)}`);
      if (Date.now() > deadline) {
        await halt('SIGKILL');
        throw new Error(`mosquitto does not listen on 127.0.0.1:${port} after 10 s: ${logText.slice(-2_000)}`);
      }
      await new Promise((r) => setTimeout(r, 25));
    }
  };
  const halt = async (signal: NodeJS.Signals) => {
    if (!running()) return;
    child!.kill(signal);
    await exited;
  };

  try {
    await launch();
  } catch (err) {
    rmSync(dir, { recursive: true, force: true });
    throw err;
  }
  return {
    port,
    url: `mqtt://127.0.0.1:${port}`,
    dir,
    stop: () => halt('SIGTERM'),
    kill: () => halt('SIGKILL'),
    async restart() {
      await halt('SIGTERM');
      await launch();
    },
    log: () => logText,
    async close() {
      await halt('SIGTERM');
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
