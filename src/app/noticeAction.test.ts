import { describe, expect, it } from 'vitest';
import { noticeAction } from './noticeAction';

const GENERIC = 'Request error, please retry.';

describe('noticeAction (showType, docs/product.md "Notices and errors")', () => {
  const n = { errorCode: 'VALIDATION', message: 'dealRemark: required' };

  it('0 is silent', () => {
    expect(noticeAction({ ...n, showType: 0 }, GENERIC)).toEqual({ kind: 'none' });
  });

  it('1 is a warning message', () => {
    expect(noticeAction({ ...n, showType: 1 }, GENERIC)).toEqual({ kind: 'toast', intent: 'warning', title: 'dealRemark: required' });
  });

  it('2 is an error message, and so is anything unknown', () => {
    expect(noticeAction({ ...n, showType: 2 }, GENERIC)).toEqual({ kind: 'toast', intent: 'error', title: 'dealRemark: required' });
    expect(noticeAction({ ...n, showType: 7 as never }, GENERIC)).toMatchObject({ intent: 'error' });
  });

  it('4 is a notification: the code as message, the text as description', () => {
    expect(noticeAction({ ...n, showType: 4 }, GENERIC)).toEqual({ kind: 'toast', intent: 'info', title: 'VALIDATION', body: 'dealRemark: required' });
  });

  it('9 redirects to /exception with errorCode and errorMessage', () => {
    const a = noticeAction({ errorCode: 'NOT_FOUND', message: 'no such board & more', showType: 9 }, GENERIC);
    expect(a.kind).toBe('redirect');
    const url = new URL((a as { to: string }).to, 'http://x');
    expect(url.pathname).toBe('/exception');
    expect(url.searchParams.get('errorCode')).toBe('NOT_FOUND');
    expect(url.searchParams.get('errorMessage')).toBe('no such board & more');
  });

  it('uses the generic text when the failure carries no message', () => {
    expect(noticeAction({ errorCode: 'NETWORK', message: '', showType: 2 }, GENERIC)).toMatchObject({ title: GENERIC });
  });
});
