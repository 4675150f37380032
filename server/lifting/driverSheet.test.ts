import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { idNumberCheckDigit, type LiftingDriver } from '../../protocol';
import { DRIVER_HEADERS, driverRow, readDriverSheet } from './driverSheet';

const ID = '11010519800101123' + idNumberCheckDigit('11010519800101123');
const driver: LiftingDriver = {
  driverId: 'D-1',
  name: 'Zhou Qiang',
  gender: 'male',
  idNumber: ID,
  phone: '139 0000 2222',
  cardNo: 'C-9',
  certificateNo: 'T-1',
  certificateType: 'Tower crane driver',
  issuingAuthority: 'Housing department',
  certificateIssuedMs: Date.parse('2024-01-02T00:00:00+08:00'),
  certificateExpiryMs: Date.parse('2030-07-01T00:00:00+08:00'),
  certificateStatus: 'valid',
  machines: ['TC-01', 'TC-02'],
};

async function sheet(rows: unknown[][]): Promise<Buffer> {
  const b = new ExcelJS.Workbook();
  const s = b.addWorksheet('s');
  for (const r of rows) s.addRow(r);
  return Buffer.from(await b.xlsx.writeBuffer());
}
const headers = Object.values(DRIVER_HEADERS).map((h) => h[0]);
const ctx = { machines: new Set(['TC-01', 'TC-02']), registered: [] };

describe('readDriverSheet', () => {
  it('reads back the row driverRow writes (the last valid day becomes the next day as expiry)', async () => {
    const row = driverRow(driver);
    expect(row.validUntil).toBe('2030-06-30');
    const { drivers, problems } = await readDriverSheet(await sheet([headers, Object.values(row)]), ctx);
    expect(problems).toEqual([]);
    const { driverId: _d, certificateStatus: _s, ...fields } = driver;
    expect(drivers).toEqual([{ driverId: 'D-1', exists: false, fields }]);
  });

  it('takes a masked ID number as the stored one of the same driver only', async () => {
    const masked = Object.values(driverRow({ ...driver, idNumber: '1101**********' + ID.slice(-4) }));
    const known = await readDriverSheet(await sheet([headers, masked]), { ...ctx, registered: [{ driverId: 'D-1', idNumber: ID }] });
    expect(known.drivers[0]).toMatchObject({ exists: true, fields: { idNumber: ID } });
    const unknown = await readDriverSheet(await sheet([headers, masked]), ctx);
    expect(unknown.problems).toEqual([{ row: 2, field: 'idNumber', message: 'enter the whole ID number' }]);
  });

  it('reports an unreadable file and a bad gender', async () => {
    expect((await readDriverSheet(Buffer.from('not a sheet'), ctx)).problems).toEqual([{ row: 0, field: 'file', message: 'not a readable xlsx file' }]);
    const row = Object.values({ ...driverRow(driver), gender: 'x' });
    expect((await readDriverSheet(await sheet([headers, row]), ctx)).problems).toEqual([{ row: 2, field: 'gender', message: 'must be male or female' }]);
  });
});
