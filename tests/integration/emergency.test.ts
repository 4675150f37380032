import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, EMERGENCY, type AuditPage, type EmergencyNearby, type EmergencyRecord, type MaterialImportResult } from '../../protocol';
import type { RunningServer } from '../../server/app';
import { DEMO_PROJECT } from '../../server/seed';
import type { ApiClient } from '../helpers/apiClient';
import { loggedInClient, memberClient, startTestServer } from '../helpers/testServer';

const demo = DEMO_PROJECT.projectId;
type List = { total: number; list: EmergencyRecord[] };

/**
 * The emergency registers against the real server (docs/api.md "Emergency resources"): the demo's seeded
 * records, an administrator's add, edit and delete (audited), refusals, a viewer who may read but not
 * write, the nearest supply points of an alarm's place, the export and the material import, and the
 * records across a restart.
 */
describe('emergency registers', () => {
  let dir: string;
  let server: RunningServer;
  let admin: ApiClient;
  let viewer: ApiClient;

  async function start(): Promise<void> {
    server = await startTestServer({ DATA_DIR: dir });
    admin = await loggedInClient(server.url);
  }

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'siteboard-emergency-'));
    await start();
    viewer = await memberClient(server, demo, 'watcher', 'viewer');
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    await rm(dir, { recursive: true, force: true });
  });

  const list = async (body: Record<string, unknown>, client = admin) => (await client.post<List>(EMERGENCY.list.path, { projectId: demo, ...body })).body;
  const download = async (body: unknown) => fetch(server.url + EMERGENCY.export.path, { method: 'POST', headers: { 'content-type': 'application/json', cookie: admin.cookie! }, body: JSON.stringify(body) });

  it("lists the demo's seeded registers to a viewer, filtered by level, bore and text", async () => {
    const risks = await list({ register: 'riskSource' }, viewer);
    expect(risks.success).toBe(true);
    expect(risks.data!.list.map((r) => r.register === 'riskSource' && r.accidentType)).toEqual(expect.arrayContaining(['collapse', 'gasExplosion', 'waterInrush', 'blasting']));
    const major = (await list({ register: 'riskSource', level: 'major' }, viewer)).data!.list;
    expect(major.length).toBeGreaterThan(0);
    expect(major.every((r) => r.register === 'riskSource' && r.level === 'major')).toBe(true);
    const rk = (await list({ register: 'supplyPoint', tunnelId: 'RK' })).data!.list;
    expect(rk.length).toBe(4);
    expect(rk.every((r) => r.register === 'supplyPoint' && r.tunnelId === 'RK')).toBe(true);
    const pumps = (await list({ register: 'material', q: 'PUMP' })).data!.list;
    expect(pumps.map((r) => r.register === 'material' && r.section)).toEqual(['Entry portal emergency store', 'Exit portal emergency store']);
  });

  it("lets an administrator add, edit and delete a supply point, audited; a viewer's write is refused and changes nothing", async () => {
    const point = { register: 'supplyPoint', name: 'LK refuge chamber', tunnelId: 'LK', chainageM: 13_600, contact: 'Zhao Lei', phone: '138 8801 4432', note: 'Oxygen, water, food for 20' };
    const refused = await viewer.post(EMERGENCY.save.path, { projectId: demo, record: point });
    expect(refused.body).toMatchObject({ success: false, errorCode: 'FORBIDDEN' });
    expect((await list({ register: 'supplyPoint', q: 'refuge' })).data!.total).toBe(0);

    const added = await admin.post<EmergencyRecord>(EMERGENCY.save.path, { projectId: demo, record: point });
    expect(added.body.data).toMatchObject({ ...point, updatedBy: 'admin', recordId: expect.any(Number) });
    const recordId = added.body.data!.recordId;
    const edited = await admin.post<EmergencyRecord>(EMERGENCY.save.path, { projectId: demo, recordId, record: { ...point, chainageM: 13_620 } });
    expect(edited.body.data).toMatchObject({ recordId, chainageM: 13_620 });
    expect((await list({ register: 'supplyPoint', q: 'refuge' })).data!.list).toEqual([edited.body.data]);

    expect((await viewer.post(EMERGENCY.delete.path, { projectId: demo, recordIds: [recordId] })).body.errorCode).toBe('FORBIDDEN');
    expect((await admin.post(EMERGENCY.delete.path, { projectId: demo, recordIds: [recordId] })).body.data).toEqual({ deleted: 1 });
    expect((await list({ register: 'supplyPoint', q: 'refuge' })).data!.total).toBe(0);

    const audit = await admin.post<AuditPage>(ADMIN.auditList.path, { projectId: demo, q: 'emergency' });
    expect(audit.body.data!.rows.map((r) => r.action)).toEqual(['emergency.delete', 'emergency.save', 'emergency.save']);
    expect(audit.body.data!.rows[0].target).toBe(`[${recordId}]`);
  });

  it('refuses a bad record with the field named, a bore the project lacks, and an edit that changes the register', async () => {
    const bad = await admin.post(EMERGENCY.save.path, { projectId: demo, record: { register: 'supplyPoint', name: 'X', tunnelId: 'LK', chainageM: 13_000, contact: 'Zhao', phone: 'call me' } });
    expect(bad.body).toMatchObject({ success: false, errorCode: 'VALIDATION', errorMessage: 'record.phone: not a phone number' });
    const noBore = await admin.post(EMERGENCY.save.path, { projectId: demo, record: { register: 'supplyPoint', name: 'X', tunnelId: 'ZK', chainageM: 13_000, contact: 'Zhao', phone: '120' } });
    expect(noBore.body).toMatchObject({ success: false, errorCode: 'VALIDATION' });
    const [plan] = (await list({ register: 'plan' })).data!.list;
    const moved = await admin.post(EMERGENCY.save.path, { projectId: demo, recordId: plan.recordId, record: { register: 'material', species: 'Sand', quantity: 1, unit: 't', section: 'yard' } });
    expect(moved.body).toMatchObject({ success: false, errorCode: 'NOT_FOUND' });
    expect((await list({ register: 'plan' })).data!.list[0]).toEqual(plan);
  });

  it("answers a gas alarm's nearest supply points of its bore (its place 1262 m into LK, K13+262) and the gas plan with its contacts", async () => {
    const r = await viewer.post<EmergencyNearby>(EMERGENCY.nearby.path, { projectId: demo, tunnelId: 'LK', chainageM: 1_262, accidentTypes: ['gasExplosion', 'poisoning'] });
    expect(r.body.data!.supplyPoints.map((p) => [p.name, p.distanceM])).toEqual([
      ['LK entry cabinet', 112],
      ['LK exit cabinet', 758],
      ['LK entry portal store', 1_262],
    ]);
    expect(r.body.data!.plans.map((p) => p.accidentType)).toEqual(['gasExplosion']);
    expect(r.body.data!.plans[0].contacts.length).toBeGreaterThan(0);
    const sos = await viewer.post<EmergencyNearby>(EMERGENCY.nearby.path, { projectId: demo, tunnelId: null, chainageM: null });
    expect(sos.body.data!.supplyPoints).toEqual([]);
    expect(sos.body.data!.plans.length).toBe(4);
  });

  it('exports a register as .xlsx and imports the materials from one, refusing a sheet with a bad row whole', async () => {
    const res = await download({ projectId: demo, register: 'material' });
    expect(res.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await res.arrayBuffer());
    const sheet = book.worksheets[0];
    expect(sheet.getRow(1).values).toEqual(expect.arrayContaining(['species', 'quantity', 'unit', 'section']));
    expect(sheet.rowCount).toBe(1 + 18);

    const sheetOf = async (rows: unknown[][]) => {
      const b = new ExcelJS.Workbook();
      const s = b.addWorksheet('m');
      s.addRow(['物资名称', '数量', '单位', '存放位置']);
      for (const r of rows) s.addRow(r);
      return Buffer.from(await b.xlsx.writeBuffer()).toString('base64');
    };
    const bad = await admin.post<MaterialImportResult>(EMERGENCY.materialImport.path, { projectId: demo, contentBase64: await sheetOf([['Sandbags', 500, 'pcs', 'LK portal'], ['Pumps', 'many', 'sets', 'LK portal']]) });
    expect(bad.body.data).toEqual({ imported: 0, problems: [{ row: 3, field: 'quantity', message: expect.any(String) }] });
    expect((await list({ register: 'material' })).data!.total).toBe(18);

    const good = await admin.post<MaterialImportResult>(EMERGENCY.materialImport.path, { projectId: demo, contentBase64: await sheetOf([['Sandbags', 500, 'pcs', 'LK portal'], ['Pumps', 3, 'sets', 'RK portal']]) });
    expect(good.body.data).toEqual({ imported: 2, problems: [] });
    expect((await list({ register: 'material' })).data!.list.map((r) => r.register === 'material' && [r.species, r.quantity])).toEqual([
      ['Sandbags', 500],
      ['Pumps', 3],
    ]);
    expect((await viewer.post(EMERGENCY.materialImport.path, { projectId: demo, contentBase64: await sheetOf([]) })).body.errorCode).toBe('FORBIDDEN');
  });

  it('keeps the registers across a restart', async () => {
    const before = (await list({ register: 'material' })).data!;
    await server.close();
    await start();
    expect((await list({ register: 'material' })).data).toEqual(before);
  });
});
