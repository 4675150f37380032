import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, ALARMS, DEVICES, OPERATIONS, TUNNEL, type AlarmPage, type AuditPage, type DeviceKey, type IngestStats, type ProgressEntry, type RockSegment, type TunnelInfo, type TunnelProgressAt } from '../../protocol';
import type { RunningServer } from '../../server/app';
import { DEMO_PROJECT } from '../../server/seed';
import type { ApiClient } from '../helpers/apiClient';
import { connectDevice } from '../helpers/devices';
import { eventually } from '../helpers/eventually';
import { loggedInClient, startTestServer } from '../helpers/testServer';

const demo = DEMO_PROJECT.projectId;

/**
 * Tunnel progress against the real server (docs/domain.md "Tunnel progress"): reports over HTTP, a process
 * device over MQTT, the step-distance warning, and the saved face across a restart. The demo's LK-E heading
 * (entry portal) starts with its face at 1262 m in grade IV rock, invert at 1235 m and lining at 1180 m.
 */
describe('tunnel progress', () => {
  let dir: string;
  let server: RunningServer;
  let admin: ApiClient;
  let device: MqttClient;

  async function start(): Promise<void> {
    server = await startTestServer({ DATA_DIR: dir });
    admin = await loggedInClient(server.url);
    const key = await admin.post<DeviceKey>(DEVICES.deviceKey.path, { projectId: demo });
    device = await connectDevice(server.mqttPort!, key.body.data!);
  }
  async function stop(): Promise<void> {
    await device?.endAsync();
    await server?.close();
  }

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'siteboard-tunnel-'));
    await start();
  });
  afterAll(async () => {
    await stop();
    await rm(dir, { recursive: true, force: true });
  });

  async function heading(id: string) {
    const r = await admin.post<TunnelInfo[]>(DEVICES.tunnelList.path, { projectId: demo });
    return r.body.data!.flatMap((t) => t.headings).find((h) => h.headingId === id)!;
  }
  const report = (body: Record<string, unknown>) => admin.post<TunnelInfo>(TUNNEL.progressReport.path, { projectId: demo, ...body });
  async function stepAlarms(metric: string) {
    const r = await admin.post<AlarmPage>(ALARMS.alarmList.path, { projectId: demo, deviceSn: 'LK-E', page: 1, pageSize: 50 });
    return r.body.data!.list.filter((a) => a.metric === metric);
  }
  async function schemaRejections(): Promise<number> {
    const r = await admin.post<IngestStats>(OPERATIONS.ingestStats.path, {});
    return r.body.data!.rejected.schema ?? 0;
  }
  const progress = (msg: Record<string, unknown>) => device.publishAsync(`zhgd/${demo}/tunnelProgress/PRG-LK-X/telemetry`, JSON.stringify({ ts: Date.now(), ...msg }), { qos: 1 });

  it('moves the face on a report, keeps who and when, and writes the audit log', async () => {
    const r = await report({ headingId: 'LK-E', faceM: 1264.5 });
    expect(r.body.success).toBe(true);
    expect(r.body.data!.headings.find((h) => h.headingId === 'LK-E')).toMatchObject({ faceM: 1264.5, invertM: 1235, liningM: 1180, rockGrade: 'IV' });
    expect(await heading('LK-E')).toMatchObject({ faceM: 1264.5 });

    const list = await admin.post<ProgressEntry[]>(TUNNEL.progressList.path, { projectId: demo, headingId: 'LK-E', limit: 5 });
    expect(list.body.data![0]).toMatchObject({ headingId: 'LK-E', source: 'report', by: 'admin', faceM: 1264.5 });
    const audit = await admin.post<AuditPage>(ADMIN.auditList.path, { projectId: demo, action: 'tunnel.progress' });
    expect(audit.body.data!.rows[0]).toMatchObject({ username: 'admin', action: 'tunnel.progress', target: 'LK-E' });

    const figures = await admin.post<TunnelProgressAt[]>(TUNNEL.progressFigures.path, { projectId: demo });
    const lk = figures.body.data!.find((t) => t.tunnel.tunnelId === 'LK')!;
    expect(lk.figures.headings.find((h) => h.headingId === 'LK-E')).toMatchObject({ today: { faceM: 5.3 }, total: { faceM: 1264.5 }, grade: 'IV' }) // the demo record's state a day ago: 1259.2 m;
  });

  it('refuses a report that puts the invert ahead of the face, and changes nothing', async () => {
    const before = await heading('LK-E');
    const r = await report({ headingId: 'LK-E', invertM: 1300 });
    expect(r.body).toMatchObject({ success: false, errorCode: 'VALIDATION' });
    expect(r.body.errorMessage).toContain('invertM');
    const stale = await report({ headingId: 'LK-E', faceM: 1266, atMs: Date.now() - 3_600_000 }); // older than the report of the test above
    expect(stale.body).toMatchObject({ success: false, errorCode: 'VALIDATION' });
    expect(stale.body.errorMessage).toContain("older than the heading's last saved state");
    expect(await heading('LK-E')).toEqual(before);
    expect((await report({ headingId: 'NOPE', faceM: 1 })).body.errorCode).toBe('NOT_FOUND');
  });

  it('moves the face on a process device message over MQTT; refuses a bad one and changes nothing', async () => {
    await progress({ headingId: 'LK-X', faceM: 1926.8 });
    await eventually(async () => (await heading('LK-X')).faceM === 1926.8, 10_000, 'LK-X face from MQTT');
    const list = await admin.post<ProgressEntry[]>(TUNNEL.progressList.path, { projectId: demo, headingId: 'LK-X', limit: 1 });
    expect(list.body.data![0]).toMatchObject({ source: 'device', by: 'PRG-LK-X' });

    const rejected = await schemaRejections();
    await progress({ headingId: 'LK-X', faceM: -3 }); // schema: a position is ≥ 0
    await progress({ headingId: 'LK-X', invertM: 1900 }); // the invert ahead of an exit heading's face
    await eventually(async () => (await schemaRejections()) === rejected + 2, 10_000, 'two refusals counted');
    expect(await heading('LK-X')).toMatchObject({ faceM: 1926.8, invertM: 1965 });
  });

  it("advances a face by a closed cycle's footage (advanceFace), towards the far portal, refusing a footage no round makes", async () => {
    const before = await heading('RK-X'); // exit heading: its face moves towards the entry portal
    const r = await server.live.tunnelProgress.advanceFace(demo, 'RK-X', 1.6, Date.now());
    expect(r).toMatchObject({ changed: true, heading: { faceM: before.faceM - 1.6 } });
    expect(await heading('RK-X')).toMatchObject({ faceM: before.faceM - 1.6 });
    const list = await admin.post<ProgressEntry[]>(TUNNEL.progressList.path, { projectId: demo, headingId: 'RK-X', limit: 1 });
    expect(list.body.data![0]).toMatchObject({ source: 'cycle', by: 'cycle' });
    expect(await server.live.tunnelProgress.advanceFace(demo, 'RK-X', 0, Date.now())).toMatchObject({ refused: 'VALIDATION' });
    expect(await server.live.tunnelProgress.advanceFace(demo, 'NOPE', 1, Date.now())).toMatchObject({ refused: 'NOT_FOUND' });
  });

  it('raises a warning when the invert trails the face past the grade IV limit (35 m) and clears it once within', async () => {
    await report({ headingId: 'LK-E', faceM: 1270 }); // invert at 1235: exactly 35 m behind, within
    expect(await stepAlarms('invertToFace')).toEqual([]);
    await report({ headingId: 'LK-E', faceM: 1271.5 });
    const [warning] = await eventually(async () => {
      const a = await stepAlarms('invertToFace');
      return a.length > 0 && a;
    }, 10_000, 'step-distance warning');
    expect(warning).toMatchObject({ kind: 'threshold', level: 'warning', state: 'active', value: 36.5, threshold: 35, unit: 'm', deviceKind: 'tunnelProgress' });

    await report({ headingId: 'LK-E', invertM: 1241.5 });
    await eventually(async () => (await stepAlarms('invertToFace'))[0]?.state === 'cleared', 10_000, 'warning cleared');
  });

  it('keeps the saved face and an open warning across a restart', async () => {
    await report({ headingId: 'LK-E', faceM: 1280 }); // invert 1241.5: 38.5 m behind
    const [open] = await eventually(async () => {
      const a = (await stepAlarms('invertToFace')).filter((x) => x.state === 'active');
      return a.length > 0 && a;
    }, 10_000, 'warning before the restart');
    await stop();
    await start();
    expect(await heading('LK-E')).toMatchObject({ faceM: 1280, invertM: 1241.5 });
    const active = (await stepAlarms('invertToFace')).filter((x) => x.state === 'active');
    expect(active.map((a) => a.alarmId)).toEqual([open.alarmId]);
  });

  it("imports a bore's rock grades from an .xlsx and answers every bore as saved", async () => {
    const before = (await admin.post<TunnelInfo[]>(DEVICES.tunnelList.path, { projectId: demo })).body.data!;
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet('grades').addRows([
      ['tunnelId', 'fromM', 'toM', 'grade'],
      ['LK', 1500, 3050, 'III'],
      ['LK', 0, 1500, 'IV'],
    ]);
    const contentBase64 = Buffer.from(await wb.xlsx.writeBuffer()).toString('base64');
    const r = await admin.post<{ imported: number; problems: unknown[]; tunnels: TunnelInfo[] }>(TUNNEL.rockGradesImport.path, { projectId: demo, contentBase64 });
    expect(r.body.data).toMatchObject({ imported: 2, problems: [] });
    const lk: RockSegment[] = [
      { fromM: 0, toM: 1500, grade: 'IV' },
      { fromM: 1500, toM: 3050, grade: 'III' },
    ];
    const segmentsOf = (ts: TunnelInfo[]) => Object.fromEntries(ts.map((t) => [t.tunnelId, t.rockSegments]));
    const saved = (await admin.post<TunnelInfo[]>(DEVICES.tunnelList.path, { projectId: demo })).body.data!;
    expect(segmentsOf(saved)).toEqual({ ...segmentsOf(before), LK: lk });
    expect(segmentsOf(r.body.data!.tunnels)).toEqual(segmentsOf(saved));
  });
});
