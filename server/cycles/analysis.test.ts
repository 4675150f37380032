import { describe, expect, it } from 'vitest';
import { DEFAULT_CYCLE_PRESET_HOURS, type CycleStage } from '../../protocol';
import { analyseCycles, type AnalysedRecord } from './analysis';

const H = 3_600_000;
const AT = Date.UTC(2026, 4, 10, 12);

/** A round of `hours` ending `endsAgoH` before AT, with `idleH` of idle at its end. */
function rec(headingId: string, grade: AnalysedRecord['rockGrade'], endsAgoH: number, hours: number, idleH = 1, footageM = 3): AnalysedRecord {
  const endMs = AT - endsAgoH * H;
  const startMs = endMs - hours * H;
  const stages: AnalysedRecord['stages'] = [
    { stage: 'drilling' as CycleStage, startMs, endMs: endMs - idleH * H, source: 'reported', confidence: 'high' },
    { stage: 'idle' as CycleStage, startMs: endMs - idleH * H, endMs, source: 'reported', confidence: 'high' },
  ];
  return { headingId, workFace: 'excavation', rockGrade: grade, startMs, endMs, footageM, effectiveHours: hours - idleH, stages };
}

describe('analyseCycles', () => {
  const records = [rec('A', 'III', 2, 12), rec('A', 'III', 14, 16), rec('B', 'IV', 30, 10, 2, 1.4), rec('B', 'IV', 100, 11), rec('A', 'III', 200, 13)];
  const a = analyseCycles(records, DEFAULT_CYCLE_PRESET_HOURS, AT);
  const win = (days: number) => a.windows.find((w) => w.days === days && w.workFace === 'excavation')!;

  it('averages the rounds that ended within 1, 3 and 7 days', () => {
    expect(win(1)).toMatchObject({ cycles: 2, avgCycleHours: 14, avgEffectiveHours: 13, cyclesPerDay: 2, idlePeriods: 2, idleHours: 2, footageM: 6 });
    expect(win(3)).toMatchObject({ cycles: 3, avgCycleHours: 12.67, cyclesPerDay: 0.5 });
    expect(win(7)).toMatchObject({ cycles: 4, avgCycleHours: 12.25 });
    expect(a.windows.find((w) => w.days === 7 && w.workFace === 'lining')).toMatchObject({ cycles: 0, avgCycleHours: null, cyclesPerDay: 0 });
  });

  it('flags a grade whose mean round is longer than its preset, and only that one', () => {
    const iii = a.efficiency.find((e) => e.rockGrade === 'III')!;
    const iv = a.efficiency.find((e) => e.rockGrade === 'IV')!;
    expect(iii).toMatchObject({ cycles: 2, avgCycleHours: 14, presetHours: 14, lowEfficiency: false });
    expect(iv).toMatchObject({ cycles: 2, avgCycleHours: 10.5, lowEfficiency: false });
    const stricter = analyseCycles(records, { ...DEFAULT_CYCLE_PRESET_HOURS, III: 13 }, AT);
    expect(stricter.efficiency.find((e) => e.rockGrade === 'III')!.lowEfficiency).toBe(true);
    expect(a.efficiency.find((e) => e.rockGrade === 'V')).toMatchObject({ cycles: 0, avgCycleHours: null, lowEfficiency: false });
  });

  it('gives each round of the week its hours by stage, oldest first', () => {
    expect(a.trend.map((t) => t.stageHours)).toEqual([{ drilling: 10, idle: 1 }, { drilling: 8, idle: 2 }, { drilling: 15, idle: 1 }, { drilling: 11, idle: 1 }]);
  });
});
