import { spawnSync } from 'node:child_process';
import { createConnection, createServer, type AddressInfo } from 'node:net';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const answers = new Map<string, string>();

/**
 * The last line `node scripts/services.mjs <command>` prints (a binary's path, a folder, or JSON), which
 * installs the Debian package with apt-get when it is missing; run once per test process and command
 * (the test helpers may not import scripts/, tests/architecture/imports.test.ts).
 * @param looksRight checks the answer's form (e.g. starts with `/`)
 * @throws Error when the script fails or answers something else
 */
export function serviceAnswer(command: string, looksRight: (line: string) => boolean, timeoutMs = 900_000): string {
  const known = answers.get(command);
  if (known !== undefined) return known;
  const r = spawnSync(process.execPath, [path.join(ROOT, 'scripts', 'services.mjs'), command], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
    timeout: timeoutMs,
  });
  const last = r.stdout.trim().split('\n').at(-1) ?? '';
  if (r.status !== 0 || !looksRight(last)) throw new Error(`scripts/services.mjs ${command} exited ${r.status}: ${r.stdout.slice(-500)}`);
  answers.set(command, last);
  return last;
}

/** A free TCP port on 127.0.0.1. */
export function freeLoopbackPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** True once 127.0.0.1:`port` accepts a TCP connection. */
export function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
