import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import mqtt from 'mqtt';
import { io as connectSocket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALARMS, AUTH, BOARDS, DEAL_MESSAGES, DEVICES, HISTORY, OPERATIONS, type Alarm, type AlarmPage, type Board, type BoardList, type DeviceInfo, type DeviceKey, type IngestStats, type SessionUser, type TelemetryHistory, type TunnelInfo } from '../../protocol';
import type { RunningServer } from '../../server/app';
import { BRIDGE_DEVICES, DEMO_DEVICES, DEMO_PROJECT, OTHER_PROJECT } from '../../server/seed';
import { ApiClient } from '../helpers/apiClient';
import { loggedInClient, startServerWithUsers, startTestServer, TEST_ADMIN_PASSWORD } from '../helpers/testServer';

const demo = DEMO_PROJECT.projectId;

/** Inserts an untreated active alarm straight into the database (as the rules engine would). */
async function insertAlarm(server: RunningServer, projectId = demo, sn = 'GAS-LK-E-F'): Promise<number> {
  const row = await server.db
    .insertInto('alarms')
    .values({
      project_id: projectId,
      device_sn: sn,
      device_kind: 'gas',
      device_name: 'LK-E face',
      kind: 'threshold',
      level: 'alarm',
      metric: 'CO',
      value: 31,
      threshold: 24,
      unit: 'ppm',
      raised_at_ms: Date.now(),
      cleared_at_ms: null,
      state: 'active',
      deal_status: 0,
      deal_remark: null,
      dealt_by: null,
      dealt_at_ms: null,
      pic_url: null,
    })
    .returning('alarm_id')
    .executeTakeFirstOrThrow();
  return Number(row.alarm_id);
}

