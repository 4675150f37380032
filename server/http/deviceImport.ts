import ExcelJS from 'exceljs';
import type { z } from 'zod';
import { cameraStreamSetBody, IMPORT_COLUMNS, isVideoKind, MAX_IMPORT_ROWS, registryDeviceSchema, vehicleFieldsProblem, type ImportProblem, type StreamSource } from '../../protocol';

/** A parsed, valid import row. */
export type ImportedDevice = z.output<typeof registryDeviceSchema>;

/** A camera's stream source from an import row (with its credentials: for the server only). */
export interface ImportedStream {
  sn: string;
  source: StreamSource;
  mainUrl: string | null;
  subUrl: string | null;
}

/** Cells of one file row by column name (header lowercased), as text. */
type RawRow = Record<string, string>;

/** Splits CSV text (RFC 4180: quoted fields, doubled quotes, CRLF or LF) into rows of fields. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text;
  for (let i = 0; i < body.length; i++) {
    const ch = body[i];
    if (quoted) {
      if (ch === '"' && body[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"' && cell === '') quoted = true;
    else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && body[i + 1] === '\n') i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += ch;
  }
  if (cell !== '' || row.length > 0) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}

/** Text of an exceljs cell value (numbers, rich text, formulas' results, dates as ISO). */
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object' && 'richText' in value) return value.richText.map((r) => r.text).join('');
  if (typeof value === 'object' && 'result' in value) return cellText(value.result as ExcelJS.CellValue);
  if (typeof value === 'object' && 'text' in value) return String(value.text);
  return '';
}

/** Rows of the first worksheet of an .xlsx file, as text cells. @throws Error when it is not a readable workbook. */
export async function xlsxRows(content: Buffer): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(content as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) return [];
  const rows: string[][] = [];
  sheet.eachRow({ includeEmpty: true }, (r, n) => {
    if (n > MAX_IMPORT_ROWS + 1) return;
    const cells: string[] = [];
    for (let c = 1; c <= IMPORT_COLUMNS.length + 8; c++) cells.push(cellText(r.getCell(c).value).trim());
    rows[n - 1] = cells;
  });
  return Array.from(rows, (r) => r ?? []);
}

/** Problems and value of a number cell: empty is null. */
function numberCell(text: string, field: string, problems: { field: string; message: string }[]): number | null {
  if (text.trim() === '') return null;
  const n = Number(text.trim());
  if (!Number.isFinite(n)) {
    problems.push({ field, message: `${field}: not a number` });
    return null;
  }
  return n;
}

/**
 * One file row (cells by lowercased column name) → a registry device, or its problems. Zod validates the
 * converted row (registryDeviceSchema), so an import row obeys exactly the rules of a device added by hand.
 */
function parseRow(raw: RawRow): { device: ImportedDevice; stream: ImportedStream | null } | { problems: { field: string; message: string }[] } {
  const text = (k: string) => (raw[k] ?? '').trim();
  const problems: { field: string; message: string }[] = [];
  const candidate = {
    sn: text('sn'),
    kind: text('kind'),
    name: text('name'),
    station: text('station'),
    position: text('position'),
    tunnelId: text('tunnelid') === '' ? null : text('tunnelid'),
    chainageM: numberCell(text('chainagem'), 'chainageM', problems),
    reportPeriodS: numberCell(text('reportperiods'), 'reportPeriodS', problems),
    gases: text('gases')
      .split(/[;,\s]+/)
      .filter((g) => g !== ''),
    vehicle: text('plate') === '' && text('vehicletype') === '' && text('driver') === '' && text('source') === '' ? null : { plate: text('plate'), type: text('vehicletype'), driver: text('driver'), source: text('source') },
  };
  const parsed = registryDeviceSchema.safeParse(candidate);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? 'row');
      if (!problems.some((p) => p.field === field)) problems.push({ field, message: issue.message });
    }
  }
  const stream = parseStream(raw, problems);
  const vehicleProblem = parsed.success ? vehicleFieldsProblem(parsed.data.kind, parsed.data.vehicle) : null;
  if (vehicleProblem) problems.push({ field: 'plate', message: vehicleProblem });
  if (problems.length > 0 || !parsed.success) return { problems };
  if (stream && !isVideoKind(parsed.data.kind)) return { problems: [{ field: 'streamSource', message: `a ${parsed.data.kind} has no video` }] };
  return { device: parsed.data, stream };
}

