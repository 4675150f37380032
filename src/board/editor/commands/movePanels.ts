import type { Board } from '../../../../protocol';
import { findPage, panelsById, result, type CommandResult } from '../../../stores/editorModel';

/** Moves panels by (dx, dy) page px; locked panels (panel.locked, or ids in `locked`) stay. Null when nothing moves. */
export function movePanels(board: Board, pageId: string, ids: readonly string[], dx: number, dy: number, locked: ReadonlySet<string> = new Set()): CommandResult | null {
  if (dx === 0 && dy === 0) return null;
  const panels = panelsById(findPage(board, pageId), ids).filter((p) => !p.locked && !locked.has(p.panelId));
  return result(board, panels.map((p) => ({ op: 'putPanel' as const, pageId, panel: { ...p, x: p.x + dx, y: p.y + dy } })));
}
