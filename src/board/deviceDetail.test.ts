import { describe, expect, it } from 'vitest';
import type { Threshold } from '../../protocol';
import { metricRows, metricUnit, thresholdText, valueText } from './deviceDetail';

const CO: Threshold = { metric: 'CO', unit: 'ppm', warnHigh: 24, alarmHigh: 40, warnLow: null, alarmLow: null, clearRatio: 0.5, clearLow: null };
const O2: Threshold = { metric: 'O2', unit: '%vol', warnHigh: null, alarmHigh: null, warnLow: 19.5, alarmLow: 18, clearRatio: 1, clearLow: 19.5 };

describe('device detail rows', () => {
  it("takes the unit from the threshold, else from the kind's descriptor", () => {
    expect(metricUnit('gas', 'CO', [{ ...CO, unit: 'mg/m³' }])).toBe('mg/m³');
    expect(metricUnit('gas', 'dust', [])).toBe('mg/m³');
    expect(metricUnit('towerCrane', 'windSpeedMps', [])).toBe('m/s');
    expect(metricUnit('beacon', 'bodyTempC', [])).toBe('℃');
    expect(metricUnit('towerCrane', 'mystery', [])).toBe('');
    expect(metricUnit('boiler', 'CO', [])).toBe('');
  });

  it('lists latest values first, then thresholds still without a value, with units and decimals of the kind', () => {
    const rows = metricRows({ kind: 'gas', latest: { CO: 12, dust: 3 }, thresholds: [CO, O2] });
    expect(rows.map((r) => [r.metric, r.value, r.unit, r.digits])).toEqual([
      ['CO', 12, 'ppm', 1],
      ['dust', 3, 'mg/m³', 2],
      ['O2', null, '%vol', 2],
    ]);
    expect(rows[0].threshold).toBe(CO);
    expect(rows.map(valueText)).toEqual(['12.0 ppm', '3.00 mg/m³', '—']);
    const crane = metricRows({ kind: 'towerCrane', latest: { tiltDeg: 0.123, loadT: 2.5 }, thresholds: [] });
    expect(crane.map(valueText)).toEqual(['0.12 °', '2.50 t']);
  });

  it('writes high and low limits', () => {
    const labels = { warn: 'warn', alarm: 'alarm' };
    expect(thresholdText(CO, labels)).toBe('warn ≥ 24 · alarm ≥ 40');
    expect(thresholdText(O2, labels)).toBe('warn ≤ 19.5 · alarm ≤ 18');
    expect(thresholdText(null, labels)).toBe('');
  });
});
