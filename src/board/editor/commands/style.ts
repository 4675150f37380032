import { panelStyleSchema, type Board, type PanelStyle } from '../../../../protocol';
import { fieldsPatch, result } from '../../../stores/editorModel';
import { firstIssue, type Checked } from './checked';

/**
 * Gives panels a frame style (panel.style, replaced as a whole), or `null` (or an empty style) to go back
 * to the board theme's. The style is checked with panelStyleSchema first: a bad colour or an opacity out
 * of 0.1–1 is refused with the reason and nothing changes.
 */
export function setPanelStyle(board: Board, pageId: string, ids: readonly string[], style: PanelStyle | null): Checked {
  let next: PanelStyle | null = null;
  if (style !== null) {
    const clean = Object.fromEntries(Object.entries(style).filter(([, v]) => v !== undefined));
    const parsed = panelStyleSchema.safeParse(clean);
    if (!parsed.success) return { ok: false, error: firstIssue(parsed.error, 'style') };
    next = Object.keys(parsed.data).length ? parsed.data : null;
  }
  return { ok: true, result: result(board, fieldsPatch(board, pageId, ids, { style: next })) };
}
