// Services the tests need, installed from Debian when missing (tests/helpers/mosquitto.ts starts them). Node built-ins only.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
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

// `node scripts/services.mjs mosquitto-path`: prints the broker binary's path (installing it when missing),
// for the test helpers, which may not import scripts/ (tests/architecture/imports.test.ts).
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [cmd] = process.argv.slice(2);
  if (cmd !== 'mosquitto-path') {
    console.error('usage: node scripts/services.mjs mosquitto-path');
    process.exit(2);
  }
  try {
    process.stdout.write(`${ensureMosquitto()}\n`);
  } catch (e) {
    console.error(String(e.message));
    process.exit(1);
  }
}