/** The row's stream source (its columns checked as admin/camera/streamSet checks them), or null when `streamSource` is empty. */
function parseStream(raw: RawRow, problems: { field: string; message: string }[]): ImportedStream | null {
  const text = (k: string) => (raw[k] ?? '').trim();
  if (text('streamsource') === '') {
    if (text('mainurl') !== '' || text('suburl') !== '') problems.push({ field: 'streamSource', message: 'required with mainUrl or subUrl (rtsp, hls or demo)' });
    return null;
  }
  const orNull = (v: string) => (v === '' ? null : v);
  const r = cameraStreamSetBody.safeParse({ projectId: 'import', sn: text('sn') || 'import', source: text('streamsource'), mainUrl: orNull(text('mainurl')), subUrl: orNull(text('suburl')) });
  if (!r.success) {
    const issue = r.error.issues[0];
    problems.push({ field: issue.path[0] === 'source' ? 'streamSource' : String(issue.path[0] ?? 'streamSource'), message: issue.message });
    return null;
  }
  return { sn: r.data.sn, source: r.data.source, mainUrl: r.data.mainUrl, subUrl: r.data.subUrl };
}

/**
 * Reads an import file (docs/api.md "Device import"): the first row names the columns of IMPORT_COLUMNS
 * (any order, case-insensitive; unknown columns are an error), each further non-empty row is a device.
 * Every row is validated; a serial number twice in the file is an error on its second row.
 * @returns the valid devices, the cameras' stream sources of the rows that name one, and every problem with its file row number (header = row 1).
 */
export async function readDeviceImport(format: 'xlsx' | 'csv', content: Buffer): Promise<{ devices: ImportedDevice[]; streams: ImportedStream[]; problems: ImportProblem[] }> {
  let rows: string[][];
  try {
    rows = format === 'csv' ? parseCsv(content.toString('utf8')) : await xlsxRows(content);
  } catch {
    return { devices: [], streams: [], problems: [{ row: 0, field: 'file', message: `not a readable ${format} file` }] };
  }
  const header = (rows[0] ?? []).map((h) => h.trim().toLowerCase());
  while (header.length > 0 && header[header.length - 1] === '') header.pop();
  const known = new Set<string>(IMPORT_COLUMNS.map((c) => c.toLowerCase()));
  const problems: ImportProblem[] = [];
  for (const h of header) if (!known.has(h)) problems.push({ row: 1, field: h || '(empty)', message: `unknown column; columns are ${IMPORT_COLUMNS.join(', ')}` });
  for (const required of ['sn', 'kind', 'name', 'reportperiods']) {
    if (!header.includes(required)) problems.push({ row: 1, field: required, message: 'column missing' });
  }
  if (problems.length > 0) return { devices: [], streams: [], problems };
  const dataRows = rows.slice(1);
  if (dataRows.length > MAX_IMPORT_ROWS) return { devices: [], streams: [], problems: [{ row: 0, field: 'file', message: `more than ${MAX_IMPORT_ROWS} rows` }] };

  const devices: ImportedDevice[] = [];
  const streams: ImportedStream[] = [];
  const seen = new Map<string, number>();
  dataRows.forEach((cells, i) => {
    const rowNo = i + 2;
    if (cells.every((c) => c.trim() === '')) return;
    const raw: RawRow = {};
    header.forEach((h, c) => (raw[h] = cells[c] ?? ''));
    const parsed = parseRow(raw);
    if ('problems' in parsed) {
      for (const p of parsed.problems) problems.push({ row: rowNo, ...p });
      return;
    }
    const first = seen.get(parsed.device.sn);
    if (first !== undefined) {
      problems.push({ row: rowNo, field: 'sn', message: `${parsed.device.sn} is already on row ${first}` });
      return;
    }
    seen.set(parsed.device.sn, rowNo);
    devices.push(parsed.device);
    if (parsed.stream) streams.push(parsed.stream);
  });
  if (devices.length === 0 && problems.length === 0) problems.push({ row: 0, field: 'file', message: 'no devices in the file' });
  return { devices, streams, problems };
}
