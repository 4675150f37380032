import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALARMS, AUTH, BOARDS, CUSTOM_PANELS, DEVICES, OPERATIONS, type Envelope, type SystemStatus } from '../../protocol';
import type { RunningServer } from '../../server/app';
import { MAX_FAILURES } from '../../server/http/loginThrottle';
import { DEMO_BOARD, DEMO_PROJECT } from '../../server/seed';
import { ApiClient } from '../helpers/apiClient';
import { connectLiveSocket } from '../helpers/liveSocket';
import { loggedInClient, startServerWithUsers, startTestServer, TEST_ADMIN_PASSWORD, TEST_DEMO_PASSWORD } from '../helpers/testServer';

/**
 * Regression tests of the hardening in docs/api.md and docs/operations.md against the real server (each failed on the
 * code before the fix; see the item numbers).
 */

/** POSTs raw text as JSON, with extra headers. */
async function rawPost(url: string, route: string, text: string, headers: Record<string, string> = {}): Promise<{ status: number; body: Envelope<unknown>; headers: Headers }> {
  const res = await fetch(url + route, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: text });
  const body = (await res.json()) as Envelope<unknown>;
  return { status: res.status, body, headers: res.headers };
}

async function login(url: string, username: string, password: string, headers: Record<string, string> = {}) {
  return rawPost(url, AUTH.login.path, JSON.stringify({ username, password }), headers);
}

