import { describe, expect, it } from 'vitest';
import { TRACKS_SEALED_AFTER_MS, TRACKS_TAIL_PAGE_MS, compactPageEnd, hourPageOf, warmPages } from './compactPages';

const HOUR = 3_600_000;
const MIN = 60_000;
/** 2026-11-27 10:00 UTC (18:00 Beijing time), on a clock hour. */
const H10 = Date.UTC(2026, 10, 27, 10);

describe('compact track pages on the clock', () => {
  it('cut a sealed hour at its end, wherever the page starts in it', () => {
    const now = H10 + 2 * HOUR;
    expect(compactPageEnd(H10, now)).toBe(H10 + HOUR - 1);
    expect(compactPageEnd(H10 + 17 * MIN + 5, now)).toBe(H10 + HOUR - 1);
  });

  it('cut the hour still being written into 10-minute slices', () => {
    const now = H10 + 25 * MIN;
    expect(compactPageEnd(H10, now)).toBe(H10 + TRACKS_TAIL_PAGE_MS - 1);
    expect(compactPageEnd(H10 + 20 * MIN, now)).toBe(H10 + 30 * MIN - 1);
    // an hour that ended less than the sealing delay ago is still being written
    expect(compactPageEnd(H10, H10 + HOUR + TRACKS_SEALED_AFTER_MS - 1)).toBe(H10 + TRACKS_TAIL_PAGE_MS - 1);
    expect(compactPageEnd(H10, H10 + HOUR + TRACKS_SEALED_AFTER_MS)).toBe(H10 + HOUR - 1);
  });

  it('hourPageOf gives the clock hour holding an instant', () => {
    expect(hourPageOf(H10 + 59 * MIN)).toEqual({ fromMs: H10, toMs: H10 + HOUR - 1 });
  });
});

describe('warmPages', () => {
  it('lists the sealed slices of the running hour, newest first, then the sealed hours before it', () => {
    const pages = warmPages(H10 + 34 * MIN, 3);
    // at 10:34 everything before 10:31 has sealed: the slices from 10:00, 10:10 and 10:20 (10:30–10:40 is still written)
    expect(pages).toEqual([
      { fromMs: H10 + 20 * MIN, toMs: H10 + 30 * MIN - 1 },
      { fromMs: H10 + 10 * MIN, toMs: H10 + 20 * MIN - 1 },
      { fromMs: H10, toMs: H10 + 10 * MIN - 1 },
      { fromMs: H10 - HOUR, toMs: H10 - 1 },
      { fromMs: H10 - 2 * HOUR, toMs: H10 - HOUR - 1 },
      { fromMs: H10 - 3 * HOUR, toMs: H10 - 2 * HOUR - 1 },
    ]);
  });

  it('leaves out the slice whose end is within the sealing delay', () => {
    const pages = warmPages(H10 + 32 * MIN, 1);
    expect(pages[0]).toEqual({ fromMs: H10 + 10 * MIN, toMs: H10 + 20 * MIN - 1 });
  });

  it('every page it warms is cut as a replay request cuts it', () => {
    const now = H10 + 47 * MIN;
    for (const p of warmPages(now, 8)) expect(compactPageEnd(p.fromMs, now)).toBe(p.toMs);
  });

  it('warms whole hours only when the running hour has no sealed slice yet', () => {
    expect(warmPages(H10 + 5 * MIN, 2)).toEqual([
      { fromMs: H10 - HOUR, toMs: H10 - 1 },
      { fromMs: H10 - 2 * HOUR, toMs: H10 - HOUR - 1 },
    ]);
  });
});
