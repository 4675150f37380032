import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { runInAction } from 'mobx';
import { ALARMS, HISTORY, type Alarm, type AlarmPage, type Board, type Panel, type TelemetryHistory } from '../../../../protocol';
import { createReplaySource, parseReplayParams, type ReplaySource } from '../../../../src/panelData/replay';
import { T0 } from '../../../../src/test/builders';
import { createInProcessHistory, renderWithApp, testRoot } from '../../../../src/test/render';
import { eventually, KEEP_OLD_TELEMETRY, useRealServer } from '../../../../src/test/realServer';
import { BoardView } from '../../../../src/board/BoardView';
import { PlaybackBar } from '../../../../src/board/timeControls/PlaybackBar';
import { ALARM_LEAD_MS } from '../../../../src/board/timeControls/timeRange';

const real = useRealServer(KEEP_OLD_TELEMETRY);
const demo = 'demo-tunnel';
const GAS = 'GAS-RK-X-L';
const CRANE = { radiusM: 38.5, rotationDeg: 123, heightM: 41.2, loadT: 3.2, tiltDeg: 0.05, windSpeedMps: 3 };
/** BC0001 works in the left bore (server/seed/demoProject.ts). */
const BEACON = 'BC0001';

let wind: { raised: Alarm; cleared: Alarm; dealtAtMs: number };

async function stored(sn: string, fromMs: number, toMs: number, n: number): Promise<void> {
  await eventually(async () => {
    const h = await real().admin.call<TelemetryHistory>(HISTORY.telemetryHistory.path, { projectId: demo, sns: [sn], fromMs, toMs });
    return (h.series.find((s) => s.sn === sn)?.ts.length ?? 0) >= n;
  }, 10_000, `${n} stored readings of ${sn}`);
}

async function alarmsOnServer(): Promise<Alarm[]> {
  return (await real().admin.call<AlarmPage>(ALARMS.alarmList.path, { projectId: demo, page: 1, pageSize: 200 })).list;
}

// Over real MQTT, at known times: CO of one station, a crane's moment, a beacon walking the left bore,
// and a crane wind warning raised, cleared, then handled (at the server's times).
beforeAll(async () => {
  const device = await real().device();
  await device.publish('gas', GAS, { ts: T0, readings: { CO: 4.25, O2: 20.9 } });
  await device.publish('gas', GAS, { ts: T0 + 20_000, readings: { CO: 9.5, O2: 20.7 } });
  await device.publish('towerCrane', 'TC-02', { ts: T0, ...CRANE, momentPct: 40 });
  await device.publish('towerCrane', 'TC-02', { ts: T0 + 10_000, ...CRANE, momentPct: 55.5 });
  await device.publish('beacon', BEACON, { ts: T0, tunnelId: 'LK', chainageM: 100, battery: 90, sos: false });
  await device.publish('beacon', BEACON, { ts: T0 + 10_000, tunnelId: 'LK', chainageM: 150, battery: 90, sos: true });
  await stored(GAS, T0, T0 + 20_000, 2);
  await stored('TC-02', T0, T0 + 10_000, 2);
  await stored(BEACON, T0, T0 + 10_000, 2);

  const now = Date.now();
  await device.publish('towerCrane', 'TC-01', { ts: now, ...CRANE, momentPct: 50, windSpeedMps: 11.2 });
  const raised = await eventually(async () => (await alarmsOnServer()).find((a) => a.deviceSn === 'TC-01' && a.state === 'active'), 10_000, 'wind alarm');
  await device.publish('towerCrane', 'TC-01', { ts: now + 500, ...CRANE, momentPct: 50, windSpeedMps: 3 });
  const cleared = await eventually(async () => (await alarmsOnServer()).find((a) => a.alarmId === raised.alarmId && a.state === 'cleared'), 10_000, 'wind cleared');
  // Handled a little later, so that an instant between clear and handling exists.
  await new Promise((r) => setTimeout(r, 50));
  const dealt = await real().admin.call<Alarm>(ALARMS.alarmDeal.path, { alarmId: raised.alarmId, dealStatus: 1, dealRemark: 'stopped lifting' });
  wind = { raised, cleared, dealtAtMs: dealt.dealtAtMs! };
}, 60_000);

