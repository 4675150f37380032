import { describe, expect, it } from 'vitest';
import { BACKOFF_BASE_MS, BACKOFF_MAX_MS, isRefusal, LoginThrottle, MAX_ADDRESS_FAILURES, MAX_FAILURES, WINDOW_MS, type LoginAttempt } from './loginThrottle';

function attempt(t: LoginThrottle, user: string, ip: string): LoginAttempt | null {
  const r = t.begin(user, ip);
  return isRefusal(r) ? null : r;
}

describe('LoginThrottle', () => {
  it(`allows ${MAX_FAILURES} failures for a name and address, then backs off (never a lock), per address`, () => {
    let nowMs = 0;
    const t = new LoginThrottle(() => nowMs);
    for (let i = 0; i < MAX_FAILURES; i++) t.fail(attempt(t, 'Admin', '1.2.3.4')!);
    expect(attempt(t, 'admin', '1.2.3.4')).toBeNull();
    // another address and another name are not slowed
    expect(attempt(t, 'admin', '5.6.7.8')).not.toBeNull();
    expect(attempt(t, 'bridge', '1.2.3.4')).not.toBeNull();
    nowMs += BACKOFF_BASE_MS;
    const next = attempt(t, 'admin', '1.2.3.4');
    expect(next).not.toBeNull();
    t.fail(next!);
    expect(attempt(t, 'admin', '1.2.3.4')).toBeNull();
    nowMs += 2 * BACKOFF_BASE_MS;
    expect(attempt(t, 'admin', '1.2.3.4')).not.toBeNull();
  });

  it('never makes a user wait longer than the back-off cap, however many guesses came before', () => {
    let nowMs = 0;
    const t = new LoginThrottle(() => nowMs);
    for (let i = 0; i < 40; i++) {
      const a = attempt(t, 'admin', 'ip');
      if (a) t.fail(a);
      nowMs += BACKOFF_MAX_MS;
    }
    expect(attempt(t, 'admin', 'ip')).not.toBeNull();
  });

  it('reserves attempts before the password is checked: parallel guesses cannot exceed the free attempts', () => {
    const t = new LoginThrottle(() => 0);
    const running = Array.from({ length: 150 }, () => attempt(t, 'admin', 'ip'));
    expect(running.filter(Boolean)).toHaveLength(MAX_FAILURES);
  });

  it('lets 12 parallel correct logins of one account through: the ones beyond the free attempts wait, they are not refused', async () => {
    const t = new LoginThrottle(() => 0);
    const settled: string[] = [];
    // each attempt's password check succeeds a moment after it was reserved
    const logins = Array.from({ length: 12 }, async () => {
      const a = await t.acquire('wall', '10.0.0.9');
      if (isRefusal(a)) return settled.push('refused');
      await new Promise((r) => setTimeout(r, 5));
      t.succeed(a);
      settled.push('ok');
    });
    await Promise.all(logins);
    expect(settled).toEqual(Array(12).fill('ok'));
  });

  it('refuses the waiting parallel guesses once the running ones failed, checking no more than the free attempts', async () => {
    const t = new LoginThrottle(() => 0);
    let checked = 0;
    const guesses = Array.from({ length: 30 }, async () => {
      const a = await t.acquire('admin', 'ip');
      if (isRefusal(a)) return 'refused';
      checked++;
      await new Promise((r) => setTimeout(r, 5));
      t.fail(a);
      return 'failed';
    });
    const results = await Promise.all(guesses);
    expect(checked).toBe(MAX_FAILURES);
    expect(results.filter((r) => r === 'refused')).toHaveLength(30 - MAX_FAILURES);
  });

  it('forgets failures after a successful login, and after the window', () => {
    let nowMs = 0;
    const t = new LoginThrottle(() => nowMs);
    for (let i = 0; i < MAX_FAILURES - 1; i++) t.fail(attempt(t, 'admin', 'ip')!);
    t.succeed(attempt(t, 'admin', 'ip')!);
    for (let i = 0; i < MAX_FAILURES; i++) t.fail(attempt(t, 'admin', 'ip')!);
    expect(attempt(t, 'admin', 'ip')).toBeNull();
    nowMs += WINDOW_MS;
    expect(attempt(t, 'admin', 'ip')).not.toBeNull();
  });

  it(`refuses an address after ${MAX_ADDRESS_FAILURES} failures over any names (spraying)`, () => {
    const t = new LoginThrottle(() => 0);
    for (let i = 0; i < MAX_ADDRESS_FAILURES; i++) t.fail(attempt(t, `user${i}`, 'ip')!);
    expect(attempt(t, 'someone-else', 'ip')).toBeNull();
    expect(attempt(t, 'someone-else', 'other-ip')).not.toBeNull();
  });
});

describe('LoginThrottle with device cookies', () => {
  it('counts a known browser apart: guessers at the same address do not slow it, and it has its own limit', () => {
    const t = new LoginThrottle(() => 0);
    for (let i = 0; i < MAX_FAILURES; i++) t.fail(attempt(t, 'admin', 'shared-proxy')!);
    expect(attempt(t, 'admin', 'shared-proxy')).toBeNull();
    const known = t.begin('admin', 'shared-proxy', 'device-1');
    expect(isRefusal(known)).toBe(false);
    t.fail(known as LoginAttempt);
    for (let i = 1; i < MAX_FAILURES; i++) t.fail(t.begin('admin', 'shared-proxy', 'device-1') as LoginAttempt);
    expect(isRefusal(t.begin('admin', 'shared-proxy', 'device-1'))).toBe(true);
  });
});
