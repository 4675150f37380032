import type { Board } from '../../../../protocol';
import { findPage, panelsById, result, type CommandResult } from '../../../stores/editorModel';

/**
 * Deletes panels (locked ones, panel.locked or in `locked`, stay) and clears the selection. Null when
 * nothing is deleted; {@link lockedAmong} tells the caller why.
 */
export function deletePanels(board: Board, pageId: string, ids: readonly string[], locked: ReadonlySet<string> = new Set()): CommandResult | null {
  const panels = panelsById(findPage(board, pageId), ids).filter((p) => !p.locked && !locked.has(p.panelId));
  return result(board, panels.map((p) => ({ op: 'removePanel' as const, pageId, panelId: p.panelId })), []);
}

/** How many of the panels `ids` of a page are locked (a delete or move leaves them where they are). */
export function lockedAmong(board: Board, pageId: string, ids: readonly string[]): number {
  return panelsById(findPage(board, pageId), ids).filter((p) => p.locked).length;
}
