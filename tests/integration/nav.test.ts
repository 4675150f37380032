import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH, type SessionUser } from '../../protocol';
import type { RunningServer } from '../../server/app';
import { DEMO_PROJECT, OTHER_PROJECT } from '../../server/seed';
import { NAV_POST_DOMAIN_ROUTE } from '../../server/http/routes/nav';
import { ApiClient } from '../helpers/apiClient';
import { loggedInClient, startServerWithUsers } from '../helpers/testServer';

/** Posts a form body as a browser form would. */
async function postForm(server: RunningServer, client: ApiClient | null, body: string, contentType = 'application/x-www-form-urlencoded') {
  const headers: Record<string, string> = { 'content-type': contentType };
  if (client?.cookie) headers.cookie = client.cookie;
  const res = await fetch(server.url + NAV_POST_DOMAIN_ROUTE, { method: 'POST', headers, body });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

describe('POST /nav/postDomain.htm (docs/product.md "Organisation switch")', () => {
  let server: RunningServer;
  let admin: ApiClient;
  let bridge: ApiClient;

  beforeAll(async () => {
    ({ server, admin, bridge } = await startServerWithUsers());
  });
  afterAll(() => server?.close());

  it('switches the session to a project of the user: data is "ok" and me follows, role kept', async () => {
    const before = (await admin.post<SessionUser>(AUTH.me.path)).body.data!;
    expect(before.projectId).toBe(DEMO_PROJECT.projectId);
    const r = await postForm(server, admin, `type=2&id=${OTHER_PROJECT.projectId}`);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ success: true, data: 'ok' });
    const after = (await admin.post<SessionUser>(AUTH.me.path)).body.data!;
    expect(after.projectId).toBe(OTHER_PROJECT.projectId);
    expect(after.isAdmin).toBe(before.isAdmin);
    expect(after.projects).toEqual(before.projects);
    // and back
    expect((await postForm(server, admin, `type=2&id=${DEMO_PROJECT.projectId}`)).body.data).toBe('ok');
    expect((await admin.post<SessionUser>(AUTH.me.path)).body.data!.projectId).toBe(DEMO_PROJECT.projectId);
  });

  it('only changes the session that asked: another login of the same user keeps its project', async () => {
    const other = await loggedInClient(server.url);
    await postForm(server, admin, `type=2&id=${OTHER_PROJECT.projectId}`);
    expect((await other.post<SessionUser>(AUTH.me.path)).body.data!.projectId).toBe(DEMO_PROJECT.projectId);
    await postForm(server, admin, `type=2&id=${DEMO_PROJECT.projectId}`);
  });

  it('refuses a project the user is not a member of with errorMsg, and changes nothing', async () => {
    const r = await postForm(server, bridge, `type=2&id=${DEMO_PROJECT.projectId}`);
    expect(r.status).toBe(403);
    expect(r.body).toMatchObject({ success: false, data: null, errorMsg: "Sorry, you don't have access to this page" });
    expect((await bridge.post<SessionUser>(AUTH.me.path)).body.data!.projectId).toBe(OTHER_PROJECT.projectId);
  });

  it('refuses bad form bodies with errorMsg', async () => {
    for (const body of ['type=1&id=demo-bridge', 'type=2', 'type=2&id=', `type=2&id=${'x'.repeat(65)}`, 'type=2&id=a&extra=1']) {
      const r = await postForm(server, admin, body);
      expect(r.status, body).toBe(400);
      expect(r.body.success).toBe(false);
      expect(typeof r.body.errorMsg).toBe('string');
    }
  });

  it('needs a session', async () => {
    const r = await postForm(server, null, `type=2&id=${DEMO_PROJECT.projectId}`);
    expect(r.status).toBe(401);
    expect(r.body).toMatchObject({ success: false, errorMsg: 'Please log in' });
  });

  it('keeps form bodies away from every other route (JSON only there)', async () => {
    const res = await fetch(server.url + AUTH.me.path, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: admin.cookie! },
      body: 'a=1',
    });
    expect(res.status).toBe(415);
  });
});
