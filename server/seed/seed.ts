import { sql, type Kysely } from 'kysely';
import { DEFAULT_LATE_GRACE_MIN, DEFAULT_LINKAGE, MAX_RELEASES_PER_BOARD, type Role } from '../../protocol';
import type { ServerConfig } from '../config';
import { hashPassword, randomPassword, verifyPassword } from '../http/passwords';
import { defaultThresholdsFor } from '../rules/defaultThresholds';
import { insertBoard, insertPeople, insertRelease, insertZones, appendProgress, saveBoreAlignments, saveCompanyType, saveSpray, saveTeamShift, seedDemoStreams, toJson, type Database } from '../storage';
import { demoNames, type SeedLocale } from './demoNames';
import { demoCompanyTypes, demoPeople, demoTeamShifts, demoZones } from './demoPeople';
import { ADMIN_USERNAME, BRIDGE_USER, DEMO_PROJECT, demoStationChainageM, OTHER_PROJECT } from './demoProject';
import { seedDemoEquipment } from './demoEquipment';
import { seedDemoRegisters } from './demoRegisters';
import { seedDemoSchedule } from './demoSchedule';
import { seedDemoEducation } from './demoEducation';
import { demoProgressHistory } from './demoProgress';
import { seedDemoHome } from './demoHome';
import { demoAlignments } from './demoAlignment';
import { zoneColumns } from '../rules/zoneStore';
import { boxed } from '../terminal';

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
 * (thresholds from `defaultThresholdsFor`), the `admin` user (member of both projects), random MQTT
 * credentials per project and the demo live board, released once. With the demo simulator (`config.simulator`) also the
 * demo user (BRIDGE_USER, bridge project only) with `config.demoPassword` or a random password printed once;
 * without it no account other than `admin` exists.
 * A database that already has a project is left untouched, so restarts keep every edit.
 *
 * The admin password is `config.adminPassword`, or a random one written once to `out` (stdout) in a box.
 * @returns whether this call seeded, and the random admin password it made (null when configured or not seeded).
 */
