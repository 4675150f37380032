import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, ATTACHMENTS, EQUIPMENT, LIFTING_DRIVERS, beijingMidnightOf, type Attachment, type AuditPage, type EquipmentArchive, type LiftingDriver } from '../../protocol';
import type { RunningServer } from '../../server/app';
import { DEMO_PROJECT, OTHER_PROJECT } from '../../server/seed';
import type { ApiClient } from '../helpers/apiClient';
import { memberClient, startServerWithUsers } from '../helpers/testServer';

/**
 * The lifting-equipment archive an administrator keeps, and driver ID numbers unique per project, against the
 * real server and database (docs/api.md "Equipment", "Attachments"). Demo machines: TC-01 (tower crane),
 * EL-01 (construction elevator); GATE-SITE is a gate, not lifting equipment.
 */
const demo = DEMO_PROJECT.projectId;
const PDF = Buffer.from('%PDF-1.7\n%%EOF\n');
const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0, 0]);
const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');

describe('equipment archive (real server)', () => {
  let server: RunningServer;
  let admin: ApiClient;
  let bridge: ApiClient;
  let viewer: ApiClient;
  let manager: ApiClient;

  beforeAll(async () => {
    ({ server, admin, bridge } = await startServerWithUsers());
    viewer = await memberClient(server, demo, 'archive-viewer', 'viewer');
    manager = await memberClient(server, demo, 'archive-manager', 'projectManager');
  }, 240_000);
  afterAll(async () => {
    await server?.close();
  });

  const upload = async (fileName: string, bytes: Uint8Array) => (await manager.post<Attachment>(ATTACHMENTS.upload.path, { projectId: demo, fileName, contentBase64: b64(bytes) })).body.data!;
  const file = (client: ApiClient, attachmentId: number) => fetch(`${server.url}${ATTACHMENTS.file.path}?projectId=${demo}&attachmentId=${attachmentId}`, { headers: { cookie: client.cookie! } });
  const read = async (sn: string, client = viewer) => (await client.post<EquipmentArchive>(EQUIPMENT.archive.path, { projectId: demo, sn })).body.data!.archive;
  const crane = {
    model: 'QTZ125 (TC6013)',
    maker: 'Zoomlion',
    serialNo: 'TC6013-2024-0815',
    manufacturedAtMs: beijingMidnightOf('2024-03-01'),
    propertyUnit: 'City Machinery Leasing Co.',
    installationUnit: 'Provincial Lifting Installation Co.',
    // any instant of the day is stored as the start of its Beijing day
    installedAtMs: beijingMidnightOf('2025-09-10') + 15 * 3_600_000,
    registrationNo: 'SE-TC-01-2025',
    inspectionReportNo: 'JY-2025-0931',
    lastInspectionMs: beijingMidnightOf('2025-09-20'),
    nextInspectionMs: beijingMidnightOf('2026-09-20'),
    ratedLoadT: 10,
    ratedMomentKnm: 1250,
    maxHeightM: 160,
    maxSpanM: 60,
  };

  it('saves a tower crane archive with its papers and photo, reads it back, replaces it, and audits it', async () => {
    const [report, certificate, photo] = [await upload('inspection.pdf', PDF), await upload('registration.pdf', PDF), await upload('plate.png', PNG)];
    const files = { inspectionReport: [report.attachmentId], registrationCertificate: [certificate.attachmentId], photos: [photo.attachmentId] };
    const saved = await manager.post<EquipmentArchive>(EQUIPMENT.archiveSave.path, { projectId: demo, sn: 'TC-01', archive: crane, files });
    expect(saved.body.errorMessage).toBeUndefined();
    const a = await read('TC-01');
    expect(a).toMatchObject({ ...crane, installedAtMs: beijingMidnightOf('2025-09-10') });
    expect(a!.files.inspectionReport.map((f) => [f.attachmentId, f.type])).toEqual([[report.attachmentId, 'pdf']]);
    expect(a!.files.registrationCertificate.map((f) => f.fileName)).toEqual(['registration.pdf']);
    expect(a!.files.photos.map((f) => f.type)).toEqual(['png']);
    // the demo's paper references stay through a save
    expect(a!.documents.length).toBeGreaterThan(0);

    // without files the attachments stay; with them, the one left out is deleted
    await manager.post(EQUIPMENT.archiveSave.path, { projectId: demo, sn: 'TC-01', archive: { ...crane, inspectionReportNo: 'JY-2025-0932' } });
    expect((await read('TC-01'))!.files.photos).toHaveLength(1);
    await manager.post(EQUIPMENT.archiveSave.path, { projectId: demo, sn: 'TC-01', archive: crane, files: { ...files, photos: [] } });
    expect((await read('TC-01'))!.files.photos).toEqual([]);
    expect((await file(admin, photo.attachmentId)).status).toBe(404);

    const audit = (await admin.post<AuditPage>(ADMIN.auditList.path, { projectId: demo, action: 'equipment.archive' })).body.data!.rows;
    expect(audit.filter((e) => e.target === 'TC-01' && e.username === 'archive-manager')).toHaveLength(3);
  });

  it('serves the archive files to members only', async () => {
    const report = await upload('inspection-el.pdf', PDF);
    const elevator = { model: 'SC200/200', maker: 'Baoda', maxHeightM: 150, ratedLoadT: 2 };
    expect((await manager.post(EQUIPMENT.archiveSave.path, { projectId: demo, sn: 'EL-01', archive: elevator, files: { inspectionReport: [report.attachmentId], registrationCertificate: [], photos: [] } })).body.success).toBe(true);
    const id = (await read('EL-01'))!.files.inspectionReport[0].attachmentId;
    const mine = await file(viewer, id);
    expect(mine.status).toBe(200);
    expect(mine.headers.get('content-type')).toBe('application/pdf');
    expect((await file(bridge, id)).status).toBe(403);
    // and another project cannot read the archive itself
    expect((await bridge.post(EQUIPMENT.archive.path, { projectId: demo, sn: 'EL-01' })).body).toMatchObject({ success: false, errorCode: 'FORBIDDEN' });
  });

  it('refuses readers, unknown devices, devices that are not lifting equipment, and bad fields, changing nothing', async () => {
    const before = await read('TC-02');
    const save = (client: ApiClient, sn: string, archive: Record<string, unknown>, files?: unknown) => client.post(EQUIPMENT.archiveSave.path, { projectId: demo, sn, archive, ...(files ? { files } : {}) });
    expect((await save(viewer, 'TC-02', crane)).status).toBe(403);
    expect((await save(manager, 'TC-99', crane)).body).toMatchObject({ success: false, errorCode: 'NOT_FOUND' });
    const gate = await save(manager, 'GATE-SITE', crane);
    expect(gate.body).toMatchObject({ success: false, errorCode: 'NOT_FOUND' });
    expect(gate.body.errorMessage).toMatch(/not lifting equipment/);
    // a span on an elevator, a moment on a non-tower-crane kind
    expect((await save(manager, 'EL-01', { model: 'SC200/200', maker: 'Baoda', maxSpanM: 10 })).body.errorMessage).toMatch(/maxSpanM/);
    expect((await save(manager, 'GC-01', { model: 'MG80', maker: 'Weihua', ratedMomentKnm: 500 })).body.errorMessage).toMatch(/ratedMomentKnm/);
    // ranges and dates
    expect((await save(manager, 'TC-02', { ...crane, ratedLoadT: -1 })).body).toMatchObject({ success: false, errorCode: 'VALIDATION' });
    expect((await save(manager, 'TC-02', { ...crane, maxHeightM: 5000 })).body).toMatchObject({ success: false, errorCode: 'VALIDATION' });
    expect((await save(manager, 'TC-02', { ...crane, model: '  ' })).body).toMatchObject({ success: false, errorCode: 'VALIDATION' });
    expect((await save(manager, 'TC-02', { ...crane, nextInspectionMs: crane.lastInspectionMs })).body.errorMessage).toMatch(/nextInspectionMs/);
    // a file of another project, or a PDF among the photos
    const foreign = (await admin.post<Attachment>(ATTACHMENTS.upload.path, { projectId: OTHER_PROJECT.projectId, fileName: 'x.pdf', contentBase64: b64(PDF) })).body.data!;
    expect((await save(manager, 'TC-02', crane, { inspectionReport: [foreign.attachmentId], registrationCertificate: [], photos: [] })).body.errorMessage).toMatch(/files\.inspectionReport/);
    const pdf = await upload('not-a-photo.pdf', PDF);
    expect((await save(manager, 'TC-02', crane, { inspectionReport: [], registrationCertificate: [], photos: [pdf.attachmentId] })).body.errorMessage).toMatch(/files\.photos/);
    expect(await read('TC-02')).toEqual(before);
  });

  it('exports one row per lifting machine with its archive', async () => {
    const res = await fetch(`${server.url}${EQUIPMENT.archiveExport.path}`, { method: 'POST', headers: { cookie: viewer.cookie!, 'content-type': 'application/json' }, body: JSON.stringify({ projectId: demo }) });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/equipment-archives-demo/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(await res.arrayBuffer()) as never);
    const sheet = book.worksheets[0];
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    const rows = new Map<string, unknown[]>();
    sheet.eachRow((r, i) => {
      if (i > 1) rows.set(String((r.values as unknown[])[1]), (r.values as unknown[]).slice(1));
    });
    expect([...rows.keys()].sort()).toEqual(['EL-01', 'GC-01', 'TC-01', 'TC-02']);
    const tc = rows.get('TC-01')!;
    expect(tc[header.indexOf('Model')]).toBe(crane.model);
    expect(tc[header.indexOf('Rated moment (kN·m)')]).toBe(1250);
    expect(tc[header.indexOf('Installed')]).toBe('2025-09-10');
  });
});

