import type { Board, Panel } from '../../../../protocol';
import { findPage, result, type CommandResult } from '../../../stores/editorModel';

/** Editable fields of a panel (never its id or type). */
export type PanelProps = Partial<Pick<Panel, 'title' | 'x' | 'y' | 'w' | 'h' | 'z' | 'config'>>;

/**
 * Changes fields of one panel. Sizes must stay positive and numbers finite, and a locked panel keeps its
 * position and size; otherwise (or when nothing changes, or the panel is unknown) returns null and
 * nothing is applied.
 */
export function updatePanelProps(board: Board, pageId: string, panelId: string, props: PanelProps): CommandResult | null {
  const panel = findPage(board, pageId)?.panels.find((p) => p.panelId === panelId);
  if (!panel) return null;
  for (const k of ['x', 'y', 'w', 'h', 'z'] as const) {
    const v = props[k];
    if (v !== undefined && !Number.isFinite(v)) return null;
  }
  if ((props.w !== undefined && props.w <= 0) || (props.h !== undefined && props.h <= 0)) return null;
  if (panel.locked && (['x', 'y', 'w', 'h'] as const).some((k) => props[k] !== undefined && props[k] !== panel[k])) return null;
  const next = { ...panel, ...props };
  if (JSON.stringify(next) === JSON.stringify(panel)) return null;
  return result(board, [{ op: 'putPanel', pageId, panel: next }]);
}
