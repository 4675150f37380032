import type { Kysely } from 'kysely';
import {
  beijingDayStart,
  dailyMeans,
  DAILY_METRICS,
  ENV_DAY_MS,
  ENVIRONMENT_DAILY_LIMITS,
  isCompliantDay,
  NOISE_DAYS,
  noiseDayNight,
  PARTICULATE_KINDS,
  type EnvironmentDaily,
  type HourMeans,
  type MinuteLevel,
} from '../../protocol';
import type { MetricStats } from './chunkCodec';
import { devicesOfKinds } from './devices';
import type { Database } from './schema';
import { readRollups } from './telemetryStore';

/** The mean of `metric` in a rollup bucket when none of its readings was flagged (its flag metric's max is 0 or absent), else undefined. */
function validMean(stats: Record<string, MetricStats>, metric: string): number | undefined {
  const s = stats[metric];
  if (!s || s.count === 0) return undefined;
  const flag = stats[`${metric}Flag`];
  if (flag && flag.max > 0) return undefined;
  return s.sum / s.count;
}

/**
 * environment/daily (docs/api.md "Environment"): for every particulate monitor of `projectId`, the last
 * `days` Beijing days up to the one holding `atMs`: daily means from the hour rollups (an hour holding a
 * flagged reading of a metric is left out of that metric's mean), compliance, and day/night noise Leq from
 * the minute rollups over the last NOISE_DAYS days (a minute holding a flagged reading left out).
 * `withNoise: false` skips the minute rollups (noise Leq then null): for callers that only count compliant days.
 */
export async function environmentDaily(db: Kysely<Database>, projectId: string, days: number, atMs: number, withNoise = true): Promise<EnvironmentDaily> {
  const fromMs = beijingDayStart(atMs) - (days - 1) * ENV_DAY_MS;
  const toMs = Math.min(atMs, fromMs + days * ENV_DAY_MS - 1);
  const noiseDays = withNoise ? Math.min(days, NOISE_DAYS) : 0;
  const noiseFromMs = fromMs + (days - noiseDays) * ENV_DAY_MS;
  const monitors = await devicesOfKinds(db, projectId, PARTICULATE_KINDS);
  const sns = monitors.map((m) => m.sn);
  const hours = await readRollups(db, projectId, sns, 'hour', fromMs, toMs);
  // the night of the last day runs into the next morning
  const minutes = withNoise ? await readRollups(db, projectId, sns, 'minute', noiseFromMs, Math.min(atMs, noiseFromMs + (noiseDays + 0.25) * ENV_DAY_MS)) : new Map<string, never[]>();
  const stations = monitors.map((m) => {
    const hourMeans: HourMeans[] = (hours.get(m.sn) ?? []).map((b) => {
      const means: HourMeans['means'] = {};
      for (const metric of DAILY_METRICS) {
        const v = validMean(b.stats, metric);
        if (v !== undefined) means[metric] = v;
      }
      return { hourMs: b.bucketMs, means };
    });
    const levels: MinuteLevel[] = [];
    for (const b of minutes.get(m.sn) ?? []) {
      const level = validMean(b.stats, 'noise');
      if (level !== undefined) levels.push({ ms: b.bucketMs, level });
    }
    const noise = noiseDayNight(levels, noiseFromMs, noiseDays);
    const out = dailyMeans(hourMeans, fromMs, days).map((d, i) => {
      const n = noise[i - (days - noiseDays)];
      return { dayMs: d.dayMs, date: d.date, ...d.means, compliant: isCompliantDay(d), noiseDayLeq: n?.dayLeq ?? null, noiseNightLeq: n?.nightLeq ?? null };
    });
    return {
      sn: m.sn,
      name: m.name,
      days: out,
      compliantDays: out.filter((d) => d.compliant === true).length,
      judgedDays: out.filter((d) => d.compliant !== null).length,
    };
  });
  return { fromMs, limits: ENVIRONMENT_DAILY_LIMITS, stations };
}
