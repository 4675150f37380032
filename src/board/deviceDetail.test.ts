import { describe, expect, it } from 'vitest';
import type { Threshold } from '../../protocol';
import { metricRows, metricUnit, thresholdText } from './deviceDetail';

const CO: Threshold = { metric: 'CO', unit: 'ppm', warnHigh: 24, alarmHigh: 40, warnLow: null, alarmLow: null, clearRatio: 0.5, clearLow: null };
const O2: Threshold = { metric: 'O2', unit: '%vol', warnHigh: null, alarmHigh: null, warnLow: 19.5, alarmLow: 18, clearRatio: 1, clearLow: 19.5 };

describe('device detail rows', () => {
  it('takes the unit from the threshold, the gas table or the field name', () => {
    expect(metricUnit('CO', [CO])).toBe('ppm');
    expect(metricUnit('dust', [])).toBe('mg/m³');
    expect(metricUnit('windSpeedMps', [])).toBe('m/s');
    expect(metricUnit('mystery', [])).toBe('');
  });

  it('lists latest values first, then thresholds still without a value', () => {
    const rows = metricRows({ latest: { CO: 12, dust: 3 }, thresholds: [CO, O2] });
    expect(rows.map((r) => [r.metric, r.value, r.unit])).toEqual([
      ['CO', 12, 'ppm'],
      ['dust', 3, 'mg/m³'],
      ['O2', null, '%vol'],
    ]);
    expect(rows[0].threshold).toBe(CO);
  });

  it('writes high and low limits', () => {
    const labels = { warn: 'warn', alarm: 'alarm' };
    expect(thresholdText(CO, labels)).toBe('warn ≥ 24 · alarm ≥ 40');
    expect(thresholdText(O2, labels)).toBe('warn ≤ 19.5 · alarm ≤ 18');
    expect(thresholdText(null, labels)).toBe('');
  });
});
