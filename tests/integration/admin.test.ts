import ExcelJS from 'exceljs';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, AUTH, BOARDS, DEVICES, IMPORT_COLUMNS, type AuditPage, type DeviceInfo, type DeviceKey, type ImportResult, type Member, type Organisation, type PasswordReset, type ProjectDetails, type RegistryDevice, type SessionUser, type UserInfo } from '../../protocol';
import type { RunningServer } from '../../server/app';
import { DEMO_PROJECT } from '../../server/seed';
import { ApiClient } from '../helpers/apiClient';
import { connectDevice } from '../helpers/devices';
import { eventually } from '../helpers/eventually';
import { loggedInClient, startTestServer } from '../helpers/testServer';

/** Administration routes against the real server (docs/api.md "Administration"). */
describe('administration', () => {
  let server: RunningServer;
  let admin: ApiClient;
  const mqttClients: MqttClient[] = [];

  beforeAll(async () => {
    server = await startTestServer();
    admin = await loggedInClient(server.url);
  }, 60_000);
  afterAll(async () => {
    await Promise.allSettled(mqttClients.map((c) => c.endAsync(true)));
    await server?.close();
  });

  const ok = async <T>(client: ApiClient, route: string, body: unknown): Promise<T> => {
    const r = await client.post<T>(route, body);
    if (!r.body.success) throw new Error(`${route}: ${r.body.errorCode} ${r.body.errorMessage}`);
    return r.body.data as T;
  };

  describe('organisations and projects', () => {
    it('creates an organisation and a project with details, its creator administers it, and archiving hides it', async () => {
      const org = await ok<Organisation>(admin, ADMIN.orgAdd.path, { coId: 'acme', name: 'ACME Tunnelling' });
      expect(org).toEqual({ coId: 'acme', name: 'ACME Tunnelling', logo: '', archived: false });
      expect((await admin.post(ADMIN.orgAdd.path, { coId: 'acme', name: 'Again' })).body.errorCode).toBe('CONFLICT');

      const p = await ok<ProjectDetails>(admin, ADMIN.projectAdd.path, {
        coId: 'acme',
        projectId: 'acme-north',
        name: 'North Tunnel',
        projectType: 'tunnel',
        location: 'Chongqing',
        latitude: 29.56,
        longitude: 106.55,
        contractor: 'ACME Civil',
        startDate: '2026-03-01',
        plannedEndDate: '2028-12-31',
        keyFigures: [{ label: 'Length', value: '4.2 km' }],
      });
      expect(p).toMatchObject({ projectId: 'acme-north', coName: 'ACME Tunnelling', role: 'orgAdmin', latitude: 29.56, keyFigures: [{ label: 'Length', value: '4.2 km' }] });
      const me = await ok<SessionUser>(admin, AUTH.me.path, {});
      expect(me.projects.find((x) => x.projectId === 'acme-north')).toMatchObject({ role: 'orgAdmin' });

      const edited = await ok<ProjectDetails>(admin, ADMIN.projectEdit.path, { projectId: 'acme-north', name: 'North Tunnel II', projectType: 'road' });
      expect(edited).toMatchObject({ name: 'North Tunnel II', projectType: 'road', contractor: 'ACME Civil' });
      expect((await admin.post(ADMIN.projectEdit.path, { projectId: 'acme-north', latitude: 91 })).body.errorCode).toBe('VALIDATION');

      await ok(admin, ADMIN.orgEdit.path, { coId: 'acme', name: 'ACME Group' });
      expect((await ok<ProjectDetails>(admin, ADMIN.projectDetails.path, { projectId: 'acme-north' })).coName).toBe('ACME Group');

      await ok(admin, ADMIN.projectArchive.path, { projectId: 'acme-north', archived: true });
      expect((await ok<SessionUser>(admin, AUTH.me.path, {})).projects.map((x) => x.projectId)).not.toContain('acme-north');
      expect((await ok<ProjectDetails[]>(admin, ADMIN.projectList.path, {})).map((x) => x.projectId)).not.toContain('acme-north');
      expect((await ok<ProjectDetails[]>(admin, ADMIN.projectList.path, { includeArchived: true })).map((x) => x.projectId)).toContain('acme-north');
      await ok(admin, ADMIN.projectArchive.path, { projectId: 'acme-north', archived: false });
      expect((await ok<SessionUser>(admin, AUTH.me.path, {})).projects.map((x) => x.projectId)).toContain('acme-north');
    });
  });

  describe('users and members', () => {
    it('creates a user who must change the first password, with the password rules', async () => {
      for (const password of ['short1', 'onlyletterslong', 'aliceIs12345']) {
        const r = await admin.post(ADMIN.userAdd.path, { username: 'alice', displayName: 'Alice', password });
        expect(r.body.errorCode, password).toBe('VALIDATION');
      }
      const u = await ok<UserInfo>(admin, ADMIN.userAdd.path, { username: 'alice', displayName: 'Alice', password: 'first-pass-2026' });
      expect(u).toMatchObject({ mustChangePassword: true, disabled: false, memberships: [] });
      await ok<Member>(admin, ADMIN.memberSet.path, { projectId: DEMO_PROJECT.projectId, username: 'alice', role: 'viewer' });

      const alice = await loggedInClient(server.url, 'alice', 'first-pass-2026');
      const me = await ok<SessionUser>(alice, AUTH.me.path, {});
      expect(me).toMatchObject({ mustChangePassword: true, role: 'viewer' });
      expect((await alice.post(BOARDS.boardList.path, { projectId: DEMO_PROJECT.projectId })).status).toBe(403);
      expect((await alice.post(AUTH.passwordChange.path, { currentPassword: 'wrong', newPassword: 'second-pass-2026' })).body.errorCode).toBe('VALIDATION');
      await ok(alice, AUTH.passwordChange.path, { currentPassword: 'first-pass-2026', newPassword: 'second-pass-2026' });
      expect((await alice.post(BOARDS.boardList.path, { projectId: DEMO_PROJECT.projectId })).status).toBe(200);
      // A viewer edits nothing.
      expect((await alice.post(BOARDS.systemStyleEdit.path, { projectId: DEMO_PROJECT.projectId, baseVersion: 0, title: 'x' })).status).toBe(403);
    });

    it('resets a password (sessions end, a new one at next login) and disables a user', async () => {
      await ok<UserInfo>(admin, ADMIN.userAdd.path, { username: 'bob', displayName: 'Bob', password: 'rainy-day-2026', temporary: false });
      await ok<Member>(admin, ADMIN.memberSet.path, { projectId: DEMO_PROJECT.projectId, username: 'bob', role: 'safetyOfficer' });
      const bob = await loggedInClient(server.url, 'bob', 'rainy-day-2026');
      expect((await bob.post(AUTH.me.path, {})).status).toBe(200);

      const reset = await ok<PasswordReset>(admin, ADMIN.userResetPassword.path, { username: 'bob' });
      expect((await bob.post(AUTH.me.path, {})).status).toBe(401);
      const bob2 = new ApiClient(server.url);
      await expect(bob2.login('bob', 'rainy-day-2026')).rejects.toThrow(/INVALID_CREDENTIALS/);
      await bob2.login('bob', reset.temporaryPassword);
      expect((await ok<SessionUser>(bob2, AUTH.me.path, {})).mustChangePassword).toBe(true);

      await ok(admin, ADMIN.userDisable.path, { username: 'bob', disabled: true });
      expect((await bob2.post(AUTH.me.path, {})).status).toBe(401);
      await expect(new ApiClient(server.url).login('bob', reset.temporaryPassword)).rejects.toThrow(/INVALID_CREDENTIALS/);
      expect((await admin.post(ADMIN.userDisable.path, { username: 'admin', disabled: true })).body.errorCode).toBe('VALIDATION');
      await ok(admin, ADMIN.userDisable.path, { username: 'bob', disabled: false });
      await new ApiClient(server.url).login('bob', reset.temporaryPassword);
    });

    it('keeps wall-screen roles to wall-screen accounts and a project with an administrator', async () => {
      await ok<UserInfo>(admin, ADMIN.userAdd.path, { username: 'wall-1', displayName: 'Office wall', password: 'wall-pass-2026', wallScreen: true });
      expect((await admin.post(ADMIN.memberSet.path, { projectId: DEMO_PROJECT.projectId, username: 'wall-1', role: 'viewer' })).body.errorCode).toBe('VALIDATION');
      // an installation administrator sees every account anyway: a name that is none is said to be none
      expect((await admin.post(ADMIN.memberSet.path, { projectId: DEMO_PROJECT.projectId, username: 'nobody-here', role: 'viewer' })).body).toMatchObject({ errorCode: 'NOT_FOUND', errorMessage: 'There is no user of that name' });
      await ok(admin, ADMIN.memberSet.path, { projectId: DEMO_PROJECT.projectId, username: 'wall-1', role: 'wallScreen' });
      const wall = await loggedInClient(server.url, 'wall-1', 'wall-pass-2026');
      expect(await ok<SessionUser>(wall, AUTH.me.path, {})).toMatchObject({ wallScreen: true, mustChangePassword: false, role: 'wallScreen' });
      const row = await server.db.selectFrom('sessions').select('expires_at_ms').where('username', '=', 'wall-1').executeTakeFirstOrThrow();
      expect(row.expires_at_ms).toBeGreaterThan(Date.now() + 365 * 24 * 3_600_000);

      expect((await admin.post(ADMIN.memberRemove.path, { projectId: DEMO_PROJECT.projectId, username: 'admin' })).body.errorCode).toBe('VALIDATION');
      const members = await ok<Member[]>(admin, ADMIN.memberList.path, { projectId: DEMO_PROJECT.projectId });
      expect(members.find((m) => m.username === 'admin')?.role).toBe('orgAdmin');
    });
  });

  describe('device registry', () => {
    const project = DEMO_PROJECT.projectId;

    it('adds, edits, moves and removes a device, refusing bad fields', async () => {
      const device = { sn: 'GAS-REG-1', kind: 'gas', name: 'Registry gas', station: 'face', reportPeriodS: 10, gases: ['CO', 'O2'] };
      await ok(admin, ADMIN.deviceAdd.path, { projectId: project, device });
      expect((await admin.post(ADMIN.deviceAdd.path, { projectId: project, device })).body.errorCode).toBe('CONFLICT');
      expect((await admin.post(ADMIN.deviceAdd.path, { projectId: project, device: { ...device, sn: 'bad/sn' } })).body.errorMessage).toMatch(/sn/);
      expect((await admin.post(ADMIN.deviceAdd.path, { projectId: project, device: { ...device, sn: 'X2', kind: 'toaster' } })).body.errorMessage).toMatch(/kind/);

      let list = await ok<RegistryDevice[]>(admin, ADMIN.deviceRegistryList.path, { projectId: project });
      expect(list.find((d) => d.sn === 'GAS-REG-1')).toMatchObject({ kind: 'gas', station: 'face', gases: ['CO', 'O2'], silent: true, lastSeenMs: null });

      await ok(admin, ADMIN.deviceEdit.path, { projectId: project, sn: 'GAS-REG-1', device: { name: 'Renamed', chainageM: 1200, tunnelId: 'LK' } });
      const infos = await ok<DeviceInfo[]>(admin, DEVICES.deviceList.path, { projectId: project });
      expect(infos.find((d) => d.sn === 'GAS-REG-1')).toMatchObject({ name: 'Renamed', tunnelId: 'LK' });

      await ok(admin, ADMIN.deviceMove.path, { projectId: project, sn: 'GAS-REG-1', toProjectId: 'demo-bridge' });
      list = await ok<RegistryDevice[]>(admin, ADMIN.deviceRegistryList.path, { projectId: 'demo-bridge' });
      expect(list.map((d) => d.sn)).toContain('GAS-REG-1');
      await ok(admin, ADMIN.deviceRemove.path, { projectId: 'demo-bridge', sns: ['GAS-REG-1'] });
      list = await ok<RegistryDevice[]>(admin, ADMIN.deviceRegistryList.path, { projectId: 'demo-bridge' });
      expect(list.map((d) => d.sn)).not.toContain('GAS-REG-1');
    });

    it('imports nothing from a file with a bad row and reports every bad row', async () => {
      const csv = [
        'sn,kind,name,station,reportPeriodS,gases',
        'GAS-IMP-1,gas,Import one,face,10,CO;O2',
        'GAS-IMP-2,toaster,Import two,face,10,',
        'GAS-IMP-3,gas,,face,abc,',
        'GAS-IMP-1,gas,Again,face,10,CO',
      ].join('\n');
      const r = await ok<ImportResult>(admin, ADMIN.deviceImport.path, { projectId: project, format: 'csv', contentBase64: Buffer.from(csv).toString('base64') });
      expect(r.imported).toBe(0);
      expect(r.problems.map((p) => [p.row, p.field])).toEqual([
        [3, 'kind'],
        [4, 'reportPeriodS'],
        [4, 'name'],
        [5, 'sn'],
      ]);
      const sns = (await ok<RegistryDevice[]>(admin, ADMIN.deviceRegistryList.path, { projectId: project })).map((d) => d.sn);
      expect(sns).not.toContain('GAS-IMP-1');
    });

    it('imports an xlsx list in one go, and a device publishing with the project credentials is no longer silent', async () => {
      const workbook = new ExcelJS.Workbook();
      const sheet = workbook.addWorksheet('Devices');
      sheet.addRow(['SN', 'Kind', 'Name', 'Station', 'Position', 'TunnelId', 'ChainageM', 'ReportPeriodS', 'Gases']);
      sheet.addRow(['GAS-X-1', 'gas', 'X one', 'face', 'North bore face', 'LK', 1200, 10, 'CO;O2']);
      sheet.addRow(['TC-X-1', 'towerCrane', 'Crane X', '', 'Yard', '', '', 2, '']);
      const content = Buffer.from(await workbook.xlsx.writeBuffer()).toString('base64');
      const dry = await ok<ImportResult>(admin, ADMIN.deviceImport.path, { projectId: project, format: 'xlsx', contentBase64: content, dryRun: true });
      expect(dry).toMatchObject({ imported: 2, created: 0, dryRun: true, problems: [] });
      const r = await ok<ImportResult>(admin, ADMIN.deviceImport.path, { projectId: project, format: 'xlsx', contentBase64: content });
      expect(r).toMatchObject({ imported: 2, created: 2, updated: 0, problems: [] });
      const again = await ok<ImportResult>(admin, ADMIN.deviceImport.path, { projectId: project, format: 'xlsx', contentBase64: content });
      expect(again).toMatchObject({ created: 0, updated: 2 });

      const key = await ok<DeviceKey>(admin, DEVICES.deviceKey.path, { projectId: project });
      const device = await connectDevice(server.mqttPort!, key);
      mqttClients.push(device);
      await device.publishAsync(`zhgd/${project}/gas/GAS-X-1/telemetry`, JSON.stringify({ ts: Date.now(), readings: { CO: 3, O2: 20.9 } }), { qos: 1 });
      const seen = await eventually(async () => {
        const list = await ok<RegistryDevice[]>(admin, ADMIN.deviceRegistryList.path, { projectId: project, silentOnly: true });
        return list.some((d) => d.sn === 'GAS-X-1') ? null : list;
      }, 10_000, 'GAS-X-1 to report');
      expect(seen.map((d) => d.sn)).toContain('TC-X-1');
    });

    it('hands out an empty import template whose filled-in copy imports as it is', async () => {
      const res = await fetch(`${server.url}${ADMIN.deviceImportTemplate.path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: admin.cookie! },
        body: JSON.stringify({ projectId: project, format: 'xlsx' }),
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-disposition')).toContain('.xlsx');
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(await res.arrayBuffer());
      const sheet = workbook.worksheets[0];
      expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual([...IMPORT_COLUMNS]);
      expect(sheet.actualRowCount).toBe(1);
      sheet.addRow(IMPORT_COLUMNS.map((c) => ({ sn: 'GAS-TPL-1', kind: 'gas', name: 'From the template', reportPeriodS: 10, gases: 'CO' })[c as string] ?? ''));
      const contentBase64 = Buffer.from(await workbook.xlsx.writeBuffer()).toString('base64');
      expect(await ok<ImportResult>(admin, ADMIN.deviceImport.path, { projectId: project, format: 'xlsx', contentBase64 })).toMatchObject({ created: 1, problems: [] });
      // a template without a session is refused like every administration route
      const anonymous = await fetch(`${server.url}${ADMIN.deviceImportTemplate.path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ projectId: project, format: 'csv' }) });
      expect(anonymous.status).toBe(401);
    });

    it('never counts a device of an event-only kind (a camera, a gate) as not reporting, and still counts a silent gas station', async () => {
      for (const [sn, kind] of [['CAM-EV-1', 'camera'], ['GATE-EV-1', 'gate'], ['GAS-EV-1', 'gas']]) {
        await ok(admin, ADMIN.deviceAdd.path, { projectId: project, device: { sn, kind, name: sn, station: '', position: '', reportPeriodS: 10, gases: kind === 'gas' ? ['CO'] : [] } });
      }
      const silent = (await ok<RegistryDevice[]>(admin, ADMIN.deviceRegistryList.path, { projectId: project, silentOnly: true })).map((d) => d.sn);
      expect(silent).toContain('GAS-EV-1');
      expect(silent).not.toContain('CAM-EV-1');
      expect(silent).not.toContain('GATE-EV-1');
    });
  });

  describe('audit log', () => {
    it('records logins, user and device changes and handled alarms, searchable and exportable, passwords left out', async () => {
      await new ApiClient(server.url).login('admin', 'wrong').catch(() => undefined);
      const page = await ok<AuditPage>(admin, ADMIN.auditList.path, { projectId: DEMO_PROJECT.projectId, limit: 500 });
      const actions = new Set(page.rows.map((r) => r.action));
      for (const a of ['login', 'login.failed', 'user.add', 'member.set', 'device.add', 'device.import', 'device.import.failed', 'user.resetPassword', 'password.change']) expect(actions, a).toContain(a);
      expect(page.rows.some((r) => r.detail.includes('first-pass-2026') || r.detail.includes('second-pass'))).toBe(false);

      const search = await ok<AuditPage>(admin, ADMIN.auditList.path, { projectId: DEMO_PROJECT.projectId, q: 'GAS-REG-1' });
      expect(search.rows.length).toBeGreaterThan(0);
      expect(search.rows.every((r) => `${r.target}${r.detail}`.includes('GAS-REG-1'))).toBe(true);

      // A project administrator who is not an installation administrator sees only the project's entries.
      const res = await fetch(`${server.url}${ADMIN.auditExport.path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: admin.cookie! },
        body: JSON.stringify({ projectId: DEMO_PROJECT.projectId, format: 'csv', action: 'device.add' }),
      });
      expect(res.status).toBe(200);
      const text = await res.text();
      expect(text.split('\r\n')[0]).toContain('action');
      expect(text).toContain('device.add');
      expect(text).not.toContain('login.failed');
    });
  });
});