async function openReplay(range: { fromMs: number; toMs: number; atMs: number }): Promise<{ source: ReplaySource; root: ReturnType<typeof testRoot> }> {
  const api = await real().signIn();
  const root = testRoot({ fetch: api.fetch });
  await Promise.all([root.devices.load(demo), root.tunnels.load(demo)]);
  const source = createReplaySource(root, demo, range, { createHistory: createInProcessHistory, rawDays: Number(KEEP_OLD_TELEMETRY.TELEMETRY_RETENTION_DAYS) });
  source.start();
  await source.ready;
  expect(source.error).toBeNull();
  return { source, root };
}

const seek = (source: ReplaySource, atMs: number) => act(() => source.clock.seek(atMs));

/** Shows a one-page board of `panel` (type and config, as the board server stores them) in replay. */
async function showBoard(source: ReplaySource, root: ReturnType<typeof testRoot>, panel: Pick<Panel, 'type' | 'config'>, footer?: React.ReactNode): Promise<void> {
  const board: Board = {
    boardId: 'b1',
    projectId: demo,
    name: 'Replay board',
    version: 1,
    layout: { pageWidth: 1600, pageHeight: 600, pageSwitchModel: 1, wholeTips: 0, pageTips: 0 },
    pages: [{ pageId: 'p1', name: 'Page', order: 1, panels: [{ panelId: 'x', x: 0, y: 0, w: 1200, h: 500, z: 1, ...panel }] }],
  } as Board;
  runInAction(() => (root.boards.board = board));
  await renderWithApp(<BoardView source={source} footer={footer} />, root);
}

