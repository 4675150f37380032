import type { Board, Panel } from '../../../../protocol';
import { topZ } from '../../../../protocol/boardOps';
import { findPage, result, type CommandResult, type IdFactory } from '../../../stores/editorModel';

/** What a new panel needs; `panelId` and `z` (top of the page) are filled in. */
export type NewPanel = Omit<Panel, 'panelId' | 'z'> & { z?: number };

/** Adds a panel on top of a page and selects it. Null when the page does not exist. */
export function addPanel(board: Board, pageId: string, panel: NewPanel, newId: IdFactory): CommandResult | null {
  const page = findPage(board, pageId);
  if (!page) return null;
  const full: Panel = { ...panel, panelId: newId(), z: panel.z ?? topZ(page) };
  return result(board, [{ op: 'putPanel', pageId, panel: full }], [full.panelId]);
}
