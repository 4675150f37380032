import { materialFieldsSchema, MAX_EMERGENCY_RECORDS, type ImportProblem, type MaterialFields } from '../../protocol';
import { xlsxRows } from '../http/deviceImport';

/**
 * The header names a material sheet's columns may carry (docs/api.md "Emergency resources"): the wire
 * names or the words a site's list uses, in English or Chinese; matched case-insensitively.
 */
export const MATERIAL_HEADERS: Readonly<Record<'species' | 'quantity' | 'unit' | 'section', readonly string[]>> = {
  species: ['species', 'material', '物资名称', '物资种类', '名称'],
  quantity: ['quantity', '数量'],
  unit: ['unit', '单位'],
  section: ['section', 'location', '存放位置', '所在标段', '位置'],
};

/**
 * Reads an .xlsx list of emergency materials: the first row names the columns ({@link MATERIAL_HEADERS},
 * any order), every other non-empty row is one material checked with the register's schema. Every bad
 * row is reported (row number as the spreadsheet shows it, the field, the problem); none is written then.
 */
export async function readMaterialSheet(content: Buffer): Promise<{ materials: MaterialFields[]; problems: ImportProblem[] }> {
  let rows: string[][];
  try {
    rows = await xlsxRows(content);
  } catch {
    return { materials: [], problems: [{ row: 0, field: 'file', message: 'not a readable xlsx file' }] };
  }
  const header = (rows[0] ?? []).map((h) => h.trim().toLowerCase());
  const columnOf = {} as Record<keyof typeof MATERIAL_HEADERS, number>;
  const problems: ImportProblem[] = [];
  for (const [field, names] of Object.entries(MATERIAL_HEADERS) as Array<[keyof typeof MATERIAL_HEADERS, readonly string[]]>) {
    const i = header.findIndex((h) => names.includes(h));
    if (i < 0) problems.push({ row: 1, field, message: `no column ${names[0]}` });
    columnOf[field] = i;
  }
  if (problems.length > 0) return { materials: [], problems };
  const materials: MaterialFields[] = [];
  rows.slice(1).forEach((cells, i) => {
    if (cells.every((c) => c === '')) return;
    const quantityText = cells[columnOf.quantity] ?? '';
    const quantity = quantityText === '' ? Number.NaN : Number(quantityText);
    const r = materialFieldsSchema.safeParse({
      register: 'material',
      species: cells[columnOf.species] ?? '',
      quantity,
      unit: cells[columnOf.unit] ?? '',
      section: cells[columnOf.section] ?? '',
    });
    if (r.success) materials.push(r.data);
    else problems.push({ row: i + 2, field: r.error.issues[0].path.map(String).join('.'), message: r.error.issues[0].message });
  });
  if (materials.length > MAX_EMERGENCY_RECORDS) problems.push({ row: 0, field: 'file', message: `more than ${MAX_EMERGENCY_RECORDS} materials` });
  return problems.length > 0 ? { materials: [], problems } : { materials, problems };
}
