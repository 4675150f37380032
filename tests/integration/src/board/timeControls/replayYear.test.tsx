import { beforeAll, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { HISTORY, type SeriesResponse } from '../../../../../protocol';
import { PlaybackBar } from '../../../../../src/board/timeControls/PlaybackBar';
import { T0 } from '../../../../../src/test/builders';
import { createInProcessHistory, renderWithApp, testRoot } from '../../../../../src/test/render';
import { eventually, KEEP_OLD_TELEMETRY, useRealServer } from '../../../../../src/test/realServer';
import { createReplaySource } from '../../../../../src/panelData/replay';

const real = useRealServer(KEEP_OLD_TELEMETRY);
const demo = 'demo-tunnel';
const GAS = 'GAS-RK-X-L';
const DAY = 86_400_000;
/** A year around T0 (May 2025), ended well before now: longer than 31 days, so played from the hour tier. */
const range = { fromMs: T0 - 10 * DAY, toMs: T0 + 355 * DAY, atMs: T0 + 30 * 60_000 };

// Two CO readings in T0's hour, and a beacon fix, over real MQTT
beforeAll(async () => {
  const device = await real().device();
  await device.publish('gas', GAS, { ts: T0, readings: { CO: 4.25, O2: 20.9 } });
  await device.publish('gas', GAS, { ts: T0 + 20_000, readings: { CO: 9.5, O2: 20.7 } });
  await device.publish('beacon', 'BC0001', { ts: T0, tunnelId: 'LK', chainageM: 100, battery: 90, sos: false });
  await eventually(async () => {
    const r = await real().admin.call<SeriesResponse>(HISTORY.series.path, { projectId: demo, sns: [GAS], metrics: ['CO'], fromMs: T0, toMs: T0 + 3_600_000 - 1, widthPx: 10, tier: 'hour' });
    return r.series[0]?.readings === 1;
  }, 20_000, 'the hour rollup of T0');
}, 60_000);

describe('a replay of a year', { timeout: 60_000 }, () => {
  it('plays the series from the hour tier and says where positions are kept', async () => {
    const api = await real().signIn();
    const root = testRoot({ fetch: api.fetch });
    await Promise.all([root.devices.load(demo), root.tunnels.load(demo)]);
    // a raw retention reaching 2 days into the range (a replay reads compact tracks page by page: hour by hour)
    const rawDays = Math.ceil((Date.now() - range.toMs) / DAY) + 2;
    const source = createReplaySource(root, demo, range, { createHistory: createInProcessHistory, rawDays });
    source.start();
    await source.ready;
    expect(source.error).toBeNull();
    expect(source.plan.tier).toBe('hour');
    // the hour's mean, stamped at the start of its column (a year in SERIES_MAX_WIDTH_PX columns: about 2.2 h each)
    await eventually(() => source.device(GAS)?.latest?.CO === (4.25 + 9.5) / 2, 10_000, 'the hour mean of CO');
    expect(source.device(GAS)!.lastSeenMs!).toBeLessThanOrEqual(T0);
    expect(source.device(GAS)!.lastSeenMs!).toBeGreaterThan(T0 - 3 * 3_600_000);
    // positions only where the raw retention holds: none at T0
    const positions = source.plan.positions!;
    expect(positions.toMs).toBe(range.toMs);
    expect(positions.fromMs).toBeGreaterThan(range.toMs - 3 * DAY);
    expect(positions.fromMs).toBeGreaterThan(T0);
    expect(source.plan.positionsKeptDays).toBe(rawDays);
    const frame = await source.personnel({ nowMs: T0 + 5_000, staleMs: 30_000, binM: 20, tunnels: [{ tunnelId: 'LK', lengthM: 3050 }] });
    expect(frame.tunnels[0].sns).toEqual([]);
    await renderWithApp(<PlaybackBar source={source} onLive={() => undefined} />, root);
    expect(screen.getByText(/Hourly averages\./)).toBeTruthy();
    expect(screen.getByText(new RegExp(`Positions kept ${rawDays} days: people on the map from`))).toBeTruthy();
    source.stop();
  });
});
