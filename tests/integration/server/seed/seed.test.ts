import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILTIN_PANEL_TYPES, boardSchema } from '../../../../protocol';
import { hashPassword, verifyPassword } from '../../../../server/http/passwords';
import { defaultThresholdsFor } from '../../../../server/rules/defaultThresholds';
import { openDatabase, toBoard, type OpenDatabase } from '../../../../server/storage';
import { BRIDGE_BOARD, DEMO_BOARD } from '../../../../server/seed/demoBoard';
import { ADMIN_USERNAME, BRIDGE_USER, DEMO_DEVICES, DEMO_PROJECT, DEMO_TUNNELS, OTHER_PROJECT } from '../../../../server/seed/demoProject';
import { demoNames } from '../../../../server/seed/demoNames';
import { retireDocumentedDemoPassword, seedIfEmpty } from '../../../../server/seed/seed';

const quiet = { info: () => undefined };

describe('seedIfEmpty', () => {
  let database: OpenDatabase;
  let printed = '';
  let first: { seeded: boolean };
  let firstPrinted = '';

  beforeAll(async () => {
    database = await openDatabase({ dataDir: 'memory://', databaseUrl: null });
    first = await seedIfEmpty(database.db, { adminPassword: null, simulator: true, demoPassword: null }, quiet, (t) => (printed += t));
    firstPrinted = printed;
  }, 60_000);
  afterAll(() => database.close());

  it('prints a generated admin password once, in a box, and it logs in', async () => {
    expect(first.seeded).toBe(true);
    const match = /admin password: (\S+)/.exec(printed);
    expect(match).not.toBeNull();
    expect(printed).toMatch(/┌─+┐/);
    const admin = await database.db.selectFrom('users').selectAll().where('username', '=', ADMIN_USERNAME).executeTakeFirstOrThrow();
    expect(admin.is_admin).toBe(true);
    expect(await verifyPassword(match![1], admin.password_hash)).toBe(true);
  });

  it('seeds both projects with distinct random device credentials', async () => {
    const projects = await database.db.selectFrom('projects').selectAll().orderBy('created_at_ms').execute();
    expect(projects.map((p) => p.project_id)).toEqual([DEMO_PROJECT.projectId, OTHER_PROJECT.projectId]);
    expect(projects[0].mqtt_username).toBe('dev-demo-tunnel');
    for (const p of projects) expect(p.mqtt_password).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(projects[0].mqtt_password).not.toBe(projects[1].mqtt_password);
  });

  it('seeds the demo tunnels and fleet with default thresholds', async () => {
    const tunnels = await database.db.selectFrom('tunnels').selectAll().orderBy('tunnel_id').execute();
    expect(tunnels.map((t) => t.headings)).toEqual(demoNames('zh-CN').tunnels.map((t) => t.headings));
    expect(tunnels.flatMap((t) => (t.headings as Array<{ faceM: number }>).map((h) => h.faceM))).toEqual(DEMO_TUNNELS.flatMap((t) => t.headings.map((h) => h.faceM)));
    const devices = await database.db.selectFrom('devices').selectAll().where('project_id', '=', DEMO_PROJECT.projectId).execute();
    expect(devices).toHaveLength(DEMO_DEVICES.length);
    const face = devices.find((d) => d.sn === 'GAS-LK-E-F')!;
    const demoFace = DEMO_DEVICES.find((d) => d.sn === 'GAS-LK-E-F')!;
    expect(face.thresholds).toEqual(defaultThresholdsFor('gas', demoFace.gases));
    expect(devices.find((d) => d.sn === 'TC-01')!.thresholds).toEqual(defaultThresholdsFor('towerCrane'));
  });

  it('makes admin a member of both projects and the bridge user of the bridge project only', async () => {
    const rows = await database.db.selectFrom('memberships').select(['username', 'project_id']).orderBy('username').orderBy('project_id').execute();
    expect(rows).toEqual([
      { username: ADMIN_USERNAME, project_id: OTHER_PROJECT.projectId },
      { username: ADMIN_USERNAME, project_id: DEMO_PROJECT.projectId },
      { username: BRIDGE_USER.username, project_id: OTHER_PROJECT.projectId },
    ]);
  });

  it('stores the demo live board as a valid board, released once, in the default language zh-CN', async () => {
    const row = await database.db.selectFrom('boards').selectAll().where('board_id', '=', 'demo-live').executeTakeFirstOrThrow();
    const zh = demoNames('zh-CN').board;
    expect(toBoard(row)).toEqual(zh);
    expect(zh).toMatchObject({ ...DEMO_BOARD, name: '隧道实时看板', pages: [expect.objectContaining({ name: '实时' })] });
    expect(zh.pages[0].panels.map((p) => p.title)).toEqual(['一览', '洞内人员', '左线进口掌子面：气体趋势', '气体测点', '1号塔吊', '告警']);
    const release = await database.db.selectFrom('board_releases').selectAll().where('board_id', '=', 'demo-live').executeTakeFirstOrThrow();
    expect(release).toMatchObject({ release_no: 1, version: zh.version, name: zh.name });
  });

  it('names the project, tunnels, headings, stations and devices in Chinese, with the same ids and sns', async () => {
    const project = await database.db.selectFrom('projects').select('name').where('project_id', '=', DEMO_PROJECT.projectId).executeTakeFirstOrThrow();
    expect(project.name).toBe('云岭双线隧道');
    const tunnels = await database.db.selectFrom('tunnels').select(['tunnel_id', 'name']).orderBy('tunnel_id').execute();
    expect(tunnels.map((t) => [t.tunnel_id, t.name])).toEqual([
      ['LK', '左线'],
      ['RK', '右线'],
    ]);
    const devices = await database.db.selectFrom('devices').select(['sn', 'name', 'position']).where('project_id', '=', DEMO_PROJECT.projectId).execute();
    expect(devices.map((d) => d.sn).sort()).toEqual(DEMO_DEVICES.map((d) => d.sn).sort());
    const bySn = new Map(devices.map((d) => [d.sn, d]));
    expect(bySn.get('GAS-LK-E-F')).toMatchObject({ name: 'LK-E 掌子面', position: '左线进口工区，掌子面' });
    expect(bySn.get('TC-01')).toMatchObject({ name: '1号塔吊（进口场地）' });
    expect(bySn.get('BC0001')!.name).toBe('王伟');
    // nothing left in English (ids and sns aside)
    for (const d of devices) expect(`${d.name} ${d.position}`.replace(/[A-Z]+-?[A-Z0-9-]*/g, '')).not.toMatch(/[a-z]{3,}/);
  });

  it('does nothing the second time: no reseed, no new password, edits kept', async () => {
    await database.db.updateTable('boards').set({ name: 'Renamed' }).where('board_id', '=', 'demo-live').execute();
    const before = await database.db.selectFrom('projects').select('mqtt_password').orderBy('project_id').execute();
    printed = '';
    const again = await seedIfEmpty(database.db, { adminPassword: null }, quiet, (t) => (printed += t));
    expect(again.seeded).toBe(false);
    expect(printed).toBe('');
    expect(await database.db.selectFrom('projects').select('mqtt_password').orderBy('project_id').execute()).toEqual(before);
    const board = await database.db.selectFrom('boards').select('name').where('board_id', '=', 'demo-live').executeTakeFirstOrThrow();
    expect(board.name).toBe('Renamed');
  });

  it('with the simulator, prints the demo user\'s random password once, and it logs in', async () => {
    const match = /demo user bridge password: (\S+)/.exec(printed + firstPrinted);
    expect(match).not.toBeNull();
    const bridge = await database.db.selectFrom('users').select('password_hash').where('username', '=', BRIDGE_USER.username).executeTakeFirstOrThrow();
    expect(await verifyPassword(match![1], bridge.password_hash)).toBe(true);
    expect(await verifyPassword('bridge-demo-1', bridge.password_hash)).toBe(false);
  });

  it('without the simulator creates no demo user: admin is the only account (docs/operations.md "First day")', async () => {
    const other = await openDatabase({ dataDir: 'memory://', databaseUrl: null });
    try {
      let out = '';
      await seedIfEmpty(other.db, { adminPassword: null, simulator: false, demoPassword: null }, quiet, (t) => (out += t));
      const users = await other.db.selectFrom('users').select('username').execute();
      expect(users.map((u) => u.username)).toEqual([ADMIN_USERNAME]);
      expect(out).not.toMatch(/demo user/);
    } finally {
      await other.close();
    }
  }, 60_000);

  it('replaces the demo password printed in older docs on an existing installation, once', async () => {
    await database.db.updateTable('users').set({ password_hash: await hashPassword('bridge-demo-1') }).where('username', '=', BRIDGE_USER.username).execute();
    let out = '';
    expect(await retireDocumentedDemoPassword(database.db, {}, quiet, (t) => (out += t))).toBe(true);
    const match = /demo user bridge password: (\S+)/.exec(out);
    const bridge = await database.db.selectFrom('users').select('password_hash').where('username', '=', BRIDGE_USER.username).executeTakeFirstOrThrow();
    expect(await verifyPassword('bridge-demo-1', bridge.password_hash)).toBe(false);
    expect(await verifyPassword(match![1], bridge.password_hash)).toBe(true);
    expect(await retireDocumentedDemoPassword(database.db, {}, quiet, (t) => (out += t))).toBe(false);
  });

  it('prints nothing when ADMIN_PASSWORD is configured', async () => {
    const other = await openDatabase({ dataDir: 'memory://', databaseUrl: null });
    try {
      let out = '';
      await seedIfEmpty(other.db, { adminPassword: 'configured-pw', seedLocale: 'en' }, quiet, (t) => (out += t));
      expect(out).toBe('');
      // SEED_LOCALE en: the English names of demoProject.ts and demoBoard.ts
      const project = await other.db.selectFrom('projects').select('name').where('project_id', '=', DEMO_PROJECT.projectId).executeTakeFirstOrThrow();
      expect(project.name).toBe(DEMO_PROJECT.name);
      const board = await other.db.selectFrom('boards').selectAll().where('board_id', '=', 'demo-live').executeTakeFirstOrThrow();
      expect(toBoard(board)).toEqual(DEMO_BOARD);
      const admin = await other.db.selectFrom('users').select('password_hash').where('username', '=', ADMIN_USERNAME).executeTakeFirstOrThrow();
      expect(await verifyPassword('configured-pw', admin.password_hash)).toBe(true);
    } finally {
      await other.close();
    }
  }, 60_000);
});

