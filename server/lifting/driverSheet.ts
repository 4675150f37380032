import { beijingDateOf, beijingDayStartOf, certificateExpiryOf, certificateValidUntil, driverFieldsSchema, MASKED_ID_NUMBER, maskIdNumber, MAX_DRIVERS_PER_PROJECT, TOPIC_SEGMENT, type DriverFields, type ImportProblem, type LiftingDriver } from '../../protocol';
import { xlsxRows } from '../http/deviceImport';
import { dateCell } from '../schedule/taskImport';


/**
 * The columns of a driver sheet (docs/api.md "Equipment"), the header each is written with in the template
 * and export first, then the other names a site's sheet may use (English or Chinese, matched
 * case-insensitively). Only `driverId`, `name`, `idNumber`, `certificateNo`, `certificateType` and
 * `validUntil` must be there.
 */
export const DRIVER_HEADERS = {
  driverId: ['Driver ID', 'driverId', '司机编号'],
  name: ['Name', '姓名'],
  gender: ['Gender', '性别'],
  idNumber: ['ID number', 'idNumber', '身份证号', '身份证号码'],
  phone: ['Phone', '电话', '联系电话'],
  cardNo: ['Card no.', 'cardNo', '卡号'],
  certificateNo: ['Certificate no.', 'certificateNo', '证书编号', '操作证编号'],
  certificateType: ['Certificate type', 'certificateType', '证书类型', '操作类别'],
  issuingAuthority: ['Issuing authority', 'issuingAuthority', '发证机关'],
  issued: ['Issue date', '发证日期'],
  validUntil: ['Valid until', 'expiry date', '有效期至'],
  machines: ['Machines (sn)', 'machines', '设备编号', '绑定设备'],
} as const;
type Column = keyof typeof DRIVER_HEADERS;
const REQUIRED: ReadonlySet<Column> = new Set(['driverId', 'name', 'idNumber', 'certificateNo', 'certificateType', 'validUntil']);

/** Gender cells read: the wire names and the Chinese ones. */
const GENDER_OF: Readonly<Record<string, 'male' | 'female'>> = { male: 'male', female: 'female', m: 'male', f: 'female', 男: 'male', 女: 'female' };

/**
 * The row of `d` in the sheet's columns, in {@link DRIVER_HEADERS} order: dates as Beijing days
 * (`YYYY-MM-DD`), `Valid until` the last day the certificate is valid, machines separated by commas.
 */
export function driverRow(d: LiftingDriver): Record<Column, string> {
  return {
    driverId: d.driverId,
    name: d.name,
    gender: d.gender ?? '',
    idNumber: d.idNumber,
    phone: d.phone,
    cardNo: d.cardNo,
    certificateNo: d.certificateNo,
    certificateType: d.certificateType,
    issuingAuthority: d.issuingAuthority,
    issued: d.certificateIssuedMs === null ? '' : beijingDateOf(d.certificateIssuedMs),
    validUntil: certificateValidUntil(d.certificateExpiryMs),
    machines: d.machines.join(', '),
  };
}

/** Start of the Beijing day of a date cell, ms; NaN for a cell that is not a date. */
function beijingDayMs(text: string): number {
  return beijingDayStartOf(dateCell(text) ?? '');
}

/** What the project has that a sheet is checked against. */
export interface DriverSheetContext {
  /** The sns of the project's lifting equipment (the machines a driver may be assigned to). */
  machines: ReadonlySet<string>;
  /** The project's registered drivers: id and whole ID number. */
  registered: ReadonlyArray<{ driverId: string; idNumber: string }>;
}

/** A driver read from a sheet: its id, its fields, and whether the project registers it already. */
export interface SheetDriver {
  driverId: string;
  fields: DriverFields;
  exists: boolean;
}

/**
 * Reads an .xlsx driver sheet: the first row names the columns ({@link DRIVER_HEADERS}, any order), every
 * other non-empty row is one driver, added, or replacing the registered driver of the same id. Every bad row
 * is reported (the row number as the spreadsheet shows it, the field, the problem): a field (an ID number
 * with a wrong check character, a date that is not one), a machine that is not the project's lifting
 * equipment, a driver id or ID number that is also on another row or belongs to another registered driver.
 * A masked ID number (as the export writes it for non-administrators) stands for the stored one of the same
 * driver. Nothing is to be written when any problem is reported.
 */
