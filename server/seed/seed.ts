import { sql, type Kysely } from 'kysely';
import type { ServerConfig } from '../config';
import { hashPassword, randomPassword } from '../http/passwords';
import { defaultThresholdsFor } from '../rules/defaultThresholds';
import { toJson, type Database } from '../storage';
import { demoNames, type SeedLocale } from './demoNames';
import { ADMIN_USERNAME, BRIDGE_USER, DEMO_DEVICES, DEMO_PROJECT, OTHER_PROJECT } from './demoProject';

/** Where seeding reports progress. */
export interface SeedLog {
  info(msg: string): void;
}

/** Advisory-lock key that serialises seeding when several nodes start on one PostgreSQL at once. */
const SEED_LOCK_KEY = 5_172_026_001;

/** MQTT user name of a project's devices on the embedded broker. */
export function mqttUsernameFor(projectId: string): string {
  return `dev-${projectId}`;
}

/**
 * Seeds an empty database once: the demo and the bridge project, the demo tunnels and device fleet
 * (thresholds from `defaultThresholdsFor`), the `admin` user (member of both projects) and the bridge user
 * (bridge project only), random MQTT credentials per project and the demo live board, released once.
 * A database that already has a project is left untouched, so restarts keep every edit.
 *
 * The admin password is `config.adminPassword`, or a random one written once to `out` (stdout) in a box.
 * @returns whether this call seeded.
 */
export async function seedIfEmpty(
  db: Kysely<Database>,
  config: Pick<ServerConfig, 'adminPassword'> & { seedLocale?: SeedLocale },
  log: SeedLog,
  out: (text: string) => void = (text) => void process.stdout.write(text),
): Promise<{ seeded: boolean }> {
  const adminPassword = config.adminPassword ?? randomPassword(20);
  // Hash before the transaction: scrypt is slow and the transaction holds the lock.
  const [adminHash, bridgeHash] = await Promise.all([hashPassword(adminPassword), hashPassword(BRIDGE_USER.password)]);

  // The names in the language of the first start (SEED_LOCALE, default zh-CN); ids are the same in all.
  const names = demoNames(config.seedLocale ?? 'zh-CN');
  const projectNames = [names.project, names.otherProject];
  const seeded = await db.transaction().execute(async (tx) => {
    await sql`select pg_advisory_xact_lock(${sql.lit(SEED_LOCK_KEY)})`.execute(tx);
    const existing = await tx.selectFrom('projects').select('project_id').limit(1).executeTakeFirst();
    if (existing) return false;
    const nowMs = Date.now();

    await tx
      .insertInto('projects')
      .values(
        [DEMO_PROJECT, OTHER_PROJECT].map((p, i) => ({
          project_id: p.projectId,
          name: projectNames[i].name,
          co_id: p.coId,
          co_name: projectNames[i].coName,
          co_logo: p.coLogo,
          mqtt_username: mqttUsernameFor(p.projectId),
          mqtt_password: randomPassword(24),
          created_at_ms: nowMs + i, // the demo project first: it is the admin's current project at login
        })),
      )
      .execute();

    await tx
      .insertInto('users')
      .values([
        { username: ADMIN_USERNAME, display_name: 'Administrator', password_hash: adminHash, is_admin: true, created_at_ms: nowMs },
        { username: BRIDGE_USER.username, display_name: BRIDGE_USER.displayName, password_hash: bridgeHash, is_admin: false, created_at_ms: nowMs },
      ])
      .execute();

    const member = (username: string, projectId: string) => ({ username, project_id: projectId, mid: `${username}@${projectId}` });
    await tx
      .insertInto('memberships')
      .values([
        member(ADMIN_USERNAME, DEMO_PROJECT.projectId),
        member(ADMIN_USERNAME, OTHER_PROJECT.projectId),
        member(BRIDGE_USER.username, OTHER_PROJECT.projectId),
      ])
      .execute();

    await tx
      .insertInto('tunnels')
      .values(
        names.tunnels.map((t) => ({
          project_id: DEMO_PROJECT.projectId,
          tunnel_id: t.tunnelId,
          name: t.name,
          start_chainage_m: t.startChainageM,
          length_m: t.lengthM,
          headings: toJson(t.headings),
        })),
      )
      .execute();

    await tx
      .insertInto('devices')
      .values(
        names.devices.map((d) => ({
          project_id: DEMO_PROJECT.projectId,
          sn: d.sn,
          kind: d.kind,
          name: d.name,
          position: d.position,
          tunnel_id: d.tunnelId,
          report_period_s: d.reportPeriodS,
          thresholds: toJson(defaultThresholdsFor(d.kind, d.gases ?? [])),
          status: 'unknown',
          last_seen_ms: null,
          latest: null,
        })),
      )
      .execute();

    await tx
      .insertInto('boards')
      .values({
        board_id: names.board.boardId,
        project_id: names.board.projectId,
        name: names.board.name,
        version: names.board.version,
        layout: toJson(names.board.layout),
        pages: toJson(names.board.pages),
        created_at_ms: nowMs,
        updated_at_ms: nowMs,
      })
      .execute();
    // Released as seeded: viewers only ever see releases (board/screen), and the demo is for showing.
    await tx
      .insertInto('board_releases')
      .values({
        board_id: names.board.boardId,
        release_no: 1,
        version: names.board.version,
        name: names.board.name,
        layout: toJson(names.board.layout),
        pages: toJson(names.board.pages),
        note: 'Demo board',
        released_at_ms: nowMs,
        released_by: ADMIN_USERNAME,
      })
      .execute();
    return true;
  });

  if (!seeded) return { seeded: false };
  log.info(`seeded demo projects ${DEMO_PROJECT.projectId} and ${OTHER_PROJECT.projectId} (${DEMO_DEVICES.length} devices)`);
  if (config.adminPassword === null) out(boxed(`admin password: ${adminPassword}`, 'shown once; set ADMIN_PASSWORD to choose it'));
  return { seeded: true };
}

function boxed(...lines: string[]): string {
  const width = Math.max(...lines.map((l) => l.length));
  const bar = '─'.repeat(width + 2);
  return [`┌${bar}┐`, ...lines.map((l) => `│ ${l.padEnd(width)} │`), `└${bar}┘`, ''].join('\n');
}