describe('a board in replay against the real server', { timeout: 30_000 }, () => {
  // jsdom lays nothing out: give the view a size so the page is placed and drawn.
  beforeAll(() => {
    Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 1600 });
    Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 600 });
  });
  afterAll(() => {
    delete (HTMLElement.prototype as { clientWidth?: number }).clientWidth;
    delete (HTMLElement.prototype as { clientHeight?: number }).clientHeight;
  });

  it('answers the last reading at or before the instant, and positions interpolated between fixes', async () => {
    const { source } = await openReplay({ fromMs: T0, toMs: T0 + 60_000, atMs: T0 + 5_000 });
    expect(source.device(GAS)?.latest).toMatchObject({ CO: 4.25, O2: 20.9 });
    expect(source.device(GAS)?.lastSeenMs).toBe(T0);
    const frame = await source.personnel({ nowMs: T0 + 5_000, staleMs: 30_000, binM: 20, tunnels: [{ tunnelId: 'LK', lengthM: 3050 }] });
    expect(frame.tunnels[0].sns).toEqual([BEACON]);
    expect(Array.from(frame.tunnels[0].chainageM)).toEqual([125]);
    const before = await source.personnel({ nowMs: T0 - 1, staleMs: 30_000, binM: 20, tunnels: [{ tunnelId: 'LK', lengthM: 3050 }] });
    expect(before.tunnels[0].sns).toEqual([]);
    const series = await source.window({ sn: GAS, metrics: ['CO'], fromMs: T0 - 60_000, toMs: T0 + 10_000, widthPx: 100 });
    expect(Array.from(series.ys[0])).toEqual([4.25, 9.5]); // the point inside, and the next one drawn to the edge
    expect(series.latestTs).toBe(T0);
    source.stop();
  });

  it('the gas table shows the last reading at or before the instant, and follows a seek', async () => {
    const { source, root } = await openReplay({ fromMs: T0 - 10_000, toMs: T0 + 60_000, atMs: T0 + 5_000 });
    // the one station the test drives (the table pages through the rest, one page at a time)
    await showBoard(source, root, { type: 'gasTable', config: { gases: ['CO', 'O2'], sns: [GAS] } });
    await eventually(() => screen.queryByText('Replaying 2025-05-12 10:00:05'), 15_000, 'the replay marker at the instant (Beijing time)');
    const cell = (gas: string) => document.querySelector(`tr[data-sn="${GAS}"] td[data-gas="${gas}"]`)?.textContent;
    // each gas column keeps its metric's decimals (CO 0.1 ppm, O2 0.01 %vol; docs/domain.md)
    await eventually(() => cell('CO') === '4.2', 15_000, 'CO 4.25 at T0+5 s');
    expect(cell('O2')).toBe('20.90');
    seek(source, T0 + 20_000);
    await eventually(() => cell('CO') === '9.5', 15_000, 'CO 9.5 at T0+20 s');
    seek(source, T0 - 1);
    await eventually(() => cell('CO') === '—', 15_000, 'no reading before the first');
    source.stop();
  });

  it('the crane card shows the moment as of the instant', async () => {
    const { source, root } = await openReplay({ fromMs: T0, toMs: T0 + 60_000, atMs: T0 + 9_999 });
    await showBoard(source, root, { type: 'towerCrane', config: { sn: 'TC-02' } });
    const moment = () => document.querySelector('[data-metric="momentPct"]')?.textContent ?? '';
    await eventually(() => moment().includes('40%'), 15_000, 'moment 40 %');
    seek(source, T0 + 10_000);
    await eventually(() => moment().includes('55.5%'), 15_000, 'moment 55.5 %');
    source.stop();
  });

  it('the personnel map counts the people in the bore at the instant', async () => {
    const { source, root } = await openReplay({ fromMs: T0, toMs: T0 + 60_000, atMs: T0 + 5_000 });
    await showBoard(source, root, { type: 'tunnelPersonnel', config: { tunnelIds: ['LK'], binM: 20, staleMs: 30_000 } });
    const summary = () => document.querySelector('[data-summary="personnel"]')?.textContent ?? '';
    await eventually(() => summary() === 'Left bore: 1 people', 15_000, 'one person at T0+5 s');
    seek(source, T0 + 10_000);
    await eventually(() => summary().includes('SOS: ') && summary().includes('(K12+150)'), 15_000, 'SOS at T0+10 s');
    // 40 s after the last fix the tag is silent but still counted at its last fix, within the 5 min presence
    // window of the headcount rule (src/panelData/underground.ts), as the headline counts it
    seek(source, T0 + 50_000);
    await eventually(() => summary().startsWith('Left bore: 1 people') && summary().includes('(K12+150)'), 15_000, 'still counted, silent, at its last fix');
    source.stop();
  });

  it('the alarm feed shows alarms raised up to the instant with their state then, and no Handle', async () => {
    const { raised, cleared, dealtAtMs } = wind;
    const { source, root } = await openReplay({ fromMs: raised.raisedAtMs - 60_000, toMs: dealtAtMs + 60_000, atMs: raised.raisedAtMs - 1 });
    await showBoard(source, root, { type: 'alarmFeed', config: { limit: 50, activeOnly: false, untreatedOnly: false } });
    const row = () => document.querySelector(`li[data-alarm-id="${raised.alarmId}"]`);
    // The beacon's SOS above raised an alarm earlier: the feed shows it, and not yet the wind warning.
    await eventually(() => document.querySelector('li[data-alarm-id]'), 15_000, 'the earlier alarm');
    expect(row()).toBeNull();
    seek(source, raised.raisedAtMs);
    await eventually(() => row()?.querySelector('[data-state="active"]'), 15_000, 'active at the raise');
    expect(row()!.querySelector('[data-deal-status]')!.getAttribute('data-deal-status')).toBe('0');
    expect(screen.queryByRole('button', { name: 'Handle' })).toBeNull();
    seek(source, cleared.clearedAtMs!);
    await eventually(() => row()?.querySelector('[data-state="cleared"]'), 15_000, 'cleared at the clear');
    expect(row()!.querySelector('[data-deal-status]')!.getAttribute('data-deal-status')).toBe('0');
    seek(source, dealtAtMs);
    await eventually(() => row()?.querySelector('[data-deal-status="1"]'), 15_000, 'processed once handled');
    // Alarms in a range (timeline markers): the wind warning alone within its own second.
    expect(source.alarmsInRange(raised.raisedAtMs, raised.raisedAtMs).map((a) => a.alarmId)).toEqual([raised.alarmId]);
    expect(source.alarmsInRange(raised.raisedAtMs + 1, dealtAtMs + 60_000).map((a) => a.alarmId)).not.toContain(raised.alarmId);
    source.stop();
  });
});

