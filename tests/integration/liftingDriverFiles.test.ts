import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, idNumberCheckDigit, LIFTING_DRIVERS, type AuditPage, type DriverImportResult, type LiftingDriverList } from '../../protocol';
import type { RunningServer } from '../../server/app';
import { DEMO_PROJECT } from '../../server/seed';
import type { ApiClient } from '../helpers/apiClient';
import { memberClient, startServerWithUsers } from '../helpers/testServer';

/**
 * The driver register as an .xlsx sheet against the real server and database (docs/api.md "Equipment"): the
 * template, an import refused whole with every bad row named, and an export that imports as it is.
 */
const demo = DEMO_PROJECT.projectId;
const idOf = (first17: string) => first17 + idNumberCheckDigit(first17);
/** An ID number whose check character is wrong. */
const wrongCheck = (first17: string) => first17 + (idNumberCheckDigit(first17) === '1' ? '2' : '1');
const HEADER = ['司机编号', '姓名', '性别', '身份证号', '联系电话', '卡号', '证书编号', '证书类型', '发证机关', '发证日期', '有效期至', '绑定设备'];

describe('lifting driver import and export (real server)', () => {
  let server: RunningServer;
  let admin: ApiClient;
  let viewer: ApiClient;
  let manager: ApiClient;

  beforeAll(async () => {
    ({ server, admin } = await startServerWithUsers());
    viewer = await memberClient(server, demo, 'files-viewer', 'viewer');
    manager = await memberClient(server, demo, 'files-manager', 'projectManager');
  }, 240_000);

  afterAll(async () => {
    await server?.close();
  });

  const download = async (path: string, client: ApiClient) => fetch(server.url + path, { method: 'POST', headers: { 'content-type': 'application/json', cookie: client.cookie! }, body: JSON.stringify({ projectId: demo }) });
  const sheetOf = async (rows: unknown[][], header = HEADER) => {
    const b = new ExcelJS.Workbook();
    const s = b.addWorksheet('s');
    s.addRow(header);
    for (const r of rows) s.addRow(r);
    return Buffer.from(await b.xlsx.writeBuffer()).toString('base64');
  };
  const importSheet = async (client: ApiClient, contentBase64: string) => client.post<DriverImportResult>(LIFTING_DRIVERS.driverImport.path, { projectId: demo, contentBase64 });
  const drivers = async () => (await admin.post<LiftingDriverList>(LIFTING_DRIVERS.driverList.path, { projectId: demo })).body.data!.drivers;

  it('imports a good sheet, lists the drivers, and refuses a sheet with bad rows whole, naming them', async () => {
    const template = await download(LIFTING_DRIVERS.driverImportTemplate.path, manager);
    expect(template.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await template.arrayBuffer()) as ArrayBuffer);
    expect(book.worksheets[0].getRow(1).values).toEqual([undefined, 'Driver ID', 'Name', 'Gender', 'ID number', 'Phone', 'Card no.', 'Certificate no.', 'Certificate type', 'Issuing authority', 'Issue date', 'Valid until', 'Machines (sn)']);
    expect(book.worksheets[0].rowCount).toBe(2);

    const good = await importSheet(
      manager,
      await sheetOf([
        ['IMP-1', '周强', '男', idOf('11010519800101123'), '13900002222', 'C-91', 'T-IMP-1', '建筑起重司机（塔式起重机）', '住建委', '2024-01-02', '2030-06-30', 'TC-01, TC-02'],
        ['IMP-2', 'Wu Fang', 'female', idOf('11010519900202234'), '', '', 'T-IMP-2', 'Hoist driver', '', '', new Date(Date.UTC(2031, 0, 31)), 'EL-01'],
      ]),
    );
    expect(good.body.data).toEqual({ created: 2, updated: 0, problems: [] });
    const listed = await drivers();
    expect(listed.find((d) => d.driverId === 'IMP-1')).toMatchObject({
      name: '周强',
      gender: 'male',
      idNumber: idOf('11010519800101123'),
      cardNo: 'C-91',
      certificateIssuedMs: Date.parse('2024-01-02T00:00:00+08:00'),
      certificateExpiryMs: Date.parse('2030-07-01T00:00:00+08:00'),
      certificateStatus: 'valid',
      machines: ['TC-01', 'TC-02'],
    });
    expect(listed.find((d) => d.driverId === 'IMP-2')).toMatchObject({ gender: 'female', certificateIssuedMs: null, certificateExpiryMs: Date.parse('2031-02-01T00:00:00+08:00'), machines: ['EL-01'] });

    const before = await drivers();
    const row = (driverId: string, idNumber: string, over: Record<number, unknown> = {}) => {
      const r: unknown[] = [driverId, 'Driver ' + driverId, '', idNumber, '', '', 'T-' + driverId, 'Tower crane driver', '', '2024-01-01', '2030-01-01', 'TC-01'];
      for (const [i, v] of Object.entries(over)) r[Number(i)] = v;
      return r;
    };
    const bad = await importSheet(
      manager,
      await sheetOf([
        row('BAD-OK', idOf('11010519700303345')),
        row('BAD-CHECK', wrongCheck('11010519700707789')),
        row('BAD-SN', idOf('11010519700404456'), { 11: 'NOPE-9' }),
        row('BAD-DATE', idOf('11010519700505567'), { 10: 'next year' }),
        row('BAD-TWIN', idOf('11010519700303345')),
        row('BAD-TAKEN', idOf('11010519800101123')),
        row('BAD-OK', idOf('11010519700606678')),
      ]),
    );
    expect(bad.body.data).toEqual({
      created: 0,
      updated: 0,
      problems: [
        { row: 3, field: 'idNumber', message: expect.any(String) },
        { row: 4, field: 'machines', message: 'NOPE-9 is not lifting equipment of this project' },
        { row: 5, field: 'validUntil', message: 'must be a date YYYY-MM-DD' },
        { row: 6, field: 'idNumber', message: 'the ID number is also on row 2' },
        { row: 7, field: 'idNumber', message: 'the ID number is registered to driver IMP-1' },
        { row: 8, field: 'driverId', message: 'driver BAD-OK is also on row 2' },
      ],
    });
    expect(await drivers()).toEqual(before);
    // a sheet without a required column is named on the header row
    expect((await importSheet(manager, await sheetOf([['X']], ['司机编号']))).body.data!.problems).toContainEqual({ row: 1, field: 'idNumber', message: 'no column ID number' });
  });

  it('exports the register as .xlsx that imports as it is, masked for managers too', async () => {
    const before = await drivers();
    expect(before.length).toBeGreaterThan(2);
    const full = await download(LIFTING_DRIVERS.driverExport.path, admin);
    expect(full.status).toBe(200);
    const fullSheet = Buffer.from(await full.arrayBuffer());
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(fullSheet as unknown as ArrayBuffer);
    expect(book.worksheets[0].rowCount).toBe(1 + before.length);
    expect((await importSheet(admin, fullSheet.toString('base64'))).body.data).toEqual({ created: 0, updated: before.length, problems: [] });
    expect(await drivers()).toEqual(before);

    // a manager's export masks the ID numbers; importing it keeps the stored ones
    const masked = Buffer.from(await (await download(LIFTING_DRIVERS.driverExport.path, manager)).arrayBuffer());
    const mb = new ExcelJS.Workbook();
    await mb.xlsx.load(masked as unknown as ArrayBuffer);
    expect(String(mb.worksheets[0].getRow(2).getCell(4).value)).toMatch(/^\d{4}\*{10}[0-9X]{4}$/);
    expect((await importSheet(manager, masked.toString('base64'))).body.data).toEqual({ created: 0, updated: before.length, problems: [] });
    expect(await drivers()).toEqual(before);
  });

  it('refuses a viewer and audits the import and the export', async () => {
    const sheet = await sheetOf([]);
    expect((await importSheet(viewer, sheet)).status).toBe(403);
    expect((await download(LIFTING_DRIVERS.driverExport.path, viewer)).status).toBe(403);
    expect((await download(LIFTING_DRIVERS.driverImportTemplate.path, viewer)).status).toBe(403);
    const audit = await admin.post<AuditPage>(ADMIN.auditList.path, { projectId: demo, q: 'driver' });
    const actions = audit.body.data!.rows.map((r) => r.action);
    expect(actions).toEqual(expect.arrayContaining(['driver.import', 'driver.import.failed', 'driver.export']));
  });
});
