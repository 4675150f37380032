import type { Board } from '../../../../protocol';
import { findPage, panelsById, result, type CommandResult } from '../../../stores/editorModel';

/** Deletes panels (locked ones stay) and clears the selection. Null when nothing is deleted. */
export function deletePanels(board: Board, pageId: string, ids: readonly string[], locked: ReadonlySet<string> = new Set()): CommandResult | null {
  const panels = panelsById(findPage(board, pageId), ids).filter((p) => !locked.has(p.panelId));
  return result(board, panels.map((p) => ({ op: 'removePanel' as const, pageId, panelId: p.panelId })), []);
}
