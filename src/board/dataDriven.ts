import { equipmentRoleOf, isPersonTagKind, kindArea, kindsInArea, type Board, type DeviceInfo, type Page, type Panel } from '../../protocol';

/** Page size of a generated board (page px): a 1080p wall screen. */
export const DATA_DRIVEN_PAGE = { width: 1920, height: 1080 } as const;
/** Columns of a generated page, and the margin and gap around and between panels (page px). */
const COLS = 4;
const GAP = 20;
/**
 * Height a page holds, in "row units": a unit is half the page, as in the 4 × 2 grid the board started
 * from. A page takes rows while their units add up to at most this; a last page of at most one unit is
 * folded into the one before when that leaves it at most MAX_PAGE_UNITS (so no page shows one lone chart).
 */
const PAGE_UNITS = 2;
const MAX_PAGE_UNITS = 3;
/** Bounds so a project with hundreds of devices still yields a board the server accepts. */
const MAX_TRENDS = 8;
const MAX_CRANES = 12;
/**
 * Gas table: page px per table row (the panel's row height at 1080p with its title bar and header taken as
 * three more rows), so the table gets the height its stations need instead of cutting off the last one.
 */
const GAS_TABLE_ROW_PX = 40;
const UNIT_PX = (DATA_DRIVEN_PAGE.height - GAP * 3) / 2;

/**
 * A panel to place: its type, config, how many of the 4 columns it spans and how tall it wants to be in
 * row units (1 = half a page; the personnel map, a wide strip, wants less).
 */
interface Item {
  type: string;
  cols: number;
  units: number;
  title?: string;
  config: Record<string, unknown>;
}

/**
 * Face stations among gas devices: the browser's DeviceInfo carries no station field, so a station whose
 * name or position says "face" (seed: "…, working face"; 掌子面 in Chinese data) counts; when none does,
 * every gas station is used.
 */
export function faceStations(gas: readonly DeviceInfo[]): DeviceInfo[] {
  const face = gas.filter((d) => /\bface\b|掌子面/i.test(`${d.name} ${d.position}`));
  return face.length ? face : [...gas];
}

/** The panels a project's devices call for, in reading order (docs/product.md "Routes and screens", the data-driven screen). */
export function dataDrivenItems(devices: readonly DeviceInfo[]): Item[] {
  const gas = devices.filter((d) => kindArea(d.kind) === 'gasDetection');
  const beacons = devices.some((d) => isPersonTagKind(d.kind));
  // equipment with a card of its own (the tower crane's, protocol/kinds equipment.sharedCard false): a panel type named after its kind
  const cranes = devices.filter((d) => equipmentRoleOf(d.kind)?.sharedCard === false).slice(0, MAX_CRANES);
  const environmentKinds = new Set<string>(kindsInArea('environment'));
  const monitor = devices.find((d) => environmentKinds.has(d.kind));
  const items: Item[] = [];
  if (beacons) items.push({ type: 'tunnelPersonnel', cols: 4, units: 0.6, config: { binM: 20 } });
  if (gas.length) items.push({ type: 'gasTable', cols: 2, units: Math.min(PAGE_UNITS, Math.max(1, ((gas.length + 3) * GAS_TABLE_ROW_PX) / UNIT_PX)), config: {} });
  items.push({ type: 'alarmFeed', cols: 1, units: 1, config: { limit: 50 } });
  for (const c of cranes) items.push({ type: c.kind, cols: 1, units: 1, title: c.name, config: { sn: c.sn } });
  // the first environment monitor's readings (its panel picks another by sn)
  if (monitor) items.push({ type: 'environmentNow', cols: 2, units: 1, config: { sn: monitor.sn } });
  for (const g of faceStations(gas).slice(0, MAX_TRENDS)) items.push({ type: 'gasTrend', cols: 2, units: 1, title: g.name, config: { sn: g.sn, windowMin: 30 } });
  return items;
}

/**
 * A board generated from a project's registered devices (what each is, from its kind's descriptor):
 * tunnelPersonnel when people's tags exist, a gasTable of all gas stations, an alarmFeed, a card per
 * piece of equipment with a card of its own (tower cranes), environmentNow of the first environment
 * monitor and a gasTrend per face station, on
 * 1920 × 1080 pages (more pages when they do not fit, switched by tabs). Items fill rows of 4 columns
 * first-fit in reading order; rows fill pages up to PAGE_UNITS of height (a lone short last page joins
 * the one before). Every page is then filled: each row gets a share of the page height by the units its
 * tallest item wants (the gas table wants a row per station), and each panel a share of its row's width
 * by its columns, so no page has an empty band. `name` names the board and `pageName(n)` its pages
 * (1-based). The board is not stored: boardId `dataDriven`, version 0.
 */
export function dataDrivenBoard(projectId: string, devices: readonly DeviceInfo[], name: string, pageName: (n: number) => string): Board {
  const rows: Array<{ cols: number; units: number; items: Item[] }> = [];
  for (const item of dataDrivenItems(devices)) {
    let row = rows.find((r) => r.cols + item.cols <= COLS);
    if (!row) rows.push((row = { cols: 0, units: 0, items: [] }));
    row.items.push(item);
    row.cols += item.cols;
    row.units = Math.max(row.units, item.units);
  }
  const pageRows: Array<typeof rows> = [];
  let units = Infinity;
  for (const row of rows) {
    if (units + row.units > PAGE_UNITS + 1e-9) {
      pageRows.push([]);
      units = 0;
    }
    pageRows.at(-1)!.push(row);
    units += row.units;
  }
  const unitsOf = (page: typeof rows) => page.reduce((sum, r) => sum + r.units, 0);
  if (pageRows.length > 1 && unitsOf(pageRows.at(-1)!) <= 1 && unitsOf(pageRows.at(-2)!) + unitsOf(pageRows.at(-1)!) <= MAX_PAGE_UNITS) {
    const last = pageRows.pop()!;
    pageRows.at(-1)!.push(...last);
  }
  if (pageRows.length === 0) pageRows.push([]);

  let n = 0;
  const pages: Page[] = pageRows.map((page, i) => {
    const total = unitsOf(page);
    const height = DATA_DRIVEN_PAGE.height - GAP * (page.length + 1);
    let y = GAP;
    const panels: Panel[] = [];
    for (const row of page) {
      const h = Math.floor((height * row.units) / total);
      const width = DATA_DRIVEN_PAGE.width - GAP * (row.items.length + 1);
      let x = GAP;
      for (const item of row.items) {
        const w = Math.floor((width * item.cols) / row.cols);
        n += 1;
        panels.push({ panelId: `dd-${n}`, type: item.type, ...(item.title ? { title: item.title } : {}), x, y, w, h, z: n, config: item.config });
        x += w + GAP;
      }
      y += h + GAP;
    }
    return { pageId: `dd-page-${i + 1}`, name: pageName(i + 1), order: i, panels };
  });
  return {
    boardId: 'dataDriven',
    projectId,
    name,
    version: 0,
    layout: { pageWidth: DATA_DRIVEN_PAGE.width, pageHeight: DATA_DRIVEN_PAGE.height, pageSwitchModel: 1, wholeTips: 0, pageTips: 0 },
    pages,
  };
}
