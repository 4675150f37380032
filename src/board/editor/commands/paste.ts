import type { Board, Panel } from '../../../../protocol';
import { stackOrder, topZ } from '../../../../protocol/boardOps';
import { findPage, result, type CommandResult, type IdFactory } from '../../../stores/editorModel';

/** Offset of a pasted or duplicated copy from its original, page px, so the copy is visibly separate. */
export const PASTE_OFFSET_PX = 20;

/**
 * Pastes copies of panels (from any page or a clipboard) on top of a page, offset by PASTE_OFFSET_PX,
 * keeping their relative stacking; selects the copies. Copies of a group form a new group of their own
 * (never join the original's). Null when there is nothing to paste.
 */
export function paste(board: Board, pageId: string, panels: readonly Panel[], newId: IdFactory, offsetPx = PASTE_OFFSET_PX): CommandResult | null {
  const page = findPage(board, pageId);
  if (!page || panels.length === 0) return null;
  let z = topZ(page);
  const groups = new Map<string, string>();
  const groupOf = (g: string) => groups.get(g) ?? (groups.set(g, newId()), groups.get(g)!);
  const copies = stackOrder(panels).map((p) => {
    const copy: Panel = { ...structuredClone(p), panelId: newId(), x: p.x + offsetPx, y: p.y + offsetPx, z: z++ };
    if (p.groupId) copy.groupId = groupOf(p.groupId);
    return copy;
  });
  return result(
    board,
    copies.map((panel) => ({ op: 'putPanel' as const, pageId, panel })),
    copies.map((c) => c.panelId),
  );
}
