import type { Board } from '../../../../protocol';
import { findPage, result, type CommandResult, type IdFactory } from '../../../stores/editorModel';

/** Pages of a board in display order with `order` renumbered 0…n-1. */
function ordered(board: Board) {
  return [...board.pages].sort((a, b) => a.order - b.order);
}

/** Adds an empty page at the end. Null when the name is blank. */
export function addPage(board: Board, name: string, newId: IdFactory): CommandResult | null {
  const n = name.trim();
  if (!n) return null;
  const order = board.pages.length ? Math.max(...board.pages.map((p) => p.order)) + 1 : 0;
  return result(board, [{ op: 'putPage', page: { pageId: newId(), name: n.slice(0, 200), order, panels: [] } }]);
}

/** Renames a page. Null when the name is blank, unchanged, or the page unknown. */
export function renamePage(board: Board, pageId: string, name: string): CommandResult | null {
  const page = findPage(board, pageId);
  const n = name.trim().slice(0, 200);
  if (!page || !n || n === page.name) return null;
  return result(board, [{ op: 'putPage', page: { ...page, name: n } }]);
}

/** Moves a page to `toIndex` (0 = first, clamped) and renumbers orders. Null when it does not move. */
export function movePage(board: Board, pageId: string, toIndex: number): CommandResult | null {
  const pages = ordered(board);
  const from = pages.findIndex((p) => p.pageId === pageId);
  if (from < 0) return null;
  const to = Math.max(0, Math.min(pages.length - 1, Math.trunc(toIndex)));
  if (to === from) return null;
  const [page] = pages.splice(from, 1);
  pages.splice(to, 0, page);
  return result(board, pages.flatMap((p, i) => (p.order === i ? [] : [{ op: 'putPage' as const, page: { ...p, order: i } }])));
}

/** Deletes a page; the last page of a board cannot be deleted (a board always has one to show). */
export function deletePage(board: Board, pageId: string): CommandResult | null {
  if (board.pages.length <= 1 || !findPage(board, pageId)) return null;
  return result(board, [{ op: 'removePage', pageId }], []);
}

/** Page size limits in px, as layoutSchema. */
export const PAGE_SIZE_LIMITS = { min: 100, max: 16_384 } as const;

/**
 * Sets the page size (all pages of a board share it, layout.pageWidth × pageHeight). Null when a side is
 * not an integer within PAGE_SIZE_LIMITS or nothing changes.
 */
export function setPageSize(board: Board, width: number, height: number): CommandResult | null {
  const ok = (v: number) => Number.isInteger(v) && v >= PAGE_SIZE_LIMITS.min && v <= PAGE_SIZE_LIMITS.max;
  if (!ok(width) || !ok(height)) return null;
  if (width === board.layout.pageWidth && height === board.layout.pageHeight) return null;
  return result(board, [{ op: 'setLayout', layout: { pageWidth: width, pageHeight: height } }]);
}
