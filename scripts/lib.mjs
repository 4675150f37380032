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

/** Debian's CJK font, so Chinese UI text renders in the headless browser instead of empty boxes. */
const CJK_FONT = '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc';

/**
 * Installs Debian packages with apt-get (as root, or through sudo). Tries the install first and runs
 * `apt-get update` (once) only when that fails, e.g. on a fresh machine without package lists; with
 * `update: true` it refreshes the lists first, for packages whose stale version would differ in behaviour.
 * @throws Error when that is impossible or fails.
 */
export function aptInstall(packages, { update = false } = {}) {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const hasSudo = !isRoot && spawnSync('sh', ['-c', 'command -v sudo'], { encoding: 'utf8' }).stdout.trim() !== '';
  if (!isRoot && !hasSudo) throw new Error(`missing ${packages.join(', ')}: install them with apt-get (no root here)`);
  console.log(`[siteboard] installing ${packages.join(', ')} with apt-get (one time)…`);
  const apt = (args) =>
    spawnSync(isRoot ? 'apt-get' : 'sudo', isRoot ? args : ['apt-get', ...args], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    }).status;
  const install = () => apt(['install', '-y', '-qq', ...packages]) === 0;
  if (update && apt(['update', '-qq']) === 0 && install()) return;
  if (install()) return;
  if (apt(['update', '-qq']) !== 0 || !install()) throw new Error(`apt-get install ${packages.join(' ')} failed`);
}

/**
 * Makes sure a Chromium for Playwright exists, with a CJK font for the zh-CN UI. Playwright never
 * downloads a browser here, so Debian's packages are installed with apt-get.
 * Returns the executable path.
 * @throws Error with instructions when Chromium is missing and cannot be installed.
 */
export function ensureChromium() {
  const configured = process.env.CHROMIUM_PATH;
  if (configured && existsSync(configured)) return configured;
  const debian = '/usr/bin/chromium';
  const missing = [];
  if (!existsSync(debian)) missing.push('chromium');
  if (!existsSync(CJK_FONT)) missing.push('fonts-noto-cjk');
  if (missing.length) {
    try {
      // Fresh lists: a machine's stale list held Chromium 150, whose service worker misses the offline
      // state the shell e2e tests check (they pass on the current 156).
      aptInstall(missing, { update: true });
    } catch (e) {
      if (!existsSync(debian)) throw new Error(`${e.message}; or set CHROMIUM_PATH`);
      console.warn(`[siteboard] ${e.message}; Chinese text may show as boxes in screenshots`);
    }
  }
  return debian;
}
