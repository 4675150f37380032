import { describe, expect, it } from 'vitest';
import { gradeAt, headingFigures, positionProblems, positionsAt, segmentProblems, siteMonthStartMs, stepDistances, stepLimits, tunnelFigures } from './tunnelProgress';
import { beijingDayStart } from './equipment';
import type { RockSegment } from './api';

const SEGMENTS: RockSegment[] = [
  { fromM: 0, toM: 100, grade: 'V' },
  { fromM: 100, toM: 600, grade: 'IV' },
  { fromM: 600, toM: 3000, grade: 'III' },
];
// 2026-11-27 10:00 in Beijing (02:00 UTC)
const NOW = Date.UTC(2026, 10, 27, 2, 0);
const HOUR = 3_600_000;

describe('gradeAt', () => {
  it('finds the segment holding a position, the later one at a shared boundary', () => {
    expect(gradeAt(SEGMENTS, 50)).toBe('V');
    expect(gradeAt(SEGMENTS, 100)).toBe('IV');
    expect(gradeAt(SEGMENTS, 599.9)).toBe('IV');
    expect(gradeAt(SEGMENTS, 600)).toBe('III');
  });
  it('gives the last segment at its very end, null outside every segment', () => {
    expect(gradeAt(SEGMENTS, 3000)).toBe('III');
    expect(gradeAt(SEGMENTS, 3000.5)).toBeNull();
    expect(gradeAt([{ fromM: 10, toM: 20, grade: 'VI' }], 5)).toBeNull();
    expect(gradeAt([], 5)).toBeNull();
  });
});

describe('stepLimits and stepDistances', () => {
  it('are the step-distance table of docs/domain.md per grade', () => {
    expect(stepLimits('III')).toEqual({ invertToFaceM: 90, liningToFaceM: 120 });
    expect(stepLimits('IV')).toEqual({ invertToFaceM: 35, liningToFaceM: 90 });
    expect(stepLimits('V')).toEqual({ invertToFaceM: 35, liningToFaceM: 70 });
    expect(stepLimits('VI')).toEqual({ invertToFaceM: 35, liningToFaceM: 70 });
    // no grade: the strictest, so a missing design entry never hides a warning
    expect(stepLimits(null)).toEqual(stepLimits('V'));
  });
  it('holds a distance equal to the limit within it and warns past it (entry heading)', () => {
    const at = stepDistances({ portal: 'entry', faceM: 1000, invertM: 965, liningM: 910 }, 'IV');
    expect(at.invertToFace).toEqual({ distanceM: 35, limitM: 35, exceeded: false });
    expect(at.liningToFace).toEqual({ distanceM: 90, limitM: 90, exceeded: false });
    const past = stepDistances({ portal: 'entry', faceM: 1000.5, invertM: 965, liningM: 910 }, 'IV');
    expect(past.invertToFace.exceeded).toBe(true);
    expect(past.liningToFace.exceeded).toBe(true);
  });
  it('measures an exit heading towards the entry portal', () => {
    const d = stepDistances({ portal: 'exit', faceM: 1900, invertM: 1991, liningM: 2010 }, 'III');
    expect(d.invertToFace).toEqual({ distanceM: 91, limitM: 90, exceeded: true });
    expect(d.liningToFace).toEqual({ distanceM: 110, limitM: 120, exceeded: false });
  });
});

describe('site days and months (UTC+8)', () => {
  it('start at local midnight and on the 1st', () => {
    expect(beijingDayStart(NOW)).toBe(Date.UTC(2026, 10, 26, 16));
    // 23:30 UTC on the 26th is already the 27th in Beijing
    expect(beijingDayStart(Date.UTC(2026, 10, 26, 23, 30))).toBe(Date.UTC(2026, 10, 26, 16));
    expect(siteMonthStartMs(NOW)).toBe(Date.UTC(2026, 9, 31, 16));
  });
});

describe('positionsAt', () => {
  const entries = [
    { atMs: NOW - 2 * HOUR, faceM: 10, invertM: 0, liningM: 0, waterproofM: null },
    { atMs: NOW - HOUR, faceM: 12, invertM: 1, liningM: 0, waterproofM: null },
  ];
  it('takes the latest state at or before the instant, the first before any', () => {
    expect(positionsAt(entries, NOW)?.faceM).toBe(12);
    expect(positionsAt(entries, NOW - HOUR)?.faceM).toBe(12);
    expect(positionsAt(entries, NOW - HOUR - 1)?.faceM).toBe(10);
    expect(positionsAt(entries, NOW - 10 * HOUR)?.faceM).toBe(10);
    expect(positionsAt([], NOW)).toBeNull();
  });
});

