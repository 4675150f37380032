import type { Board } from '../../../../protocol';
import { findPage, panelsById, type CommandResult, type IdFactory } from '../../../stores/editorModel';
import { paste } from './paste';

/** Duplicates panels of a page in place (offset like a paste) and selects the copies. */
export function duplicate(board: Board, pageId: string, ids: readonly string[], newId: IdFactory): CommandResult | null {
  return paste(board, pageId, panelsById(findPage(board, pageId), ids), newId);
}
