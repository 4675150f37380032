import type { Envelope } from '../../protocol';
import { AUTH } from '../../protocol';

/** A REST answer: HTTP status, parsed envelope and the raw Set-Cookie header (if any). */
export interface ApiResponse<T> {
  status: number;
  body: Envelope<T>;
  setCookie: string | null;
}

/**
 * The session cookie a browser holds after an answer with `setCookie` (its Set-Cookie header, or null):
 * `name=value` of a set cookie, null when the server cleared it, `current` when it said nothing.
 */
export function cookieAfter(setCookie: string | null, current: string | null): string | null {
  if (!setCookie) return current;
  const pair = setCookie.split(';')[0];
  const value = pair.slice(pair.indexOf('=') + 1);
  return value === '' || /max-age=0|expires=thu, 01 jan 1970/i.test(setCookie) ? null : pair;
}

/**
 * A browser-like REST client over global fetch: remembers the `sb_session` cookie the server sets and
 * sends it back, forgets it when the server clears it.
 */
export class ApiClient {
  /** `name=value` of the session cookie, or null. */
  cookie: string | null = null;

  constructor(readonly baseUrl: string) {}

  /** POSTs `body` as JSON to `route` (a path from ROUTES). */
  async post<T = unknown>(route: string, body?: unknown): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (this.cookie) headers.cookie = this.cookie;
    const res = await fetch(this.baseUrl + route, {
      method: 'POST',
      headers,
      body: body === undefined ? '' : JSON.stringify(body),
    });
    const setCookie = res.headers.get('set-cookie');
    this.cookie = cookieAfter(setCookie, this.cookie);
    return { status: res.status, body: (await res.json()) as Envelope<T>, setCookie };
  }

  /** Logs in; throws when the server refuses. */
  async login(username: string, password: string): Promise<void> {
    const r = await this.post(AUTH.login.path, { username, password });
    if (!r.body.success) throw new Error(`login as ${username} failed: ${r.body.errorCode} ${r.body.errorMessage}`);
  }
}
