import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALARMS, AUTH, BOARDS, CUSTOM_PANELS, DEVICES, HISTORY, OPERATIONS } from '../../../protocol';
import type { RunningServer } from '../../../server/app';
import { DEMO_BOARD, DEMO_PROJECT, OTHER_PROJECT } from '../../../server/seed';
import type { ApiClient } from '../../helpers/apiClient';
import { eventually } from '../../helpers/eventually';
import { startServerWithUsers } from '../../helpers/testServer';
import { mulberry32 as prng } from '../../../protocol/mulberry32';

/**
 * REST fuzz suite (docs/operations.md "What the fault and fuzz suites prove"): seeded, bounded, loopback only, against the real server
 * in process. Every POST route (server/http/routes) gets random and mutated bodies (NUL, lone surrogates,
 * deep nesting, huge strings, wrong types, prototype-pollution keys, broken JSON), logged in as an
 * administrator, as a member of one project, and anonymous. Expected: no answer 5xx, the server still
 * answers afterwards, and every 4xx answer is counted in the REST rejection counter (GET /metrics).
 * Replay a run with FUZZ_SEED=<the printed seed>; FUZZ_SEED=random explores new cases.
 */

// A fixed seed by default, so CI runs the same cases every time; FUZZ_SEED=random explores new ones.
const SEED = process.env.FUZZ_SEED === 'random' ? Math.floor(Math.random() * 2 ** 31) : Number(process.env.FUZZ_SEED ?? 1);
/** Requests per run: bounded so the suite takes seconds, not minutes. */
const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 900);
const CONCURRENCY = 8;

const POST_ROUTES: string[] = [
  ...[AUTH, DEVICES, ALARMS, BOARDS, CUSTOM_PANELS].flatMap((domain) => Object.values(domain).filter((c) => c.method === 'POST').map((c) => c.path)),
  HISTORY.telemetryHistory.path,
  OPERATIONS.ingestStats.path,
  OPERATIONS.systemStatus.path,
];
/** Field names the routes read, so mutations reach past "unknown key" into each field's checks. */
const FIELDS = [
  'projectId', 'boardId', 'baseVersion', 'pageId', 'panelId', 'name', 'layout', 'panel', 'panels', 'items', 'pages',
  'username', 'password', 'sn', 'sns', 'alarmId', 'dealStatus', 'dealRemark', 'fromMs', 'toMs', 'metrics', 'pageNum',
  'pageSize', 'type', 'types', 'title', 'moduleUrl', 'defaultSize', 'templateId', 'ticket', 'index', 'rotate', 'note',
  'releaseId', 'config', 'style', 'x', 'y', 'w', 'h', 'z', 'category', 'state', 'level',
];
const KNOWN_IDS = [DEMO_PROJECT.projectId, OTHER_PROJECT.projectId, DEMO_BOARD.boardId, DEMO_BOARD.pages[0].pageId, 'GAS-LK-E-F', 'admin'];
const EVIL_KEYS = ['__proto__', 'constructor', 'prototype'];

