// The real app for the builder benchmark: `vite build` into a temp dir and the real server (embedded broker,
// PGlite in a temp dir, demo simulator) as a child process, as tests/e2e/global-setup.ts starts it.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..', '..');

/** Runs a command from the repo root, inheriting stdio. @returns {Promise<number>} its exit code. */
function run(cmd, args, { timeoutMs }) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: ROOT, stdio: 'inherit' });
    const t = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('exit', (code) => {
      clearTimeout(t);
      resolve(code ?? 1);
    });
  });
}

/**
 * Builds the browser app (the root vite.config.ts, as `npm run build`) into a fresh temp dir, never into
 * ./dist (others may be serving it). @returns {Promise<string>} the output dir. @throws when the build fails
 * or takes over 5 minutes. BENCH_NO_MINIFY=1 keeps names readable for CPU profiles.
 */
export async function buildApp() {
  const outDir = mkdtempSync(path.join(os.tmpdir(), 'siteboard-bench-builder-dist-'));
  const code = await run(path.join(ROOT, 'node_modules', '.bin', 'vite'), ['build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn', ...(process.env.BENCH_NO_MINIFY ? ['--minify', 'false'] : [])], { timeoutMs: 300_000 });
  if (code !== 0) {
    rmSync(outDir, { recursive: true, force: true });
    throw new Error(`vite build failed (exit ${code})`);
  }
  return outDir;
}

/**
 * Starts `node --import tsx server/main.ts` serving `staticDir` on 127.0.0.1:`httpPort`, the embedded
 * broker on `mqttPort`, a temp DATA_DIR and the simulator on; resolves when `/zhgd/auth/me` answers.
 * `stop()` sends SIGTERM, SIGKILL after 10 s, and removes the data dir; it is safe to call twice, and
 * `killNow()` is the synchronous last resort for process exit. `env` adds or overrides server variables.
 * @returns {Promise<{ url: string, stop: () => Promise<void>, killNow: () => void }>}
 * @throws when the server exits early or does not answer within `timeoutMs` (its last output attached).
 */
export async function startServer({ httpPort, mqttPort, adminPassword, staticDir, timeoutMs = 90_000, env = {} }) {
  const url = `http://127.0.0.1:${httpPort}`;
  // Something already listening there would answer the readiness check instead of our child.
  const busy = await fetch(url, { signal: AbortSignal.timeout(2000) }).then(() => true, () => false);
  if (busy) throw new Error(`port ${httpPort} is already in use; pick another with --port`);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'siteboard-bench-builder-data-'));
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'server', 'main.ts')], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(httpPort),
      HOST: '127.0.0.1',
      MQTT_PORT: String(mqttPort),
      DATA_DIR: dataDir,
      STATIC_DIR: staticDir,
      ADMIN_PASSWORD: adminPassword,
      SIMULATOR: 'on',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logs = [];
  const keep = (b) => {
    logs.push(b.toString());
    if (logs.length > 200) logs.shift();
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise((r) => child.once('exit', r));
  let stopped = false;
  const killNow = () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  };
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const t = setTimeout(killNow, 10_000);
      await exited;
      clearTimeout(t);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + timeoutMs;
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server exited early with code ${child.exitCode}`);
      if (Date.now() > deadline) throw new Error(`server did not answer at ${url} within ${timeoutMs} ms`);
      try {
        const r = await fetch(`${url}/zhgd/auth/me`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
        if (r.status < 500) break;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 250));
    }
  } catch (e) {
    await stop();
    throw new Error(`${e.message}\n--- server output ---\n${logs.join('')}`);
  }
  return { url, stop, killNow };
}
