import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ffmpegBinary } from '../helpers/ffmpeg';

/** Ports and credentials the e2e specs use (see playwright.config.ts baseURL). */
export const E2E = {
  httpPort: Number(process.env.E2E_HTTP_PORT ?? 18080),
  mqttPort: Number(process.env.E2E_MQTT_PORT ?? 18830),
  adminPassword: 'e2e-admin-password',
};

/**
 * The built app the specs' servers serve: `dist/`, or E2E_STATIC_DIR, which lets parallel runs test their
 * own build (vite build --outDir …) without sharing dist/.
 */
export function e2eStaticDir(): string {
  return process.env.E2E_STATIC_DIR ? path.resolve(process.env.E2E_STATIC_DIR) : path.resolve(import.meta.dirname, '..', '..', 'dist');
}

async function waitForHttp(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early with code ${child.exitCode}`);
    try {
      const r = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
      if (r.status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server did not answer at ${url} within ${timeoutMs} ms`);
}

/**
 * Starts the real server (built app, embedded broker, embedded PGlite on a temp dir, demo simulator) as a
 * child process, exactly as `npm start` would, and stops it after the run.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const root = path.resolve(import.meta.dirname, '..', '..');
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'siteboard-e2e-'));
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'server', 'main.ts')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(E2E.httpPort),
      HOST: '127.0.0.1',
      MQTT_PORT: String(E2E.mqttPort),
      DATA_DIR: dataDir,
      STATIC_DIR: e2eStaticDir(),
      ADMIN_PASSWORD: E2E.adminPassword,
      SIMULATOR: 'on',
      // Every browser of the run comes from 127.0.0.1: the per-address REST rate limits would count them as one.
      RATE_LIMIT_AUTH_PER_MINUTE: '0',
      RATE_LIMIT_API_PER_MINUTE: '0',
      // The specs read the demo's English names; the product seeds zh-CN by default (SEED_LOCALE).
      SEED_LOCALE: process.env.SEED_LOCALE ?? 'en',
      // The 24-hour demo backfill keeps a core busy for minutes; the specs need live data only (the backfill
      // has its own integration test, tests/integration/history.test.ts).
      DEMO_BACKFILL: 'off',
      // the cameras' video: Debian's ffmpeg, installed when missing as `npm start` does (scripts/services.mjs)
      FFMPEG_PATH: ffmpegBinary(),
      // one demo camera recorded (the video replay spec watches it), not every demo camera's encoder on two cores
      VIDEO_RECORD: process.env.VIDEO_RECORD ?? 'CAM-01',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logs: string[] = [];
  const keep = (b: Buffer) => {
    logs.push(b.toString());
    if (logs.length > 200) logs.shift();
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  try {
    await waitForHttp(`http://127.0.0.1:${E2E.httpPort}/zhgd/auth/me`, child, 90_000);
  } catch (e) {
    child.kill('SIGKILL');
    throw new Error(`${(e as Error).message}\n--- server output ---\n${logs.join('')}`);
  }
  return async () => {
    child.kill('SIGTERM');
    await new Promise((r) => {
      const t = setTimeout(() => {
        child.kill('SIGKILL');
        r(null);
      }, 10_000);
      child.once('exit', () => {
        clearTimeout(t);
        r(null);
      });
    });
    rmSync(dataDir, { recursive: true, force: true });
  };
}