export async function seedIfEmpty(
  db: Kysely<Database>,
  config: Pick<ServerConfig, 'adminPassword'> & Partial<Pick<ServerConfig, 'simulator' | 'demoPassword'>> & { seedLocale?: SeedLocale },
  log: SeedLog,
  out: (text: string) => void = (text) => void process.stdout.write(text),
): Promise<{ seeded: boolean; adminPassword: string | null }> {
  const adminPassword = config.adminPassword ?? randomPassword(20);
  const demoPassword = config.simulator === true ? (config.demoPassword ?? randomPassword(20)) : null;
  // Hash before the transaction: scrypt is slow and the transaction holds the lock.
  const adminHash = await hashPassword(adminPassword);
  const demoHash = demoPassword === null ? null : await hashPassword(demoPassword);

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
          project_type: p === OTHER_PROJECT ? ('bridge' as const) : ('tunnel' as const),
          location: projectNames[i].location,
          latitude: p.latitude,
          longitude: p.longitude,
          project_state: p.projectState,
          start_date: p.startDate,
          planned_end_date: p.plannedEndDate,
          mqtt_username: mqttUsernameFor(p.projectId),
          mqtt_password: randomPassword(24),
          created_at_ms: nowMs + i, // the demo project first: it is the admin's current project at login
        })),
      )
      .execute();
    // Organisations of the demo projects (administration, migration 0020_admin_roles).
    await tx
      .insertInto('organisations')
      .values(
        [DEMO_PROJECT, OTHER_PROJECT].map((p, i) => ({ co_id: p.coId, name: projectNames[i].coName, logo: p.coLogo, created_at_ms: nowMs + i })),
      )
      .onConflict((oc) => oc.column('co_id').doNothing())
      .execute();

    await tx
      .insertInto('users')
      .values({ username: ADMIN_USERNAME, display_name: 'Administrator', password_hash: adminHash, is_admin: true, created_at_ms: nowMs })
      .execute();
    await tx
      .insertInto('memberships')
      .values([member(ADMIN_USERNAME, DEMO_PROJECT.projectId, 'orgAdmin'), member(ADMIN_USERNAME, OTHER_PROJECT.projectId, 'orgAdmin')])
      .execute();
    if (demoHash !== null) await insertDemoUsers(tx, demoHash, nowMs);

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
          rock_segments: toJson(t.rockSegments),
        })),
      )
      .execute();
    // the bores' plan alignment (a gentle curve, the bores 35 m apart)
    const [left, right] = names.tunnels;
    if (left && right) await saveBoreAlignments(tx, DEMO_PROJECT.projectId, demoAlignments(left, right), 'seed', nowMs);
    // the record of progress: the demo's last 40 days, ending at the seeded positions (server/tunnel/progress.ts)
    await appendProgress(tx, demoProgressHistory(DEMO_PROJECT.projectId, names.tunnels, nowMs));

    const fleet = [
      ...names.devices.map((d) => ({ projectId: DEMO_PROJECT.projectId, d })),
      ...names.bridgeDevices.map((d) => ({ projectId: OTHER_PROJECT.projectId, d })),
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
          chainage_m: demoStationChainageM(d),
          report_period_s: d.reportPeriodS,
          vehicle: d.vehicle ? toJson(d.vehicle) : null,
          thresholds: toJson(defaultThresholdsFor(d.kind, d.gases ?? [])),
          status: 'unknown',
          last_seen_ms: null,
          latest: null,
        })),
      )
      .execute();
    // The demo tunnel's cameras play the demo source (docs/architecture.md "Video").
    await seedDemoStreams(tx, DEMO_PROJECT.projectId, nowMs);
    // The fog cannons' spray linkage to their portal monitors (server/spray)
    for (const { projectId, d } of fleet) {
      if (d.linkedStation) await saveSpray(tx, projectId, d.sn, { linkage: { stationSn: d.linkedStation, ...DEFAULT_LINKAGE } });
    }
    // Drivers, shifts and archives of the lifting equipment (the detail modal's tabs).
    await seedDemoEquipment(tx, DEMO_PROJECT.projectId, names.devices, nowMs, config.seedLocale ?? 'zh-CN');
    await seedDemoEquipment(tx, OTHER_PROJECT.projectId, names.bridgeDevices, nowMs, config.seedLocale ?? 'zh-CN');

    // The person registry (one wearer per demo beacon) and the zones of the demo bores (docs/api.md "People and zones").
    const locale = config.seedLocale ?? 'zh-CN';
    await insertPeople(tx, DEMO_PROJECT.projectId, demoPeople(locale, names.devices), nowMs);
    // the teams' shifts and the companies' enterprise types (docs/api.md "Labour attendance")
    for (const s of demoTeamShifts(locale)) await saveTeamShift(tx, DEMO_PROJECT.projectId, s.company, s.team, { ...s, lateGraceMin: DEFAULT_LATE_GRACE_MIN });
    for (const c of demoCompanyTypes(locale)) await saveCompanyType(tx, DEMO_PROJECT.projectId, c.company, c.enterpriseType);
    // the emergency registers and the quality and safety inspections (docs/domain.md "Emergency resources", "Inspections")
    await seedDemoRegisters(tx, DEMO_PROJECT.projectId, locale, nowMs);
    // safety education: most people have the three-level entry education, a handful not; pre-shift meetings daily (docs/domain.md "Safety education")
    await seedDemoEducation(tx, DEMO_PROJECT.projectId, locale, nowMs);
    await insertZones(
      tx,
      DEMO_PROJECT.projectId,
      demoZones(locale, names.tunnels).map((z) => ({ zoneId: z.zoneId, ...zoneColumns(z) })),
      nowMs,
    );
    // The project home: details, units, design figures, reported quantities and the event book (docs/domain.md "Project home").
    await seedDemoHome(tx, DEMO_PROJECT.projectId, locale, nowMs);
    // the project schedule: portal works, each bore by rock grade, lining, pavement, electromechanical (docs/domain.md "Project schedule")
    await seedDemoSchedule(tx, DEMO_PROJECT.projectId, locale, nowMs);

    for (const board of [names.board, names.bridgeBoard]) {
      await insertBoard(tx, board, nowMs);
      // Released as seeded: viewers only ever see releases (board/screen), and the demo is for showing.
      await insertRelease(tx, board, { note: 'Demo board', by: ADMIN_USERNAME, nowMs }, MAX_RELEASES_PER_BOARD);
    }
    return true;
  });

  if (!seeded) return { seeded: false, adminPassword: null };
  log.info(`seeded demo projects ${DEMO_PROJECT.projectId} and ${OTHER_PROJECT.projectId} (${names.devices.length + names.bridgeDevices.length} devices)`);
  if (config.adminPassword === null) out(boxed(`admin password: ${adminPassword}`, 'shown once; set ADMIN_PASSWORD to choose it'));
  if (demoPassword !== null && !config.demoPassword) {
    out(boxed(`demo user ${BRIDGE_USER.username} password: ${demoPassword}`, 'shown once; set DEMO_PASSWORD to choose it'));
  }
  return { seeded: true, adminPassword: config.adminPassword === null ? adminPassword : null };
}

