import type { Board } from '../../../../protocol';
import { fieldsPatch, result, type CommandResult } from '../../../stores/editorModel';

/**
 * Locks (or unlocks) panels: a locked panel is not moved, resized or deleted until unlocked, but can be
 * selected. Saved with the board (panel.locked). Null when nothing changes.
 */
export function setLocked(board: Board, pageId: string, ids: readonly string[], locked: boolean): CommandResult | null {
  return result(board, fieldsPatch(board, pageId, ids, { locked }));
}

/**
 * Hides (or shows) panels: a hidden panel stays on the page but viewers do not draw it, and the builder
 * draws only its outline. Saved with the board (panel.hidden). Null when nothing changes.
 */
export function setHidden(board: Board, pageId: string, ids: readonly string[], hidden: boolean): CommandResult | null {
  return result(board, fieldsPatch(board, pageId, ids, { hidden }));
}
