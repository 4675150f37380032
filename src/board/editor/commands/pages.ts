import type { Board } from '../../../../protocol';
import { deletePage as withoutPage, insertPage, isPageSide, movePage as withPageMoved, pagesInOrder } from '../../../../protocol/boardOps';
import { findPage, pagesPatch, result, unlessRefused, type CommandResult, type IdFactory } from '../../../stores/editorModel';

/** Adds an empty page at the end (page orders renumbered 0…n-1 as the server does). Null when the name is blank. */
export function addPage(board: Board, name: string, newId: IdFactory): CommandResult | null {
  const n = name.trim();
  if (!n) return null;
  return result(board, pagesPatch(board, insertPage(board, { pageId: newId(), name: n.slice(0, 200), order: 0, panels: [] })));
}

/** Renames a page. Null when the name is blank, unchanged, or the page unknown. */
export function renamePage(board: Board, pageId: string, name: string): CommandResult | null {
  const page = findPage(board, pageId);
  const n = name.trim().slice(0, 200);
  if (!page || !n || n === page.name) return null;
  return result(board, [{ op: 'putPage', page: { ...page, name: n } }]);
}

/** Moves a page to `toIndex` (0 = first, clamped) and renumbers orders. Null when it does not move or is unknown. */
export function movePage(board: Board, pageId: string, toIndex: number): CommandResult | null {
  const next = unlessRefused(() => withPageMoved(board, pageId, toIndex));
  if (!next) return null;
  const before = pagesInOrder(board.pages);
  if (pagesInOrder(next.pages).every((p, i) => p.pageId === before[i].pageId)) return null;
  return result(board, pagesPatch(board, next));
}

/** Deletes a page and renumbers the rest; the last page of a board cannot be deleted (a board always has one to show). */
export function deletePage(board: Board, pageId: string): CommandResult | null {
  const next = unlessRefused(() => withoutPage(board, pageId));
  return next && result(board, pagesPatch(board, next), []);
}

/**
 * Sets the page size (all pages of a board share it, layout.pageWidth × pageHeight). Null when a side is
 * not an integer within PAGE_SIZE_LIMITS (protocol/board.ts) or nothing changes.
 */
export function setPageSize(board: Board, width: number, height: number): CommandResult | null {
  if (!isPageSide(width) || !isPageSide(height)) return null;
  if (width === board.layout.pageWidth && height === board.layout.pageHeight) return null;
  return result(board, [{ op: 'setLayout', layout: { pageWidth: width, pageHeight: height } }]);
}