/** A membership row; `role` of protocol/roles.ts (the administrator administers, the demo user manages). */
function member(username: string, projectId: string, role: Role) {
  return { username, project_id: projectId, mid: `${username}@${projectId}`, role };
}

async function insertDemoUsers(db: Kysely<Database>, passwordHash: string, nowMs: number): Promise<void> {
  await db
    .insertInto('users')
    .values({ username: BRIDGE_USER.username, display_name: BRIDGE_USER.displayName, password_hash: passwordHash, is_admin: false, created_at_ms: nowMs })
    .onConflict((oc) => oc.column('username').doUpdateSet({ password_hash: passwordHash }))
    .execute();
  await db
    .insertInto('memberships')
    .values(member(BRIDGE_USER.username, OTHER_PROJECT.projectId, 'projectManager'))
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/**
 * Creates the demo users (BRIDGE_USER, member of the bridge project) with `password`, or sets their
 * password when they exist. For tests and demos that want a known password without the simulator; a
 * production start never calls it (the seed creates demo users only with SIMULATOR on).
 */
export async function seedDemoUsers(db: Kysely<Database>, password: string): Promise<void> {
  await insertDemoUsers(db, await hashPassword(password), Date.now());
}


/** The demo user's password that earlier versions seeded and printed in the docs. */
const RETIRED_DEMO_PASSWORD = 'bridge-demo-1';

/**
 * Installations seeded by an earlier version have the demo user with the password printed in the docs.
 * On start, such a password is replaced by `config.demoPassword` or a random one, printed once in a box
 * like the admin's. Any other password is left alone (costs one hash check per start).
 * @returns whether the password was replaced.
 */
export async function retireDocumentedDemoPassword(
  db: Kysely<Database>,
  config: Partial<Pick<ServerConfig, 'demoPassword'>>,
  log: SeedLog,
  out: (text: string) => void = (text) => void process.stdout.write(text),
): Promise<boolean> {
  const row = await db.selectFrom('users').select('password_hash').where('username', '=', BRIDGE_USER.username).executeTakeFirst();
  if (!row || !(await verifyPassword(RETIRED_DEMO_PASSWORD, row.password_hash))) return false;
  const password = config.demoPassword ?? randomPassword(20);
  await db.updateTable('users').set({ password_hash: await hashPassword(password) }).where('username', '=', BRIDGE_USER.username).execute();
  log.info(`demo user ${BRIDGE_USER.username}: the password printed in older docs was replaced`);
  if (!config.demoPassword) out(boxed(`demo user ${BRIDGE_USER.username} password: ${password}`, 'the documented one was replaced; shown once'));
  return true;
}
