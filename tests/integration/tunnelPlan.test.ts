import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, positionAt, TUNNEL, type AuditPage, type BoreAlignment, type TunnelPlan } from '../../protocol';
import type { RunningServer } from '../../server/app';
import { hashPassword } from '../../server/http/passwords';
import { DEMO_PROJECT } from '../../server/seed';
import type { ApiClient } from '../helpers/apiClient';
import { loggedInClient, startTestServer } from '../helpers/testServer';

const demo = DEMO_PROJECT.projectId;

/**
 * The tunnel plan's data against the real server (docs/api.md "Tunnel plan"): the seeded demo alignment,
 * an administrator's edit and import (.csv and .xlsx rows checked first), refusals, and the saved alignment
 * across a restart.
 */
describe('tunnel plan', () => {
  let dir: string;
  let server: RunningServer;
  let admin: ApiClient;
  let viewer: ApiClient;

  async function start(): Promise<void> {
    server = await startTestServer({ DATA_DIR: dir });
    admin = await loggedInClient(server.url);
  }

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'siteboard-plan-'));
    await start();
    await server.db.insertInto('users').values({ username: 'watcher', display_name: 'Watcher', password_hash: await hashPassword('watcher-pw'), is_admin: false, created_at_ms: Date.now() }).execute();
    await server.db.insertInto('memberships').values({ username: 'watcher', project_id: demo, mid: 'watcher@demo', role: 'viewer' }).execute();
    viewer = await loggedInClient(server.url, 'watcher', 'watcher-pw');
  });
  afterAll(async () => {
    await server?.close();
    await rm(dir, { recursive: true, force: true });
  });

  const plan = async (client = admin) => (await client.post<TunnelPlan>(TUNNEL.plan.path, { projectId: demo })).body;
  const alignmentOf = async (tunnelId: string) => (await plan()).data!.alignments.find((a) => a.tunnelId === tunnelId)!;
  const csv = (lines: string[]) => Buffer.from(['tunnelId,chainageM,x,y', ...lines].join('\n'), 'utf8').toString('base64');

  it("answers the demo's seeded alignment: both bores over their chainages, 35 m apart, cross passages, and the zones", async () => {
    const r = await plan(viewer);
    expect(r.success).toBe(true);
    const lk = r.data!.alignments.find((a) => a.tunnelId === 'LK')!;
    const rk = r.data!.alignments.find((a) => a.tunnelId === 'RK')!;
    expect(lk.points[0].chainageM).toBe(12_000);
    expect(lk.points.at(-1)!.chainageM).toBe(15_050);
    expect(rk.points[0].chainageM).toBe(12_020);
    for (const c of [12_100, 13_000, 14_500]) {
      const l = positionAt(lk.points, c);
      const rr = positionAt(rk.points, c);
      expect(Math.hypot(l.x - rr.x, l.y - rr.y)).toBeCloseTo(35, 0);
    }
    expect(lk.crossPassages.length).toBeGreaterThan(5);
    expect(lk.crossPassages.every((c) => c.toTunnelId === 'RK')).toBe(true);
    expect(r.data!.zones.length).toBeGreaterThan(0);
    expect(r.data!.zones[0]).toEqual({ zoneId: expect.any(String), name: expect.any(String), kind: expect.any(String), tunnelId: expect.any(String), fromM: expect.any(Number), toM: expect.any(Number) });
  });

  it("saves an administrator's alignment, audited, and answers it on the plan", async () => {
    const alignment: BoreAlignment = {
      tunnelId: 'RK',
      points: [
        { chainageM: 12_020, x: 0, y: -35 },
        { chainageM: 13_500, x: 1_480, y: -60 },
        { chainageM: 15_030, x: 3_000, y: -20 },
      ],
      crossPassages: [{ chainageM: 13_000, toTunnelId: 'LK', toChainageM: 13_000, kind: 'vehicle' }],
    };
    const r = await admin.post<BoreAlignment>(TUNNEL.alignmentSet.path, { projectId: demo, alignment });
    expect(r.body).toMatchObject({ success: true, data: alignment });
    expect(await alignmentOf('RK')).toEqual(alignment);
    const audit = await admin.post<AuditPage>(ADMIN.auditList.path, { projectId: demo, action: 'tunnel.alignment' });
    expect(audit.body.data!.rows[0]).toMatchObject({ username: 'admin', action: 'tunnel.alignment' });
  });

  it('refuses a bad body, an unknown bore, a cross passage to nowhere and a viewer, and changes nothing', async () => {
    const before = await plan();
    const points = [
      { chainageM: 12_000, x: 0, y: 0 },
      { chainageM: 12_000, x: 10, y: 0 },
    ];
    const flat = await admin.post(TUNNEL.alignmentSet.path, { projectId: demo, alignment: { tunnelId: 'LK', points, crossPassages: [] } });
    expect(flat.body.errorCode).toBe('VALIDATION');
    expect(flat.body.errorMessage).toContain('chainage must increase');
    const one = await admin.post(TUNNEL.alignmentSet.path, { projectId: demo, alignment: { tunnelId: 'LK', points: points.slice(0, 1), crossPassages: [] } });
    expect(one.body.errorCode).toBe('VALIDATION');
    const good = [points[0], { chainageM: 12_100, x: 100, y: 0 }];
    const unknown = await admin.post(TUNNEL.alignmentSet.path, { projectId: demo, alignment: { tunnelId: 'ZZ', points: good, crossPassages: [] } });
    expect(unknown.body.errorCode).toBe('NOT_FOUND');
    const nowhere = await admin.post(TUNNEL.alignmentSet.path, { projectId: demo, alignment: { tunnelId: 'LK', points: good, crossPassages: [{ chainageM: 12_050, toTunnelId: 'ZZ', toChainageM: 12_050, kind: 'pedestrian' }] } });
    expect(nowhere.body.errorCode).toBe('VALIDATION');
    const refused = await viewer.post(TUNNEL.alignmentSet.path, { projectId: demo, alignment: { tunnelId: 'LK', points: good, crossPassages: [] } });
    expect(refused.body.errorCode).toBe('FORBIDDEN');
    const refusedImport = await viewer.post(TUNNEL.alignmentImport.path, { projectId: demo, format: 'csv', contentBase64: csv(['LK,12000,0,0', 'LK,12100,100,0']) });
    expect(refusedImport.body.errorCode).toBe('FORBIDDEN');
    expect(await plan()).toEqual(before);
  });

  it('imports a .csv: named bores get its points and keep their cross passages; a bad row writes nothing', async () => {
    const lkBefore = await alignmentOf('LK');
    const bad = await admin.post<{ imported: number; problems: Array<{ row: number; field: string }> }>(TUNNEL.alignmentImport.path, {
      projectId: demo,
      format: 'csv',
      contentBase64: csv(['LK,12000,0,0', 'LK,11990,5,0', 'QQ,12000,0,0']),
    });
    expect(bad.body.data!.imported).toBe(0);
    // row 3 goes back along LK, so LK keeps one point (row 2); row 4 names no bore
    expect(bad.body.data!.problems.map((p) => [p.row, p.field])).toEqual([
      [2, 'chainageM'],
      [3, 'chainageM'],
      [4, 'tunnelId'],
    ]);
    expect(await alignmentOf('LK')).toEqual(lkBefore);

    const r = await admin.post<{ imported: number; problems: unknown[]; alignments: BoreAlignment[] }>(TUNNEL.alignmentImport.path, {
      projectId: demo,
      format: 'csv',
      contentBase64: csv(['LK,12000,0,0', 'LK,13500,1500,40', 'LK,15050,3050,0']),
    });
    expect(r.body.data).toMatchObject({ imported: 3, problems: [] });
    const lk = await alignmentOf('LK');
    expect(lk.points).toEqual([
      { chainageM: 12_000, x: 0, y: 0 },
      { chainageM: 13_500, x: 1_500, y: 40 },
      { chainageM: 15_050, x: 3_050, y: 0 },
    ]);
    expect(lk.crossPassages).toEqual(lkBefore.crossPassages);
    expect(r.body.data!.alignments.find((a) => a.tunnelId === 'LK')).toEqual(lk);
  });

  it('keeps the saved alignments across a restart', async () => {
    const before = await plan();
    await server.close();
    await start();
    expect(await plan()).toEqual(before);
  });
});
