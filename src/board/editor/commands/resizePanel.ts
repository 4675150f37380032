import type { Board } from '../../../../protocol';
import type { Rect } from '../geometry';
import { setGeometry } from './setGeometry';
import type { CommandResult } from '../../../stores/editorModel';

/** Gives one panel a new rectangle (page px; w, h > 0). Null when unchanged or the panel is unknown. */
export function resizePanel(board: Board, pageId: string, panelId: string, rect: Rect): CommandResult | null {
  if (!(rect.w > 0 && rect.h > 0)) return null;
  return setGeometry(board, pageId, new Map([[panelId, rect]]));
}
