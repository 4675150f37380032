import { describe, expect, it } from 'vitest';
import uPlot from 'uplot';
import { beijingAxisLabels, beijingWallDate, formatBeijing, formatBeijingHourMinute, formatLastSeen } from './time';

describe('formatBeijing', () => {
  it('shows UTC instants eight hours ahead, across midnight', () => {
    expect(formatBeijing(Date.UTC(2025, 0, 31, 16, 30, 5))).toBe('2025-02-01 00:30:05');
  });

  it('uses the given pattern', () => {
    expect(formatBeijing(Date.UTC(2025, 5, 1, 2, 3, 4), 'HH:mm')).toBe('10:03');
  });

  it('has no daylight saving: a summer and a winter instant both shift by 8 h', () => {
    expect(formatBeijing(Date.UTC(2025, 6, 1, 0, 0, 0), 'HH')).toBe('08');
    expect(formatBeijing(Date.UTC(2025, 11, 1, 0, 0, 0), 'HH')).toBe('08');
  });

  it('gives what the Asia/Shanghai zone gives, for every pattern the product uses, and the +08:00 offset', () => {
    const zone = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' });
    for (let t = Date.UTC(2024, 0, 1); t < Date.UTC(2026, 0, 1); t += 7 * 86_400_000 + 3_723_000) {
      const p = Object.fromEntries(zone.formatToParts(t).map((x) => [x.type, x.value]));
      expect(formatBeijing(t)).toBe(`${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`);
      expect(formatBeijing(t, 'MM-DD HH:mm')).toBe(`${p.month}-${p.day} ${p.hour}:${p.minute}`);
    }
    expect(formatBeijing(Date.UTC(2025, 0, 31, 16, 30, 5), 'YYYY-MM-DDTHH:mm:ssZ')).toBe('2025-02-01T00:30:05+08:00');
  });

  it('returns an empty string for missing times', () => {
    expect(formatBeijing(null)).toBe('');
    expect(formatBeijing(undefined)).toBe('');
    expect(formatBeijing(Number.NaN)).toBe('');
  });
});

describe('formatLastSeen', () => {
  it('drops the date for today (Beijing) and keeps it for earlier days', () => {
    const now = Date.UTC(2026, 10, 21, 15, 30, 0); // 23:30 Beijing, 21 Nov
    expect(formatLastSeen(Date.UTC(2026, 10, 21, 15, 29, 5), now)).toBe('23:29:05');
    // 20 Nov 23:59 Beijing is the previous day, even though it is under 24 h ago.
    expect(formatLastSeen(Date.UTC(2026, 10, 20, 15, 59, 0), now)).toBe('11-20 23:59');
    expect(formatLastSeen(null, now)).toBe('');
  });
});

describe('formatBeijingHourMinute and beijingWallDate (fixed UTC+8, for chart axes)', () => {
  // Every 37 minutes over two years, across midnights, month and year ends and the browser zone's DST changes.
  const instants: number[] = [];
  for (let t = Date.UTC(2025, 0, 1, 0, 7); t < Date.UTC(2027, 0, 1); t += 37 * 60_000) instants.push(t);
  instants.push(Date.UTC(2025, 11, 31, 15, 59, 59, 999), Date.UTC(2025, 11, 31, 16, 0, 0), 0);
  const intlHourMinute = new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Shanghai', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

  it('gives the HH:mm of the Asia/Shanghai zone', () => {
    for (const t of instants) expect(formatBeijingHourMinute(t)).toBe(intlHourMinute.format(t));
    expect(formatBeijingHourMinute(Date.UTC(2025, 5, 1, 2, 3, 4))).toBe(formatBeijing(Date.UTC(2025, 5, 1, 2, 3, 4), 'HH:mm'));
    expect(formatBeijingHourMinute(Number.NaN)).toBe('');
  });

  it('gives the same Date as uPlot.tzDate(date, Asia/Shanghai)', () => {
    for (const t of instants) expect(beijingWallDate(t).getTime()).toBe(uPlot.tzDate(new Date(t), 'Asia/Shanghai').getTime());
  });
});

describe('beijingAxisLabels (24-hour Beijing time on chart axes)', () => {
  // 2026-11-27 13:00 and 14:00 Beijing (05:00, 06:00 UTC)
  const h13 = Date.UTC(2026, 10, 27, 5) / 1000;
  it('labels hourly ticks 24-hour, with the date on the first tick and where the day changes', () => {
    expect(beijingAxisLabels([h13, h13 + 3600], 3600)).toEqual(['11-27 13:00', '14:00']);
    const h23 = h13 + 10 * 3600;
    expect(beijingAxisLabels([h23, h23 + 3600, h23 + 7200], 3600)).toEqual(['11-27 23:00', '11-28 00:00', '01:00']);
  });
  it('labels days as MM-DD and seconds with seconds', () => {
    expect(beijingAxisLabels([h13, h13 + 86_400], 86_400)).toEqual(['11-27', '11-28']);
    expect(beijingAxisLabels([h13 + 10, h13 + 20], 10)).toEqual(['13:00:10', '13:00:20']);
  });
});
