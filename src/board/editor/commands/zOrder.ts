import type { Board } from '../../../../protocol';
import { findPage, result, type CommandResult } from '../../../stores/editorModel';

/**
 * Stacking moves, as panel/move names them, or `{ index }`: the place in the stack from the bottom
 * (0 = bottom; past the end = top), as a drag in the Layers list sets it.
 */
export type ZMove = 'front' | 'back' | 'forward' | 'backward' | { index: number };

/**
 * Restacks the selected panels (keeping their relative order) and renumbers the page's z 1…n, bottom to
 * top. Only panels whose z changes are in the patch; null when nothing changes.
 */
export function zOrder(board: Board, pageId: string, ids: readonly string[], move: ZMove): CommandResult | null {
  const page = findPage(board, pageId);
  if (!page) return null;
  const sel = new Set(ids);
  const order = [...page.panels].sort((a, b) => a.z - b.z);
  let next = order;
  if (typeof move === 'object') {
    const rest = order.filter((p) => !sel.has(p.panelId));
    const at = Math.max(0, Math.min(rest.length, Math.round(move.index)));
    next = [...rest.slice(0, at), ...order.filter((p) => sel.has(p.panelId)), ...rest.slice(at)];
  } else if (move === 'front') next = [...order.filter((p) => !sel.has(p.panelId)), ...order.filter((p) => sel.has(p.panelId))];
  else if (move === 'back') next = [...order.filter((p) => sel.has(p.panelId)), ...order.filter((p) => !sel.has(p.panelId))];
  else {
    next = [...order];
    const step = move === 'forward' ? 1 : -1;
    const idx = next.map((_, i) => i).filter((i) => sel.has(next[i].panelId));
    if (step > 0) idx.reverse();
    for (const i of idx) {
      const j = i + step;
      if (j < 0 || j >= next.length || sel.has(next[j].panelId)) continue;
      [next[i], next[j]] = [next[j], next[i]];
    }
  }
  const patch = next.flatMap((p, i) => (p.z === i + 1 ? [] : [{ op: 'putPanel' as const, pageId, panel: { ...p, z: i + 1 } }]));
  return result(board, patch);
}
