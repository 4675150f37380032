import ExcelJS from 'exceljs';
import type { Insertable } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAPTURES, type CaptureAnalysis, type CapturePage } from '../../protocol';
import type { RunningServer } from '../../server/app';
import { CaptureStore, captureUrl, CAPTURE_RETENTION_MS } from '../../server/captures/captureStore';
import { DEMO_PROJECT } from '../../server/seed';
import { renderCapturePng } from '../../server/simulator/capturePicture';
import type { AlarmsTable } from '../../server/storage';
import type { ApiClient } from '../helpers/apiClient';
import { startServerWithUsers } from '../helpers/testServer';

/**
 * The AI capture record and the violation analysis against the real server and database (docs/api.md
 * "AI captures"): a known set of AI alarms in March 2025, so nothing the server raises itself falls in
 * the window, filtered, paged, exported and aggregated.
 */
const demo = DEMO_PROJECT.projectId;
const MIN = 60_000;
const HOUR = 60 * MIN;
/** 2025-03-10 10:00 Beijing time. */
const T0 = Date.UTC(2025, 2, 10, 2, 0, 0);
const WINDOW = { fromMs: T0 - HOUR, toMs: T0 + 2 * 86_400_000 };

function ai(sn: string, name: string, metric: string, raisedAtMs: number, deal: { status: 0 | 1 | 2; afterMs?: number }, picUrl: string | null, projectId: string = demo): Insertable<AlarmsTable> {
  return {
    project_id: projectId,
    device_sn: sn,
    device_kind: 'camera',
    device_name: name,
    kind: 'ai',
    level: 'alarm',
    metric,
    value: null,
    threshold: null,
    unit: null,
    raised_at_ms: raisedAtMs,
    cleared_at_ms: deal.status === 0 ? null : raisedAtMs + deal.afterMs!,
    state: deal.status === 0 ? 'active' : 'cleared',
    deal_status: deal.status,
    deal_remark: deal.status === 0 ? null : deal.status === 2 ? 'False alarm (misinformation)' : 'Crew told and corrected on site',
    dealt_by: deal.status === 0 ? null : 'officer',
    dealt_at_ms: deal.status === 0 ? null : raisedAtMs + deal.afterMs!,
    pic_url: picUrl,
    side: null,
    first_seen_ms: raisedAtMs,
    last_seen_ms: raisedAtMs + MIN,
    peak_value: null,
    peak_level: 'alarm',
    acked_by: null,
    acked_at_ms: null,
    shelved_until_ms: null,
    shelved_by: null,
    shelve_reason: null,
  };
}