describe('REST hardening on one server', () => {
  let server: RunningServer;
  let admin: ApiClient;
  let bridge: ApiClient;

  beforeAll(async () => {
    ({ server, admin, bridge } = await startServerWithUsers({ BOARD_MAX_BYTES: '300000' }));
  });
  afterAll(() => server?.close());

  // item 12: these gave 500 on 24 routes
  it.each([
    ['a NUL character', `{"projectId":"demo-tunnel","name":"a\\u0000b"}`, /name: contains a NUL character/],
    ['a lone surrogate', `{"projectId":"demo-tunnel","name":"a\\ud800b"}`, /name: contains a lone surrogate/],
    ['10,000-deep nesting', `{"projectId":${'['.repeat(10_000)}${']'.repeat(10_000)}}`, /nested deeper than 64 levels/],
    ['a prototype key', `{"projectId":"demo-tunnel","__proto__":{"isAdmin":true}}`, /__proto__: is not an allowed key/],
  ])('refuses %s in a body as 400 VALIDATION naming it, on every route', async (_what, text, message) => {
    for (const route of [BOARDS.boardAdd.path, ALARMS.alarmList.path, DEVICES.deviceList.path, AUTH.login.path, CUSTOM_PANELS.typeAdd.path]) {
      const r = await rawPost(server.url, route, text, { cookie: admin.cookie! });
      expect(r.status, route).toBe(400);
      expect(r.body).toMatchObject({ success: false, errorCode: 'VALIDATION' });
      expect(r.body.errorMessage, route).toMatch(message);
    }
  });

  it('counts REST rejections by route and code on /metrics and the status page (administrators only)', async () => {
    await rawPost(server.url, DEVICES.deviceList.path, '{"projectId":"a\\u0000"}', { cookie: admin.cookie! });
    const anonymous = await fetch(`${server.url}/metrics`);
    expect(anonymous.status).toBe(401);
    const forBridge = await fetch(`${server.url}/metrics`, { headers: { cookie: bridge.cookie! } });
    expect(forBridge.status).toBe(403);
    const res = await fetch(`${server.url}/metrics`, { headers: { cookie: admin.cookie! } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await res.text();
    expect(text).toMatch(/^# TYPE siteboard_rest_rejections_total counter$/m);
    const row = /^siteboard_rest_rejections_total\{route="\/zhgd\/device\/list",code="VALIDATION",status="400"\} (\d+)$/m.exec(text);
    expect(Number(row?.[1])).toBeGreaterThanOrEqual(2);
    expect(text).toMatch(/^siteboard_rest_rejections_total\{route="\/metrics",code="UNAUTHENTICATED",status="401"\} 1$/m);
    expect(text).toMatch(/^siteboard_ingest_accepted_total \d+$/m);
    const status = await admin.post<SystemStatus>(OPERATIONS.systemStatus.path, {});
    expect(status.body.data!.restRejections).toContainEqual(expect.objectContaining({ route: DEVICES.deviceList.path, code: 'VALIDATION', status: 400 }));
    expect((await bridge.post(OPERATIONS.systemStatus.path, {})).body.errorCode).toBe('FORBIDDEN');
  });

  // item 13
  it('refuses a module URL that a browser reads as another origin (/\\evil.example)', async () => {
    for (const moduleUrl of ['/\\evil.example/x.js', '/\\/evil.example/x.js', '//evil.example/x.js']) {
      const r = await admin.post(CUSTOM_PANELS.typeAdd.path, { projectId: DEMO_PROJECT.projectId, type: 'evil', title: 'Evil', moduleUrl });
      expect(r.body.errorCode, moduleUrl).toBe('VALIDATION');
    }
    const list = await admin.post<{ types: unknown[] }>(CUSTOM_PANELS.typeList.path, { projectId: DEMO_PROJECT.projectId });
    expect(list.body.data!.types).toEqual([]);
  });

  it('sends security headers: CSP with frame-ancestors, nosniff, Referrer-Policy', async () => {
    const res = await fetch(`${server.url}${AUTH.me.path}`, { method: 'POST', headers: { 'content-type': 'application/json', cookie: admin.cookie! }, body: '{}' });
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("worker-src 'self' blob:");
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('same-origin');
    // HSTS only over HTTPS (RFC 6797 §7.2); this request came over plain HTTP
    expect(res.headers.get('strict-transport-security')).toBeNull();
  });

  it('lets 12 parallel correct logins of one account through (wall screens sharing an account after a power cut)', async () => {
    const results = await Promise.all(Array.from({ length: 12 }, () => login(server.url, 'bridge', TEST_DEMO_PASSWORD)));
    expect(results.map((r) => r.body.errorCode ?? 'ok')).toEqual(Array(12).fill('ok'));
  });

  // item 10
  it('refuses a board edit that would store more than BOARD_MAX_BYTES, changing nothing', async () => {
    const version = async () =>
      Number((await server.db.selectFrom('boards').select('version').where('board_id', '=', DEMO_BOARD.boardId).executeTakeFirstOrThrow()).version);
    const add = (baseVersion: number) =>
      admin.post(BOARDS.panelCustomAdd.path, {
        boardId: DEMO_BOARD.boardId,
        baseVersion,
        pageId: DEMO_BOARD.pages[0].pageId,
        panel: { type: 'text', title: 'Big', x: 0, y: 0, w: 100, h: 100, config: { text: 'x'.repeat(200_000) } },
      });
    const before = await version();
    expect((await add(before)).body.success).toBe(true);
    const refused = await add(before + 1);
    expect(refused.body.errorCode).toBe('VALIDATION');
    expect(refused.body.errorMessage).toMatch(/board: too large \(\d+ bytes stored; at most 300000\)/);
    expect(await version()).toBe(before + 1);
  });

  it('gives the login route a small body limit (413), while board routes keep BODY_LIMIT_BYTES', async () => {
    const r = await login(server.url, 'admin', 'x'.repeat(100_000));
    expect(r.status).toBe(413);
    expect(r.body.errorCode).toBe('VALIDATION');
  });

  // item 7
  it('opens the live socket only for the server\'s own origin or an allowed one', async () => {
    const own = `http://127.0.0.1:${server.port}`;
    const sameOrigin = await connectLiveSocketWithOrigin(server.url, admin.cookie!, own);
    sameOrigin.close();
    await expect(connectLiveSocketWithOrigin(server.url, admin.cookie!, `http://127.0.0.1:${server.port + 1}`)).rejects.toThrow();
    await expect(connectLiveSocketWithOrigin(server.url, admin.cookie!, 'http://evil.example')).rejects.toThrow();
  });

  // item 3
  it('checks at most the free attempts of 150 parallel wrong passwords; the right one after them is refused too', async () => {
    // a browser where admin logged in before keeps its device cookie (item 9)
    const before = await fetch(server.url + AUTH.login.path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: TEST_ADMIN_PASSWORD }),
    });
    const device = before.headers.getSetCookie().find((c) => c.startsWith('sb_device='))!.split(';')[0];
    const results = await Promise.all(Array.from({ length: 150 }, () => login(server.url, 'admin', 'wrong-guess')));
    const checked = results.filter((r) => r.body.errorCode === 'INVALID_CREDENTIALS');
    const refused = results.filter((r) => r.body.errorCode === 'RATE_LIMITED');
    expect(checked.length).toBeLessThanOrEqual(MAX_FAILURES);
    expect(checked.length + refused.length).toBe(150);
    const right = await login(server.url, 'admin', TEST_ADMIN_PASSWORD);
    expect(right.body.errorCode).toBe('RATE_LIMITED');
    expect(Number(right.headers.get('retry-after'))).toBeGreaterThan(0);
    // item 9: the guesses, from the same address, did not lock admin out of the browser admin used before
    const known = await login(server.url, 'admin', TEST_ADMIN_PASSWORD, { cookie: device });
    expect(known.body.success).toBe(true);
    // a device cookie of another user name, or a forged one, does not help
    expect((await login(server.url, 'admin', TEST_ADMIN_PASSWORD, { cookie: `${device.slice(0, -2)}xx` })).body.errorCode).toBe('RATE_LIMITED');
  });
});

