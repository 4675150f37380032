import type { Board } from '../../../../protocol';
import type { Rect } from '../geometry';
import { findPage, geometryPatch, result, type CommandResult } from '../../../stores/editorModel';

/**
 * Puts panels at given rectangles (the end of a drag, resize, align or distribute). Panels whose
 * rectangle is unchanged, and locked panels, are left out; null when none changes.
 */
export function setGeometry(board: Board, pageId: string, rects: ReadonlyMap<string, Rect>): CommandResult | null {
  const locked = new Set(findPage(board, pageId)?.panels.filter((p) => p.locked).map((p) => p.panelId));
  const movable = new Map([...rects].filter(([id]) => !locked.has(id)));
  return result(board, geometryPatch(board, pageId, movable));
}
