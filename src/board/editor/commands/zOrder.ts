import type { Board } from '../../../../protocol';
import { restack } from '../../../../protocol/boardOps';
import { findPage, panelsPatch, result, type CommandResult } from '../../../stores/editorModel';

/**
 * Stacking moves, as panel/move names them, or `{ index }`: the place in the stack from the bottom
 * (0 = bottom; past the end = top), as a drag in the Layers list sets it.
 */
export type ZMove = 'front' | 'back' | 'forward' | 'backward' | { index: number };

/**
 * Restacks the selected panels (keeping their relative order) and renumbers the page's z 1…n, bottom to
 * top (`restack`, protocol/boardOps.ts). Only panels whose z changes are in the patch; null when nothing changes.
 */
export function zOrder(board: Board, pageId: string, ids: readonly string[], move: ZMove): CommandResult | null {
  const page = findPage(board, pageId);
  if (!page) return null;
  return result(board, panelsPatch(page, restack(page, ids, typeof move === 'object' ? move.index : move)));
}
