import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTRACTS, LIVE_TOPICS, ROLES, TOPIC_PERMISSIONS, roleAllows, type LiveTopic, type Role, type RouteAccess } from '../../protocol';
import type { RunningServer } from '../../server/app';
import { isProjectPermission } from '../../server/http/authorize';
import { hashPassword } from '../../server/http/passwords';
import { ROUTE_ACCESS, routeAccess } from '../../server/http/routePermissions';
import { DEMO_BOARD, DEMO_PROJECT, OTHER_PROJECT } from '../../server/seed';
import { ApiClient } from '../helpers/apiClient';
import { connectLiveSocket } from '../helpers/liveSocket';
import { loggedInClient, startTestServer, TEST_ADMIN_PASSWORD } from '../helpers/testServer';

/**
 * The authorisation matrix, generated from the route table (server/http/routePermissions.ts, derived from
 * the contracts of protocol/contracts: each route asked with its contract's method) and the topic
 * table (protocol/roles.ts TOPIC_PERMISSIONS): every registered route and every live topic, for every role
 * as a member of the project, a user of another project, an installation administrator and an anonymous
 * client, against the real server. "Refused" is 401/403 (a subscribe ack `ok: false`); anything else
 * passed authorisation (a 400 for the test's generic body is the route's own validation, after it).
 * A route registered without a table entry fails the first test.
 */

const PROJECT = DEMO_PROJECT.projectId;
/** Routes whose contract says `GET` (asked with the project in the query string). */
const GET_PATHS = new Set(CONTRACTS.filter((c) => c.method === 'GET').map((c) => c.path));
const PASSWORD = 'matrix-pass-42';

/** Who asks: a member with a role, a member of another project only, the installation administrator, nobody. */
type Identity = { name: string; role: Role | null; isAdmin: boolean; anonymous: boolean };
const IDENTITIES: Identity[] = [
  ...ROLES.map((role) => ({ name: `m-${role}`, role, isAdmin: false, anonymous: false })),
  { name: 'outsider', role: null, isAdmin: false, anonymous: false },
  { name: 'admin', role: 'orgAdmin', isAdmin: true, anonymous: false },
  { name: 'anonymous', role: null, isAdmin: false, anonymous: true },
];

/** What the table says `who` may do on a route of `access`. */
function expected(access: RouteAccess, who: Identity): boolean {
  if (access === 'public') return true;
  if (who.anonymous) return false;
  if (access === 'session' || access === 'self') return true;
  if (access === 'system') return who.isAdmin;
  return who.role !== null && isProjectPermission(access) && roleAllows(who.role, access);
}

