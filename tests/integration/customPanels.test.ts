import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CUSTOM_PANELS, MAX_CUSTOM_PANEL_TYPES, type CustomPanelTypeList } from '../../protocol';
import type { RunningServer } from '../../server/app';
import { DEMO_PROJECT, OTHER_PROJECT } from '../../server/seed';
import { ApiClient } from '../helpers/apiClient';
import { startServerWithUsers } from '../helpers/testServer';

const demo: string = DEMO_PROJECT.projectId;
let server: RunningServer;
let admin: ApiClient;
let bridge: ApiClient;

const clock = { type: 'exampleClock', title: 'Clock', moduleUrl: '/custom-panels/example-clock.js', defaultSize: { w: 320, h: 160 } };

async function list(client: ApiClient, projectId = demo) {
  return client.post<CustomPanelTypeList>(CUSTOM_PANELS.typeList.path, { projectId });
}

beforeAll(async () => {
  ({ server, admin, bridge } = await startServerWithUsers());
});
afterAll(() => server?.close());

describe('custom panel types', () => {
  it('lists nothing for a project without custom types', async () => {
    const r = await list(admin);
    expect(r.body.data).toEqual({ projectId: demo, types: [] });
  });

  it('registers a type, replaces it by id, lists it, and deletes it', async () => {
    const added = await admin.post<CustomPanelTypeList>(CUSTOM_PANELS.typeAdd.path, { projectId: demo, ...clock });
    expect(added.body.success).toBe(true);
    expect(added.body.data!.types).toEqual([clock]);

    const moved = { ...clock, moduleUrl: 'https://cdn.example.com/clock.js', title: 'Site clock' };
    await admin.post(CUSTOM_PANELS.typeAdd.path, { projectId: demo, ...moved, defaultSize: undefined });
    expect((await list(admin)).body.data!.types).toEqual([{ ...moved, defaultSize: { w: 400, h: 300 } }]);

    const deleted = await admin.post<CustomPanelTypeList>(CUSTOM_PANELS.typeDelete.path, { projectId: demo, types: ['exampleClock'] });
    expect(deleted.body.data!.types).toEqual([]);
  });

  it('refuses script URLs, bad ids and unknown fields, and stores nothing', async () => {
    for (const bad of [
      { ...clock, moduleUrl: 'javascript:alert(1)' },
      { ...clock, moduleUrl: '//evil.example.com/x.js' },
      { ...clock, type: '1clock' },
      { ...clock, extra: true },
    ]) {
      const r = await admin.post(CUSTOM_PANELS.typeAdd.path, { projectId: demo, ...bad });
      expect(r.status).toBe(400);
      expect(r.body.errorCode).toBe('VALIDATION');
    }
    expect((await list(admin)).body.data!.types).toEqual([]);
  });

  it('lets only administrators register, and only members list', async () => {
    const byMember = await bridge.post(CUSTOM_PANELS.typeAdd.path, { projectId: OTHER_PROJECT.projectId, ...clock });
    expect(byMember.body.errorCode).toBe('FORBIDDEN');
    const foreign = await list(bridge, demo);
    expect(foreign.body.errorCode).toBe('FORBIDDEN');
    expect((await list(bridge, OTHER_PROJECT.projectId)).body.data!.types).toEqual([]);
  });

  it(`keeps at most ${MAX_CUSTOM_PANEL_TYPES} types per project`, async () => {
    for (let i = 0; i < MAX_CUSTOM_PANEL_TYPES; i += 1) {
      const r = await admin.post(CUSTOM_PANELS.typeAdd.path, { projectId: demo, ...clock, type: `t${i}` });
      expect(r.body.success).toBe(true);
    }
    const over = await admin.post(CUSTOM_PANELS.typeAdd.path, { projectId: demo, ...clock, type: 'oneTooMany' });
    expect(over.body.errorCode).toBe('VALIDATION');
    expect(over.body.errorMessage).toMatch(/at most 50/);
    const replace = await admin.post(CUSTOM_PANELS.typeAdd.path, { projectId: demo, ...clock, type: 't0', title: 'renamed' });
    expect(replace.body.success).toBe(true);
    expect((await list(admin)).body.data!.types).toHaveLength(MAX_CUSTOM_PANEL_TYPES);
  });
});