describe('driver ID numbers unique per project (real server)', () => {
  let server: RunningServer;
  let admin: ApiClient;
  let bridge: ApiClient;

  beforeAll(async () => {
    ({ server, admin, bridge } = await startServerWithUsers());
  }, 240_000);
  afterAll(async () => {
    await server?.close();
  });

  const driver = (idNumber: string, machines: string[] = ['TC-01']) => ({
    name: 'Qian Lei',
    idNumber,
    phone: '',
    certificateNo: 'T3301999001',
    certificateType: 'Tower crane driver',
    certificateExpiryMs: Date.now() + 400 * 86_400_000,
    machines,
  });

  it('refuses adding or editing a driver with an ID number another driver of the project holds', async () => {
    expect((await admin.post<LiftingDriver>(LIFTING_DRIVERS.driverAdd.path, { projectId: demo, driverId: 'UNIQ-1', driver: driver('11010519491231002X') })).body.success).toBe(true);
    const twin = await admin.post(LIFTING_DRIVERS.driverAdd.path, { projectId: demo, driverId: 'UNIQ-2', driver: driver('11010519491231002X') });
    expect(twin.status).toBe(409);
    expect(twin.body).toMatchObject({ success: false, errorCode: 'CONFLICT', errorMessage: 'driver.idNumber: the ID number is registered to driver UNIQ-1' });

    expect((await admin.post(LIFTING_DRIVERS.driverAdd.path, { projectId: demo, driverId: 'UNIQ-2', driver: driver('110105194912310038') })).body.success).toBe(true);
    const edit = await admin.post(LIFTING_DRIVERS.driverEdit.path, { projectId: demo, driverId: 'UNIQ-2', driver: driver('11010519491231002X') });
    expect(edit.body).toMatchObject({ success: false, errorCode: 'CONFLICT' });
    // editing a driver with its own number is fine; nothing changed by the refusals
    expect((await admin.post(LIFTING_DRIVERS.driverEdit.path, { projectId: demo, driverId: 'UNIQ-2', driver: { ...driver('110105194912310038'), name: 'Qian Lei II' } })).body.success).toBe(true);
    const list = (await admin.post<{ drivers: LiftingDriver[] }>(LIFTING_DRIVERS.driverList.path, { projectId: demo })).body.data!.drivers;
    expect(list.filter((d) => d.idNumber === '11010519491231002X').map((d) => d.driverId)).toEqual(['UNIQ-1']);
    expect(list.find((d) => d.driverId === 'UNIQ-2')).toMatchObject({ idNumber: '110105194912310038', name: 'Qian Lei II' });
  });

  it('lets another project register the same ID number', async () => {
    const r = await bridge.post(LIFTING_DRIVERS.driverAdd.path, { projectId: OTHER_PROJECT.projectId, driverId: 'UNIQ-1', driver: driver('11010519491231002X', []) });
    expect(r.body).toMatchObject({ success: true });
  });
});
