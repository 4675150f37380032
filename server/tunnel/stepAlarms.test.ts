import { describe, expect, it } from 'vitest';
import type { Heading } from '../../protocol';
import { StepAlarms } from './stepAlarms';

const T0 = Date.UTC(2026, 10, 27, 2);
const heading = (faceM: number, invertM: number, liningM: number): Heading => ({ headingId: 'LK-E', name: 'Left bore, entry heading', portal: 'entry', faceM, invertM, liningM, rockGrade: 'IV' });

describe('StepAlarms', () => {
  it('raises a warning once the invert is over the grade limit, not at it, updates it and clears it once within', () => {
    const rules = new StepAlarms();
    expect(rules.judge('p', heading(1270, 1235, 1200), 'IV', T0)).toEqual([]); // 35 m: at the limit
    const [raised] = rules.judge('p', heading(1271, 1235, 1200), 'IV', T0 + 1);
    expect(raised).toMatchObject({ kind: 'threshold', level: 'warning', metric: 'invertToFace', value: 36, threshold: 35, unit: 'm', side: 'over', state: 'active', deviceSn: 'LK-E', deviceKind: 'tunnelProgress' });
    expect(rules.judge('p', heading(1271, 1235, 1200), 'IV', T0 + 2)).toEqual([]); // nothing new
    const [updated] = rules.judge('p', heading(1272, 1235, 1200), 'IV', T0 + 3);
    expect(updated).toBe(raised);
    expect(updated).toMatchObject({ value: 37, peakValue: 37 });
    const [cleared] = rules.judge('p', heading(1272, 1240, 1200), 'IV', T0 + 4);
    expect(cleared).toMatchObject({ state: 'cleared', clearedAtMs: T0 + 4 });
    expect(rules.size).toBe(0);
  });

  it('judges against the grade at the face: the same distances warn in grade V, not in III', () => {
    const rules = new StepAlarms();
    const h = heading(1300, 1260, 1215); // invert 40 m, lining 85 m behind
    expect(rules.judge('p', h, 'III', T0)).toEqual([]);
    expect(rules.judge('p', h, 'V', T0).map((a) => [a.metric, a.threshold])).toEqual([
      ['invertToFace', 35],
      ['liningToFace', 70],
    ]);
  });

  it('owns only the step-distance alarms of a progress kind', () => {
    expect(StepAlarms.owns({ deviceKind: 'tunnelProgress', metric: 'liningToFace' })).toBe(true);
    expect(StepAlarms.owns({ deviceKind: 'tunnelProgress', metric: 'offline' })).toBe(false);
    expect(StepAlarms.owns({ deviceKind: 'gas', metric: 'invertToFace' })).toBe(false);
  });
});
