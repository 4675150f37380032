import type { Board } from '../../../../protocol';
import { align as alignRects, distribute as distributeRects, type AlignMode, type Rect } from '../geometry';
import { findPage, panelsById, type CommandResult } from '../../../stores/editorModel';
import { setGeometry } from './setGeometry';

/** Aligns the selected panels (at least 2; locked ones, panel.locked or in `locked`, stay) to their bounding box. */
export function alignPanels(board: Board, pageId: string, ids: readonly string[], mode: AlignMode, locked: ReadonlySet<string> = new Set()): CommandResult | null {
  const panels = panelsById(findPage(board, pageId), ids).filter((p) => !p.locked && !locked.has(p.panelId));
  const out = alignRects(panels, mode);
  return setGeometry(board, pageId, new Map<string, Rect>(out.map((p) => [p.panelId, p])));
}

/** Spreads the selected panels (at least 3, locked ones excluded) with equal gaps along an axis. */
export function distributePanels(board: Board, pageId: string, ids: readonly string[], axis: 'x' | 'y', locked: ReadonlySet<string> = new Set()): CommandResult | null {
  const panels = panelsById(findPage(board, pageId), ids).filter((p) => !p.locked && !locked.has(p.panelId));
  const out = distributeRects(panels, axis);
  return setGeometry(board, pageId, new Map<string, Rect>(out.map((p) => [p.panelId, p])));
}
