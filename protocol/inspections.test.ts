import { describe, expect, it } from 'vitest';
import { inspectionDateSchema, inspectionState, isOverdue } from './inspections';

/** 2026-11-20 12:00 Beijing time, and the next days' noons. */
const noonOf = (day: string) => Date.parse(`${day}T04:00:00Z`);

describe('inspectionState', () => {
  it('is open without a rectification or after a rejected one, awaiting review after one, closed once passed', () => {
    expect(inspectionState({ deadline: '2026-11-20', rectifiedOn: null, review: null })).toBe('open');
    expect(inspectionState({ deadline: '2026-11-20', rectifiedOn: '2026-11-19', review: null })).toBe('awaitingReview');
    expect(inspectionState({ deadline: '2026-11-20', rectifiedOn: '2026-11-19', review: 'rejected' })).toBe('open');
    expect(inspectionState({ deadline: '2026-11-20', rectifiedOn: '2026-11-19', review: 'passed' })).toBe('closed');
  });
});

describe('isOverdue', () => {
  const open = { deadline: '2026-11-20', rectifiedOn: null, review: null } as const;

  it('is not overdue through the whole deadline day in Beijing time, overdue from the next day on', () => {
    expect(isOverdue(open, noonOf('2026-11-20'))).toBe(false);
    // 23:59 Beijing on the deadline day is 15:59 UTC
    expect(isOverdue(open, Date.parse('2026-11-20T15:59:00Z'))).toBe(false);
    // 00:01 Beijing the next day is still the 20th in UTC
    expect(isOverdue(open, Date.parse('2026-11-20T16:01:00Z'))).toBe(true);
  });

  it('spares a rectification made by the deadline while it waits for review, not one made late', () => {
    expect(isOverdue({ deadline: '2026-11-20', rectifiedOn: '2026-11-20', review: null }, noonOf('2026-11-25'))).toBe(false);
    expect(isOverdue({ deadline: '2026-11-20', rectifiedOn: '2026-11-22', review: null }, noonOf('2026-11-25'))).toBe(true);
  });

  it('counts a rejected rectification as none, and a closed inspection is never overdue', () => {
    expect(isOverdue({ deadline: '2026-11-20', rectifiedOn: '2026-11-19', review: 'rejected' }, noonOf('2026-11-21'))).toBe(true);
    expect(isOverdue({ deadline: '2026-11-20', rectifiedOn: '2026-11-24', review: 'passed' }, noonOf('2026-11-30'))).toBe(false);
  });
});

describe('inspectionDateSchema', () => {
  it('takes a calendar date that exists, and names what is wrong with one that does not', () => {
    expect(inspectionDateSchema.safeParse('2024-02-29').success).toBe(true);
    expect(inspectionDateSchema.safeParse('2026-02-30').error?.issues[0].message).toBe('not a date');
    expect(inspectionDateSchema.safeParse('2026-13-01').error?.issues[0].message).toBe('not a date');
    expect(inspectionDateSchema.safeParse('20.11.2026').error?.issues[0].message).toBe('expected YYYY-MM-DD');
  });
});