function generator(rand: () => number) {
  const pick = <T,>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)];
  const int = (n: number) => Math.floor(rand() * n);

  function str(): string {
    switch (int(9)) {
      case 0: return `a${String.fromCharCode(0)}b`;
      case 1: return `x${String.fromCharCode(0xd800 + int(0x800))}y`;
      case 2: return 'y'.repeat(1 + int(300_000));
      case 3: return pick(KNOWN_IDS);
      case 4: return '';
      case 5: return '🚧 隧道 \u202e\uFEFF';
      case 6: return '/\\evil.example/x.js';
      case 7: return String.fromCharCode(...Array.from({ length: int(40) }, () => int(0x10000)));
      default: return Math.random().toString(36).slice(2, 2 + int(20));
    }
  }

  function value(depth: number): unknown {
    switch (int(depth > 6 ? 6 : 10)) {
      case 0: return str();
      case 1: return pick([0, -1, 1, 1.5, 2 ** 53, -(2 ** 63), 1e308, 4_294_967_296]);
      case 2: return rand() < 0.5;
      case 3: return null;
      case 4: return str();
      case 5: return int(100);
      case 6: return Array.from({ length: int(6) }, () => value(depth + 1));
      case 7: return object(depth + 1);
      case 8: return Array.from({ length: int(3) * 1000 }, () => int(10));
      default: return object(depth + 1);
    }
  }

  function object(depth: number): Record<string, unknown> {
    const o: Record<string, unknown> = {};
    for (let i = int(7); i > 0; i--) o[rand() < 0.85 ? pick(FIELDS) : str().slice(0, 20)] = value(depth);
    return o;
  }

  /** Raw request text: mostly JSON of a random body, sometimes mutated text. */
  function body(): string {
    const r = rand();
    if (r < 0.06) return `{"projectId":${'['.repeat(2_000 + int(10_000))}`; // deep and broken
    if (r < 0.1) return `{"a":${'{"a":'.repeat(100 + int(200))}1${'}'.repeat(100 + int(200))}}`;
    if (r < 0.14) return `{"${pick(EVIL_KEYS)}":{"isAdmin":true},"projectId":"${pick(KNOWN_IDS)}"}`;
    if (r < 0.18) return pick(['', '{', 'null', '[]', '"str"', '12', 'true', '{"a":1,}', '\u0000', '{"a":"\\ud800"}']);
    const text = JSON.stringify(rand() < 0.15 ? value(0) : object(0));
    if (r < 0.24 && text.length > 2) {
      // byte-level damage: cut or flip one character
      const at = int(text.length);
      return rand() < 0.5 ? text.slice(0, at) : text.slice(0, at) + String.fromCharCode(int(128)) + text.slice(at + 1);
    }
    return text;
  }

  /** A hostile value for one field of an otherwise valid body. */
  function hostile(): unknown {
    switch (int(8)) {
      case 0: return `ok${String.fromCharCode(0)}`;
      case 1: return `ok${String.fromCharCode(0xdc00 + int(0x400))}`;
      case 2: return 'z'.repeat(50_000 + int(400_000));
      case 3: {
        let v: unknown = 1;
        for (let i = 30 + int(60); i > 0; i--) v = rand() < 0.5 ? [v] : { a: v };
        return v;
      }
      case 4: return JSON.parse(`{"${pick(EVIL_KEYS)}":{"polluted":true}}`);
      default: return value(3);
    }
  }

  /** A valid body of `route` (when we have one) with one field, or one nested field, made hostile. */
  function mutatedTemplate(route: string, baseVersion: number): unknown {
    const template = TEMPLATES[route];
    if (!template) return null;
    const body = structuredClone(template(baseVersion)) as Record<string, unknown>;
    const r = rand();
    if (r < 0.1) return body; // the valid body itself: the routes must still work under the fuzz
    const keys = Object.keys(body);
    const key = pick(keys);
    const inner = body[key];
    if (r < 0.4 && inner !== null && typeof inner === 'object' && !Array.isArray(inner)) {
      const innerKeys = Object.keys(inner);
      (inner as Record<string, unknown>)[rand() < 0.8 && innerKeys.length > 0 ? pick(innerKeys) : pick(EVIL_KEYS)] = hostile();
    } else if (r < 0.5) {
      body[pick(EVIL_KEYS)] = hostile();
    } else {
      body[key] = hostile();
    }
    return body;
  }

  return { pick, int, body, str, mutatedTemplate, rand };
}

const demo = DEMO_PROJECT.projectId;
const board = DEMO_BOARD.boardId;
const page = DEMO_BOARD.pages[0].pageId;
/** Valid bodies of the routes that reach the database, from which one field is mutated. */
const TEMPLATES: Record<string, (baseVersion: number) => Record<string, unknown>> = {
  [AUTH.login.path]: () => ({ username: 'fuzz-user', password: 'x' }),
  [DEVICES.deviceList.path]: () => ({ projectId: demo }),
  [ALARMS.alarmList.path]: () => ({ projectId: demo, state: 'active' }),
  [ALARMS.alarmDeal.path]: () => ({ alarmId: 1, dealStatus: 1, dealRemark: 'checked on site' }),
  [BOARDS.boardList.path]: () => ({ projectId: demo }),
  [BOARDS.boardScreen.path]: () => ({ boardId: board }),
  [DEVICES.tunnelList.path]: () => ({ projectId: demo }),
  [DEVICES.deviceKey.path]: () => ({ projectId: demo }),
  [HISTORY.telemetryHistory.path]: () => ({ projectId: demo, sns: ['GAS-LK-E-F'], fromMs: 0, toMs: 4_000_000_000_000 }),
  [BOARDS.boardEdit.path]: (v) => ({ boardId: board, baseVersion: v, name: 'Fuzzed board' }),
  [BOARDS.boardRelease.path]: (v) => ({ boardId: board, baseVersion: v, note: 'fuzz' }),
  [BOARDS.pageAdd.path]: (v) => ({ boardId: board, baseVersion: v, name: 'Fuzz page' }),
  [BOARDS.panelCustomAdd.path]: (v) => ({
    boardId: board,
    baseVersion: v,
    pageId: page,
    panel: { type: 'text', title: 'Fuzz', x: 0, y: 0, w: 40, h: 40, config: { text: 'hello' } },
  }),
  [CUSTOM_PANELS.typeAdd.path]: () => ({ projectId: demo, type: 'fuzzPanel', title: 'Fuzz', moduleUrl: '/custom-panels/fuzz.js' }),
  [CUSTOM_PANELS.typeList.path]: () => ({ projectId: demo }),
};

