// Small helpers shared by the project's own scripts (start, test, bench). Node built-ins only.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const BIN = path.join(ROOT, 'node_modules', '.bin');

/** Runs a project binary (node_modules/.bin) and resolves with its exit code; output is inherited. */
export function run(bin, args, opts = {}) {
  return new Promise((resolve) => {
    const child = spawn(path.join(BIN, bin), args, { cwd: ROOT, stdio: 'inherit', ...opts });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

/** Newest modification time (ms) of any file under the given folders, skipping node_modules. */
export function newestMtime(dirs) {
  let newest = 0;
  const walk = (p) => {
    const st = statSync(p);
    if (st.isDirectory()) {
      for (const e of readdirSync(p)) if (e !== 'node_modules' && !e.startsWith('.')) walk(path.join(p, e));
    } else if (st.mtimeMs > newest) newest = st.mtimeMs;
  };
  for (const d of dirs) if (existsSync(path.join(ROOT, d))) walk(path.join(ROOT, d));
  return newest;
}

/** Sources the browser bundle is built from. */
export const APP_SOURCES = ['index.html', 'src', 'streams', 'workers', 'protocol', 'vite.config.ts', 'lingui.config.ts', 'public'];

/** True when dist/ is missing or older than any browser source. */
export function buildIsStale() {
  const index = path.join(ROOT, 'dist', 'index.html');
  if (!existsSync(index)) return true;
  return newestMtime(APP_SOURCES) > statSync(index).mtimeMs;
}

/**
 * Makes sure a Chromium for Playwright exists. Playwright never downloads a browser here (STACK.md trap 6);
 * Debian's package is installed with apt-get when we are root. Returns the executable path.
 * @throws Error with instructions when Chromium is missing and cannot be installed.
 */
export function ensureChromium() {
  const configured = process.env.CHROMIUM_PATH;
  if (configured && existsSync(configured)) return configured;
  const debian = '/usr/bin/chromium';
  if (existsSync(debian)) return debian;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const sudo = isRoot ? [] : spawnSync('sh', ['-c', 'command -v sudo'], { encoding: 'utf8' }).stdout.trim() ? ['sudo'] : null;
  if (sudo === null) throw new Error('Chromium is missing: install Debian\'s `chromium` package or set CHROMIUM_PATH.');
  console.log('[siteboard] installing Debian chromium for the end-to-end tests (one time)…');
  const apt = (args) => spawnSync(sudo.length ? 'sudo' : 'apt-get', sudo.length ? ['apt-get', ...args] : args, {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  if (apt(['update', '-qq']).status !== 0 || apt(['install', '-y', '-qq', 'chromium']).status !== 0 || !existsSync(debian)) {
    throw new Error('Installing chromium with apt-get failed; install it by hand or set CHROMIUM_PATH.');
  }
  return debian;
}
