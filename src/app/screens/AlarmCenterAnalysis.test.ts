import { describe, expect, it } from 'vitest';
import { formatDuration } from '../../format/time';
import { dailySeries, percentText } from './AlarmCenterAnalysis';

describe('alarm analysis helpers', () => {
  it('spreads counts per Beijing day and kind over every day of the span, zero where none', () => {
    const data = dailySeries(
      {
        total: 4,
        byDay: [
          { day: '2025-05-12', kind: 'threshold', count: 2 },
          { day: '2025-05-14', kind: 'sos', count: 1 },
          { day: '2025-05-14', kind: 'threshold', count: 1 },
          { day: '2025-04-01', kind: 'ai', count: 9 }, // outside the span
        ],
        byKind: [],
        topDevices: [],
        meanAckMs: null,
        meanHandleMs: null, gas: { byDay: [], overLimit: [] },
        groups: [],
      },
      ['threshold', 'sos'],
      '2025-05-12',
      3,
    );
    expect(data[0]).toEqual([Date.UTC(2025, 4, 12) / 1000, Date.UTC(2025, 4, 13) / 1000, Date.UTC(2025, 4, 14) / 1000]);
    expect(data.slice(1)).toEqual([
      [2, 0, 1],
      [0, 0, 1],
    ]);
  });

  it('formats mean durations', () => {
    expect(formatDuration(null)).toBe('–');
    expect(formatDuration(40_000)).toBe('40 s');
    expect(formatDuration(12 * 60_000)).toBe('12 min');
    expect(formatDuration(65 * 60_000)).toBe('1 h 5 min');
  });

  it('writes a group\'s share as a percentage with one decimal', () => {
    expect(percentText(0)).toBe('0.0 %');
    expect(percentText(0.125)).toBe('12.5 %');
    expect(percentText(1)).toBe('100.0 %');
    expect(percentText(1 / 3)).toBe('33.3 %');
  });
});