/** A live socket sending `Origin: origin` like a browser page on that origin would. */
async function connectLiveSocketWithOrigin(url: string, cookie: string, origin: string) {
  const { io } = await import('socket.io-client');
  const socket = io(url, { path: '/socket.io', transports: ['websocket'], forceNew: true, reconnection: false, extraHeaders: { cookie, origin } });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', (err) => {
      socket.close();
      reject(err);
    });
  });
  return socket;
}

const METRICS_TOKEN = 'scrape-token-0123456789';

describe('behind a reverse proxy (TRUST_PROXY)', () => {
  let server: RunningServer;

  beforeAll(async () => {
    server = await startTestServer({ TRUST_PROXY: '1', ALLOWED_ORIGINS: 'https://wall.example.com', RATE_LIMIT_AUTH_PER_MINUTE: '30', RATE_LIMIT_API_PER_MINUTE: '20', METRICS_TOKEN: METRICS_TOKEN });
  });
  afterAll(() => server?.close());

  // item 9: before, every client behind the proxy shared one address and anyone could lock admin out
  it('a guesser at one address cannot lock the administrator out at another', async () => {
    const attacker = { 'x-forwarded-for': '203.0.113.7' };
    for (let i = 0; i < MAX_FAILURES + 5; i++) await login(server.url, 'admin', 'wrong', attacker);
    expect((await login(server.url, 'admin', TEST_ADMIN_PASSWORD, attacker)).body.errorCode).toBe('RATE_LIMITED');
    const r = await login(server.url, 'admin', TEST_ADMIN_PASSWORD, { 'x-forwarded-for': '198.51.100.20' });
    expect(r.body.success).toBe(true);
  });

  // item 13
  it('sets the session cookie Secure when the proxy says the request came over HTTPS', async () => {
    const overHttps = await fetch(server.url + AUTH.login.path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-proto': 'https', 'x-forwarded-for': '198.51.100.21' },
      body: JSON.stringify({ username: 'admin', password: TEST_ADMIN_PASSWORD }),
    });
    expect(overHttps.headers.get('set-cookie')).toMatch(/;\s*Secure/i);
    const plain = await login(server.url, 'admin', TEST_ADMIN_PASSWORD, { 'x-forwarded-for': '198.51.100.22' });
    expect(plain.headers.get('set-cookie')).not.toMatch(/;\s*Secure/i);
    // and Strict-Transport-Security only over HTTPS
    expect(overHttps.headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
    expect(plain.headers.get('strict-transport-security')).toBeNull();
  });

  it('limits login requests per client address (RATE_LIMIT_AUTH_PER_MINUTE), apart from other addresses', async () => {
    const address = { 'x-forwarded-for': '192.0.2.99' };
    const codes: Array<string | undefined> = [];
    for (let i = 0; i < 32; i++) codes.push((await login(server.url, `nobody-${i}`, 'x', address)).body.errorCode);
    expect(codes.filter((c) => c === 'RATE_LIMITED').length).toBeGreaterThanOrEqual(2);
    expect((await login(server.url, 'nobody', 'x', { 'x-forwarded-for': '192.0.2.100' })).body.errorCode).toBe('INVALID_CREDENTIALS');
  }, 120_000); // 33 password hashes one after another: about 3 s alone, 30 s and more on a loaded machine

  it('limits other REST requests per client address (RATE_LIMIT_API_PER_MINUTE)', async () => {
    const admin = await loggedInClient(server.url);
    const from = (ip: string) => rawPost(server.url, DEVICES.deviceList.path, JSON.stringify({ projectId: DEMO_PROJECT.projectId }), { cookie: admin.cookie!, 'x-forwarded-for': ip });
    const codes: Array<string | undefined> = [];
    for (let i = 0; i < 22; i++) codes.push((await from('192.0.2.50')).body.errorCode);
    expect(codes.slice(0, 20).every((c) => c === undefined)).toBe(true);
    expect(codes.slice(20)).toEqual(['RATE_LIMITED', 'RATE_LIMITED']);
    expect((await from('192.0.2.51')).body.success).toBe(true);
  });

  it('lets a scraper with METRICS_TOKEN read /metrics, and nobody with a wrong token', async () => {
    const ok = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(ok.status).toBe(200);
    expect(await ok.text()).toMatch(/^siteboard_ingest_accepted_total \d+$/m);
    const wrong = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}x` } });
    expect(wrong.status).toBe(401);
  });

  // item 7, the allow-list
  it('accepts a live socket from an origin in ALLOWED_ORIGINS', async () => {
    const admin = await loggedInClient(server.url);
    const socket = await connectLiveSocketWithOrigin(server.url, admin.cookie!, 'https://wall.example.com');
    socket.close();
    // a client that sends no Origin (not a browser) still connects with its session
    const plain = await connectLiveSocket(server.url, admin.cookie);
    plain.close();
  });
});

// item 8: hashing used libuv's pool, so 64 bogus logins queued every file read behind them
describe('password hashing in a pool of its own', () => {
  let server: RunningServer;
  let staticDir: string;

  beforeAll(async () => {
    staticDir = await mkdtemp(path.join(tmpdir(), 'sb-static-'));
    await writeFile(path.join(staticDir, 'index.html'), '<!doctype html><title>t</title>');
    server = await startTestServer({ STATIC_DIR: staticDir, HASH_WORKERS: '1', HASH_QUEUE: '8' });
  });
  afterAll(async () => {
    await server?.close();
    await rm(staticDir, { recursive: true, force: true });
  });

  it('serves GET / while 64 bogus logins hash, and refuses logins beyond the queue at once as RATE_LIMITED', async () => {
    let settled = 0;
    const logins = Array.from({ length: 64 }, (_, i) =>
      login(server.url, `bogus-${i}`, 'wrong').then((r) => {
        settled++;
        return r;
      }),
    );
    const page = await fetch(`${server.url}/`, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    const settledWhenPageCame = settled;
    const results = await Promise.all(logins);
    const busy = results.filter((r) => r.body.errorCode === 'RATE_LIMITED');
    // 1 running + 8 waiting are checked (a few more as hashes finish while requests arrive); the rest are
    // refused without hashing. Before, all 64 were hashed and none refused.
    expect(busy.length).toBeGreaterThanOrEqual(32);
    expect(busy[0].body.errorMessage).toMatch(/busy/);
    // The page did not wait for the hashes that were checked.
    expect(results.filter((r) => r.body.errorCode === 'INVALID_CREDENTIALS').length).toBeGreaterThan(0);
    expect(settledWhenPageCame).toBeLessThan(64);
  });
});
