import { spawnSync } from 'node:child_process';
import { chownSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freeLoopbackPort, serviceAnswer } from './services';

/** A throwaway PostgreSQL cluster of a test (see {@link startTestPostgres}). */
export interface TestPostgres {
  /** `postgres://test@127.0.0.1:{port}/postgres` (trust authentication, loopback only). */
  url: string;
  /** Stops the server (immediate shutdown) and deletes its folder. */
  close(): Promise<void>;
}

/**
 * The folder of PostgreSQL's binaries, from `node scripts/services.mjs postgres-bin`, which installs Debian's
 * `postgresql` with apt-get when it is missing (once per test process). @throws when it cannot.
 */
function postgresBin(): string {
  return serviceAnswer('postgres-bin', (l) => l.startsWith('/'));
}


/**
 * Starts a throwaway PostgreSQL cluster (initdb in a temporary folder, listening on a free 127.0.0.1 port,
 * fsync off) and waits until it accepts connections. As root, the server runs as the `postgres` user
 * (PostgreSQL refuses root). Close it with `close()`.
 * @throws when PostgreSQL is missing and cannot be installed, or the cluster does not start
 */
export async function startTestPostgres(): Promise<TestPostgres> {
  const dir = postgresBin();
  const data = mkdtempSync(path.join(tmpdir(), 'siteboard-pg-'));
  const port = await freeLoopbackPort();
  const asRoot = process.getuid?.() === 0;
  const run = (cmd: string, args: string[]) => {
    const full = asRoot ? ['runuser', ['-u', 'postgres', '--', path.join(dir, cmd), ...args]] : [path.join(dir, cmd), args];
    const r = spawnSync(full[0] as string, full[1] as string[], { encoding: 'utf8', timeout: 120_000 });
    if (r.status !== 0) throw new Error(`${cmd} failed (${r.status}): ${r.stderr}${r.stdout}`.slice(0, 2_000));
  };
  try {
    if (asRoot) {
      const id = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
      const gid = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' });
      chownSync(data, Number(id.stdout), Number(gid.stdout));
    }
    run('initdb', ['-D', data, '-U', 'test', '--auth=trust', '--no-sync']);
    run('pg_ctl', ['-D', data, '-o', `-p ${port} -k ${data} -c listen_addresses=127.0.0.1 -c fsync=off`, '-l', path.join(data, 'log'), '-w', 'start']);
  } catch (err) {
    rmSync(data, { recursive: true, force: true });
    throw err;
  }
  return {
    url: `postgres://test@127.0.0.1:${port}/postgres`,
    async close() {
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', 'stop']);
      } finally {
        rmSync(data, { recursive: true, force: true });
      }
    },
  };
}
