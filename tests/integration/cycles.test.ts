import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CYCLES, DEVICES, type CycleAnalysis, type CycleRecord, type CycleRecordPage, type CycleState, type CycleTimeline, type DeviceKey, type IngestStats, type TunnelInfo } from '../../protocol';
import type { RunningServer } from '../../server/app';
import { DEMO_PROJECT } from '../../server/seed';
import type { ApiClient } from '../helpers/apiClient';
import { connectDevice } from '../helpers/devices';
import { eventually } from '../helpers/eventually';
import { loggedInClient, startTestServer } from '../helpers/testServer';

/**
 * Drill-and-blast cycles through the real server: stage reports and face gas and beacon readings over MQTT,
 * records, averages and efficiency flags over the cycle contracts, and the rounds after a restart.
 */
const project = DEMO_PROJECT.projectId;

/** Waits (up to 10 s) until `check` passes; then returns what it returned, or throws its last failure. */
async function settled<T>(check: () => Promise<T>): Promise<T> {
  await eventually(() => check().then(() => true, () => false), 10_000, 'the cycle state');
  return check();
}
const H = 3_600_000;
const MIN = 60_000;
/** The rounds start two days back, so they fall in the 3- and 7-day windows but the reported ones not all in today's. */
const T0 = Date.now() - 40 * H;

/** The stages of one reported round and their hours: 2 h drilling … 1 h idle, 10.5 h in all. */
const ROUND_HOURS: ReadonlyArray<[string, number]> = [['drilling', 2], ['charging', 1], ['blasting', 0.25], ['ventilation', 0.5], ['scaling', 0.75], ['mucking', 2], ['support', 3], ['idle', 1]];