describe('REST API against the real server', () => {
  let server: RunningServer;
  let admin: ApiClient;
  let bridge: ApiClient;

  beforeAll(async () => {
    ({ server, admin, bridge } = await startServerWithUsers());
  });
  afterAll(() => server?.close());

  describe('auth', () => {
    it('logs in with a session cookie that scripts cannot read', async () => {
      const c = new ApiClient(server.url);
      const r = await c.post<SessionUser>(AUTH.login.path, { username: 'admin', password: TEST_ADMIN_PASSWORD });
      expect(r.status).toBe(200);
      expect(r.body.success).toBe(true);
      expect(r.body.data).toMatchObject({ username: 'admin', isAdmin: true, projectId: demo, coId: DEMO_PROJECT.coId });
      expect(r.body.data!.projects.map((p) => p.projectId)).toEqual([demo, OTHER_PROJECT.projectId]);
      expect(r.setCookie).toMatch(/^sb_session=[A-Za-z0-9_-]{43};/);
      expect(r.setCookie).toMatch(/HttpOnly/i);
      expect(r.setCookie).toMatch(/SameSite=Lax/i);
      expect(r.setCookie).toMatch(/Path=\//);
    });

    it('refuses a wrong password and an unknown user with the same answer', async () => {
      for (const body of [
        { username: 'admin', password: 'wrong-password' },
        { username: 'nobody', password: 'whatever' },
      ]) {
        const c = new ApiClient(server.url);
        const r = await c.post(AUTH.login.path, body);
        expect(r.status).toBe(401);
        expect(r.body).toMatchObject({ success: false, data: null, errorCode: 'INVALID_CREDENTIALS', errorMessage: 'Invalid username or password' });
        expect(r.setCookie).toBeNull();
      }
    });

    it('answers me with the session user, and UNAUTHENTICATED without a session', async () => {
      const r = await admin.post<SessionUser>(AUTH.me.path);
      expect(r.body.data?.username).toBe('admin');
      const anonymous = await new ApiClient(server.url).post(AUTH.me.path, {});
      expect(anonymous.status).toBe(401);
      expect(anonymous.body).toMatchObject({ success: false, errorCode: 'UNAUTHENTICATED' });
    });

    it('logs out: the cookie is cleared and the old token no longer works', async () => {
      const c = await loggedInClient(server.url);
      const token = c.cookie;
      const r = await c.post(AUTH.logout.path);
      expect(r.body.success).toBe(true);
      expect(c.cookie).toBeNull();
      c.cookie = token;
      expect((await c.post(AUTH.me.path)).body.errorCode).toBe('UNAUTHENTICATED');
    });
  });

  describe('envelopes for every failure', () => {
    it('answers an unknown route with a NOT_FOUND envelope', async () => {
      const r = await admin.post('/zhgd/no/such/route', {});
      expect(r.status).toBe(404);
      expect(r.body).toMatchObject({ success: false, data: null, errorCode: 'NOT_FOUND' });
      const get = await fetch(`${server.url}${DEVICES.deviceList.path}`);
      expect(get.status).toBe(404);
      expect(await get.json()).toMatchObject({ success: false, errorCode: 'NOT_FOUND' });
    });

    it('answers malformed JSON and schema errors with VALIDATION naming the field', async () => {
      const bad = await fetch(`${server.url}${DEVICES.deviceList.path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: admin.cookie! },
        body: '{"projectId":',
      });
      expect(bad.status).toBe(400);
      expect(await bad.json()).toMatchObject({ success: false, errorCode: 'VALIDATION' });

      const missing = await admin.post(DEVICES.deviceList.path, {});
      expect(missing.status).toBe(400);
      expect(missing.body).toMatchObject({ success: false, errorCode: 'VALIDATION', errorMessage: 'projectId: required' });

      const wrongKind = await admin.post(DEVICES.deviceList.path, { projectId: demo, kind: 'toaster' });
      expect(wrongKind.body.errorMessage).toMatch(/^kind: /);
    });
  });

  describe('devices, tunnels, boards', () => {
    it('lists the demo fleet with thresholds, filtered by kind', async () => {
      const all = await admin.post<DeviceInfo[]>(DEVICES.deviceList.path, { projectId: demo });
      expect(all.body.data).toHaveLength(DEMO_DEVICES.length);
      const gas = await admin.post<DeviceInfo[]>(DEVICES.deviceList.path, { projectId: demo, kind: 'gas' });
      expect(gas.body.data!.length).toBe(DEMO_DEVICES.filter((d) => d.kind === 'gas').length);
      const face = gas.body.data!.find((d) => d.sn === 'GAS-LK-E-F')!;
      expect(face).toMatchObject({ kind: 'gas', tunnelId: 'LK', reportPeriodS: 10 });
      expect(face.thresholds.map((t) => t.metric)).toContain('CO');
    });

    it('merges live state: a device that just published shows as seen with its latest values', async () => {
      const key = await admin.post<DeviceKey>(DEVICES.deviceKey.path, { projectId: demo });
      const client = await mqtt.connectAsync(`mqtt://127.0.0.1:${server.mqttPort}`, {
        username: key.body.data!.username,
        password: key.body.data!.password,
        reconnectPeriod: 0,
      });
      try {
        await client.publishAsync(
          `zhgd/${demo}/gas/GAS-LK-X-F/telemetry`,
          JSON.stringify({ ts: Date.now(), readings: { CO: 4.5, O2: 20.9 } }),
          { qos: 1 },
        );
      } finally {
        await client.endAsync();
      }
      let device: DeviceInfo | undefined;
      for (let i = 0; i < 50 && !device?.lastSeenMs; i++) {
        if (i > 0) await new Promise((r) => setTimeout(r, 100));
        const r = await admin.post<DeviceInfo[]>(DEVICES.deviceList.path, { projectId: demo, kind: 'gas' });
        device = r.body.data!.find((d) => d.sn === 'GAS-LK-X-F');
      }
      expect(device?.lastSeenMs).toBeGreaterThan(0);
      expect(device?.latest).toMatchObject({ CO: 4.5, O2: 20.9 });
      expect(device?.status).toBe('online');
    });

    it('lists the tunnels with their headings', async () => {
      const r = await admin.post<TunnelInfo[]>(DEVICES.tunnelList.path, { projectId: demo });
      expect(r.body.data!.map((t) => t.tunnelId)).toEqual(['LK', 'RK']);
      expect(r.body.data![0].headings).toHaveLength(2);
    });

    it('lists boards as docs/api.md "Board server" has it: result "0" and data.board[] with boardId', async () => {
      const r = await admin.post<BoardList>(BOARDS.boardList.path, { projectId: demo, dataRange: 2 });
      expect(r.body.success).toBe(true);
      expect(r.body.data!.result).toBe('0');
      expect(r.body.data!.board).toEqual([{ boardId: 'demo-live', name: 'Tunnel live board', version: 1, releaseState: 'live', releaseNo: 1 }]);
    });

    it('opens a board screen with its layout and panels', async () => {
      const r = await admin.post<Board>(BOARDS.boardScreen.path, { boardId: 'demo-live' });
      expect(r.body.data!.layout).toMatchObject({ pageWidth: 1920, pageHeight: 1080 });
      expect(r.body.data!.pages[0].panels.map((p) => p.type)).toEqual(['headline', 'tunnelPersonnel', 'gasTrend', 'gasTable', 'towerCrane', 'alarmFeed']);
      const missing = await admin.post(BOARDS.boardScreen.path, { boardId: 'nope' });
      expect(missing.status).toBe(404);
      expect(missing.body.errorCode).toBe('NOT_FOUND');
    });
  });

  describe('alarms', () => {
    it('lists alarms newest first, with afterId catch-up and paging', async () => {
      const a = await insertAlarm(server);
      const b = await insertAlarm(server);
      const page = await admin.post<AlarmPage>(ALARMS.alarmList.path, { projectId: demo, pageSize: 1 });
      expect(page.body.data!.list.map((x) => x.alarmId)).toEqual([b]);
      expect(page.body.data!.total).toBeGreaterThanOrEqual(2);
      const after = await admin.post<AlarmPage>(ALARMS.alarmList.path, { projectId: demo, afterId: a });
      expect(after.body.data!.list.map((x) => x.alarmId)).toEqual([b]);
    });

    it('refuses handling without status or remark with the messages of docs/product.md "Validation and display", changing nothing', async () => {
      const id = await insertAlarm(server);
      const noStatus = await admin.post(ALARMS.alarmDeal.path, { alarmId: id, dealRemark: 'checked' });
      expect(noStatus.status).toBe(400);
      expect(noStatus.body).toMatchObject({ errorCode: 'VALIDATION' });
      expect(noStatus.body.errorMessage).toContain(DEAL_MESSAGES.status);
      const noRemark = await admin.post(ALARMS.alarmDeal.path, { alarmId: id, dealStatus: 1, dealRemark: ' ' });
      expect(noRemark.body.errorMessage).toContain(DEAL_MESSAGES.remark);
      const row = await server.db.selectFrom('alarms').select('deal_status').where('alarm_id', '=', id).executeTakeFirstOrThrow();
      expect(row.deal_status).toBe(0);
    });

    it('handles an alarm once, records who and when, and pushes it to live subscribers', async () => {
      const id = await insertAlarm(server);
      const socket = connectSocket(server.url, { transports: ['websocket'], extraHeaders: { cookie: admin.cookie! }, reconnection: false });
      try {
        const ack = await socket.timeout(10_000).emitWithAck('topic.subscribe', { projectId: demo, topic: 'alarm' });
        expect(ack).toEqual({ ok: true });
        const pushed = new Promise<Alarm>((resolve) => socket.on('alarm.changed', (a: Alarm) => a.alarmId === id && resolve(a)));

        const r = await admin.post<Alarm>(ALARMS.alarmDeal.path, { alarmId: id, dealStatus: 2, dealRemark: 'dust on the sensor' });
        expect(r.body.data).toMatchObject({ alarmId: id, dealStatus: 2, dealRemark: 'dust on the sensor', dealtBy: 'admin' });
        expect(r.body.data!.dealtAtMs).toBeGreaterThan(0);
        expect((await pushed).dealStatus).toBe(2);
      } finally {
        socket.disconnect();
      }

      const again = await admin.post(ALARMS.alarmDeal.path, { alarmId: id, dealStatus: 1, dealRemark: 'second try' });
      expect(again.status).toBe(409);
      expect(again.body.errorCode).toBe('CONFLICT');
      const missing = await admin.post(ALARMS.alarmDeal.path, { alarmId: 99_999_999, dealStatus: 1, dealRemark: 'x' });
      expect(missing.body.errorCode).toBe('NOT_FOUND');
    });
  });

  describe('telemetry and ingest', () => {
    it('returns history column-wise, ts ascending, absent metrics as null', async () => {
      const t0 = 1_800_000_000_000;
      await server.db
        .insertInto('telemetry')
        .values([
          { project_id: demo, sn: 'GAS-RK-E-F', ts_ms: t0 + 2000, values: JSON.stringify({ CO: 3 }) },
          { project_id: demo, sn: 'GAS-RK-E-F', ts_ms: t0, values: JSON.stringify({ CO: 1, O2: 20.9 }) },
          { project_id: demo, sn: 'GAS-RK-E-F', ts_ms: t0 + 1000, values: JSON.stringify({ CO: 2, O2: 20.8 }) },
          { project_id: OTHER_PROJECT.projectId, sn: 'GAS-RK-E-F', ts_ms: t0, values: JSON.stringify({ CO: 99 }) },
        ])
        .execute();
      const r = await admin.post<TelemetryHistory>(HISTORY.telemetryHistory.path, {
        projectId: demo,
        sns: ['GAS-RK-E-F', 'NOPE'],
        fromMs: t0,
        toMs: t0 + 5000,
        metrics: ['CO', 'O2'],
      });
      expect(r.body.data!.series).toEqual([
        { sn: 'GAS-RK-E-F', ts: [t0, t0 + 1000, t0 + 2000], values: { CO: [1, 2, 3], O2: [20.9, 20.8, null] }, truncated: false, readings: 3 },
        { sn: 'NOPE', ts: [], values: { CO: [], O2: [] }, truncated: false, readings: 0 },
      ]);
      const reversed = await admin.post(HISTORY.telemetryHistory.path, { projectId: demo, sns: ['GAS-RK-E-F'], fromMs: t0 + 1, toMs: t0 });
      expect(reversed.body).toMatchObject({ errorCode: 'VALIDATION', errorMessage: 'toMs: must not be before fromMs' });
    });

    it('shows ingest counters to administrators only', async () => {
      const r = await admin.post<IngestStats>(OPERATIONS.ingestStats.path);
      expect(r.body.data!.accepted).toBeGreaterThanOrEqual(0);
      expect(r.body.data!.rejected).toHaveProperty('schema');
      expect((await bridge.post(OPERATIONS.ingestStats.path)).body.errorCode).toBe('FORBIDDEN');
    });
  });

  describe('device key', () => {
    it('is for administrators only, and rotating changes the password', async () => {
      const refused = await bridge.post(DEVICES.deviceKey.path, { projectId: OTHER_PROJECT.projectId });
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({ success: false, data: null, errorCode: 'FORBIDDEN' });

      const key = await admin.post<DeviceKey>(DEVICES.deviceKey.path, { projectId: demo });
      expect(key.body.data!.username).toBe('dev-demo-tunnel');
      const rotated = await admin.post<DeviceKey>(DEVICES.deviceKey.path, { projectId: demo, rotate: true });
      expect(rotated.body.data!.password).not.toBe(key.body.data!.password);
      expect(rotated.body.data!.password).toHaveLength(24);
      const after = await admin.post<DeviceKey>(DEVICES.deviceKey.path, { projectId: demo });
      expect(after.body.data).toEqual(rotated.body.data);
    });
  });

  describe('project isolation', () => {
    it('refuses the bridge user every demo-tunnel route with FORBIDDEN and no data', async () => {
      const alarmId = await insertAlarm(server);
      const calls: Array<[string, unknown]> = [
        [DEVICES.deviceList.path, { projectId: demo }],
        [DEVICES.tunnelList.path, { projectId: demo }],
        [ALARMS.alarmList.path, { projectId: demo }],
        [ALARMS.alarmDeal.path, { alarmId, dealStatus: 1, dealRemark: 'not mine' }],
        [BOARDS.boardList.path, { projectId: demo }],
        [BOARDS.boardScreen.path, { boardId: 'demo-live' }],
        [HISTORY.telemetryHistory.path, { projectId: demo, sns: ['GAS-LK-E-F'], fromMs: 0, toMs: Date.now() }],
        [DEVICES.deviceKey.path, { projectId: demo }],
      ];
      for (const [route, body] of calls) {
        const r = await bridge.post(route, body);
        expect({ route, status: r.status, body: r.body }).toMatchObject({
          route,
          status: 403,
          body: { success: false, data: null, errorCode: 'FORBIDDEN' },
        });
      }
      const row = await server.db.selectFrom('alarms').select('deal_status').where('alarm_id', '=', alarmId).executeTakeFirstOrThrow();
      expect(row.deal_status).toBe(0);
    });

    it('lets the bridge user see their own project', async () => {
      const r = await bridge.post<DeviceInfo[]>(DEVICES.deviceList.path, { projectId: OTHER_PROJECT.projectId });
      expect(r.body).toMatchObject({ success: true });
      expect(r.body.data!.map((d) => d.sn).sort()).toEqual(BRIDGE_DEVICES.map((d) => d.sn).sort());
      const boards = await bridge.post<BoardList>(BOARDS.boardList.path, { projectId: OTHER_PROJECT.projectId });
      // Only the bridge project's own seeded board (server/seed/demoBoard.ts BRIDGE_BOARD), never the tunnel's.
      expect(boards.body.data!.board.map((b) => b.boardId)).toEqual(['bridge-live']);
    });
  });
});

