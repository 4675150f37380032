import { describe, expect, it } from 'vitest';
import type { SeriesResponse } from '../../../protocol';
import { makeEnvironmentDevice } from '../../test/builders';
import { trendData, trendLimitLines, trendScaleRange, trendScales } from './trendSeries';

const dayNight = (v: number, night: boolean) => `${v} ${night ? 'night' : 'day'}`;

describe('air-quality trend series', () => {
  it('draws each particulate warning and alarm limit on its unit scale, and noise by day and night', () => {
    const lines = trendLimitLines(makeEnvironmentDevice({ sn: 'ENV-1' }), ['pm10', 'pm25', 'tsp', 'noise'], dayNight);
    expect(lines.map((l) => [l.scale, l.value, l.level, l.label])).toEqual([
      ['µg/m³', 80, 'warning', '80'],
      ['µg/m³', 150, 'alarm', '150'],
      ['µg/m³', 75, 'warning', '75'],
      ['µg/m³', 115, 'alarm', '115'],
      ['mg/m³', 0.7, 'warning', '0.7'],
      ['mg/m³', 0.8, 'alarm', '0.8'],
      ['dB(A)', 70, 'alarm', '70 day'],
      ['dB(A)', 55, 'alarm', '55 night'],
    ]);
  });

  it("follows a monitor's edited limit", () => {
    const edited = makeEnvironmentDevice({ sn: 'ENV-1', thresholds: [{ metric: 'pm10', unit: 'µg/m³', warnHigh: null, alarmHigh: 120, warnLow: null, alarmLow: null, clearRatio: 0.9, clearLow: null }] });
    expect(trendLimitLines(edited, ['pm10'], dayNight).map((l) => l.value)).toEqual([120]);
  });

  it('puts particulates on the left and TSP, noise on scales of their own', () => {
    expect(trendScales(['pm10', 'pm25', 'tsp'])).toEqual(['µg/m³', 'mg/m³']);
    expect(trendScales(['noise'])).toEqual(['dB(A)']);
  });

  it("turns an answer into columns with gaps, and each scale's highest value", () => {
    const res = { series: [{ sn: 'ENV-1', ts: [1, 2, 3], values: { pm10: [50, null, 170], tsp: [0.2, 0.3, null] } }] } as unknown as SeriesResponse;
    const { data, max } = trendData(res, ['pm10', 'pm25', 'tsp']);
    expect(data).toEqual([
      [1, 2, 3],
      [50, null, 170],
      [null, null, null],
      [0.2, 0.3, null],
    ]);
    expect(max).toEqual({ 'µg/m³': 170, 'mg/m³': 0.3 });
    expect(trendData(null, ['pm10']).data).toEqual([[], []]);
  });

  it('keeps the highest limit in view above low readings, and the readings above the limits', () => {
    const lines = [{ scale: 'µg/m³', value: 150, level: 'alarm' as const }];
    expect(trendScaleRange('µg/m³', 40, lines)).toEqual([0, 165]);
    expect(trendScaleRange('µg/m³', 300, lines)[1]).toBeCloseTo(330);
    expect(trendScaleRange('mg/m³', undefined, lines)).toEqual([0, 1]);
  });
});
