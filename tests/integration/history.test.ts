import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALARMS, CAPTURES, DEAL_REMARK_PRESETS, DEVICES, FLEET, HISTORY, type AlarmPage, type AlarmRangeResponse, type CapturePage, type DeviceKey, type PositionsResponse, type SeriesResponse, type TelemetryHistory, type TracksResponse, type WorkRecordPage } from '../../protocol';
import { pixelColumn } from '../../protocol/m4';
import type { RunningServer } from '../../server/app';
import { CaptureStore } from '../../server/captures/captureStore';
import { deleteOldTelemetry, TelemetryWriter } from '../../server/ingest/telemetryWriter';
import { DEMO_DEVICES, DEMO_PROJECT } from '../../server/seed';
import { backfillHistory, startDemoBackfill, type BackfillReading } from '../../server/simulator/backfill';
import { BackfillRules, DEMO_SAFETY_OFFICER } from '../../server/simulator/backfillRules';
import { alarmsAsOf } from '../../src/panelData/alarmsAsOf';
import type { ApiClient } from '../helpers/apiClient';
import { connectDevice } from '../helpers/devices';
import { eventually } from '../helpers/eventually';
import { startServerWithUsers } from '../helpers/testServer';

const demo = DEMO_PROJECT.projectId;
const MIN = 60_000;
const HOUR = 3_600_000;
const quiet = { error: () => undefined };

/** A deterministic CO curve: a slow wave with a spike every 97 s (so every pixel has a distinct min and max). */
const co = (i: number) => Math.round((10 + 5 * Math.sin(i / 300) + (i % 97 === 0 ? 40 : 0) - (i % 89 === 0 ? 8 : 0)) * 10) / 10 + 0; // + 0: no -0

