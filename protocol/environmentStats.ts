import { BEIJING_OFFSET_MS, beijingMinuteOfDay } from './beijingTime';
import { beijingDayStart } from './equipment';

/**
 * Daily figures of the site environment (docs/domain.md "Site environment"): daily means of the
 * particulates, environment compliant days and noise by day and by night, all by Beijing calendar day.
 * Pure functions, shared by the server (environment/daily) and their tests.
 */

/** One day, ms. */
export const ENV_DAY_MS = 86_400_000;

/** The particulates with a daily mean. */
export const DAILY_METRICS = ['pm10', 'pm25', 'tsp'] as const;
export type DailyMetric = (typeof DAILY_METRICS)[number];

/**
 * The daily-mean limits a compliant day keeps: GB 3095-2012 grade II 24-hour limits (table 1: PM10 150,
 * PM2.5 75 µg/m³; table 2: TSP 300 µg/m³, here 0.3 mg/m³ in the unit the monitors report TSP in).
 */
export const DAILY_MEAN_LIMITS: Readonly<Record<DailyMetric, number>> = { pm10: 150, pm25: 75, tsp: 0.3 };

/**
 * A daily mean needs at least this many valid hourly means in the day (GB 3095-2012 table 4: 20 h for PM10
 * and PM2.5; the table asks 24 h of sampling for TSP, which monitors reporting hourly means cannot show, so
 * TSP takes the same 20).
 */
export const MIN_HOURS_PER_DAY = 20;

/** GB 12523-2011 §4.1 limits of the day (06:00–22:00) and night (22:00–06:00) equivalent levels, dB(A). */
export const NOISE_LIMITS = { day: 70, night: 55 } as const;

/** The Beijing calendar date (`YYYY-MM-DD`) of the day starting at `dayMs` (a beijingDayStart). */
export function beijingDate(dayMs: number): string {
  return new Date(dayMs + BEIJING_OFFSET_MS).toISOString().slice(0, 10);
}

/** A valid hourly mean of one or more particulates (readings flagged anything but `N` left out). */
export interface HourMeans {
  /** Start of the hour, ms. */
  hourMs: number;
  means: Partial<Record<DailyMetric, number>>;
}

/** One Beijing day's particulate means: null where fewer than MIN_HOURS_PER_DAY valid hours; `hours` counts them. */
export interface DailyMeans {
  dayMs: number;
  date: string;
  means: Record<DailyMetric, number | null>;
  hours: Record<DailyMetric, number>;
}

/**
 * The daily means of `days` Beijing days from `fromDayMs` (a beijingDayStart), each the mean of the day's
 * valid hourly means (GB 3095-2012 table 4), null for a metric with fewer than MIN_HOURS_PER_DAY of them.
 * Hours outside the days are ignored.
 */
export function dailyMeans(hours: readonly HourMeans[], fromDayMs: number, days: number): DailyMeans[] {
  const sums = Array.from({ length: days }, () => ({ pm10: [0, 0], pm25: [0, 0], tsp: [0, 0] }) as Record<DailyMetric, [number, number]>);
  for (const h of hours) {
    const i = Math.floor((h.hourMs - fromDayMs) / ENV_DAY_MS);
    if (i < 0 || i >= days) continue;
    for (const m of DAILY_METRICS) {
      const v = h.means[m];
      if (v === undefined || !Number.isFinite(v)) continue;
      sums[i][m][0] += v;
      sums[i][m][1]++;
    }
  }
  return sums.map((s, i) => {
    const dayMs = fromDayMs + i * ENV_DAY_MS;
    const means = {} as Record<DailyMetric, number | null>;
    const counts = {} as Record<DailyMetric, number>;
    for (const m of DAILY_METRICS) {
      const [sum, n] = s[m];
      counts[m] = n;
      means[m] = n >= MIN_HOURS_PER_DAY ? sum / n : null;
    }
    return { dayMs, date: beijingDate(dayMs), means, hours: counts };
  });
}

/**
 * Whether a day is an environment compliant day: every particulate with a daily mean is within its
 * DAILY_MEAN_LIMITS (at most the limit); null when no particulate has one (too few valid hours: not judged).
 */
export function isCompliantDay(day: DailyMeans): boolean | null {
  const judged = DAILY_METRICS.filter((m) => day.means[m] !== null);
  if (judged.length === 0) return null;
  return judged.every((m) => day.means[m]! <= DAILY_MEAN_LIMITS[m]);
}

/** The equivalent continuous sound level of equally long samples `levels` (dB(A)): 10·lg(mean 10^(L/10)); null for none. */
export function leq(levels: readonly number[]): number | null {
  if (levels.length === 0) return null;
  let energy = 0;
  for (const l of levels) energy += 10 ** (l / 10);
  return 10 * Math.log10(energy / levels.length);
}

/** A valid noise level of one minute (the minute's mean reading; a monitor reports once a minute). */
export interface MinuteLevel {
  ms: number;
  level: number;
}

/**
 * A Beijing day's noise: the Leq of its day period (06:00–22:00) and of its night (22:00 of the day to
 * 06:00 of the next: GB 12523-2011 §3.8), null without a reading, with the minutes each holds.
 */
export interface NoiseDayNight {
  dayMs: number;
  date: string;
  dayLeq: number | null;
  nightLeq: number | null;
  dayMinutes: number;
  nightMinutes: number;
}

/**
 * Day and night Leq of `days` Beijing days from `fromDayMs` (a beijingDayStart): a minute from 00:00 to
 * 06:00 belongs to the night of the day before. Minutes outside the days are ignored.
 */
export function noiseDayNight(minutes: readonly MinuteLevel[], fromDayMs: number, days: number): NoiseDayNight[] {
  const day: number[][] = Array.from({ length: days }, () => []);
  const night: number[][] = Array.from({ length: days }, () => []);
  for (const { ms, level } of minutes) {
    const m = beijingMinuteOfDay(ms);
    const owner = m < 6 * 60 ? beijingDayStart(ms) - ENV_DAY_MS : beijingDayStart(ms);
    const i = Math.round((owner - fromDayMs) / ENV_DAY_MS);
    if (i < 0 || i >= days || !Number.isFinite(level)) continue;
    (m >= 6 * 60 && m < 22 * 60 ? day : night)[i].push(level);
  }
  return day.map((d, i) => {
    const dayMs = fromDayMs + i * ENV_DAY_MS;
    return { dayMs, date: beijingDate(dayMs), dayLeq: leq(d), nightLeq: leq(night[i]), dayMinutes: d.length, nightMinutes: night[i].length };
  });
}