describe('authorisation matrix', () => {
  let server: RunningServer;
  const clients = new Map<string, ApiClient>();
  let alarmId = 0;

  beforeAll(async () => {
    server = await startTestServer();
    const hash = await hashPassword(PASSWORD);
    const nowMs = Date.now();
    for (const who of IDENTITIES) {
      if (who.anonymous || who.name === 'admin') continue;
      await server.db
        .insertInto('users')
        .values({ username: who.name, display_name: who.name, password_hash: hash, is_admin: false, wall_screen: who.role === 'wallScreen', created_at_ms: nowMs })
        .execute();
      const projectId = who.role === null ? OTHER_PROJECT.projectId : PROJECT;
      await server.db.insertInto('memberships').values({ username: who.name, project_id: projectId, mid: who.name, role: who.role ?? 'orgAdmin' }).execute();
    }
    const alarm = await server.db
      .insertInto('alarms')
      .values({
        project_id: PROJECT,
        device_sn: 'GAS-X',
        device_kind: 'gas',
        device_name: 'x',
        kind: 'threshold',
        level: 'alarm',
        metric: 'CO',
        value: 30,
        threshold: 24,
        unit: 'ppm',
        raised_at_ms: nowMs,
        cleared_at_ms: null,
        state: 'active',
        deal_status: 0,
        deal_remark: null,
        dealt_by: null,
        dealt_at_ms: null,
        pic_url: null,
        side: null,
        first_seen_ms: nowMs,
        last_seen_ms: nowMs,
        peak_value: 30,
        peak_level: 'alarm',
        acked_by: null,
        acked_at_ms: null,
      })
      .returning('alarm_id')
      .executeTakeFirstOrThrow();
    alarmId = Number(alarm.alarm_id);
    for (const who of IDENTITIES) {
      if (who.anonymous) clients.set(who.name, new ApiClient(server.url));
      else clients.set(who.name, await loggedInClient(server.url, who.name, who.name === 'admin' ? TEST_ADMIN_PASSWORD : PASSWORD));
    }
  }, 60_000);

  afterAll(async () => {
    await server?.close();
  });

  it('docs/api.md lists every route of the table', () => {
    const docs = readFileSync(path.resolve(import.meta.dirname, '../../docs/api.md'), 'utf8');
    const missing = Object.keys(ROUTE_ACCESS).filter((url) => !docs.includes(`\`${url.replace('/zhgd/', '')}\``));
    expect(missing, 'routes missing from the matrix in docs/api.md "Roles and permissions"').toEqual([]);
  });

  it('every registered route has an entry in the route table', () => {
    const missing = [...server.routes].filter((url) => routeAccess(url) === undefined);
    expect(missing, 'routes without an entry in server/http/routePermissions.ts ROUTE_ACCESS').toEqual([]);
    expect(server.routes.size).toBeGreaterThan(50);
  });

  /** One request of `url` as `client`: the HTTP status. */
  async function ask(client: ApiClient, url: string): Promise<number> {
    const headers: Record<string, string> = {};
    if (client.cookie) headers.cookie = client.cookie;
    if (url === '/metrics' || url.endsWith('/getTicket') || url.endsWith('/alarm/capture') || GET_PATHS.has(url) || url.startsWith('/docs/api')) {
      const res = await fetch(`${server.url}${url}?projectId=${PROJECT}`, { headers, redirect: 'manual' });
      await res.arrayBuffer();
      return res.status;
    }
    if (url.startsWith('/nav/')) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      return (await fetch(server.url + url, { method: 'POST', headers, body: `type=2&id=${PROJECT}` })).status;
    }
    headers['content-type'] = 'application/json';
    const body = JSON.stringify({ projectId: PROJECT, boardId: DEMO_BOARD.boardId, alarmId, alarmIds: [alarmId] });
    const res = await fetch(server.url + url, { method: 'POST', headers, body });
    await res.arrayBuffer();
    return res.status;
  }

  it('answers every route to every role, non-member, administrator and anonymous as the table says', async () => {
    // Logout last: it ends the session the other requests use.
    const routes = [...server.routes].filter((u) => routeAccess(u) !== undefined && !u.includes('*')).sort((a, b) => Number(a.endsWith('/logout')) - Number(b.endsWith('/logout')));
    const wrong: string[] = [];
    let checked = 0;
    for (const url of routes) {
      const access = routeAccess(url)!;
      for (const who of IDENTITIES) {
        const status = await ask(clients.get(who.name)!, url);
        const allowed = status !== 401 && status !== 403;
        checked++;
        if (allowed !== expected(access, who)) wrong.push(`${url} (${access}) as ${who.name}: ${status}, expected ${expected(access, who) ? 'allowed' : 'refused'}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(checked).toBe(routes.length * IDENTITIES.length);
  }, 120_000);

  it('subscribes every live topic to exactly the identities the topic table allows', async () => {
    const wrong: string[] = [];
    for (const who of IDENTITIES) {
      if (who.anonymous) {
        await expect(connectLiveSocket(server.url, null)).rejects.toThrow(/UNAUTHENTICATED/);
        continue;
      }
      const client = await loggedInClient(server.url, who.name, who.name === 'admin' ? TEST_ADMIN_PASSWORD : PASSWORD);
      const socket = await connectLiveSocket(server.url, client.cookie);
      try {
        for (const topic of LIVE_TOPICS as readonly LiveTopic[]) {
          const ack = await socket.timeout(5_000).emitWithAck('topic.subscribe', { projectId: PROJECT, topic });
          const want = who.role !== null && roleAllows(who.role, TOPIC_PERMISSIONS[topic]);
          if (ack.ok !== want) wrong.push(`${topic} as ${who.name}: ${ack.ok ? 'joined' : ack.code}, expected ${want ? 'joined' : 'refused'}`);
        }
      } finally {
        socket.close();
      }
    }
    expect(wrong).toEqual([]);
  }, 60_000);
});
