import { sql, type Kysely } from 'kysely';
import type { ServerConfig } from '../config';
import { hashPassword, randomPassword } from '../http/passwords';
import { defaultThresholdsFor } from '../rules/defaultThresholds';
import { toJson, type Database } from '../storage';
import { DEMO_BOARD } from './demoBoard';
import { ADMIN_USERNAME, BRIDGE_DEVICES, BRIDGE_USER, DEMO_DEVICES, DEMO_PROJECT, DEMO_TUNNELS, OTHER_PROJECT } from './demoProject';

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
 * (bridge project only), random MQTT credentials per project and the demo live board.
 * A database that already has a project is left untouched, so restarts keep every edit.
 *
 * The admin password is `config.adminPassword`, or a random one written once to `out` (stdout) in a box.
 * @returns whether this call seeded.
 */
export async function seedIfEmpty(
  db: Kysely<Database>,
  config: Pick<ServerConfig, 'adminPassword'>,
  log: SeedLog,
  out: (text: string) => void = (text) => void process.stdout.write(text),
): Promise<{ seeded: boolean }> {
  const adminPassword = config.adminPassword ?? randomPassword(20);
  // Hash before the transaction: scrypt is slow and the transaction holds the lock.
  const [adminHash, bridgeHash] = await Promise.all([hashPassword(adminPassword), hashPassword(BRIDGE_USER.password)]);

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
          name: p.name,
          co_id: p.coId,
          co_name: p.coName,
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
        DEMO_TUNNELS.map((t) => ({
          project_id: DEMO_PROJECT.projectId,
          tunnel_id: t.tunnelId,
          name: t.name,
          start_chainage_m: t.startChainageM,
          length_m: t.lengthM,
          headings: toJson(t.headings),
        })),
      )
      .execute();

    const fleet = [
      ...DEMO_DEVICES.map((d) => ({ projectId: DEMO_PROJECT.projectId, d })),
      ...BRIDGE_DEVICES.map((d) => ({ projectId: OTHER_PROJECT.projectId, d })),
    ];
    await tx
      .insertInto('devices')
      .values(
        fleet.map(({ projectId, d }) => ({
          project_id: projectId,
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
        board_id: DEMO_BOARD.boardId,
        project_id: DEMO_BOARD.projectId,
        name: DEMO_BOARD.name,
        version: DEMO_BOARD.version,
        layout: toJson(DEMO_BOARD.layout),
        pages: toJson(DEMO_BOARD.pages),
        created_at_ms: nowMs,
        updated_at_ms: nowMs,
      })
      .execute();
    return true;
  });

  if (!seeded) return { seeded: false };
  log.info(`seeded demo projects ${DEMO_PROJECT.projectId} and ${OTHER_PROJECT.projectId} (${DEMO_DEVICES.length + BRIDGE_DEVICES.length} devices)`);
  if (config.adminPassword === null) out(boxed(`admin password: ${adminPassword}`, 'shown once; set ADMIN_PASSWORD to choose it'));
  return { seeded: true };
}

function boxed(...lines: string[]): string {
  const width = Math.max(...lines.map((l) => l.length));
  const bar = '─'.repeat(width + 2);
  return [`┌${bar}┐`, ...lines.map((l) => `│ ${l.padEnd(width)} │`), `└${bar}┘`, ''].join('\n');
}