describe('the playback bar against the real server', { timeout: 30_000 }, () => {
  it('marks the alarms of the range; a marker pauses shortly before its alarm; play, step and back to live', async () => {
    const { raised } = wind;
    const { source, root } = await openReplay({ fromMs: raised.raisedAtMs - 10 * 60_000, toMs: raised.raisedAtMs + 60_000, atMs: raised.raisedAtMs - 10 * 60_000 });
    let live = 0;
    await showBoard(source, root, { type: 'alarmFeed', config: { limit: 50, activeOnly: false, untreatedOnly: false } }, <PlaybackBar source={source} onLive={() => live++} />);
    // The beacon's SOS (beforeAll) was raised shortly before the wind warning: in one marker slot (1/400
    // of the range) they share a marker, which shows the SOS and seeks to it; else each has its own.
    const sos = source.allAlarms.find((a) => a.deviceSn === BEACON)!;
    const fromMs = raised.raisedAtMs - 10 * 60_000;
    const slot = (t: number) => Math.floor((t - fromMs) / ((11 * 60_000) / 400));
    const marker = await eventually(() => document.querySelector<HTMLButtonElement>(`[data-alarm-marker="${sos.alarmId}"]`), 15_000, 'the SOS marker');
    if (slot(sos.raisedAtMs) === slot(raised.raisedAtMs)) {
      expect(document.querySelector(`[data-alarm-marker="${raised.alarmId}"]`)).toBeNull();
      expect(marker.title).toMatch(/\(\+\d+\)$/);
    } else {
      expect(document.querySelector(`[data-alarm-marker="${raised.alarmId}"]`)).not.toBeNull();
    }
    const position = () => Number(document.querySelector('[data-timeline]')!.getAttribute('aria-valuenow'));
    fireEvent.click(marker);
    expect(source.clock.playing).toBe(false);
    expect(source.clock.now()).toBe(sos.raisedAtMs - ALARM_LEAD_MS);
    await eventually(() => position() === sos.raisedAtMs - ALARM_LEAD_MS, 15_000, 'the timeline at the marker');
    fireEvent.click(screen.getByRole('button', { name: 'Step forward' }));
    expect(source.clock.now()).toBe(sos.raisedAtMs - ALARM_LEAD_MS + 10_000); // 11 minutes: 10 s steps (1/360 of the range, rounded up)
    fireEvent.click(screen.getByRole('button', { name: 'Play' }));
    expect(source.clock.playing).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Pause' }));
    expect(source.clock.playing).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Back to live' }));
    expect(live).toBe(1);
    source.stop();
  });
});

describe('parseReplayParams', () => {
  it('reads from, to, at and speed, and refuses what is not a range', () => {
    expect(parseReplayParams(new URLSearchParams('from=1000&to=5000&at=2000&speed=60'))).toEqual({ fromMs: 1000, toMs: 5000, atMs: 2000, speed: 60, play: true });
    expect(parseReplayParams(new URLSearchParams('from=1000&to=5000'))).toEqual({ fromMs: 1000, toMs: 5000, atMs: 1000, speed: 1, play: false });
    expect(parseReplayParams(new URLSearchParams('from=5000&to=1000'))).toBeNull();
    expect(parseReplayParams(new URLSearchParams('from=abc&to=1000'))).toBeNull();
    expect(parseReplayParams(new URLSearchParams('to=1000'))).toBeNull();
    expect(parseReplayParams(new URLSearchParams(`from=0&to=${366 * 86_400_000}`))).toBeNull();
  });
});
