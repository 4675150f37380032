import ExcelJS from 'exceljs';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALARMS, DEVICES, type AlarmAnalysis, type AlarmDealBatchResult, type AlarmDetail, type AlarmPage, type DeviceKey } from '../../protocol';
import type { RunningServer } from '../../server/app';
import { DEMO_PROJECT } from '../../server/seed';
import type { ApiClient } from '../helpers/apiClient';
import { connectDevice } from '../helpers/devices';
import { loggedInClient, startTestServer } from '../helpers/testServer';

/** Alarm center routes against the real server, MQTT broker and database (docs/api.md "Alarm center"). */
const demo = DEMO_PROJECT.projectId;

describe('alarm center (real server)', () => {
  let server: RunningServer;
  let admin: ApiClient;
  let device: MqttClient;

  beforeAll(async () => {
    server = await startTestServer();
    admin = await loggedInClient(server.url);
    const key = await admin.post<DeviceKey>(DEVICES.deviceKey.path, { projectId: demo });
    device = await connectDevice(server.mqttPort!, key.body.data!);
    // QoS 1: acknowledged once the alarms are stored
    const gas = (sn: string, readings: Record<string, number>) =>
      device.publishAsync(`zhgd/${demo}/gas/${sn}/telemetry`, JSON.stringify({ ts: Date.now(), readings }), { qos: 1 });
    await gas('GAS-LK-E-F', { CO: 30, H2S: 12 });
    await gas('GAS-LK-E-L', { CO: 20 });
    await gas('GAS-RK-E-F', { O2: 19.2 });
    await device.publishAsync(
      `zhgd/${demo}/beacon/BC0002/telemetry`,
      JSON.stringify({ ts: Date.now(), tunnelId: 'LK', chainageM: 612.5, battery: 80, sos: true }),
      { qos: 1 },
    );
  });

  afterAll(async () => {
    await device?.endAsync();
    await server?.close();
  });

  async function exportFile(body: Record<string, unknown>): Promise<Response> {
    return fetch(server.url + ALARMS.alarmExport.path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: admin.cookie! },
      body: JSON.stringify({ projectId: demo, ...body }),
    });
  }

  it('searches by text and level with a total', async () => {
    const r = await admin.post<AlarmPage>(ALARMS.alarmList.path, { projectId: demo, text: 'lk-e', level: 'alarm', pageSize: 1 });
    expect(r.body.data).toMatchObject({ total: 2, pageSize: 1 }); // GAS-LK-E-F CO and H2S
    expect(r.body.data!.list).toHaveLength(1);
    const none = await admin.post<AlarmPage>(ALARMS.alarmList.path, { projectId: demo, text: '%' });
    expect(none.body.data!.total).toBe(0); // wildcards are literal
  });

  it('exports the filtered list as .xlsx that reads back with exactly those rows', async () => {
    const res = await exportFile({ format: 'xlsx', kind: 'threshold', text: 'GAS-LK-E' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('spreadsheetml');
    expect(res.headers.get('content-disposition')).toMatch(/attachment; filename="alarms-demo-tunnel-\d{12}\.xlsx"/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await res.arrayBuffer());
    const sheet = workbook.getWorksheet('Alarms')!;
    const rows = sheet.getSheetValues().filter(Boolean) as unknown[][];
    const header = rows[0].slice(1);
    expect(header.slice(0, 4)).toEqual(['Alarm ID', 'Raised (Beijing time)', 'Device', 'Device SN']);
    const body = rows.slice(1).map((r) => r.slice(1));
    const sn = header.indexOf('Device SN');
    const metric = header.indexOf('Metric');
    expect(body.map((r) => `${r[sn]} ${r[metric]}`).sort()).toEqual(['GAS-LK-E-F CO', 'GAS-LK-E-F H2S', 'GAS-LK-E-L CO']);
    const list = (await admin.post<AlarmPage>(ALARMS.alarmList.path, { projectId: demo, kind: 'threshold', text: 'GAS-LK-E' })).body.data!;
    expect(body.map((r) => r[0])).toEqual(list.list.map((a) => a.alarmId));
    expect(body[0][header.indexOf('Raised (Beijing time)')]).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
  });

  it('exports CSV with a BOM, one line per alarm, and refuses a bad format', async () => {
    const res = await exportFile({ format: 'csv', metric: 'O2' });
    expect(res.headers.get('content-type')).toContain('text/csv');
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await res.arrayBuffer());
    expect(text.startsWith('\uFEFFAlarm ID,')).toBe(true);
    const lines = text.trim().split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('GAS-RK-E-F');
    expect(lines[1]).toContain(',below,alarm,');
    const bad = await exportFile({ format: 'pdf' });
    expect(bad.status).toBe(400);
    const anonymous = await fetch(server.url + ALARMS.alarmExport.path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ projectId: demo, format: 'csv' }) });
    expect(anonymous.status).toBe(401);
  });

  it('shows an alarm with its location and timeline, and handles several at once', async () => {
    const sos = (await admin.post<AlarmPage>(ALARMS.alarmList.path, { projectId: demo, kind: 'sos' })).body.data!.list[0];
    await admin.post(ALARMS.alarmAck.path, { alarmId: sos.alarmId });
    const detail = (await admin.post<AlarmDetail>(ALARMS.alarmDetail.path, { alarmId: sos.alarmId })).body.data!;
    expect(detail.location).toMatchObject({ chainageM: 612.5 });
    expect(detail.timeline.map((s) => s.step)).toEqual(['raised', 'acknowledged']);
    expect(detail.timeline[1].by).toBe('admin');

    const gasAlarms = (await admin.post<AlarmPage>(ALARMS.alarmList.path, { projectId: demo, text: 'GAS-LK-E-F' })).body.data!.list;
    const ids = [...gasAlarms.map((a) => a.alarmId), sos.alarmId];
    const first = (await admin.post<AlarmDealBatchResult>(ALARMS.alarmDealBatch.path, { alarmIds: ids, dealStatus: 1, dealRemark: 'Workers evacuated and counted' })).body.data!;
    expect(first.handled.map((a) => a.alarmId).sort()).toEqual([...ids].sort());
    expect(first.handled.find((a) => a.alarmId === sos.alarmId)).toMatchObject({ state: 'cleared', dealtBy: 'admin' });
    const again = (await admin.post<AlarmDealBatchResult>(ALARMS.alarmDealBatch.path, { alarmIds: ids, dealStatus: 2, dealRemark: 'again' })).body.data!;
    expect(again).toEqual({ handled: [], skipped: ids });
    const blank = await admin.post(ALARMS.alarmDealBatch.path, { alarmIds: ids, dealStatus: 1, dealRemark: ' ' });
    expect(blank.body.success).toBe(false);
    const detailAfter = (await admin.post<AlarmDetail>(ALARMS.alarmDetail.path, { alarmId: sos.alarmId })).body.data!;
    expect(detailAfter.timeline.map((s) => s.step)).toEqual(['raised', 'acknowledged', 'cleared', 'handled']);
  });

  it('analyses counts by kind and Beijing day, top devices, and mean times to acknowledge and handle', async () => {
    const now = Date.now();
    const range = { projectId: demo, fromMs: now - 86_400_000, toMs: now + 60_000 };
    const r = await admin.post<AlarmAnalysis>(ALARMS.alarmAnalysis.path, { ...range, kind: 'threshold' });
    expect(r.body).toMatchObject({ success: true });
    const threshold = r.body.data!;
    expect(threshold.total).toBe(4);
    expect(threshold.byKind).toEqual([{ kind: 'threshold', count: 4 }]);
    const today = new Date(now + 8 * 3_600_000).toISOString().slice(0, 10);
    expect(threshold.byDay).toEqual([{ day: today, kind: 'threshold', count: 4 }]);
    expect(threshold.topDevices[0]).toEqual({ deviceSn: 'GAS-LK-E-F', deviceName: 'LK-E face', count: 2 });
    expect(threshold.meanAckMs).toBeNull(); // no threshold alarm was acknowledged
    expect(threshold.meanHandleMs).toBeGreaterThan(0); // GAS-LK-E-F's two, handled in bulk

    const sos = (await admin.post<AlarmAnalysis>(ALARMS.alarmAnalysis.path, { ...range, kind: 'sos' })).body.data!;
    expect(sos).toMatchObject({ total: 1, byKind: [{ kind: 'sos', count: 1 }] });
    expect(sos.meanAckMs).toBeGreaterThanOrEqual(0);
    expect(sos.meanAckMs!).toBeLessThanOrEqual(sos.meanHandleMs!);

    // alarm groups over every kind: each group's count and share of the total, every group listed
    const all = (await admin.post<AlarmAnalysis>(ALARMS.alarmAnalysis.path, range)).body.data!;
    const listed = (await admin.post<AlarmPage>(ALARMS.alarmList.path, { projectId: demo, pageSize: 100 })).body.data!.list;
    const count = (pred: (a: (typeof listed)[number]) => boolean) => listed.filter((a) => a.raisedAtMs >= range.fromMs && a.raisedAtMs <= range.toMs && pred(a)).length;
    const group = (g: string) => all.groups.find((x) => x.group === g)!;
    expect(all.groups.map((g) => g.group)).toEqual(['personnel', 'gas', 'lifting', 'aiVideo', 'environment', 'deviceHealth', 'other']);
    expect(group('gas').count).toBe(count((a) => a.deviceKind === 'gas' && a.kind !== 'offline'));
    expect(group('personnel').count).toBe(count((a) => a.deviceKind === 'beacon' && a.kind !== 'offline'));
    expect(group('personnel').count).toBeGreaterThanOrEqual(1); // the SOS
    expect(all.groups.reduce((n, g) => n + g.count, 0)).toBe(all.total);
    expect(group('gas').ratio).toBeCloseTo(group('gas').count / all.total, 4);
    // the kind filter narrows the groups too
    expect(sos.groups.find((g) => g.group === 'personnel')).toEqual({ group: 'personnel', count: 1, ratio: 1 });

    const tooLong = await admin.post(ALARMS.alarmAnalysis.path, { projectId: demo, fromMs: 0, toMs: now });
    expect(tooLong.body).toMatchObject({ success: false, errorCode: 'VALIDATION' });
  });

  it('analyses gas over-limit alarms per gas, day and station, with the over-limit detail', async () => {
    const now = Date.now();
    const today = new Date(now + 8 * 3_600_000).toISOString().slice(0, 10);
    // the kind filter narrows the general analysis, not the gas one
    const gas = (await admin.post<AlarmAnalysis>(ALARMS.alarmAnalysis.path, { projectId: demo, fromMs: now - 86_400_000, toMs: now + 60_000, kind: 'sos' })).body.data!.gas;
    expect(gas.byDay).toEqual([
      { metric: 'CO', day: today, deviceSn: 'GAS-LK-E-F', deviceName: 'LK-E face', count: 1 },
      { metric: 'CO', day: today, deviceSn: 'GAS-LK-E-L', deviceName: expect.any(String), count: 1 },
      { metric: 'H2S', day: today, deviceSn: 'GAS-LK-E-F', deviceName: 'LK-E face', count: 1 },
      { metric: 'O2', day: today, deviceSn: 'GAS-RK-E-F', deviceName: expect.any(String), count: 1 },
    ]);
    const rows = new Map(gas.overLimit.map((r) => [`${r.deviceSn} ${r.metric}`, r]));
    expect([...rows.keys()].sort()).toEqual(['GAS-LK-E-F CO', 'GAS-LK-E-F H2S', 'GAS-LK-E-L CO', 'GAS-RK-E-F O2']);
    expect(rows.get('GAS-LK-E-F CO')).toMatchObject({ side: 'over', peakValue: 30, unit: 'ppm', state: 'active', dealStatus: 1 });
    expect(rows.get('GAS-LK-E-L CO')).toMatchObject({ side: 'over', peakValue: 20, dealStatus: 0 });
    expect(rows.get('GAS-RK-E-F O2')).toMatchObject({ side: 'below', peakValue: 19.2 });
    for (const r of rows.values()) {
      expect(r.position).not.toBe('');
      expect(r.threshold).not.toBeNull();
      // the peak is beyond its limit on the alarm's side
      expect(r.side === 'below' ? r.peakValue! < r.threshold! : r.peakValue! > r.threshold!).toBe(true);
      expect(r.startMs).toBeLessThanOrEqual(now);
      expect(r.durationMs).toBeGreaterThanOrEqual(0);
      expect(r.durationMs).toBeLessThan(120_000);
    }
    // a span without them: none
    const before = (await admin.post<AlarmAnalysis>(ALARMS.alarmAnalysis.path, { projectId: demo, fromMs: now - 2 * 86_400_000, toMs: now - 86_400_000 })).body.data!.gas;
    expect(before).toEqual({ byDay: [], overLimit: [] });
  });
});
