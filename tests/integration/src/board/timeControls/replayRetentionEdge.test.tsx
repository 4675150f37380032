import { beforeAll, describe, expect, it } from 'vitest';
import { HISTORY, TRACKS_COMPACT_PAGE_MS, type TelemetryHistory } from '../../../../../protocol';
import { createInProcessHistory, testRoot } from '../../../../../src/test/render';
import { eventually, useRealServer } from '../../../../../src/test/realServer';
import { createReplaySource } from '../../../../../src/panelData/replay';

// The server keeps its default 30 days of raw readings and refuses a track read starting before them.
const real = useRealServer();
const demo = 'demo-tunnel';
const DAY = 86_400_000;
const BEACON = 'BC0001';
const CHAINAGE_M = 640;

beforeAll(async () => {
  const device = await real().device();
  await device.publish('beacon', BEACON, { ts: Date.now() - 60_000, tunnelId: 'LK', chainageM: CHAINAGE_M, battery: 90, sos: false });
  await eventually(async () => {
    const h = await real().admin.call<TelemetryHistory>(HISTORY.telemetryHistory.path, { projectId: demo, sns: [BEACON], fromMs: Date.now() - 3_600_000, toMs: Date.now() });
    return (h.series[0]?.ts.length ?? 0) > 0;
  }, 20_000, "the beacon's fix stored");
}, 60_000);

/** Runs a replay of the last `days` days ending now; returns it with the answers its track reads got. */
async function replayLast(days: number) {
  const api = await real().signIn();
  const trackAnswers: { fromMs: number; contentType: string }[] = [];
  const historyBodies: { sns: string[] }[] = [];
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const res = await api.fetch(input, init);
    const url = String(input);
    if (url.endsWith(HISTORY.tracksCompact.path)) trackAnswers.push({ fromMs: JSON.parse(String(init?.body)).fromMs, contentType: res.headers.get('content-type') ?? '' });
    if (url.endsWith(HISTORY.telemetryHistory.path)) historyBodies.push(JSON.parse(String(init?.body)));
    return res;
  };
  const root = testRoot({ fetch });
  await Promise.all([root.devices.load(demo), root.tunnels.load(demo)]);
  const toMs = Date.now();
  const source = createReplaySource(root, demo, { fromMs: toMs - days * DAY, toMs, atMs: toMs - 1_000 }, { createHistory: createInProcessHistory });
  source.start();
  await source.ready;
  return { source, trackAnswers, historyBodies };
}

describe('a replay reaching the raw retention edge', { timeout: 90_000 }, () => {
  for (const days of [365, 30]) {
    it(`the last ${days} days: positions come from compact track pages the server accepts, from within its retention`, async () => {
      const { source, trackAnswers, historyBodies } = await replayLast(days);
      try {
        expect(source.error).toBeNull();
        // every page read was a track page, none an error answer: no fallback to raw beacon history
        expect(trackAnswers.length).toBeGreaterThan(0);
        expect(trackAnswers.every((a) => a.contentType.startsWith('application/octet-stream'))).toBe(true);
        expect(Math.min(...trackAnswers.map((a) => a.fromMs))).toBeGreaterThanOrEqual(Date.now() - 30 * DAY);
        // requests of whole clock hours (the pages the server keeps); the month before the fix was heard
        // comes as one empty page per 24-hour request, then the pages of the last two hours (up to six
        // 10-minute slices each while unsealed)
        expect(trackAnswers.every((a) => a.fromMs % TRACKS_COMPACT_PAGE_MS === 0)).toBe(true);
        expect(trackAnswers.length).toBeLessThanOrEqual(32 + 2 * 6);
        expect(historyBodies.flatMap((b) => b.sns)).not.toContain(BEACON);
        // and the person stands where the fix put them at the instant
        const frame = await source.personnel({ nowMs: source.clock.now(), staleMs: 10 * 60_000, binM: 20, tunnels: [{ tunnelId: 'LK', lengthM: 3050 }] });
        expect(frame.tunnels[0].sns).toContain(BEACON);
      } finally {
        source.stop();
      }
    });
  }
});
