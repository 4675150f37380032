// Services the tests need, installed from Debian when missing (tests/helpers/mosquitto.ts starts them). Node built-ins only.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { aptInstall } from './lib.mjs';

/** Where Debian's `mosquitto` package puts the broker. */
const DEBIAN_MOSQUITTO = '/usr/sbin/mosquitto';

/**
 * The path of the Mosquitto broker binary, installing Debian's `mosquitto` package with apt-get when it is
 * missing (as root or through sudo; `apt-get update` runs only when the install fails for lack of lists).
 * MOSQUITTO_PATH, when set, names the binary to use instead.
 * @throws Error when it is missing and cannot be installed.
 */
export function ensureMosquitto() {
  const configured = process.env.MOSQUITTO_PATH;
  if (configured) {
    if (!existsSync(configured)) throw new Error(`MOSQUITTO_PATH=${configured} does not exist`);
    return configured;
  }
  const found = () => {
    if (existsSync(DEBIAN_MOSQUITTO)) return DEBIAN_MOSQUITTO;
    const which = spawnSync('sh', ['-c', 'command -v mosquitto'], { encoding: 'utf8' }).stdout.trim();
    return which || null;
  };
  const have = found();
  if (have) return have;
  aptInstall(['mosquitto']);
  const installed = found();
  if (!installed) throw new Error('apt-get installed mosquitto but no mosquitto binary was found');
  return installed;
}

/**
 * The folder of PostgreSQL's server binaries (initdb, pg_ctl, postgres), newest major version first, installing
 * Debian's `postgresql` package with apt-get when none is there. POSTGRES_BIN, when set, names the folder instead.
 * @throws Error when it is missing and cannot be installed.
 */
export function ensurePostgres() {
  const configured = process.env.POSTGRES_BIN;
  if (configured) {
    if (!existsSync(path.join(configured, 'initdb'))) throw new Error(`POSTGRES_BIN=${configured} has no initdb`);
    return configured;
  }
  const found = () => {
    const base = '/usr/lib/postgresql';
    if (!existsSync(base)) return null;
    const versions = readdirSync(base).filter((v) => /^[0-9]+$/.test(v)).sort((a, b) => Number(b) - Number(a));
    for (const v of versions) if (existsSync(`${base}/${v}/bin/initdb`)) return `${base}/${v}/bin`;
    return null;
  };
  const have = found();
  if (have) return have;
  aptInstall(['postgresql']);
  const installed = found();
  if (!installed) throw new Error('apt-get installed postgresql but no initdb was found');
  return installed;
}

// `node scripts/services.mjs postgres-bin`: prints the folder of PostgreSQL's binaries (installing them when
// missing), for tests/helpers/postgres.ts.
// `node scripts/services.mjs mosquitto-path`: prints the broker binary's path (installing it when missing),
// for the test helpers, which may not import scripts/ (tests/architecture/imports.test.ts).
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [cmd] = process.argv.slice(2);
  if (cmd !== 'mosquitto-path' && cmd !== 'postgres-bin') {
    console.error('usage: node scripts/services.mjs mosquitto-path | postgres-bin');
    process.exit(2);
  }
  try {
    process.stdout.write(`${cmd === 'postgres-bin' ? ensurePostgres() : ensureMosquitto()}\n`);
  } catch (e) {
    console.error(String(e.message));
    process.exit(1);
  }
}