describe('AI capture record and violation analysis (real server)', () => {
  let server: RunningServer;
  let admin: ApiClient;
  let bridge: ApiClient;
  const kept = `CAP-T1-${T0}.png`;
  const pruned = `CAP-T1-${T0 + HOUR}.png`;

  beforeAll(async () => {
    ({ server, admin, bridge } = await startServerWithUsers());
    const db = server.db;
    await db
      .insertInto('alarms')
      .values([
        ai('CAP-T1', 'Portal camera', 'noHelmet', T0, { status: 1, afterMs: 10 * MIN }, captureUrl(demo, kept)),
        ai('CAP-T1', 'Portal camera', 'noHelmet', T0 + HOUR, { status: 2, afterMs: 20 * MIN }, captureUrl(demo, pruned)),
        ai('CAP-T2', 'Face camera', 'smoking', T0 + 2 * HOUR, { status: 0 }, null),
        ai('CAP-T2', 'Face camera', 'noHelmet', T0 + 24 * HOUR, { status: 1, afterMs: 30 * MIN }, null),
        ai('CAP-T1', 'Portal camera', 'intrusion', T0 + 25 * HOUR, { status: 0 }, 'https://cam.example/5.jpg'),
        // not captures of this project's record: another project's, and a threshold alarm in the window
        ai('CAP-B1', 'Bridge camera', 'noVest', T0, { status: 0 }, null, 'demo-bridge'),
        { ...ai('GAS-T1', 'Gas station', 'CO', T0, { status: 0 }, null), kind: 'threshold', device_kind: 'gas' },
      ])
      .execute();
    const png = renderCapturePng('noHelmet', 0.5);
    // the kept picture is fresh; the other is past the retention, and the store's own prune removes it
    await db
      .insertInto('alarm_captures')
      .values([
        { project_id: demo, name: kept, device_sn: 'CAP-T1', content_type: 'image/png', bytes: png, stored_at_ms: Date.now() },
        { project_id: demo, name: pruned, device_sn: 'CAP-T1', content_type: 'image/png', bytes: png, stored_at_ms: Date.now() - CAPTURE_RETENTION_MS - HOUR },
      ])
      .execute();
    expect(await new CaptureStore(db).prune()).toBeGreaterThanOrEqual(1);
  });

  afterAll(async () => {
    await server?.close();
  });

  const list = async (body: Record<string, unknown>) => {
    const r = await admin.post<CapturePage>(CAPTURES.captureList.path, { projectId: demo, ...WINDOW, ...body });
    expect(r.status).toBe(200);
    return r.body.data!;
  };

  it('lists the project’s AI alarms newest first with the capture record’s fields and picture states', async () => {
    const page = await list({});
    expect(page.total).toBe(5);
    expect(page.list.map((c) => [c.cameraSn, c.algType, c.dealStatus, c.pictureState])).toEqual([
      ['CAP-T1', 'intrusion', 0, 'external'],
      ['CAP-T2', 'noHelmet', 1, 'none'],
      ['CAP-T2', 'smoking', 0, 'none'],
      ['CAP-T1', 'noHelmet', 2, 'deleted'],
      ['CAP-T1', 'noHelmet', 1, 'stored'],
    ]);
    const first = page.list[4];
    expect(first).toMatchObject({ cameraName: 'Portal camera', algTypeName: 'No helmet', capTime: T0 + MIN, raisedAtMs: T0, dealRemark: 'Crew told and corrected on site', dealtBy: 'officer' });
    expect(first.picture).toBe(captureUrl(demo, kept));
    // the pruned picture has no URL to break on; the stored one is served
    expect(page.list[3].picture).toBeNull();
    const res = await fetch(server.url + first.picture!, { headers: { cookie: admin.cookie! } });
    expect(res.status).toBe(200);
  });

  it('filters by camera, violation, handling and time, and pages on the server', async () => {
    expect((await list({ cameraSn: 'CAP-T1' })).total).toBe(3);
    expect((await list({ algType: 'noHelmet' })).list.map((c) => c.raisedAtMs)).toEqual([T0 + 24 * HOUR, T0 + HOUR, T0]);
    expect((await list({ dealStatus: 0 })).list.map((c) => c.algType)).toEqual(['intrusion', 'smoking']);
    expect((await list({ fromMs: T0 + 12 * HOUR })).total).toBe(2);
    const all = await list({});
    const second = await list({ page: 2, pageSize: 2 });
    expect(second).toMatchObject({ total: 5, page: 2, pageSize: 2 });
    expect(second.list.map((c) => c.alarmId)).toEqual(all.list.slice(2, 4).map((c) => c.alarmId));
    const bad = await admin.post(CAPTURES.captureList.path, { projectId: demo, algType: 'dancing' });
    expect(bad.status).toBe(400);
    expect(bad.body.errorCode).toBe('VALIDATION');
  });

  it('aggregates by type, camera and day with handled, untreated, the false-alarm ratio and mean time to handle', async () => {
    const r = await admin.post<CaptureAnalysis>(CAPTURES.captureAnalysis.path, { projectId: demo, ...WINDOW });
    const a = r.body.data!;
    expect(a).toMatchObject({ total: 5, untreated: 2, processed: 2, falseAlarms: 1, falseAlarmRatio: 0.3333, meanHandleMs: 20 * MIN });
    expect(a.byAlgType).toEqual([
      { algType: 'noHelmet', algTypeName: 'No helmet', count: 3, untreated: 0, processed: 2, falseAlarms: 1 },
      { algType: 'intrusion', algTypeName: 'Danger zone intrusion', count: 1, untreated: 1, processed: 0, falseAlarms: 0 },
      { algType: 'smoking', algTypeName: 'Smoking', count: 1, untreated: 1, processed: 0, falseAlarms: 0 },
    ]);
    expect(a.byCamera).toEqual([
      { cameraSn: 'CAP-T1', cameraName: 'Portal camera', count: 3, untreated: 1, processed: 1, falseAlarms: 1 },
      { cameraSn: 'CAP-T2', cameraName: 'Face camera', count: 2, untreated: 1, processed: 1, falseAlarms: 0 },
    ]);
    expect(a.byDay).toEqual([
      { day: '2025-03-10', count: 3, untreated: 1, processed: 1, falseAlarms: 1 },
      { day: '2025-03-11', count: 2, untreated: 1, processed: 1, falseAlarms: 0 },
    ]);
    const one = (await admin.post<CaptureAnalysis>(CAPTURES.captureAnalysis.path, { projectId: demo, ...WINDOW, cameraSn: 'CAP-T2' })).body.data!;
    expect(one).toMatchObject({ total: 2, falseAlarmRatio: 0, meanHandleMs: 30 * MIN });
    const empty = (await admin.post<CaptureAnalysis>(CAPTURES.captureAnalysis.path, { projectId: demo, fromMs: 0, toMs: 1000 })).body.data!;
    expect(empty).toMatchObject({ total: 0, falseAlarmRatio: null, meanHandleMs: null, byDay: [] });
  });

  it('refuses a non-member every capture route, and a span over a year', async () => {
    for (const c of [CAPTURES.captureList, CAPTURES.captureAnalysis]) {
      const r = await bridge.post(c.path, { projectId: demo, ...WINDOW });
      expect(r.status, c.path).toBe(403);
    }
    const exp = await fetch(server.url + CAPTURES.captureExport.path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: bridge.cookie! },
      body: JSON.stringify({ projectId: demo, format: 'xlsx' }),
    });
    expect(exp.status).toBe(403);
    const long = await admin.post(CAPTURES.captureAnalysis.path, { projectId: demo, fromMs: 0, toMs: 400 * 86_400_000 });
    expect(long.status).toBe(400);
  });

  it('exports the filtered record as .xlsx that reads back with those rows and says which picture was deleted', async () => {
    const res = await fetch(server.url + CAPTURES.captureExport.path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: admin.cookie! },
      body: JSON.stringify({ projectId: demo, ...WINDOW, cameraSn: 'CAP-T1', format: 'xlsx' }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/attachment; filename="captures-demo-tunnel-\d{12}\.xlsx"/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await res.arrayBuffer());
    const rows = (workbook.getWorksheet('Captures')!.getSheetValues().filter(Boolean) as unknown[][]).map((r) => r.slice(1));
    const header = rows[0];
    const col = (h: string) => header.indexOf(h);
    const body = rows.slice(1);
    expect(body.map((r) => [r[col('Camera')], r[col('Violation')], r[col('Handling')]])).toEqual([
      ['Portal camera', 'Danger zone intrusion', 'untreated'],
      ['Portal camera', 'No helmet', 'misinformation'],
      ['Portal camera', 'No helmet', 'processed'],
    ]);
    expect(body.map((r) => r[col('Picture')])).toEqual(['https://cam.example/5.jpg', 'The image has been deleted', captureUrl(demo, kept)]);
    expect(body[2][col('Capture time (Beijing time)')]).toBe('2025-03-10 10:01:00');
  });
});
