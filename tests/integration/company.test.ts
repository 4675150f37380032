import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MqttClient } from 'mqtt';
import { ADMIN, beijingDayStart, COMPANY, DEVICES, EVENTS, TUNNEL, type DeviceKey, type CompanyProject, type CompanyStatistic, type ProjectDetails, type TunnelProgressAt } from '../../protocol';
import type { RunningServer } from '../../server/app';
import { DEMO_PROJECT, OTHER_PROJECT } from '../../server/seed';
import { insertGatePass } from '../../server/storage';
import type { ApiClient, ApiResponse } from '../helpers/apiClient';
import { connectDevice } from '../helpers/devices';
import { eventually } from '../helpers/eventually';
import { loggedInClient, startTestServer } from '../helpers/testServer';

/**
 * The company homepage against the real server (docs/api.md "Company homepage"): each user sees the projects
 * of their own organisations only, and the figures are those of the seeded alarms, gate passes and bores.
 */
describe('company homepage', () => {
  const PASSWORD = 'company-pass-42';
  const DEMO = DEMO_PROJECT.projectId;
  const BRIDGE = OTHER_PROJECT.projectId;
  const RIVAL = 'rival-road';
  let server: RunningServer;
  let admin: ApiClient;
  let cora: ApiClient; // viewer of the demo tunnel (organisation co-demo)
  let rex: ApiClient; // administrator of the rival road (organisation rival)
  let device: MqttClient | undefined;

  const ok = async <T>(client: ApiClient, route: string, body: unknown): Promise<T> => {
    const r = await client.post<T>(route, body);
    if (!r.body.success) throw new Error(`${route}: ${r.body.errorCode} ${r.body.errorMessage}`);
    return r.body.data as T;
  };
  /** The error code of a refused answer (null when it succeeded). */
  const errorCode = (r: ApiResponse<unknown>) => (r.body.success ? null : r.body.errorCode);
  const projects = (client: ApiClient, body: object = {}) => ok<CompanyProject[]>(client, COMPANY.project.path, body);
  const statistic = (client: ApiClient, body: object = {}) => ok<CompanyStatistic>(client, COMPANY.statistic.path, body);

  async function insertAlarm(projectId: string, dealStatus: number): Promise<void> {
    await server.db
      .insertInto('alarms')
      .values({
        project_id: projectId,
        device_sn: `GAS-${projectId}`,
        device_kind: 'gas',
        device_name: 'face station',
        kind: 'threshold',
        level: 'alarm',
        metric: 'CO',
        value: 31,
        threshold: 24,
        unit: 'ppm',
        raised_at_ms: Date.now(),
        cleared_at_ms: null,
        state: 'active',
        deal_status: dealStatus,
        deal_remark: null,
        dealt_by: null,
        dealt_at_ms: null,
        pic_url: null,
      })
      .execute();
  }

  beforeAll(async () => {
    server = await startTestServer();
    admin = await loggedInClient(server.url);
    await ok(admin, ADMIN.orgAdd.path, { coId: 'rival', name: 'Rival Builders' });
    await ok(admin, ADMIN.projectAdd.path, { coId: 'rival', projectId: RIVAL, name: 'Rival ring road', projectType: 'road', latitude: 30.57, longitude: 104.07, projectState: 'preparing' });
    for (const u of ['cora', 'rex']) await ok(admin, ADMIN.userAdd.path, { username: u, displayName: u, password: PASSWORD, temporary: false });
    await ok(admin, ADMIN.memberSet.path, { projectId: DEMO, username: 'cora', role: 'viewer' });
    await ok(admin, ADMIN.memberSet.path, { projectId: RIVAL, username: 'rex', role: 'orgAdmin' });
    [cora, rex] = await Promise.all([loggedInClient(server.url, 'cora', PASSWORD), loggedInClient(server.url, 'rex', PASSWORD)]);
    // open alarms: two in the demo tunnel (and one handled, not counted), one on the rival road
    await insertAlarm(DEMO, 0);
    await insertAlarm(DEMO, 0);
    await insertAlarm(DEMO, 1);
    await insertAlarm(RIVAL, 0);
    // gate passes: w1 (twice) and w2 today in Beijing time, w3 only yesterday
    const today = beijingDayStart(Date.now());
    const pass = (personId: string, passKey: string, tsMs: number) => insertGatePass(server.db, { projectId: DEMO, gateSn: 'GATE-1', passKey, personId, direction: 'in', tsMs, receivedMs: tsMs });
    await pass('w1', 'a', today + 1);
    await pass('w1', 'b', today + 2);
    await pass('w2', 'c', today + 3);
    await pass('w3', 'd', today - 60_000);
  }, 60_000);
  afterAll(async () => {
    await device?.endAsync();
    await server?.close();
  });

  it('shows each user the projects of their own organisation only', async () => {
    expect((await projects(cora)).map((p) => p.projectId)).toEqual([DEMO]);
    expect((await projects(rex)).map((p) => p.projectId)).toEqual([RIVAL]);
    expect((await projects(admin)).map((p) => p.projectId)).toEqual([DEMO, BRIDGE, RIVAL]);
    expect((await projects(admin, { coId: 'rival' })).map((p) => p.projectId)).toEqual([RIVAL]);
    // asking for another organisation shows nothing of it
    expect(await projects(rex, { coId: DEMO_PROJECT.coId })).toEqual([]);
    expect((await statistic(rex)).openAlarms).toBe(1);
    expect((await statistic(cora)).projectCount).toBe(1);
  });

  it('sums the seeded projects by type and state, open alarms and people through the gates today', async () => {
    const s = await statistic(admin);
    expect(s.projectCount).toBe(3);
    expect(s.byType).toEqual([
      { key: 'tunnel', count: 1 },
      { key: 'bridge', count: 1 },
      { key: 'road', count: 1 },
    ]);
    expect(s.byState).toEqual([
      { key: 'preparing', count: 1 },
      { key: 'underConstruction', count: 2 },
      { key: 'suspended', count: 0 },
      { key: 'completed', count: 0 },
    ]);
    expect(s.openAlarms).toBe(3);
    expect(s.projectsWithAlarms).toBe(2);
    expect(s.peopleOnSiteToday).toBe(2);
  });

  it('counts safe days as the project home does: since the last recordable accident, else since the start, else unknown', async () => {
    const before = await projects(admin);
    // the demo's seeded event book has a recordable accident 187 days ago; the bridge has only a start date
    expect(before.find((p) => p.projectId === DEMO)?.safeDays).toBe(187);
    expect(before.find((p) => p.projectId === BRIDGE)?.safeDays).toBeGreaterThan(187);
    expect(before.find((p) => p.projectId === RIVAL)?.safeDays).toBeNull();
    expect((await statistic(admin)).safeDays).toBe(187);

    const accidentAt = beijingDayStart(Date.now()) - 2 * 86_400_000 + 10 * 3_600_000;
    await ok(admin, EVENTS.add.path, { projectId: BRIDGE, occurredAtMs: accidentAt, kind: 'incident', recordable: true, title: 'Fall from the pier formwork' });
    expect((await projects(admin)).find((p) => p.projectId === BRIDGE)?.safeDays).toBe(2);
    expect((await statistic(admin)).safeDays).toBe(2);
    expect((await statistic(cora)).safeDays).toBe(187);
  });

  it('lists each project with its place and key figures, progress from the bores as the tunnel screen shows it', async () => {
    const list = await projects(admin);
    const demo = list.find((p) => p.projectId === DEMO);
    expect(demo).toMatchObject({ projectType: 'tunnel', projectState: 'underConstruction', latitude: DEMO_PROJECT.latitude, longitude: DEMO_PROJECT.longitude, openAlarms: 2, peopleOnSiteToday: 2 });
    const bores = await ok<TunnelProgressAt[]>(admin, TUNNEL.progressFigures.path, { projectId: DEMO });
    const design = bores.reduce((a, b) => a + b.figures.lengthM, 0);
    const excavated = bores.reduce((a, b) => a + Math.min(b.figures.lengthM, b.figures.total.faceM), 0);
    expect(demo?.progressPct).toBeGreaterThan(0);
    expect(demo?.progressPct).toBeCloseTo((excavated / design) * 100, 0);
    expect(list.find((p) => p.projectId === BRIDGE)).toMatchObject({ projectType: 'bridge', progressPct: null, openAlarms: 0, peopleOnSiteToday: 0 });
    expect(list.find((p) => p.projectId === RIVAL)).toMatchObject({ projectType: 'road', projectState: 'preparing', latitude: 30.57, openAlarms: 1 });
  });

  it('answers the external project link an administrator set, to members of the project only', async () => {
    const none = await rex.post(COMPANY.glodonProjectUrl.path, { projectId: RIVAL, mid: 'rex' });
    expect(errorCode(none)).toBe('NOT_FOUND');
    const refused = await rex.post(ADMIN.projectEdit.path, { projectId: RIVAL, glodonProjectUrl: 'javascript:alert(1)' });
    expect(errorCode(refused)).toBe('VALIDATION');
    const edited = await ok<ProjectDetails>(rex, ADMIN.projectEdit.path, { projectId: RIVAL, glodonProjectUrl: 'https://bim.example.com/project/42' });
    expect(edited.glodonProjectUrl).toBe('https://bim.example.com/project/42');
    expect(await ok<string>(rex, COMPANY.glodonProjectUrl.path, { projectId: RIVAL, mid: 'rex' })).toBe('https://bim.example.com/project/42');
    expect((await projects(rex))[0].hasExternalUrl).toBe(true);
    expect(errorCode(await cora.post(COMPANY.glodonProjectUrl.path, { projectId: RIVAL }))).toBe('FORBIDDEN');
  });
  it('counts a registered person whose beacon is seen today among the people on site, once beside the gates', async () => {
    const peopleToday = async () => (await projects(admin)).find((p) => p.projectId === DEMO)!.peopleOnSiteToday;
    const before = await peopleToday();
    const key = await ok<DeviceKey>(admin, DEVICES.deviceKey.path, { projectId: DEMO });
    device = await connectDevice(server.mqttPort!, key);
    // BC0002 is worn by P-BC0002 (the demo register), who passed no gate today
    await device.publishAsync(`zhgd/${DEMO}/beacon/BC0002/telemetry`, JSON.stringify({ ts: Date.now(), tunnelId: 'LK', chainageM: 420, battery: 80, sos: false }), { qos: 1 });
    await eventually(async () => (await peopleToday()) === before + 1, 10_000, 'the beacon wearer counted');
    // the same person through a gate is still one person
    await insertGatePass(server.db, { projectId: DEMO, gateSn: 'GATE-1', passKey: 'e', personId: 'P-BC0002', direction: 'in', tsMs: Date.now(), receivedMs: Date.now() });
    expect(await peopleToday()).toBe(before + 1);
  });
});
