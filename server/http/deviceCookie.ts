import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * "Device cookies" for the login throttle (OWASP, Slow Down Online Guessing Attacks with Device Cookies):
 * after a successful login the browser gets `sb_device`, a random id signed for that user name. A later
 * login of the same user name presenting it is throttled in a bucket of its own, apart from the client
 * address, so a guesser (who has no such cookie) cannot lock a user out of a browser they used before,
 * even when everyone shares one address behind a proxy.
 *
 * The signing key is random per process: after a restart, or on another node, the cookie is ignored and
 * the login is throttled by address as usual.
 */
export const DEVICE_COOKIE = 'sb_device';
/** How long a browser stays known: 180 days. */
export const DEVICE_COOKIE_MAX_AGE_S = 180 * 24 * 3600;

/** Signs and checks device cookies with one key. */
export class DeviceCookies {
  constructor(private readonly key: Buffer = randomBytes(32)) {}

  private mac(username: string, id: string): string {
    return createHmac('sha256', this.key).update(`${username.toLowerCase()}\u0000${id}`).digest('base64url');
  }

  /** A fresh cookie value for `username`. */
  issue(username: string): string {
    const id = randomBytes(16).toString('base64url');
    return `${id}.${this.mac(username, id)}`;
  }

  /** The device id of `value` when it was issued for `username` by this process, else null. */
  verify(value: string | undefined, username: string): string | null {
    if (!value || value.length > 200) return null;
    const dot = value.indexOf('.');
    if (dot <= 0) return null;
    const id = value.slice(0, dot);
    const given = Buffer.from(value.slice(dot + 1));
    const expected = Buffer.from(this.mac(username, id));
    return given.length === expected.length && timingSafeEqual(given, expected) ? id : null;
  }
}
