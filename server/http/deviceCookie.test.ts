import { describe, expect, it } from 'vitest';
import { DeviceCookies } from './deviceCookie';

describe('DeviceCookies', () => {
  it('verifies a cookie for the user name it was issued for only, and only with its key', () => {
    const cookies = new DeviceCookies();
    const value = cookies.issue('Admin');
    expect(cookies.verify(value, 'admin')).toBe(value.split('.')[0]);
    expect(cookies.verify(value, 'bridge')).toBeNull();
    expect(cookies.verify(`${value}x`, 'admin')).toBeNull();
    expect(cookies.verify('no-dot', 'admin')).toBeNull();
    expect(cookies.verify(undefined, 'admin')).toBeNull();
    expect(new DeviceCookies().verify(value, 'admin')).toBeNull();
  });
});
