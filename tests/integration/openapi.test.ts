import { validate } from '@readme/openapi-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTRACTS, SYSTEM } from '../../protocol';
import type { RunningServer } from '../../server/app';
import { API_REFERENCE_PREFIX } from '../../server/http/openapi';
import type { ApiClient } from '../helpers/apiClient';
import { loggedInClient, startTestServer } from '../helpers/testServer';

/** docs/api.md "OpenAPI": the document generated from the contracts and the interactive reference, for sessions only. */
describe('OpenAPI document and API reference', () => {
  let server: RunningServer;
  let admin: ApiClient;

  beforeAll(async () => {
    server = await startTestServer();
    admin = await loggedInClient(server.url);
  }, 60_000);

  afterAll(async () => {
    await server?.close();
  });

  it('serves a valid OpenAPI 3.1 document of every contract to a session, and refuses anonymous clients', async () => {
    const anonymous = await fetch(server.url + SYSTEM.openApi.path);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toMatchObject({ success: false, errorCode: 'UNAUTHENTICATED' });

    const res = await fetch(server.url + SYSTEM.openApi.path, { headers: { cookie: admin.cookie! } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/json');
    const document = (await res.json()) as { openapi: string; paths: Record<string, unknown> };
    expect(document.openapi).toBe('3.1.0');
    expect(Object.keys(document.paths).sort()).toEqual([...new Set(CONTRACTS.map((c) => c.path))].sort());
    expect((await validate(document as never)).valid).toBe(true);
  });

  it('serves the interactive reference to a session only, and its page loads under the security headers', async () => {
    expect((await fetch(`${server.url}${API_REFERENCE_PREFIX}/`)).status).toBe(401);
    const page = await fetch(`${server.url}${API_REFERENCE_PREFIX}/`, { headers: { cookie: admin.cookie! } });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('swagger-ui');
    // No inline script: the app's CSP (script-src 'self') lets the reference run unchanged.
    expect(html).not.toMatch(/<script>(?!\s*<\/script>)/);
    const init = await fetch(`${server.url}${API_REFERENCE_PREFIX}/static/swagger-initializer.js`, { headers: { cookie: admin.cookie! } });
    expect(init.status).toBe(200);
    const json = await fetch(`${server.url}${API_REFERENCE_PREFIX}/json`, { headers: { cookie: admin.cookie! } });
    expect(((await json.json()) as { openapi: string }).openapi).toBe('3.1.0');
  });
});