/** Sum of the REST rejection counter on /metrics, and its 5xx counter. */
async function counters(server: RunningServer, admin: ApiClient): Promise<{ rejections: number; serverErrors: number }> {
  const res = await fetch(`${server.url}/metrics`, { headers: { cookie: admin.cookie! } });
  if (res.status !== 200) throw new Error(`/metrics answered ${res.status}`);
  const text = await res.text();
  const sum = (name: string) =>
    text
      .split('\n')
      .filter((l) => l.startsWith(`${name}{`))
      .reduce((n, l) => n + Number(l.slice(l.lastIndexOf(' ') + 1)), 0);
  return { rejections: sum('siteboard_rest_rejections_total'), serverErrors: sum('siteboard_rest_server_errors_total') };
}

describe(`REST fuzz (seed ${SEED})`, () => {
  let server: RunningServer;
  let admin: ApiClient;
  let bridge: ApiClient;

  beforeAll(async () => {
    console.log(`REST fuzz seed: ${SEED} (replay with FUZZ_SEED=${SEED})`);
    ({ server, admin, bridge } = await startServerWithUsers());
  });
  afterAll(() => server?.close());

  it(`${REQUESTS} random and mutated requests over every route: no 5xx, server up, every rejection counted`, { timeout: 240_000 }, async () => {
    const g = generator(prng(SEED));
    const before = await counters(server, admin);
    const statuses = new Map<number, number>();
    const fiveHundreds: string[] = [];
    let rejected = 0;

    const plan = Array.from({ length: REQUESTS }, (_, i) => {
      const route = i < POST_ROUTES.length * 3 ? POST_ROUTES[i % POST_ROUTES.length] : g.pick(POST_ROUTES); // every route, three times at least
      const who = g.pick(['admin', 'bridge', 'anonymous'] as const);
      const templated = TEMPLATES[route] !== undefined && g.rand() < 0.5;
      const text = templated ? null : g.body();
      const contentType = g.int(20) === 0 ? g.pick(['text/plain', 'application/x-www-form-urlencoded', 'application/json; charset=latin1']) : 'application/json';
      return { route, who, text, contentType };
    });

    async function send(p: (typeof plan)[number]): Promise<void> {
      // Logging a fuzz client out would end the session the rest of the run uses.
      const client = p.who === 'admin' ? admin : p.who === 'bridge' ? bridge : null;
      const cookie = p.route === AUTH.logout.path ? null : client?.cookie;
      const headers: Record<string, string> = { 'content-type': p.contentType };
      if (cookie) headers.cookie = cookie;
      let text = p.text;
      if (text === null) {
        const row = await server.db.selectFrom('boards').select('version').where('board_id', '=', board).executeTakeFirst();
        text = JSON.stringify(g.mutatedTemplate(p.route, Number(row?.version ?? 1)));
      }
      const res = await fetch(server.url + p.route, { method: 'POST', headers, body: text, signal: AbortSignal.timeout(30_000) });
      await res.arrayBuffer();
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      if (res.status >= 500) fiveHundreds.push(`${res.status} ${p.route} as ${p.who}: ${text.slice(0, 200)}`);
      else if (res.status >= 400) rejected++;
    }

    // a few GETs of the one GET route, with hostile query strings
    for (const q of ['', '?projectId=%00', '?projectId=%ED%A0%80', `?projectId=${'x'.repeat(5000)}`, '?projectId[__proto__]=1', '?projectId=a&projectId=b']) {
      const res = await fetch(`${server.url}${BOARDS.ticketGet.path}${q}`, { headers: { cookie: admin.cookie! } });
      await res.arrayBuffer();
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      if (res.status >= 500) fiveHundreds.push(`${res.status} GET ${BOARDS.ticketGet.path}${q.slice(0, 100)}`);
      else if (res.status >= 400) rejected++;
    }

    let next = 0;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < plan.length) await send(plan[next++]);
      }),
    );

    console.log(`REST fuzz seed ${SEED}: statuses ${JSON.stringify(Object.fromEntries([...statuses].sort()))}`);
    expect(fiveHundreds, `seed ${SEED}`).toEqual([]);
    // the server is still up and the sessions still work
    expect((await admin.post(AUTH.me.path, {})).body.success).toBe(true);
    // every rejection was counted (the counter runs when the answer is finished: poll for it)
    await eventually(async () => (await counters(server, admin)).rejections - before.rejections === rejected, 10_000, `seed ${SEED}: ${rejected} rejections counted`);
    expect((await counters(server, admin)).serverErrors).toBe(before.serverErrors);
  });
});
