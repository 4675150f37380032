import type { Board, DeviceInfo, Page, Panel } from '../../protocol';

/** Page size of a generated board (page px): a 1080p wall screen. */
export const DATA_DRIVEN_PAGE = { width: 1920, height: 1080 } as const;
/** Grid of a generated page: columns × rows of equal cells, with this margin and gap (page px). */
const COLS = 4;
const ROWS = 2;
const GAP = 20;
/** Bounds so a project with hundreds of devices still yields a board the server accepts. */
const MAX_TRENDS = 8;
const MAX_CRANES = 12;

/** A panel to place: its type, config, and how many grid columns it spans (always one row). */
interface Item {
  type: string;
  cols: number;
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

/** The panels a project's devices call for, in reading order (issue 3 "dataDriven"). */
export function dataDrivenItems(devices: readonly DeviceInfo[]): Item[] {
  const gas = devices.filter((d) => d.kind === 'gas');
  const beacons = devices.some((d) => d.kind === 'beacon');
  const cranes = devices.filter((d) => d.kind === 'towerCrane').slice(0, MAX_CRANES);
  const items: Item[] = [];
  if (beacons) items.push({ type: 'tunnelPersonnel', cols: 4, config: { binM: 20 } });
  if (gas.length) items.push({ type: 'gasTable', cols: 2, config: {} });
  items.push({ type: 'alarmFeed', cols: 1, config: { limit: 50 } });
  for (const c of cranes) items.push({ type: 'towerCrane', cols: 1, title: c.name, config: { sn: c.sn } });
  for (const g of faceStations(gas).slice(0, MAX_TRENDS)) items.push({ type: 'gasTrend', cols: 2, title: g.name, config: { sn: g.sn, windowMin: 30 } });
  return items;
}

/**
 * A board generated from a project's registered devices: tunnelPersonnel when beacons exist, a gasTable
 * of all gas stations, an alarmFeed, a towerCrane card per crane and a gasTrend per face station, packed
 * first-fit into a 4 × 2 grid on 1920 × 1080 pages (more pages when they do not fit, switched by tabs).
 * `name` names the board and `pageName(n)` its pages (1-based). The board is not stored: boardId
 * `dataDriven`, version 0.
 */
export function dataDrivenBoard(projectId: string, devices: readonly DeviceInfo[], name: string, pageName: (n: number) => string): Board {
  const cellW = (DATA_DRIVEN_PAGE.width - GAP * (COLS + 1)) / COLS;
  const cellH = (DATA_DRIVEN_PAGE.height - GAP * (ROWS + 1)) / ROWS;
  const rows: Array<{ used: number; panels: Panel[] }> = [];
  let n = 0;
  for (const item of dataDrivenItems(devices)) {
    let row = rows.find((r) => r.used + item.cols <= COLS);
    if (!row) rows.push((row = { used: 0, panels: [] }));
    const r = rows.indexOf(row) % ROWS;
    n += 1;
    row.panels.push({
      panelId: `dd-${n}`,
      type: item.type,
      ...(item.title ? { title: item.title } : {}),
      x: GAP + row.used * (cellW + GAP),
      y: GAP + r * (cellH + GAP),
      w: item.cols * cellW + (item.cols - 1) * GAP,
      h: cellH,
      z: n,
      config: item.config,
    });
    row.used += item.cols;
  }
  const pages: Page[] = [];
  for (let i = 0; i < Math.max(1, Math.ceil(rows.length / ROWS)); i++) {
    const panels = rows.slice(i * ROWS, (i + 1) * ROWS).flatMap((r) => r.panels);
    pages.push({ pageId: `dd-page-${i + 1}`, name: pageName(i + 1), order: i, panels });
  }
  return {
    boardId: 'dataDriven',
    projectId,
    name,
    version: 0,
    layout: { pageWidth: DATA_DRIVEN_PAGE.width, pageHeight: DATA_DRIVEN_PAGE.height, pageSwitchModel: 1, wholeTips: 0, pageTips: 0 },
    pages,
  };
}
