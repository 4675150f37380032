import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { TEST_ADMIN_PASSWORD } from './testServer';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The real server running as a child process (`node --import tsx server/main.ts`). */
export interface ChildServer {
  url: string;
  /** Embedded broker port; 0 with MQTT_URL. */
  mqttPort: number;
  process: ChildProcess;
  /** Everything the child wrote to stdout and stderr so far (for failure messages). */
  output(): string;
  /** Resolves with the exit code (or signal) once the child has exited. */
  exited: Promise<number | NodeJS.Signals | null>;
}

/**
 * Starts the server as a child process on free ports of 127.0.0.1 with an embedded broker, the simulator
 * off and the test administrator password, plus `env`. Resolves once it prints that it listens.
 * @throws when it exits or does not listen within `timeoutMs` (the child is killed then)
 */
export function startChildServer(env: Record<string, string>, timeoutMs = 60_000): Promise<ChildServer> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      PORT: '0',
      HOST: '127.0.0.1',
      MQTT_PORT: '0',
      SIMULATOR: 'off',
      ADMIN_PASSWORD: TEST_ADMIN_PASSWORD,
      LOG_LEVEL: 'error',
      // Every alarm change written before its PUBACK, so a test reads a repeat right after publishing it; the
      // repeat rate bound (default 1000 ms) is tested where it is the subject (tests/integration/faults/alarmFlood).
      ALARM_REPEAT_PUSH_MS: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const exited = new Promise<number | NodeJS.Signals | null>((resolve) => child.once('exit', (code, signal) => resolve(signal ?? code)));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`server did not start within ${timeoutMs} ms:\n${out}`));
    }, timeoutMs);
    const onData = (d: Buffer) => {
      out += d.toString();
      // with MQTT_URL there is no embedded broker: mqttPort is 0 then
      const m = /listening on (http:\/\/\S+)(?: \(embedded MQTT broker on port (\d+)\))?\n/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve({ url: m[1], mqttPort: Number(m[2] ?? 0), process: child, output: () => out, exited });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${String(code)}) before listening:\n${out}`));
    });
  });
}