describe('history and range APIs (real server, PGlite, MQTT)', { timeout: 120_000 }, () => {
  let server: RunningServer;
  let admin: ApiClient;
  let bridge: ApiClient;
  // 2 hours of 1 Hz CO readings of GAS-LK-E-F, ending 1 hour ago, written through the storage layer
  const t0 = Math.floor((Date.now() - 3 * HOUR) / HOUR) * HOUR;
  const N = 2 * 3_600;

  beforeAll(async () => {
    ({ server, admin, bridge } = await startServerWithUsers());
    const w = new TelemetryWriter(server.db, quiet);
    for (let i = 0; i < N; i++) w.add({ projectId: demo, sn: 'GAS-LK-E-F', kind: 'gas', tsMs: t0 + i * 1_000, values: { CO: co(i), O2: 20.9 } });
    await w.close();
  }, 180_000);
  afterAll(() => server?.close());

  it('returns exact raw values at known instants', async () => {
    const r = await admin.post<SeriesResponse>(HISTORY.series.path, { projectId: demo, sns: ['GAS-LK-E-F'], metrics: ['CO'], fromMs: t0 + 96_000, toMs: t0 + 98_000, widthPx: 100 });
    expect(r.body.data).toMatchObject({ tier: 'raw', downsampled: false });
    expect(r.body.data!.series[0]).toEqual({ sn: 'GAS-LK-E-F', readings: 3, points: 3, ts: [t0 + 96_000, t0 + 97_000, t0 + 98_000], values: { CO: [co(96), co(97), co(98)] } });
  });

  it('downsamples with M4 on the server: each pixel keeps its minimum and maximum, and says so', async () => {
    const fromMs = t0;
    const toMs = t0 + HOUR;
    const widthPx = 50;
    const r = await admin.post<SeriesResponse>(HISTORY.series.path, { projectId: demo, sns: ['GAS-LK-E-F'], metrics: ['CO'], fromMs, toMs, widthPx });
    const d = r.body.data!;
    expect(d).toMatchObject({ tier: 'raw', downsampled: true, resolutionMs: Math.ceil(HOUR / widthPx) });
    const s = d.series[0];
    expect(s.readings).toBe(3_601);
    expect(s.points).toBe(s.ts.length);
    expect(s.points).toBeLessThanOrEqual(4 * widthPx);
    const want = new Map<number, { min: number; max: number }>();
    const got = new Map<number, { min: number; max: number }>();
    const put = (m: Map<number, { min: number; max: number }>, ts: number, v: number) => {
      const c = pixelColumn(ts, fromMs, toMs, widthPx);
      const e = m.get(c);
      if (!e) m.set(c, { min: v, max: v });
      else m.set(c, { min: Math.min(e.min, v), max: Math.max(e.max, v) });
    };
    for (let i = 0; i <= 3_600; i++) put(want, t0 + i * 1_000, co(i));
    s.ts.forEach((ts, k) => put(got, ts, s.values.CO[k]!));
    expect(got).toEqual(want);
  });

  it('reads minute and hour rollups for long ranges and states the tier', async () => {
    const r = await admin.post<SeriesResponse>(HISTORY.series.path, { projectId: demo, sns: ['GAS-LK-E-F'], metrics: ['CO'], fromMs: t0, toMs: t0 + 2 * HOUR - 1, widthPx: 1_000, tier: 'minute' });
    const d = r.body.data!;
    expect(d).toMatchObject({ tier: 'minute', resolutionMs: MIN, downsampled: false });
    const s = d.series[0];
    expect(s.ts).toHaveLength(120);
    const minute7 = Array.from({ length: 60 }, (_, k) => co(7 * 60 + k));
    expect(s.ts[7]).toBe(t0 + 7 * MIN);
    expect(s.stats!.CO.min[7]).toBe(Math.min(...minute7));
    expect(s.stats!.CO.max[7]).toBe(Math.max(...minute7));
    expect(s.stats!.CO.last[7]).toBe(minute7[59]);
    expect(s.values.CO[7]).toBeCloseTo(minute7.reduce((a, b) => a + b, 0) / 60, 9);

    // fewer pixel columns than buckets: the minutes of each 12-minute column are merged, extremes kept
    const narrow = await admin.post<SeriesResponse>(HISTORY.series.path, { projectId: demo, sns: ['GAS-LK-E-F'], metrics: ['CO'], fromMs: t0, toMs: t0 + 2 * HOUR - 1, widthPx: 10, tier: 'minute' });
    expect(narrow.body.data).toMatchObject({ tier: 'minute', resolutionMs: 12 * MIN, downsampled: true });
    const ns = narrow.body.data!.series[0];
    expect(ns).toMatchObject({ readings: 120, points: 10 });
    for (let c = 0; c < 10; c++) {
      const col = Array.from({ length: 720 }, (_, k) => co(c * 720 + k));
      expect([ns.ts[c], ns.stats!.CO.min[c], ns.stats!.CO.max[c], ns.stats!.CO.last[c]]).toEqual([t0 + c * 12 * MIN, Math.min(...col), Math.max(...col), col[719]]);
    }

    // 10 days: too long for raw or minute by default, so hour rollups
    const long = await admin.post<SeriesResponse>(HISTORY.series.path, { projectId: demo, sns: ['GAS-LK-E-F'], metrics: ['CO'], fromMs: Date.now() - 10 * 86_400_000, toMs: Date.now(), widthPx: 800 });
    expect(long.body.data).toMatchObject({ tier: 'hour', resolutionMs: HOUR });
    const hs = long.body.data!.series[0];
    const k = hs.ts.indexOf(t0);
    expect(k).toBeGreaterThanOrEqual(0);
    const hour0 = Array.from({ length: 3_600 }, (_, i) => co(i));
    expect(hs.stats!.CO.max[k]).toBe(Math.max(...hour0));
    expect(hs.stats!.CO.min[k]).toBe(Math.min(...hour0));
  });

  it('retention: raw readings older than the raw tier go, their minute and hour rollups stay', async () => {
    const sn = 'GAS-LK-X-F';
    const old = Math.floor((Date.now() - 40 * 86_400_000) / HOUR) * HOUR;
    const w = new TelemetryWriter(server.db, quiet);
    for (let i = 0; i < 600; i++) w.add({ projectId: demo, sn, kind: 'gas', tsMs: old + i * 1_000, values: { CO: co(i) } });
    await w.close();
    const raw = async () => (await admin.post<TelemetryHistory>(HISTORY.telemetryHistory.path, { projectId: demo, sns: [sn], fromMs: old, toMs: old + 10 * MIN })).body.data!.series[0].ts.length;
    expect(await raw()).toBe(600);
    // what the server's hourly retention job runs with its default tiers (docs/configuration.md)
    const deleted = await deleteOldTelemetry(server.db, { raw: 30, minute: 90, hour: 730 }, Date.now());
    expect(deleted.rawChunks).toBeGreaterThanOrEqual(10);
    expect(await raw()).toBe(0);
    const minute = (await admin.post<SeriesResponse>(HISTORY.series.path, { projectId: demo, sns: [sn], metrics: ['CO'], fromMs: old, toMs: old + 10 * MIN - 1, widthPx: 100, tier: 'minute' })).body.data!;
    expect(minute.series[0].ts).toHaveLength(10);
    const first = Array.from({ length: 60 }, (_, k) => co(k));
    expect([minute.series[0].stats!.CO.min[0], minute.series[0].stats!.CO.max[0]]).toEqual([Math.min(...first), Math.max(...first)]);
    // the recent readings of the other tests are untouched
    const recent = (await admin.post<TelemetryHistory>(HISTORY.telemetryHistory.path, { projectId: demo, sns: ['GAS-LK-E-F'], fromMs: t0, toMs: t0 + 10_000 })).body.data!.series[0];
    expect(recent.ts).toHaveLength(11);
    // leave no 40-day-old rollups behind: the demo backfill test below needs a project without history
    await server.db.deleteFrom('telemetry_chunks').where('sn', '=', sn).where('start_ms', '<', old + HOUR).execute();
    await server.db.deleteFrom('telemetry_hours').where('sn', '=', sn).where('bucket_ms', '<', old + HOUR).execute();
  });

  it('refuses bad ranges with a VALIDATION error naming the field', async () => {
    const base = { projectId: demo, sns: ['GAS-LK-E-F'], widthPx: 100 };
    const now = Date.now();
    const cases: Array<[unknown, string]> = [
      [{ ...base, fromMs: now, toMs: now - 1 }, 'toMs: must not be before fromMs'],
      [{ ...base, fromMs: now - 7 * HOUR, toMs: now, tier: 'raw' }, 'toMs: a range of more than 6 hours is too long for raw resolution'],
      [{ ...base, fromMs: now - 31 * 86_400_000, toMs: now - 31 * 86_400_000 + HOUR, tier: 'raw' }, 'fromMs: before the 30-day retention of raw data'],
      [{ ...base, fromMs: now - 800 * 86_400_000, toMs: now }, 'fromMs: before the 730-day retention of the hour rollups'],
      [{ ...base, sns: Array.from({ length: 51 }, (_, i) => `S${i}`), fromMs: now - HOUR, toMs: now }, 'sns:'],
      [{ ...base, fromMs: now - HOUR, toMs: now, widthPx: 0 }, 'widthPx:'],
    ];
    for (const [body, message] of cases) {
      const r = await admin.post(HISTORY.series.path, body);
      expect({ status: r.status, code: r.body.errorCode, message: r.body.errorMessage?.slice(0, message.length) }).toEqual({ status: 400, code: 'VALIDATION', message });
    }
    const tracks = await admin.post(HISTORY.tracks.path, { projectId: demo, tunnelId: 'LK', fromMs: now - 25 * HOUR, toMs: now });
    expect(tracks.body).toMatchObject({ errorCode: 'VALIDATION', errorMessage: 'toMs: tracks cover at most 24 hours per request' });
  });

  it('says when telemetry/history truncates instead of cutting silently', async () => {
    const r = await admin.post<TelemetryHistory>(HISTORY.telemetryHistory.path, { projectId: demo, sns: ['GAS-LK-E-F'], fromMs: t0, toMs: t0 + 2 * HOUR, metrics: ['CO'] });
    const s = r.body.data!.series[0];
    expect(s).toMatchObject({ truncated: false, readings: N });
    expect(s.ts).toHaveLength(N);
    const w = new TelemetryWriter(server.db, quiet);
    const t1 = t0 - 6 * HOUR;
    for (let i = 0; i < 20_500; i++) w.add({ projectId: demo, sn: 'GAS-LK-E-L', kind: 'gas', tsMs: t1 + i * 1_000, values: { CO: i } });
    await w.close();
    const cut = await admin.post<TelemetryHistory>(HISTORY.telemetryHistory.path, { projectId: demo, sns: ['GAS-LK-E-L'], fromMs: t1, toMs: t1 + 6 * HOUR, metrics: ['CO'] });
    const c = cut.body.data!.series[0];
    expect(c).toMatchObject({ truncated: true, readings: 20_500 });
    expect(c.ts).toHaveLength(20_000);
    expect(c.values.CO[0]).toBe(500); // the most recent 20 000
  });

  it('keeps a beacon fix tunnel from MQTT to the positions at an instant', async () => {
    const key = (await admin.post<DeviceKey>(DEVICES.deviceKey.path, { projectId: demo })).body.data!;
    const device: MqttClient = await connectDevice(server.mqttPort!, key);
    try {
      const ts = Date.now();
      await device.publishAsync(`zhgd/${demo}/beacon/BC0001/telemetry`, JSON.stringify({ ts, tunnelId: 'RK', chainageM: 123.4, battery: 77, sos: true }), { qos: 1 });
      const p = await eventually(async () => {
        const r = await admin.post<PositionsResponse>(HISTORY.positions.path, { projectId: demo, atMs: ts + 500 });
        return r.body.data?.positions.find((x) => x.sn === 'BC0001');
      }, 10_000, 'BC0001 position');
      expect(p).toEqual({ sn: 'BC0001', tsMs: ts, tunnelId: 'RK', values: { chainageM: 123.4, battery: 77, sos: 1 } });
      const before = await admin.post<PositionsResponse>(HISTORY.positions.path, { projectId: demo, atMs: ts - 1 });
      expect(before.body.data!.positions.find((x) => x.sn === 'BC0001')).toBeUndefined();
    } finally {
      await device.endAsync();
    }
  });

  it('backfills deterministically, and tracks of a tunnel come back page by page with a cursor', async () => {
    const devices = DEMO_DEVICES.filter((d) => d.kind === 'beacon').slice(0, 6);
    // yesterday 10:30 Beijing time (UTC+8): the day crew is in the tunnel and its tags publish
    const d = new Date(Date.now() - 86_400_000);
    const fromMs = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate(), 2, 30);
    const toMs = fromMs + 12 * MIN;
    const run = async () => {
      const out: BackfillReading[] = [];
      await backfillHistory({ projectId: demo, seed: 7, fromMs, toMs, devices, sink: { add: (r) => out.push(r), flush: async () => undefined } });
      return out;
    };
    const a = await run();
    expect(await run()).toEqual(a);
    expect(a.length).toBeGreaterThan(6 * 60);
    const w = new TelemetryWriter(server.db, quiet);
    await backfillHistory({ projectId: demo, seed: 7, fromMs, toMs, devices, sink: w });
    await w.close();

    const tunnel = devices[0].tunnelId!;
    const want = a.filter((r) => r.tunnelId === tunnel);
    const got: BackfillReading[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const r = await admin.post<TracksResponse>(HISTORY.tracks.path, { projectId: demo, tunnelId: tunnel, fromMs, toMs: toMs - 1, cursor });
      const page = r.body.data!;
      pages++;
      for (const t of page.tracks) t.ts.forEach((ts, i) => got.push({ projectId: demo, sn: t.sn, tsMs: ts, kind: 'beacon', tunnelId: tunnel, values: { chainageM: t.values.chainageM[i]! } }));
      cursor = page.nextCursor ?? undefined;
    } while (cursor && pages < 10);
    expect(pages).toBe(3); // 12 minutes in 5-minute pages
    const key = (r: BackfillReading) => `${r.sn}@${r.tsMs}`;
    expect(got.map(key).sort()).toEqual(want.map(key).sort());
    const byKey = new Map(got.map((r) => [key(r), r.values.chainageM]));
    for (const r of want) expect(byKey.get(key(r))).toBe(r.values.chainageM);
  });

  it('backfills the demo project once: a second start finds the history and skips', async () => {
    const logs: string[] = [];
    const log = { info: (m: string) => logs.push(m), warn: (m: string) => logs.push(m) };
    // 09:00 Beijing yesterday, so the day crew's tags publish
    const d = new Date(Date.now() - 86_400_000);
    const nowMs = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate(), 1, 0);
    const first = await startDemoBackfill({ db: server.db, projectId: demo, seed: 1, nowMs, spanMs: 3 * MIN, log }).done;
    expect(first!.readings).toBeGreaterThan(100);
    expect(first!.reachedMs).toBe(nowMs);
    const r = await admin.post<SeriesResponse>(HISTORY.series.path, { projectId: demo, sns: ['BC0001', 'GAS-LK-E-F'], fromMs: nowMs - 3 * MIN, toMs: nowMs - 1, widthPx: 2_000 });
    expect(r.body.data!.series.map((s) => s.readings).reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
    expect(await startDemoBackfill({ db: server.db, projectId: demo, seed: 1, nowMs, spanMs: 3 * MIN, log }).done).toBeNull();
    expect(logs).toContain('demo backfill skipped: the project already has history');
  });

  it('lists alarms in a range for timeline markers, oldest first', async () => {
    const base = Date.now() - 2 * HOUR;
    for (const [dt, sn] of [[2_000, 'GAS-RK-E-F'], [1_000, 'GAS-LK-E-F'], [10 * HOUR, 'GAS-LK-E-L']] as const) {
      await server.db
        .insertInto('alarms')
        .values({ project_id: demo, device_sn: sn, device_kind: 'gas', device_name: sn, kind: 'threshold', level: 'alarm', metric: 'CO', value: 31, threshold: 24, unit: 'ppm', raised_at_ms: base + dt, cleared_at_ms: null, state: 'active', deal_status: 0 })
        .execute();
    }
    const r = await admin.post<AlarmRangeResponse>(HISTORY.alarmRange.path, { projectId: demo, fromMs: base, toMs: base + HOUR });
    expect(r.body.data!.alarms.map((x) => [x.sn, x.raisedAtMs])).toEqual([
      ['GAS-LK-E-F', base + 1_000],
      ['GAS-RK-E-F', base + 2_000],
    ]);
    expect(r.body.data).toMatchObject({ truncated: false, nextCursor: null });
  });

  it('serves the range routes to project members only', async () => {
    const now = Date.now();
    const calls: Array<[string, unknown]> = [
      [HISTORY.series.path, { projectId: demo, sns: ['GAS-LK-E-F'], fromMs: now - HOUR, toMs: now, widthPx: 10 }],
      [HISTORY.tracks.path, { projectId: demo, tunnelId: 'LK', fromMs: now - HOUR, toMs: now }],
      [HISTORY.positions.path, { projectId: demo, atMs: now }],
      [HISTORY.alarmRange.path, { projectId: demo, fromMs: now - HOUR, toMs: now }],
    ];
    for (const [route, body] of calls) {
      const r = await bridge.post(route, body);
      expect({ route, status: r.status, code: r.body.errorCode, data: r.body.data }).toEqual({ route, status: 403, code: 'FORBIDDEN', data: null });
    }
  });

  // three hours of the whole demo fleet: about 110 s alone on the shared 2-core VM, more beside other runs
  it('backfills the past through the live rules: alarms agree with the readings, lifts and portal counts exist', { timeout: 300_000 }, async () => {
    // 08:00 to 11:00 Beijing time two days ago: the day crew goes in, the cranes lift, the face is blasted
    const d = new Date(Date.now() - 2 * 86_400_000);
    const fromMs = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate(), 0, 0);
    const toMs = fromMs + 3 * HOUR;
    const w = new TelemetryWriter(server.db, quiet);
    const rules = await BackfillRules.load(server.db, demo, fromMs, 1, { warn: () => undefined });
    const result = await backfillHistory({ projectId: demo, seed: 1, fromMs, toMs, sink: w, rules, captures: new CaptureStore(server.db) });
    await w.close();
    expect(result.rules!.alarms).toBeGreaterThan(0);

    const gas = DEMO_DEVICES.filter((x) => x.kind === 'gas').map((x) => x.sn);
    const series = await admin.post<SeriesResponse>(HISTORY.series.path, { projectId: demo, sns: gas, metrics: ['CO'], fromMs, toMs: toMs - 1, widthPx: 2_000, tier: 'raw' });
    const over: Array<{ sn: string; ts: number }> = [];
    for (const s of series.body.data!.series) s.ts.forEach((ts, i) => (s.values.CO[i] ?? 0) >= 24 && over.push({ sn: s.sn, ts }));
    expect(over.length).toBeGreaterThan(0); // a blast fills the face with CO over its 24 ppm limit

    const alarms: AlarmPage['list'] = [];
    for (let page = 1; page <= 10; page++) {
      const p = await admin.post<AlarmPage>(ALARMS.alarmList.path, { projectId: demo, fromMs, toMs, page, pageSize: 500 });
      alarms.push(...p.body.data!.list);
      if (p.body.data!.list.length < 500) break;
    }
    // at every sampled instant with CO over its limit, the replayed alarm list has that device's CO alarm active and unhandled
    for (const { sn, ts } of over.filter((_, i) => i % Math.ceil(over.length / 25) === 0)) {
      const asOf = alarmsAsOf(alarms, ts, 10_000).filter((a) => a.deviceSn === sn && a.metric === 'CO' && a.state === 'active');
      expect({ sn, ts, active: asOf.length, dealt: asOf.filter((a) => a.dealStatus !== 0).length }).toEqual({ sn, ts, active: 1, dealt: 0 });
    }
    // alarms that ended were acknowledged, then handled by the demo officer with a preset remark, at past times
    const handled = alarms.filter((a) => a.dealStatus !== 0);
    expect(handled.length).toBeGreaterThan(0);
    for (const a of handled) {
      expect(a).toMatchObject({ dealtBy: DEMO_SAFETY_OFFICER, ackedBy: DEMO_SAFETY_OFFICER, state: 'cleared' });
      expect(DEAL_REMARK_PRESETS).toContain(a.dealRemark);
      expect(a.raisedAtMs).toBeLessThanOrEqual(a.ackedAtMs!);
      expect(a.ackedAtMs!).toBeLessThanOrEqual(a.dealtAtMs!);
      expect(a.dealtAtMs!).toBeLessThan(toMs);
    }

    // the AI captures of the past keep their pictures, served like live ones (docs/api.md "AI captures")
    const captures = (await admin.post<CapturePage>(CAPTURES.captureList.path, { projectId: demo, fromMs, toMs: toMs - 1, pageSize: 100 })).body.data!;
    expect(captures.total).toBeGreaterThan(0);
    expect(captures.list.every((c) => c.pictureState === 'stored')).toBe(true);
    const picture = await fetch(server.url + captures.list[0].picture!, { headers: { cookie: admin.cookie! } });
    expect(picture.headers.get('content-type')).toBe('image/png');

    const lifts = await admin.post<WorkRecordPage>(FLEET.workRecordList.path, { projectId: demo, pageSize: 200 });
    expect(lifts.body.data!.list.filter((r) => r.startedAtMs >= fromMs && r.endedAtMs < toMs).length).toBeGreaterThan(0);

    const hours = await server.db.selectFrom('zone_hour_counts').selectAll().where('project_id', '=', demo).where('hour_start_ms', '>=', fromMs).where('hour_start_ms', '<', toMs).execute();
    expect(new Set(hours.map((h) => h.hour_start_ms))).toEqual(new Set([fromMs, fromMs + HOUR, fromMs + 2 * HOUR]));
    expect(hours.reduce((n, h) => n + h.portal_in + h.portal_out, 0)).toBeGreaterThan(0);
    expect(hours.some((h) => h.max_headcount > 0)).toBe(true);
  });

  it('answers a 365-day range from the hour tier within a bounded size', async () => {
    // a reading every 3 hours over the last year of a station nothing else writes (last: the demo backfill
    // test above needs a project without old history)
    const sn = 'GAS-RK-X-F';
    // ending 3 days ago: before what the other tests write
    const nowMs = Date.now() - 3 * 86_400_000;
    const first = Math.floor((nowMs - 364 * 86_400_000) / HOUR) * HOUR;
    const w = new TelemetryWriter(server.db, quiet);
    const want: number[] = [];
    for (let t = first, i = 0; t < nowMs - 2 * HOUR; t += 3 * HOUR, i++) {
      want.push(co(i));
      w.add({ projectId: demo, sn, kind: 'gas', tsMs: t, values: { CO: co(i) } });
    }
    await w.close();
    const widthPx = 1_000;
    const r = await admin.post<SeriesResponse>(HISTORY.series.path, { projectId: demo, sns: [sn], metrics: ['CO'], fromMs: nowMs - 365 * 86_400_000, toMs: nowMs, widthPx });
    const d = r.body.data!;
    expect(d).toMatchObject({ tier: 'hour', downsampled: true });
    expect(d.resolutionMs).toBe(Math.ceil((365 * 86_400_000 + 1) / widthPx));
    const s = d.series[0];
    expect(s.readings).toBe(want.length); // one hour bucket per reading
    expect(s.points).toBeLessThanOrEqual(widthPx);
    expect(Math.max(...s.stats!.CO.max.map((v) => v ?? -Infinity))).toBe(Math.max(...want));
    expect(Math.min(...s.stats!.CO.min.map((v) => v ?? Infinity))).toBe(Math.min(...want));
    expect(JSON.stringify(r.body).length).toBeLessThan(150_000); // 2 920 readings in at most 1 000 columns
  });
});
