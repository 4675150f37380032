import { describe, expect, it } from 'vitest';
import { captureDaySeries, spanStartDay } from './CaptureAnalysisModal';
import { captureFilterOf } from './CapturesScreen';

describe('capture record helpers', () => {
  it('turns the screen’s choices into the capture/list filter, the range reckoned at the given instant', () => {
    const now = Date.UTC(2026, 10, 27, 8, 0);
    expect(captureFilterOf('p', { range: 'day', cameraSn: 'CAM-01', algType: 'noHelmet', dealStatus: '2' }, now)).toEqual({
      projectId: 'p',
      fromMs: now - 86_400_000,
      cameraSn: 'CAM-01',
      algType: 'noHelmet',
      dealStatus: 2,
    });
    // "All time" and no other choice: the project only; untreated (0) is a choice, not "none"
    expect(captureFilterOf('p', { range: '', cameraSn: '', algType: '', dealStatus: '' }, now)).toEqual({ projectId: 'p' });
    expect(captureFilterOf('p', { range: '', cameraSn: '', algType: '', dealStatus: '0' }, now)).toEqual({ projectId: 'p', dealStatus: 0 });
  });

  it('starts a span on the Beijing day, and fills days without captures with 0', () => {
    // 2026-11-27 20:00 UTC is already the 28th in Beijing
    expect(spanStartDay(7, Date.UTC(2026, 10, 27, 20, 0))).toBe('2026-11-22');
    const data = captureDaySeries(
      [
        { day: '2026-11-22', count: 3, untreated: 1, processed: 1, falseAlarms: 1 },
        { day: '2026-11-24', count: 5, untreated: 0, processed: 3, falseAlarms: 2 },
        { day: '2026-11-30', count: 9, untreated: 9, processed: 0, falseAlarms: 0 },
      ],
      '2026-11-22',
      4,
    );
    expect(data[0]).toEqual([0, 1, 2, 3].map((i) => Date.UTC(2026, 10, 22 + i) / 1000));
    expect(data[1]).toEqual([3, 0, 5, 0]);
    expect(data[2]).toEqual([1, 0, 2, 0]);
  });
});