describe('DEMO_BOARD and BRIDGE_BOARD', () => {
  it('are valid 1920×1080 boards with their panels inside the page, none overlapping, together using every built-in panel type but the elevator’s', () => {
    const types = new Set<string>();
    for (const demo of [DEMO_BOARD, BRIDGE_BOARD]) {
      const board = boardSchema.parse(demo);
      expect(board.layout).toMatchObject({ pageWidth: 1920, pageHeight: 1080, pageSwitchModel: 1, wholeTips: 0, pageTips: 0 });
      const panels = board.pages[0].panels;
      for (const p of panels) {
        types.add(p.type);
        expect(p.x >= 0 && p.y >= 0 && p.x + p.w <= 1920 && p.y + p.h <= 1080).toBe(true);
      }
      for (const a of panels) {
        for (const b of panels) {
          if (a === b) continue;
          const overlap = a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
          expect(overlap, `${a.panelId} overlaps ${b.panelId}`).toBe(false);
        }
      }
    }
    // The elevator is the tunnel's (its shaft); its panel is on the tunnel-equipment template. The tunnel
    // progress, plan, process and vehicle panels are on the tunnel-progress template, the environment panels on
    // the data-driven board and the site-environment template, the attendance panels on the attendance template,
    // the video panel on the video one and the project home's panels and the inspections panel on the project-home one; the portal counts
    // are in the catalogue only (the tunnel template has no room left).
    const elsewhere = new Set(['portalCounts', 'constructionElevator', 'tunnelProgress', 'progressFigures', 'tunnelPlan', 'processStage', 'cycleTimeline', 'cycleAnalysis', 'cycleTrend', 'environmentNow', 'airQualityTrend', 'environmentWeek', 'noiseDayNight', 'weather', 'sprayState', 'vehiclesInTunnel', 'labourCount', 'companyAttendance', 'video', 'projectSummary', 'keyProgress', 'homeStatistics', 'latestEvents', 'inspections']);
    expect([...types].sort()).toEqual(BUILTIN_PANEL_TYPES.filter((t) => !elsewhere.has(t)).sort());
    expect(BRIDGE_BOARD.projectId).toBe(OTHER_PROJECT.projectId);
  });
});
