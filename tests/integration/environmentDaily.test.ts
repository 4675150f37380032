import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { beijingDayStart, ENVIRONMENT, HOME, type EnvironmentDaily, type HomeSummary } from '../../protocol';
import type { RunningServer } from '../../server/app';
import { TelemetryWriter } from '../../server/ingest/telemetryWriter';
import { DEMO_PROJECT } from '../../server/seed';
import type { ApiClient } from '../helpers/apiClient';
import { loggedInClient, startTestServer } from '../helpers/testServer';

const demo = DEMO_PROJECT.projectId;
const MIN = 60_000;
const DAY = 86_400_000;
const quiet = { error: () => undefined };

/** Noise of the readings: 65 dB(A) by day (06:00–22:00 Beijing), 50 at night, so each period's Leq is that level. */
const noiseAt = (ms: number) => {
  const hour = new Date(ms + 8 * 3_600_000).getUTCHours();
  return hour >= 6 && hour < 22 ? 65 : 50;
};

/**
 * environment/daily and the project home's compliant days against the real server (docs/api.md
 * "Environment"): two Beijing days of minute readings of one portal monitor, the first within the GB 3095
 * grade II daily limits and the second over the PM10 limit, read back as daily means, compliance and
 * day/night noise; the home counts the same days without reading the noise.
 */
describe('environment daily figures', () => {
  let server: RunningServer;
  let admin: ApiClient;
  const today = beijingDayStart(Date.now());
  const first = today - 2 * DAY;

  beforeAll(async () => {
    server = await startTestServer();
    admin = await loggedInClient(server.url);
    const w = new TelemetryWriter(server.db, quiet);
    for (let ms = first; ms < today; ms += MIN) {
      const pm10 = ms < first + DAY ? 80 : 180;
      w.add({ projectId: demo, sn: 'ENV-LK-E', kind: 'environment', tsMs: ms, values: { pm10, pm25: 40, tsp: 0.2, noise: noiseAt(ms) } });
    }
    await w.close();
  }, 180_000);
  afterAll(() => server?.close());

  it('answers daily means, compliance against the daily limits and day/night noise Leq per monitor', async () => {
    const r = await admin.post<EnvironmentDaily>(ENVIRONMENT.daily.path, { projectId: demo, days: 3 });
    expect(r.body.success).toBe(true);
    const station = r.body.data!.stations.find((s) => s.sn === 'ENV-LK-E')!;
    const [d1, d2, d3] = station.days;
    expect(d1).toMatchObject({ dayMs: first, compliant: true, pm25: 40 });
    expect(d1.pm10).toBeCloseTo(80, 6);
    expect(d1.noiseDayLeq).toBeCloseTo(65, 3);
    expect(d1.noiseNightLeq).toBeCloseTo(50, 3);
    expect(d2).toMatchObject({ dayMs: first + DAY, compliant: false });
    expect(d2.pm10).toBeCloseTo(180, 6);
    // today has no readings: not judged
    expect(d3).toMatchObject({ dayMs: today, compliant: null, pm10: null });
    expect(station).toMatchObject({ compliantDays: 1, judgedDays: 2 });
    // monitors without readings are listed, judged on no day
    expect(r.body.data!.stations.find((s) => s.sn === 'ENV-RK-E')).toMatchObject({ compliantDays: 0, judgedDays: 0 });
  });

  it('counts the same days on the project home: one compliant of two judged, none in a row up to yesterday', async () => {
    const home = await admin.post<HomeSummary>(HOME.summary.path, { projectId: demo });
    expect(home.body.data!.environment).toEqual({ compliantDays: 1, judgedDays: 2, streakDays: 0 });
    const before = await admin.post<HomeSummary>(HOME.summary.path, { projectId: demo, atMs: first + DAY - 1 });
    expect(before.body.data!.environment).toEqual({ compliantDays: 1, judgedDays: 1, streakDays: 1 });
  });
});
