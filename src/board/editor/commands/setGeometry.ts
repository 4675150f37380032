import type { Board } from '../../../../protocol';
import type { Rect } from '../geometry';
import { geometryPatch, result, type CommandResult } from '../../../stores/editorModel';

/**
 * Puts panels at given rectangles (the end of a drag, resize, align or distribute). Panels whose
 * rectangle is unchanged are left out; null when none changes.
 */
export function setGeometry(board: Board, pageId: string, rects: ReadonlyMap<string, Rect>): CommandResult | null {
  return result(board, geometryPatch(board, pageId, rects));
}
