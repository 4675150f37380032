import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { BEIJING_OFFSET_MS } from '../../protocol';

/** First characters a spreadsheet reads as the start of a formula (OWASP "CSV Injection"). */
const FORMULA_START = /^[=+\-@\t\r\n]/;
/**
 * Characters that end a field in some spreadsheet's reading of CSV: the comma, the semicolon (Excel in
 * locales with a decimal comma), the tab, a quote or a line break. A field holding one is quoted, so what
 * follows can never become a cell of its own (`;=1+1` is one text cell, not an empty one and a formula).
 */
const FIELD_BREAK = /[",;\t\r\n]/;

/**
 * One CSV field (RFC 4180). Text starting with `= + - @`, a tab or a line break gets a leading apostrophe
 * so a spreadsheet does not run it as a formula, and text holding any separator a spreadsheet might use
 * (`,` `;` tab), a quote or a line break is quoted (OWASP "CSV Injection": neutralise the first character
 * and keep separators from starting a new cell). Numbers are written as they are; null is an empty field.
 */
export function csvField(value: string | number | null): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return FIELD_BREAK.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/**
 * An export's file name: `{stem}-{yyyyMMddHHmm in Beijing time}.{format}`, e.g.
 * `alarms-demo-tunnel-202611241530.xlsx` (docs/api.md).
 */
export function stampedFileName(stem: string, format: 'xlsx' | 'csv', nowMs = Date.now()): string {
  const stamp = new Date(nowMs + BEIJING_OFFSET_MS).toISOString().replace(/[-:T]/g, '').slice(0, 12);
  return `${stem}-${stamp}.${format}`;
}

/** `YYYY-MM-DD HH:mm:ss` in Beijing time (UTC+8), or '' for null: the time cells of the exports. */
export function beijingTime(ms: number | null): string {
  if (ms === null) return '';
  return new Date(ms + BEIJING_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');
}

/** A column of an exported table: its header, its width in .xlsx characters and the cell of a row. */
export interface ExportColumn<R> {
  header: string;
  width: number;
  cell: (row: R) => string | number | null;
}

/** What {@link sendTableExport} writes. */
export interface TableExport<R> {
  format: 'xlsx' | 'csv';
  /** Sent as the attachment's name. */
  fileName: string;
  /** The .xlsx worksheet's name. */
  sheetName: string;
  columns: ReadonlyArray<ExportColumn<R>>;
  /** The rows, page by page (bounded by the caller), read as the file is written. */
  pages: () => AsyncIterable<readonly R[]>;
}

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * Answers with the file itself (not an envelope), streamed so a long export never sits in memory: .xlsx by
 * exceljs' streaming writer (bold, frozen header row), or CSV in UTF-8 with a BOM (so spreadsheets read
 * Chinese names) and CRLF line ends, waiting for the socket to drain. A failure while writing is logged and
 * ends the download with an error (the status line has already gone out).
 */
export function sendTableExport<R>(req: FastifyRequest, reply: FastifyReply, t: TableExport<R>): FastifyReply {
  const out = new PassThrough();
  const write = async (): Promise<void> => {
    if (t.format === 'csv') {
      out.write('\uFEFF' + t.columns.map((c) => csvField(c.header)).join(',') + '\r\n');
      for await (const page of t.pages()) {
        const chunk = page.map((r) => t.columns.map((c) => csvField(c.cell(r))).join(',') + '\r\n').join('');
        if (!out.write(chunk)) await new Promise((r) => out.once('drain', r));
      }
      out.end();
      return;
    }
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
    const sheet = workbook.addWorksheet(t.sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
    sheet.columns = t.columns.map((c, i) => ({ header: c.header, key: `c${i}`, width: c.width }));
    sheet.getRow(1).font = { bold: true };
    for await (const page of t.pages()) {
      for (const r of page) sheet.addRow(t.columns.map((c) => c.cell(r))).commit();
    }
    sheet.commit();
    await workbook.commit();
  };
  write().catch((err: unknown) => {
    req.log.error({ err, file: t.fileName }, 'export failed');
    out.destroy(err instanceof Error ? err : new Error(String(err)));
  });
  return reply
    .header('content-type', t.format === 'csv' ? 'text/csv; charset=utf-8' : XLSX_TYPE)
    .header('content-disposition', `attachment; filename="${t.fileName}"`)
    .header('cache-control', 'no-store')
    .send(out);
}

/** Rows per database read of an export: a page of a long export is read while the previous one is written. */
export const EXPORT_PAGE_ROWS = 1_000;

/**
 * The pages of an export read by keyset (newest first): `read(after, limit)` returns up to `limit` rows
 * after the key of the previous page's last row (`null` for the first page), `keyOf` gives a row's key.
 * Stops at the first short page or after `maxRows` rows in all, so an export is bounded and never held
 * in memory whole.
 */
export function keysetPages<R, K>(
  read: (after: K | null, limit: number) => Promise<readonly R[]>,
  keyOf: (row: R) => K,
  maxRows: number,
  pageRows = EXPORT_PAGE_ROWS,
): () => AsyncGenerator<readonly R[]> {
  return async function* pages() {
    let after: K | null = null;
    let left = maxRows;
    while (left > 0) {
      const limit = Math.min(pageRows, left);
      const rows = await read(after, limit);
      if (rows.length === 0) return;
      left -= rows.length;
      after = keyOf(rows[rows.length - 1]);
      yield rows;
      if (rows.length < limit) return;
    }
  };
}
