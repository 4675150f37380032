import { describe, expect, it } from 'vitest';
import { LoginThrottle, MAX_FAILURES, WINDOW_MS } from './loginThrottle';

describe('LoginThrottle', () => {
  it(`refuses after ${MAX_FAILURES} failures for a name and address, until the window passes`, () => {
    let nowMs = 0;
    const t = new LoginThrottle(() => nowMs);
    for (let i = 0; i < MAX_FAILURES; i++) {
      expect(t.allowed('Admin', '1.2.3.4')).toBe(true);
      t.fail('Admin', '1.2.3.4');
    }
    expect(t.allowed('admin', '1.2.3.4')).toBe(false);
    expect(t.allowed('admin', '5.6.7.8')).toBe(true);
    expect(t.allowed('bridge', '1.2.3.4')).toBe(true);
    nowMs += WINDOW_MS;
    expect(t.allowed('admin', '1.2.3.4')).toBe(true);
  });

  it('forgets failures after a successful login', () => {
    const t = new LoginThrottle(() => 0);
    for (let i = 0; i < MAX_FAILURES - 1; i++) t.fail('admin', 'ip');
    t.succeed('admin', 'ip');
    t.fail('admin', 'ip');
    expect(t.allowed('admin', 'ip')).toBe(true);
  });
});
