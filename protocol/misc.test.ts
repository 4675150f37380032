import { describe, expect, it } from 'vitest';
import { formatChainage } from './chainage';
import { fail, ok } from './envelope';
import { worstStatus } from './status';
import { alarmDealBody, DEAL_MESSAGES } from './api';

describe('formatChainage', () => {
  it('writes kilometres and zero-padded metres, cutting fractions', () => {
    expect(formatChainage(12_345)).toBe('K12+345');
    expect(formatChainage(12_005.9)).toBe('K12+005');
    expect(formatChainage(0)).toBe('K0+000');
    expect(() => formatChainage(-1)).toThrow(RangeError);
  });
});

describe('envelope', () => {
  it('wraps data and errors in the envelope fields (docs/api.md "Envelope"), error showType defaulting to 2', () => {
    expect(ok({ a: 1 })).toEqual({ success: true, data: { a: 1 } });
    expect(fail('FORBIDDEN', 'no')).toEqual({ success: false, data: null, errorCode: 'FORBIDDEN', errorMessage: 'no', showType: 2 });
  });
});

describe('worstStatus', () => {
  it('follows alarm > violation > warning > online > offline > unknown', () => {
    expect(worstStatus(['online', 'warning', 'offline'])).toBe('warning');
    expect(worstStatus(['violation', 'warning'])).toBe('violation');
    expect(worstStatus(['violation', 'alarm'])).toBe('alarm');
    expect(worstStatus(['offline', 'unknown'])).toBe('offline');
    expect(worstStatus([])).toBe('unknown');
  });
});

describe('alarm deal body', () => {
  it('uses the messages of docs/product.md "Validation and display" for a missing status or remark', () => {
    const noStatus = alarmDealBody.safeParse({ alarmId: 1, dealRemark: 'x' });
    expect(noStatus.success || noStatus.error.issues[0].message).toBe(DEAL_MESSAGES.status);
    const blank = alarmDealBody.safeParse({ alarmId: 1, dealStatus: 1, dealRemark: '   ' });
    expect(blank.success || blank.error.issues[0].message).toBe(DEAL_MESSAGES.remark);
    const missing = alarmDealBody.safeParse({ alarmId: 1, dealStatus: 2 });
    expect(missing.success || missing.error.issues[0].message).toBe(DEAL_MESSAGES.remark);
    expect(alarmDealBody.parse({ alarmId: 1, dealStatus: 2, dealRemark: ' false alarm ' }).dealRemark).toBe('false alarm');
  });
});
