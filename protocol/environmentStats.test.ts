import { describe, expect, it } from 'vitest';
import { beijingDayStart } from './equipment';
import { beijingDate, dailyMeans, ENV_DAY_MS as DAY_MS, isCompliantDay, leq, MIN_HOURS_PER_DAY, noiseDayNight, type HourMeans } from './environmentStats';

/** 2026-06-01 00:00 Beijing time (UTC+8) is 2026-05-31 16:00 UTC. */
const JUNE_1 = Date.UTC(2026, 4, 31, 16, 0, 0);
const at = (day: number, h: number, m = 0) => JUNE_1 + day * DAY_MS + (h * 60 + m) * 60_000;

describe('Beijing days', () => {
  it('start at 00:00 Beijing time (16:00 UTC the day before)', () => {
    expect(beijingDayStart(at(0, 0))).toBe(JUNE_1);
    expect(beijingDayStart(at(0, 23, 59))).toBe(JUNE_1);
    expect(beijingDayStart(at(0, 0) - 1)).toBe(JUNE_1 - DAY_MS);
    expect(beijingDate(JUNE_1)).toBe('2026-06-01');
    expect(beijingDate(JUNE_1 - DAY_MS)).toBe('2026-05-31');
  });
});

describe('daily means', () => {
  const hours = (day: number, n: number, means: HourMeans['means']): HourMeans[] => Array.from({ length: n }, (_, h) => ({ hourMs: at(day, h), means }));

  it('average the valid hourly means of each Beijing day', () => {
    const rows = [...hours(0, 12, { pm10: 60, pm25: 30 }), ...hours(0, 12, { pm10: 100, pm25: 50 }).map((h) => ({ ...h, hourMs: h.hourMs + 12 * 3_600_000 }))];
    const [d] = dailyMeans(rows, JUNE_1, 1);
    expect(d).toMatchObject({ date: '2026-06-01', means: { pm10: 80, pm25: 40, tsp: null }, hours: { pm10: 24, pm25: 24, tsp: 0 } });
  });

  it('give no daily mean under 20 valid hours (GB 3095), and count an hour in the day of its Beijing date', () => {
    const days = dailyMeans([...hours(0, MIN_HOURS_PER_DAY - 1, { pm10: 50 }), ...hours(1, MIN_HOURS_PER_DAY, { pm10: 50 })], JUNE_1, 2);
    expect(days.map((d) => d.means.pm10)).toEqual([null, 50]);
    // 23:00 UTC on 1 June is 07:00 on 2 June in Beijing
    const [, second] = dailyMeans([{ hourMs: Date.UTC(2026, 5, 1, 23), means: { tsp: 0.2 } }], JUNE_1, 2);
    expect(second.hours.tsp).toBe(1);
  });
});

describe('environment compliant days', () => {
  const day = (means: Partial<Record<'pm10' | 'pm25' | 'tsp', number | null>>) => ({ dayMs: JUNE_1, date: '2026-06-01', means: { pm10: null, pm25: null, tsp: null, ...means }, hours: { pm10: 24, pm25: 24, tsp: 24 } });

  it('keep every daily mean at or under the GB 3095 grade II 24 h limits', () => {
    expect(isCompliantDay(day({ pm10: 150, pm25: 75, tsp: 0.3 }))).toBe(true);
    expect(isCompliantDay(day({ pm10: 150.5, pm25: 40 }))).toBe(false);
    expect(isCompliantDay(day({ pm10: 90, pm25: 76 }))).toBe(false);
    expect(isCompliantDay(day({ tsp: 0.31 }))).toBe(false);
  });

  it('are not judged without any daily mean', () => {
    expect(isCompliantDay(day({}))).toBeNull();
  });
});

describe('noise by day and night', () => {
  it('Leq is the energy mean: 60 and 70 dB(A) for equal times give 67.4', () => {
    expect(leq([60, 70])).toBeCloseTo(67.4, 1);
    expect(leq([55, 55, 55])).toBeCloseTo(55, 9);
    expect(leq([])).toBeNull();
  });

  it('split at 06:00 and 22:00 Beijing time; the small hours belong to the night before', () => {
    const minutes = [
      { ms: at(0, 5, 59), level: 40 }, // night of 31 May
      { ms: at(0, 6, 0), level: 60 }, // day of 1 June
      { ms: at(0, 21, 59), level: 60 },
      { ms: at(0, 22, 0), level: 50 }, // night of 1 June
      { ms: at(1, 5, 59), level: 50 },
      { ms: at(1, 6, 0), level: 65 }, // day of 2 June
    ];
    const [june1, june2] = noiseDayNight(minutes, JUNE_1, 2);
    expect(june1).toMatchObject({ date: '2026-06-01', dayMinutes: 2, nightMinutes: 2 });
    expect(june1.dayLeq).toBeCloseTo(60, 9);
    expect(june1.nightLeq).toBeCloseTo(50, 9);
    expect(june2).toMatchObject({ dayMinutes: 1, nightMinutes: 0, nightLeq: null });
    expect(june2.dayLeq).toBeCloseTo(65, 9);
  });
});