describe('headingFigures and tunnelFigures', () => {
  const tunnel = { tunnelId: 'LK', lengthM: 3000 };
  // entry heading: 1200 m at the start of the month, 1240 m yesterday evening, 1246.5 m now
  const entries = [
    { atMs: Date.UTC(2026, 9, 20), faceM: 1200, invertM: 1170, liningM: 1100, waterproofM: null },
    { atMs: Date.UTC(2026, 10, 26, 12), faceM: 1240, invertM: 1200, liningM: 1150, waterproofM: null },
    { atMs: NOW - HOUR, faceM: 1246.5, invertM: 1212, liningM: 1150, waterproofM: null },
  ];
  const entry = { headingId: 'LK-E', portal: 'entry' as const, faceM: 1246.5, invertM: 1212, liningM: 1150 };
  it('gives today, this month, the total and % of the design length', () => {
    const f = headingFigures(tunnel, entry, entries, SEGMENTS, NOW);
    expect(f.total).toEqual({ faceM: 1246.5, invertM: 1212, liningM: 1150 });
    expect(f.today).toEqual({ faceM: 6.5, invertM: 12, liningM: 0 });
    expect(f.month).toEqual({ faceM: 46.5, invertM: 42, liningM: 50 });
    expect(f.pctOfDesign).toBe(41.6);
    expect(f.grade).toBe('III');
    expect(f.invertToFace).toEqual({ distanceM: 34.5, limitM: 90, exceeded: false });
    expect(f.liningToFace).toEqual({ distanceM: 96.5, limitM: 120, exceeded: false });
  });
  it('counts an exit heading from the exit portal and sums a bore', () => {
    const exit = { headingId: 'LK-X', portal: 'exit' as const, faceM: 2000, invertM: 2040, liningM: 2100 };
    const exitEntries = [
      { atMs: NOW - 30 * HOUR, faceM: 2010, invertM: 2040, liningM: 2100, waterproofM: null },
      { atMs: NOW - HOUR, faceM: 2000, invertM: 2040, liningM: 2100, waterproofM: null },
    ];
    const x = headingFigures(tunnel, exit, exitEntries, SEGMENTS, NOW);
    expect(x.total).toEqual({ faceM: 1000, invertM: 960, liningM: 900 });
    expect(x.today.faceM).toBe(10);
    const t = tunnelFigures(tunnel, [headingFigures(tunnel, entry, entries, SEGMENTS, NOW), x]);
    expect(t.total.faceM).toBe(2246.5);
    expect(t.today.faceM).toBe(16.5);
    expect(t.pctOfDesign.faceM).toBe(74.9);
  });
  it('reads no advance for a heading with no saved state', () => {
    const f = headingFigures(tunnel, entry, [], SEGMENTS, NOW);
    expect(f.today.faceM).toBe(0);
    expect(f.month.faceM).toBe(0);
  });
});

describe('segmentProblems and positionProblems', () => {
  it('name overlapping segments and segments past the bore', () => {
    expect(segmentProblems(SEGMENTS, 3000)).toEqual([]);
    expect(segmentProblems([{ fromM: 0, toM: 50, grade: 'V' }, { fromM: 40, toM: 3100, grade: 'IV' }], 3000).map((p) => p.message)).toEqual([
      "segment 2: ends at 3100 m, past the bore's length 3000 m",
      'segments 1 and 2 overlap (40 m < 50 m)',
    ]);
  });
  it('refuse an invert or lining ahead of the face on the heading side', () => {
    expect(positionProblems({ portal: 'entry' }, { faceM: 100, invertM: 90, liningM: 80, waterproofM: null }, 3000)).toEqual([]);
    expect(positionProblems({ portal: 'entry' }, { faceM: 100, invertM: 110, liningM: 80, waterproofM: null }, 3000)).toEqual(['invertM: 110 m is ahead of the face at 100 m']);
    expect(positionProblems({ portal: 'exit' }, { faceM: 2000, invertM: 2050, liningM: 1990, waterproofM: null }, 3000)).toEqual(['liningM: 1990 m is ahead of the face at 2000 m']);
    expect(positionProblems({ portal: 'entry' }, { faceM: 3100, invertM: 0, liningM: 0, waterproofM: null }, 3000)).toEqual(["faceM: 3100 m is past the bore's length 3000 m"]);
  });
});
