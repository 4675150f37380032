import { describe, expect, it } from 'vitest';
import type { Heading } from '../../protocol';
import { CYCLE_STAGES, HeadingCycle, type StageInterval } from './cycle';
import { HOUR_MS, MINUTE_MS } from './siteClock';

const START = Date.UTC(2026, 2, 10, 2, 0, 0);
const entry: Heading = { headingId: 'H-E', name: 'entry', portal: 'entry', faceM: 1_000, liningM: 900, invertM: 960, rockGrade: 'III' };
const exit: Heading = { ...entry, headingId: 'H-X', portal: 'exit', faceM: 2_000, liningM: 2_100, invertM: 2_050, rockGrade: 'V' };

function rounds(c: HeadingCycle, hours: number): StageInterval[] {
  return c.intervalsBetween(START, START + hours * HOUR_MS);
}

describe('HeadingCycle', () => {
  it('runs the stages in drill-and-blast order, back to back, round after round', () => {
    const ivs = rounds(new HeadingCycle(entry, 3_000, 1, START), 48);
    for (let i = 1; i < ivs.length; i++) {
      expect(ivs[i].startMs).toBe(ivs[i - 1].endMs);
      const prev = CYCLE_STAGES.indexOf(ivs[i - 1].stage);
      expect(ivs[i].stage).toBe(CYCLE_STAGES[(prev + 1) % CYCLE_STAGES.length]);
    }
  });

  it('takes about 10–14 h per round (docs/domain.md: about two rounds a day) and ventilates at least 15 min', () => {
    for (const h of [entry, exit]) {
      const ivs = rounds(new HeadingCycle(h, 3_000, 2, START), 96);
      const starts = ivs.filter((iv) => iv.stage === 'drilling').map((iv) => iv.startMs);
      for (let i = 1; i < starts.length; i++) {
        const hours = (starts[i] - starts[i - 1]) / HOUR_MS;
        expect(hours).toBeGreaterThan(8);
        expect(hours).toBeLessThan(15);
      }
      for (const v of ivs.filter((iv) => iv.stage === 'ventilation')) expect(v.endMs - v.startMs).toBeGreaterThanOrEqual(15 * MINUTE_MS);
    }
  });

  it('compresses rounds on request but keeps the 15-minute re-entry rule', () => {
    const ivs = rounds(new HeadingCycle(entry, 3_000, 1, START, { compression: 10 }), 6);
    expect(ivs.filter((iv) => iv.stage === 'blasting').length).toBeGreaterThanOrEqual(3);
    for (const v of ivs.filter((iv) => iv.stage === 'ventilation')) expect(v.endMs - v.startMs).toBeGreaterThanOrEqual(15 * MINUTE_MS);
  });

  it('starts at the seeded face and advances it by a round after each blast, away from its portal', () => {
    const e = new HeadingCycle(entry, 3_000, 1, START);
    const x = new HeadingCycle(exit, 3_000, 1, START);
    expect(e.faceAt(START)).toBe(1_000);
    expect(x.faceAt(START)).toBe(2_000);
    const later = START + 72 * HOUR_MS;
    expect(e.faceAt(later)).toBeGreaterThan(1_000 + 3 * 4); // grade III: 3–3.5 m a round
    expect(x.faceAt(later)).toBeLessThan(2_000);
    expect(x.faceAt(later)).toBeGreaterThan(2_000 - 1.0 * 8); // grade V: under 1 m a round
    for (const b of rounds(e, 72).filter((iv) => iv.blast)) {
      expect(b.blast!.detonationMs).toBeGreaterThanOrEqual(b.startMs);
      expect(b.blast!.detonationMs).toBeLessThan(b.endMs);
    }
  });

  it('gives the same schedule whatever order it is asked in', () => {
    const a = new HeadingCycle(entry, 3_000, 9, START);
    const b = new HeadingCycle(entry, 3_000, 9, START);
    const late = START + 30 * HOUR_MS;
    const fromLate = b.stateAt(late);
    expect(a.stateAt(START + HOUR_MS).headingId).toBe('H-E');
    expect(a.stateAt(late)).toEqual(fromLate);
  });

  it('keeps the same stage timeline when restarted later with the same seed', () => {
    const first = new HeadingCycle(entry, 3_000, 6, START);
    const restarted = new HeadingCycle(entry, 3_000, 6, START + 5 * HOUR_MS);
    const timeline = (c: HeadingCycle) =>
      c.intervalsBetween(START + 5 * HOUR_MS, START + 30 * HOUR_MS).map((iv) => [iv.stage, iv.startMs, iv.endMs]);
    expect(timeline(restarted)).toEqual(timeline(first));
    expect(timeline(new HeadingCycle(entry, 3_000, 7, START + 5 * HOUR_MS))).not.toEqual(timeline(first));
  });

  it('reports the current stage with its neighbours and the latest blast', () => {
    const c = new HeadingCycle(entry, 3_000, 4, START);
    const ivs = rounds(c, 24);
    const vent = ivs.find((iv) => iv.stage === 'ventilation')!;
    const s = c.stateAt(vent.startMs + 60_000);
    expect(s).toMatchObject({ stage: 'ventilation', previousStage: 'blasting', nextStage: 'scaling', stageStartMs: vent.startMs, stageEndMs: vent.endMs });
    const blast = ivs.find((iv) => iv.endMs === vent.startMs)!.blast!;
    expect(s.lastBlastMs).toBe(blast.detonationMs);
  });

  it('forgets old history when pruned, and says so instead of inventing it', () => {
    const c = new HeadingCycle(entry, 3_000, 1, START);
    c.stateAt(START + 48 * HOUR_MS);
    c.prune(START + 48 * HOUR_MS);
    expect(() => c.intervalAt(START)).toThrow(RangeError);
    expect(c.intervalAt(START + 47 * HOUR_MS).stage).toBeDefined();
  });
});