describe('drill-and-blast cycles over MQTT and REST', () => {
  let dir: string;
  let server: RunningServer;
  let admin: ApiClient;
  let device: MqttClient;
  const completed: CycleRecord[] = [];

  async function connect(): Promise<void> {
    server = await startTestServer({ DATA_DIR: dir }, { onCycleCompleted: (r) => completed.push(r) });
    admin = await loggedInClient(server.url);
    const key = await admin.post<DeviceKey>(DEVICES.deviceKey.path, { projectId: project });
    device = await connectDevice(server.mqttPort!, key.body.data!);
  }

  async function publish(kind: string, sn: string, payload: unknown): Promise<void> {
    await device.publishAsync(`zhgd/${project}/${kind}/${sn}/telemetry`, JSON.stringify(payload), { qos: 1 });
  }

  async function report(headingId: string, stage: string, ts: number, extra: Record<string, unknown> = {}): Promise<void> {
    await publish('cycleStage', `PRC-${headingId}`, { ts, headingId, stage, ...extra });
  }

  /** One reported round (ROUND_HOURS) of `headingId` from `startMs`, the survey reported with its support when given. @returns its end. */
  async function reportedRound(headingId: string, startMs: number, survey?: { advanceM: number; editor: string }): Promise<number> {
    let t = startMs;
    for (const [stage, h] of ROUND_HOURS) {
      await report(headingId, stage, t, stage === 'support' && survey ? survey : {});
      t += h * H;
    }
    return t;
  }

  const post = async <T>(route: string, body: unknown): Promise<T> => {
    const r = await admin.post<T>(route, body);
    expect(r.body.success, JSON.stringify(r.body)).toBe(true);
    return r.body.data!;
  };
  const stateOf = async (headingId: string, atMs?: number) => (await post<CycleState>(CYCLES.state.path, { projectId: project, atMs })).headings.find((h) => h.headingId === headingId)!;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'cycles-'));
    await connect();
  }, 60_000);

  afterAll(async () => {
    await device?.endAsync();
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('closes reported rounds at the next drilling with their blast, effective hours and footage, and tells the hook', async () => {
    const second = await reportedRound('LK-E', T0, { advanceM: 1.5, editor: 'Foreman Li' });
    const third = await reportedRound('LK-E', second);
    await report('LK-E', 'drilling', third);
    const page = await settled(async () => {
      const p = await post<CycleRecordPage>(CYCLES.records.path, { projectId: project, headingId: 'LK-E' });
      expect(p.total).toBe(2);
      return p;
    });
    const [newer, older] = page.list;
    expect(older).toMatchObject({ index: 1, startMs: T0, endMs: second, blastMs: T0 + 3 * H, effectiveHours: 9.5, footageM: 1.5, footageSource: 'reported', rockGrade: 'IV', workFace: 'excavation', headingName: 'Left bore, entry heading' });
    expect(older.editors).toContain('Foreman Li');
    expect(older.stages.map((s) => s.source)).toEqual(Array(8).fill('reported'));
    // no advance reported in the second round: the grade's nominal advance (IV: 1.4 m), marked as such
    expect(newer).toMatchObject({ index: 2, startMs: second, endMs: third, footageM: 1.4, footageSource: 'nominal' });
    expect(completed.map((r) => [r.headingId, r.index, r.footageM])).toEqual([
      ['LK-E', 1, 1.5],
      ['LK-E', 2, 1.4],
    ]);
    const state = await stateOf('LK-E', third + 30 * MIN);
    expect(state).toMatchObject({ stage: 'drilling', source: 'reported', confidence: 'high', previousStage: 'idle', nextStage: 'charging', stageStartMs: third, cycleStartMs: third, expectedNextStartMs: third + 2 * H });
  });

  it("moves the heading's face by a closed round's surveyed advance (toward the entry portal from an exit heading)", async () => {
    const faceOf = async () => (await post<TunnelInfo[]>(DEVICES.tunnelList.path, { projectId: project })).flatMap((t) => t.headings).find((h) => h.headingId === 'LK-X')!.faceM;
    const before = await faceOf();
    await report('LK-X', 'drilling', await reportedRound('LK-X', Date.now() - 10.5 * H, { advanceM: 2, editor: 'Foreman Wang' }));
    await settled(async () => expect(await faceOf()).toBeCloseTo(before - 2, 6));
  });

  it("leaves a face its process device measures: a closed round's advance does not move it a second time", async () => {
    const faceOf = async () => (await post<TunnelInfo[]>(DEVICES.tunnelList.path, { projectId: project })).flatMap((t) => t.headings).find((h) => h.headingId === 'RK-X')!.faceM;
    const measured = (await faceOf()) - 1;
    await publish('tunnelProgress', 'PRG-RK-X', { ts: Date.now(), headingId: 'RK-X', faceM: measured });
    await settled(async () => expect(await faceOf()).toBeCloseTo(measured, 6));
    await report('RK-X', 'drilling', await reportedRound('RK-X', Date.now() - 10.5 * H, { advanceM: 2, editor: 'Foreman Zhao' }));
    await settled(async () => expect(completed.some((r) => r.headingId === 'RK-X' && r.footageM === 2 && r.footageSource === 'reported')).toBe(true));
    await server.live.tunnelProgress.drain();
    expect(await faceOf()).toBeCloseTo(measured, 6);
  });

  it('averages the rounds and flags a grade slower than its preset; a preset out of range is refused', async () => {
    const analysis = await post<CycleAnalysis>(CYCLES.analysis.path, { projectId: project, headingId: 'LK-E' });
    expect(analysis.windows.find((w) => w.days === 7 && w.workFace === 'excavation')).toMatchObject({ cycles: 2, avgCycleHours: 10.5, avgEffectiveHours: 9.5, idlePeriods: 2, idleHours: 2, footageM: 2.9 });
    expect(analysis.efficiency.find((e) => e.rockGrade === 'IV')).toMatchObject({ cycles: 2, presetHours: 12, avgCycleHours: 10.5, lowEfficiency: false });
    expect(analysis.trend[0].stageHours).toMatchObject({ drilling: 2, mucking: 2, support: 3 });
    await post(CYCLES.presetSet.path, { projectId: project, presets: [{ rockGrade: 'IV', hours: 10 }] });
    const stricter = await post<CycleAnalysis>(CYCLES.analysis.path, { projectId: project, headingId: 'LK-E' });
    expect(stricter.efficiency.find((e) => e.rockGrade === 'IV')).toMatchObject({ presetHours: 10, lowEfficiency: true });
    const refused = await admin.post(CYCLES.presetSet.path, { projectId: project, presets: [{ rockGrade: 'IV', hours: 0 }] });
    expect(refused.body).toMatchObject({ success: false, errorCode: 'VALIDATION' });
  });

  it('infers a blast at RK-E from a CO jump at its face station with nobody near, then ventilation and the return to the face', async () => {
    const t0 = Date.now() - 3 * H;
    let t = t0;
    // the crew stands 600 m back; the face air is quiet for 5 minutes
    for (let i = 0; i < 30; i++, t += 10_000) {
      await publish('beacon', 'BC0003', { ts: t, tunnelId: 'RK', chainageM: 600, battery: 80, sos: false });
      await publish('gas', 'GAS-RK-E-F', { ts: t, readings: { CO: 2 + (i % 3) * 0.1, NO2: 0.2, dust: 1.1 } });
    }
    const blastMs = t;
    for (const co of [180, 320, 400, 380, 340, 300]) {
      await publish('gas', 'GAS-RK-E-F', { ts: t, readings: { CO: co, NO2: 5, dust: 9 } });
      t += 10_000;
    }
    await settled(async () => expect(await stateOf('RK-E')).toMatchObject({ stage: 'ventilation', source: 'inferred', confidence: 'medium' }));
    // the plume has cleared; the crew walks back to the face
    for (let i = 0; i < 4; i++, t += 10_000) {
      await publish('beacon', 'BC0003', { ts: t, tunnelId: 'RK', chainageM: 1_196, battery: 80, sos: false });
      await publish('gas', 'GAS-RK-E-F', { ts: t, readings: { CO: 12, NO2: 0.4, dust: 1.5 } });
    }
    await settled(async () => expect(await stateOf('RK-E')).toMatchObject({ stage: 'scaling', source: 'inferred', previousStage: 'ventilation' }));
    const timeline = await post<CycleTimeline>(CYCLES.timeline.path, { projectId: project, headingId: 'RK-E', fromMs: t0, toMs: t });
    expect(timeline.spans.map((s) => [s.stage, s.source])).toEqual([
      ['blasting', 'inferred'],
      ['ventilation', 'inferred'],
      ['scaling', 'inferred'],
    ]);
    expect(timeline.spans[0].startMs - blastMs).toBeLessThanOrEqual(10_000);
    expect(timeline.spans[0].confidence).toBe('high');

    // the foreman's report wins: a later gas jump does not make it a blast
    await publish('cycleStage', 'PRC-LK-E', { ts: t, headingId: 'RK-E', stage: 'mucking', editor: 'Foreman Zhao' });
    await settled(async () => expect(await stateOf('RK-E')).toMatchObject({ stage: 'mucking', source: 'reported' }));
    t += 10_000;
    await publish('beacon', 'BC0003', { ts: t, tunnelId: 'RK', chainageM: 600, battery: 80, sos: false });
    for (let i = 0; i < 6; i++, t += 10_000) await publish('gas', 'GAS-RK-E-F', { ts: t + 60_000, readings: { CO: 400, NO2: 6, dust: 9 } });
    await server.live.reloadDevices(project); // a round trip through the live pipeline: every message above is handled
    expect(await stateOf('RK-E')).toMatchObject({ stage: 'mucking', source: 'reported' });
  });

  it('refuses a stage report that fails its schema and changes nothing', async () => {
    const before = (await post<IngestStats>('/zhgd/ingest/stats', {})).rejected.schema ?? 0;
    await report('LK-E', 'lunch', Date.now());
    await report('LK-E', 'mucking', Date.now(), { advanceM: 40 });
    await settled(async () => expect((await post<IngestStats>('/zhgd/ingest/stats', {})).rejected.schema).toBe(before + 2));
    expect(await stateOf('LK-E')).toMatchObject({ stage: 'drilling', source: 'reported' });
  });

  it('keeps the records and resumes the round under way after a restart', async () => {
    await device.endAsync();
    await server.close();
    await connect();
    const page = await post<CycleRecordPage>(CYCLES.records.path, { projectId: project, headingId: 'LK-E' });
    expect(page.total).toBe(2);
    const state = await stateOf('LK-E');
    const drillingStart = state.stageStartMs!;
    // the round under way before the restart closes at the next drilling, from its stored start
    await report('LK-E', 'charging', drillingStart + 2 * H);
    await report('LK-E', 'drilling', drillingStart + 9 * H);
    const after = await settled(async () => {
      const p = await post<CycleRecordPage>(CYCLES.records.path, { projectId: project, headingId: 'LK-E' });
      expect(p.total).toBe(3);
      return p;
    });
    expect(after.list[0]).toMatchObject({ index: 3, startMs: drillingStart, endMs: drillingStart + 9 * H });
  }, 60_000);
});