export async function readDriverSheet(content: Buffer, ctx: DriverSheetContext): Promise<{ drivers: SheetDriver[]; problems: ImportProblem[] }> {
  let rows: string[][];
  try {
    rows = await xlsxRows(content);
  } catch {
    return { drivers: [], problems: [{ row: 0, field: 'file', message: 'not a readable xlsx file' }] };
  }
  const header = (rows[0] ?? []).map((h) => h.trim().toLowerCase());
  const columnOf = {} as Record<Column, number>;
  const problems: ImportProblem[] = [];
  for (const [field, names] of Object.entries(DRIVER_HEADERS) as Array<[Column, readonly string[]]>) {
    const i = header.findIndex((h) => names.some((n) => n.toLowerCase() === h));
    if (i < 0 && REQUIRED.has(field)) problems.push({ row: 1, field, message: `no column ${names[0]}` });
    columnOf[field] = i;
  }
  if (problems.length > 0) return { drivers: [], problems };

  const storedId = new Map(ctx.registered.map((r) => [r.driverId, r.idNumber] as const));
  const ownerOfId = new Map(ctx.registered.filter((r) => r.idNumber !== '').map((r) => [r.idNumber, r.driverId] as const));
  const rowOfDriver = new Map<string, number>();
  const rowOfIdNumber = new Map<string, number>();
  const drivers: SheetDriver[] = [];
  rows.slice(1).forEach((cells, i) => {
    if (cells.every((c) => c.trim() === '')) return;
    const row = i + 2;
    const cell = (c: Column) => (columnOf[c] < 0 ? '' : (cells[columnOf[c]] ?? '').trim());
    const problem = (field: string, message: string) => problems.push({ row, field, message });
    const driverId = cell('driverId');
    if (!TOPIC_SEGMENT.test(driverId)) return problem('driverId', 'must be 1–64 of A–Z a–z 0–9 _ -');
    const genderText = cell('gender').toLowerCase();
    const gender = genderText === '' ? null : GENDER_OF[genderText];
    if (gender === undefined) return problem('gender', 'must be male or female');
    const issued = cell('issued') === '' ? null : beijingDayMs(cell('issued'));
    if (issued !== null && Number.isNaN(issued)) return problem('issued', 'must be a date YYYY-MM-DD');
    const expiry = certificateExpiryOf(dateCell(cell('validUntil')) ?? '');
    if (Number.isNaN(expiry)) return problem('validUntil', 'must be a date YYYY-MM-DD');
    const r = driverFieldsSchema.safeParse({
      name: cell('name'),
      gender,
      idNumber: cell('idNumber'),
      phone: cell('phone'),
      cardNo: cell('cardNo'),
      certificateNo: cell('certificateNo'),
      certificateType: cell('certificateType'),
      issuingAuthority: cell('issuingAuthority'),
      certificateIssuedMs: issued,
      certificateExpiryMs: expiry,
      machines: cell('machines')
        .split(/[,;，；、\s]+/)
        .filter((s) => s !== ''),
    });
    if (!r.success) {
      const issue = r.error.issues[0];
      const field = issue.path[0] === 'certificateIssuedMs' ? 'issued' : issue.path[0] === 'certificateExpiryMs' ? 'validUntil' : issue.path.map(String).join('.');
      return problem(field, issue.message);
    }
    const fields = r.data;
    const exists = storedId.has(driverId);
    if (MASKED_ID_NUMBER.test(fields.idNumber)) {
      const stored = storedId.get(driverId) ?? '';
      if (stored === '' || maskIdNumber(stored) !== fields.idNumber) return problem('idNumber', 'enter the whole ID number');
      fields.idNumber = stored;
    }
    const unknown = fields.machines.find((sn) => !ctx.machines.has(sn));
    if (unknown !== undefined) return problem('machines', `${unknown} is not lifting equipment of this project`);
    const sameDriver = rowOfDriver.get(driverId);
    if (sameDriver !== undefined) return problem('driverId', `driver ${driverId} is also on row ${sameDriver}`);
    rowOfDriver.set(driverId, row);
    const sameId = rowOfIdNumber.get(fields.idNumber);
    if (sameId !== undefined) return problem('idNumber', `the ID number is also on row ${sameId}`);
    rowOfIdNumber.set(fields.idNumber, row);
    const owner = ownerOfId.get(fields.idNumber);
    if (owner !== undefined && owner !== driverId) return problem('idNumber', `the ID number is registered to driver ${owner}`);
    drivers.push({ driverId, fields, exists });
  });
  const total = ctx.registered.length + drivers.filter((d) => !d.exists).length;
  if (total > MAX_DRIVERS_PER_PROJECT) problems.push({ row: 0, field: 'file', message: `a project registers at most ${MAX_DRIVERS_PER_PROJECT} drivers` });
  return problems.length > 0 ? { drivers: [], problems } : { drivers, problems: [] };
}
