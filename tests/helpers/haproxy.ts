import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { accepts, freeLoopbackPort, serviceAnswer } from './services';

/** A throwaway HAProxy in front of one server (see {@link startTestProxy}). */
export interface TestProxy {
  /** `http://127.0.0.1:{port}`: the proxy's own address, without the sub-path. */
  readonly url: string;
  /** Its log so far (HAProxy's alerts and warnings). */
  log(): string;
  /** Stops it and deletes its folder. */
  close(): Promise<void>;
}

/**
 * Starts Debian's HAProxy (installed when missing, scripts/services.mjs) on a free 127.0.0.1 port, as a site's
 * reverse proxy publishing one application under a sub-path: requests under `basePath` go unchanged to
 * 127.0.0.1:`backendPort` (websockets included), anything else is answered 404 by the proxy itself.
 * @throws when HAProxy is missing and cannot be installed, or does not listen within 10 s.
 */
export async function startTestProxy(opts: { basePath: string; backendPort: number }): Promise<TestProxy> {
  const bin = serviceAnswer('haproxy-path', (l) => l.startsWith('/'), 600_000);
  const dir = mkdtempSync(path.join(tmpdir(), 'siteboard-haproxy-'));
  const port = await freeLoopbackPort();
  const cfg = path.join(dir, 'haproxy.cfg');
  writeFileSync(
    cfg,
    [
      'defaults',
      '  mode http',
      '  timeout connect 5s',
      '  timeout client 60s',
      '  timeout server 60s',
      '  timeout tunnel 1h',
      '  option forwardfor',
      'frontend site',
      `  bind 127.0.0.1:${port}`,
      // two lines of one ACL are or-ed: the bare base and everything below it
      `  acl siteboard path ${opts.basePath}`,
      `  acl siteboard path_beg ${opts.basePath}/`,
      '  use_backend siteboard if siteboard',
      '  http-request return status 404 content-type text/plain string "not published" if !siteboard',
      'backend siteboard',
      `  server app 127.0.0.1:${opts.backendPort}`,
      '',
    ].join('\n'),
  );
  const child = spawn(bin, ['-f', cfg, '-db'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  child.stdout.on('data', (d: Buffer) => (log += d.toString()));
  child.stderr.on('data', (d: Buffer) => (log += d.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 10_000;
  while (!(await accepts(port))) {
    if (Date.now() > deadline || child.exitCode !== null) {
      child.kill('SIGKILL');
      throw new Error(`HAProxy did not listen on ${port}:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url: `http://127.0.0.1:${port}`,
    log: () => log,
    close: async () => {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
