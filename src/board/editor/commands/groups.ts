import type { Board } from '../../../../protocol';
import { expandGroups, fieldsPatch, findPage, panelsById, result, type CommandResult, type IdFactory } from '../../../stores/editorModel';

/**
 * Groups panels (with the other members of any group they are already in) under one new groupId, so
 * they are selected and moved together; selects the group. Null for fewer than 2 panels, or when they
 * already form exactly one group.
 */
export function groupPanels(board: Board, pageId: string, ids: readonly string[], newId: IdFactory): CommandResult | null {
  const page = findPage(board, pageId);
  const members = panelsById(page, expandGroups(page, ids));
  if (members.length < 2) return null;
  const first = members[0].groupId;
  if (first && members.every((p) => p.groupId === first)) return null;
  const groupId = newId();
  const chosen = members.map((p) => p.panelId);
  return result(board, fieldsPatch(board, pageId, chosen, { groupId }), chosen);
}

/** Ungroups panels: every group any of them belongs to is dissolved (groupId removed). Null when none is grouped. */
export function ungroupPanels(board: Board, pageId: string, ids: readonly string[]): CommandResult | null {
  const page = findPage(board, pageId);
  const members = panelsById(page, expandGroups(page, ids)).filter((p) => p.groupId);
  return result(board, fieldsPatch(board, pageId, members.map((p) => p.panelId), { groupId: null }));
}

/** True when the panels `ids` are exactly one whole group (for the pane's "Ungroup" and layer markers). */
export function isOneGroup(board: Board, pageId: string, ids: readonly string[]): boolean {
  const page = findPage(board, pageId);
  const panels = panelsById(page, ids);
  const g = panels[0]?.groupId;
  return !!g && panels.every((p) => p.groupId === g) && page!.panels.filter((p) => p.groupId === g).length === panels.length;
}
