import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { AUTH } from '../../protocol';
import { ApiClient } from '../helpers/apiClient';
import { startChildServer, type ChildServer } from '../helpers/childServer';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** A free TCP port of 127.0.0.1 (the reset command must find the server on the configured port). */
async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const port = (s.address() as { port: number }).port;
  await new Promise((r) => s.close(r));
  return port;
}

/** Runs `npm run admin:password`'s script with `env`. @returns its exit code and output */
function resetCommand(env: Record<string, string>): Promise<{ code: number | null; out: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/cli/adminPassword.ts'], { cwd: ROOT, env: { PATH: process.env.PATH, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (out += d.toString()));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, out })));
}

async function stop(server: ChildServer): Promise<void> {
  server.process.kill('SIGTERM');
  await server.exited;
}

/**
 * The first day on a terminal (docs/configuration.md "First start"): the start ends with a box saying where
 * the board is and how to sign in, requests do not flood the log, and a forgotten admin password is reset
 * with a documented command, never while the server runs on the embedded database.
 */
describe('first start and the admin password command (real server as a child process)', { timeout: 120_000 }, () => {
  let dataDir = '';
  let server: ChildServer | null = null;
  afterAll(async () => {
    if (server) await stop(server);
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('ends the first start with the box, logs no request at info, and resets the password only once the server is stopped', async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'siteboard-first-'));
    const port = String(await freePort());
    const env = { DATA_DIR: dataDir, PORT: port, ADMIN_PASSWORD: '', LOG_LEVEL: 'info', LOG_FORMAT: 'json', DEMO_BACKFILL: 'off' };
    server = await startChildServer(env);
    const first = server;
    // the random password of this first start is in the closing box, after the log lines of the start
    const box = await (async () => {
      for (let i = 0; i < 100 && !/Forgotten\?/.test(first.output()); i++) await new Promise((r) => setTimeout(r, 100));
      return first.output().slice(first.output().lastIndexOf('SiteBoard is running'));
    })();
    expect(box).toContain(`SiteBoard is running: ${server.url}/`);
    expect(box).toContain('Sign in as: admin');
    expect(box).toContain('npm run admin:password');
    const password = /Password: {3}(\S+) {2}\(shown at this first start only\)/.exec(box)?.[1];
    expect(password).toBeTruthy();

    const admin = new ApiClient(server.url);
    await admin.login('admin', password!);
    for (let i = 0; i < 20; i++) await admin.post(AUTH.me.path, {});
    expect(server.output()).not.toMatch(/"msg":"(request|incoming request|request completed)"/);

    // refused while the server holds the embedded database
    const refused = await resetCommand(env);
    expect(refused.code).toBe(1);
    expect(refused.out).toMatch(/running on port \d+: stop it first/);
    await admin.login('admin', password!); // nothing changed

    await stop(server);
    server = null;
    const reset = await resetCommand(env);
    expect(reset.code).toBe(0);
    const next = /admin password: (\S+)/.exec(reset.out)?.[1];
    expect(next).toBeTruthy();

    server = await startChildServer(env);
    expect(server.output()).not.toMatch(/shown at this first start only/); // not a first start any more
    const again = new ApiClient(server.url);
    const old = await again.post(AUTH.login.path, { username: 'admin', password });
    expect(old.body.success).toBe(false);
    await again.login('admin', next!);
    const me = await again.post<{ mustChangePassword?: boolean }>(AUTH.me.path, {});
    expect(me.body.data?.mustChangePassword).toBe(true);
  });
});
