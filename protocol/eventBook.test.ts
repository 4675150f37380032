import { describe, expect, it } from 'vitest';
import { eventAddBody, safeProductionDays } from './eventBook';

/** 2025-03-10 00:00 Beijing time (UTC+8), ms. */
const MAR10 = Date.parse('2025-03-09T16:00:00Z');
const H = 3_600_000;

describe('safeProductionDays', () => {
  it('counts the Beijing days after the last recordable accident: 0 on its day, 1 the next', () => {
    const accident = MAR10 + 22 * H; // 22:00 on 10 March
    expect(safeProductionDays(accident, '2024-01-01', MAR10 + 23 * H).days).toBe(0);
    expect(safeProductionDays(accident, '2024-01-01', MAR10 + 24 * H)).toEqual({ days: 1, since: 'accident', sinceMs: accident });
    expect(safeProductionDays(accident, null, MAR10 + 24 * H * 31 + H).days).toBe(31);
  });

  it('without an accident counts from the start date, that day included; a start ahead counts 0', () => {
    expect(safeProductionDays(null, '2025-03-10', MAR10 + H)).toEqual({ days: 1, since: 'start', sinceMs: MAR10 });
    expect(safeProductionDays(null, '2025-03-01', MAR10 + H).days).toBe(10);
    expect(safeProductionDays(null, '2025-04-01', MAR10).days).toBe(0);
    expect(safeProductionDays(null, null, MAR10)).toEqual({ days: null, since: null, sinceMs: null });
  });
});

describe('event bodies', () => {
  it('takes a recordable accident only on an incident', () => {
    const base = { projectId: 'p', occurredAtMs: MAR10, title: 'Fall from the lining trolley' };
    expect(eventAddBody.safeParse({ ...base, kind: 'incident', recordable: true }).success).toBe(true);
    const refused = eventAddBody.safeParse({ ...base, kind: 'visit', recordable: true });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0].path).toEqual(['recordable']);
  });
});
