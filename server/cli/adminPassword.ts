import type { Kysely } from 'kysely';
import { ConfigError, loadConfig, type ServerConfig } from '../config';
import { writeAudit } from '../http/audit';
import { hashPassword, randomPassword } from '../http/passwords';
import { SessionStore } from '../http/sessions';
import { ADMIN_USERNAME } from '../seed/demoProject';
import { openDatabase, type Database } from '../storage';
import { setPasswordHash, setUserDisabled } from '../storage/users';
import { ADMIN_PASSWORD_COMMAND, boxed } from '../terminal';

/**
 * Sets a new password for the `admin` user and ends their sessions; audited as `user.resetPassword` by
 * `cli`. A random password (`password` null) must be changed at the next login, like a reset an
 * administrator makes on screen; a chosen one is kept.
 * @returns the password set
 * @throws Error when the database has no admin user (never started)
 */
export async function resetAdminPassword(db: Kysely<Database>, password: string | null): Promise<string> {
  const next = password ?? `${randomPassword(18)}a7`; // letters and digits both, as the password rules ask
  const hash = await hashPassword(next);
  if (!(await setPasswordHash(db, ADMIN_USERNAME, hash, password === null))) throw new Error(`no user "${ADMIN_USERNAME}": start SiteBoard once first, it creates the administrator`);
  await setUserDisabled(db, ADMIN_USERNAME, false);
  await new SessionStore(db).endAllOf(ADMIN_USERNAME);
  await writeAudit(db, { username: 'cli', projectId: null, action: 'user.resetPassword', target: ADMIN_USERNAME, detail: `{"via":"${ADMIN_PASSWORD_COMMAND}"}` });
  return next;
}

/**
 * Whether a SiteBoard server answers on this machine's configured port. The embedded database (PGlite)
 * is one process's files: changing them under a running server would corrupt them.
 */
async function serverRunning(config: ServerConfig): Promise<boolean> {
  try {
    await fetch(`http://127.0.0.1:${config.port}/`, { signal: AbortSignal.timeout(1_500) });
    return true;
  } catch {
    return false;
  }
}

/** `npm run admin:password` (docs/configuration.md "First start"): ADMIN_PASSWORD, else a random one. */
async function main(): Promise<void> {
  let config: ServerConfig;
  try {
    config = loadConfig();
  } catch (e) {
    process.stderr.write(`Configuration error: ${e instanceof ConfigError ? e.message : String(e)}\n`);
    process.exit(1);
  }
  if (config.databaseUrl === null && !config.dataDir.startsWith('memory://') && (await serverRunning(config))) {
    process.stderr.write(`SiteBoard is running on port ${config.port}: stop it first (its embedded database is used by one process at a time).\n`);
    process.exit(1);
  }
  const database = await openDatabase(config);
  try {
    const password = await resetAdminPassword(database.db, config.adminPassword);
    process.stdout.write(
      config.adminPassword === null
        ? boxed(`admin password: ${password}`, 'change it at the next login; every session of admin was ended')
        : boxed('admin password set to ADMIN_PASSWORD', 'every session of admin was ended'),
    );
  } catch (e) {
    process.stderr.write(`${e instanceof Error ? e.message : String(e)}\n`);
    process.exitCode = 1;
  } finally {
    await database.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) void main();