describe('restart on a data directory', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'siteboard-restart-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('keeps data, sessions and credentials and does not seed again', async () => {
    const first = await startTestServer({ DATA_DIR: dir });
    const c = new ApiClient(first.url);
    let rotated: DeviceKey;
    let alarmId: number;
    try {
      await c.login('admin', TEST_ADMIN_PASSWORD);
      rotated = (await c.post<DeviceKey>(DEVICES.deviceKey.path, { projectId: demo, rotate: true })).body.data!;
      alarmId = await insertAlarm(first);
      await first.db.updateTable('boards').set({ name: 'Renamed board' }).where('board_id', '=', 'demo-live').execute();
    } finally {
      await first.close();
      await first.close(); // idempotent
    }

    // A different ADMIN_PASSWORD on restart does not reseed or reset the admin.
    const second = await startTestServer({ DATA_DIR: dir, ADMIN_PASSWORD: 'another-password' });
    try {
      const c2 = new ApiClient(second.url);
      c2.cookie = c.cookie; // the session survives the restart
      expect((await c2.post<SessionUser>(AUTH.me.path)).body.data?.username).toBe('admin');
      expect((await c2.post<DeviceKey>(DEVICES.deviceKey.path, { projectId: demo })).body.data).toEqual(rotated);
      const boards = await c2.post<BoardList>(BOARDS.boardList.path, { projectId: demo });
      expect(boards.body.data!.board).toEqual([{ boardId: 'demo-live', name: 'Renamed board', version: 1, releaseState: 'changed', releaseNo: 1 }]);
      const alarms = await c2.post<AlarmPage>(ALARMS.alarmList.path, { projectId: demo });
      expect(alarms.body.data!.list.map((a) => a.alarmId)).toContain(alarmId);
      const devices = await second.db.selectFrom('devices').select('sn').execute();
      expect(devices).toHaveLength(DEMO_DEVICES.length + BRIDGE_DEVICES.length);
      const fresh = new ApiClient(second.url);
      await fresh.login('admin', TEST_ADMIN_PASSWORD);
      expect((await fresh.post(AUTH.login.path, { username: 'admin', password: 'another-password' })).body.errorCode).toBe('INVALID_CREDENTIALS');
    } finally {
      await second.close();
    }
  });
});
