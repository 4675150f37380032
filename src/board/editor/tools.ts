import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { PanelRegistry } from '../../components';
import type { PanelBinding, PanelDefinition } from '../../components/panelApi';
import type { EditorStore } from '../../stores/EditorStore';
import { findFreePlace } from './placement';
import { addPanel, deletePanels, duplicate, groupPanels, lockedAmong, movePanels, paste, setHidden, setLocked, ungroupPanels } from './commands';

/** dataTransfer type of a panel type dragged from the catalogue onto the canvas. */
export const PANEL_MIME = 'application/x-siteboard-panel';

/** The ids a panel binding can take in the board's project: devices of its kinds, or tunnels. */
export type BindingCandidates = (binding: PanelBinding) => readonly string[];

/**
 * The config a new panel of `def` starts with: each binding that exactly one device (or tunnel) of the
 * project fits is bound to it at once; the others stay empty for the property pane's picker, which shows
 * as the new panel is selected.
 */
export function initialPanelConfig(def: PanelDefinition, candidates: BindingCandidates | undefined): Record<string, unknown> {
  const config: Record<string, unknown> = {};
  for (const b of def.bindings ?? []) {
    const ids = candidates?.(b) ?? [];
    if (ids.length === 1) config[b.key] = b.multiple ? [ids[0]] : ids[0];
  }
  return config;
}

/**
 * Adds a panel of `type` at the type's default size shrunk to fit the page: centred on `at` (page px, where
 * it was dropped) and kept inside the page, or without `at` in the first free place of the page
 * (findFreePlace: no overlap with the page's shown panels), its bindings set where one choice fits
 * ({@link initialPanelConfig}). Returns false when there is no page or the type is unknown.
 */
export function addPanelOfType(store: EditorStore, registry: PanelRegistry, type: string, at?: { x: number; y: number }, candidates?: BindingCandidates): boolean {
  const board = store.board;
  const page = store.page;
  const def = registry.get(type);
  if (!board || !page || !def) return false;
  const { pageWidth, pageHeight } = board.layout;
  const w = Math.min(def.defaultSize.w, pageWidth);
  const h = Math.min(def.defaultSize.h, pageHeight);
  const config = initialPanelConfig(def, candidates);
  if (!at) {
    const shown = page.panels.filter((p) => !p.hidden && !store.hidden.has(p.panelId));
    const free = findFreePlace({ w: pageWidth, h: pageHeight }, shown, { w, h });
    return store.run(addPanel(board, page.pageId, { type, ...free, config }, store.newId));
  }
  const cx = at?.x ?? pageWidth / 2;
  const cy = at?.y ?? pageHeight / 2;
  const x = Math.round(Math.min(Math.max(0, cx - w / 2), pageWidth - w));
  const y = Math.round(Math.min(Math.max(0, cy - h / 2), pageHeight - h));
  return store.run(addPanel(board, page.pageId, { type, x, y, w, h, config }, store.newId));
}

/** One row of the `?` sheet: keys and what they do (a Lingui message). */
export interface Shortcut {
  /** Key names as typed (Ctrl+Z), or words to translate (arrow keys, mouse gestures). */
  keys: string | MessageDescriptor;
  action: MessageDescriptor;
}

/** Why a delete left panels in place (shown by the builder from `store.notice`). */
export const LOCKED_NOT_DELETED = msg`Locked panels are not deleted. Unlock them first.`;
/** Why a nudge moved nothing. */
export const LOCKED_NOT_MOVED = msg`Locked panels do not move. Unlock them first.`;

/**
 * Deletes the selected panels except locked ones; when any was locked, says so in `store.notice`.
 * Returns true when something was deleted.
 */
export function deleteSelection(store: EditorStore): boolean {
  const board = store.board;
  const pageId = store.pageId;
  if (!board || !pageId) return false;
  const locked = lockedAmong(board, pageId, store.selection);
  const done = store.run(deletePanels(board, pageId, store.selection, store.locked));
  if (locked > 0) store.notify(LOCKED_NOT_DELETED);
  return done;
}

/** Keyboard shortcuts of the builder, as the `?` sheet lists them. */
export const SHORTCUTS: readonly Shortcut[] = [
  { keys: 'Delete / Backspace', action: msg`Delete the selected panels` },
  { keys: 'Ctrl+C / Ctrl+V', action: msg`Copy / paste panels` },
  { keys: 'Ctrl+D', action: msg`Duplicate the selected panels` },
  { keys: msg`Arrow keys`, action: msg`Nudge 1 px (Shift: 10 px)` },
  { keys: 'Ctrl+Z', action: msg`Undo` },
  { keys: 'Ctrl+Shift+Z / Ctrl+Y', action: msg`Redo` },
  { keys: 'Ctrl+A', action: msg`Select all panels of the page` },
  { keys: 'Ctrl+G', action: msg`Group the selected panels` },
  { keys: 'Ctrl+Shift+G', action: msg`Ungroup the selected panels` },
  { keys: 'Ctrl+Shift+L', action: msg`Lock or unlock the selected panels` },
  { keys: 'Ctrl+Shift+H', action: msg`Hide or show the selected panels` },
  { keys: msg`Shift+click; drag on empty canvas`, action: msg`Add to selection, marquee select` },
  { keys: msg`Alt while dragging`, action: msg`Move without snapping` },
  { keys: 'Escape', action: msg`Cancel a drag or resize; clear the selection` },
  { keys: msg`Ctrl+mouse wheel`, action: msg`Zoom` },
  { keys: '?', action: msg`Show or hide this sheet` },
];

/** Input types that take no typing: the builder's shortcuts keep working while one has the focus. */
const NON_TEXT_INPUTS = new Set(['checkbox', 'radio', 'button', 'submit', 'reset', 'color', 'range', 'file']);

function isTyping(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  if (!el) return false;
  if (el.tagName === 'INPUT') return !NON_TEXT_INPUTS.has((el as HTMLInputElement).type);
  return el.tagName === 'TEXTAREA' || el.tagName === 'SELECT' || el.isContentEditable;
}

/**
 * Runs the builder shortcut for a key press, if any (ignored while typing in a field). Returns true when
 * it handled the key (the caller then prevents the browser's default), 'help' for `?`.
 */
export function handleShortcut(store: EditorStore, e: KeyboardEvent): boolean | 'help' {
  if (isTyping(e.target)) return false;
  const board = store.board;
  const page = store.page;
  if (!board || !page) return false;
  const mod = e.ctrlKey || e.metaKey;
  const key = e.key.toLowerCase();
  const sel = store.selection;
  if (e.key === '?') return 'help';
  if (mod && key === 'z') {
    if (e.shiftKey) store.redo();
    else store.undo();
    return true;
  }
  if (mod && key === 'y') {
    store.redo();
    return true;
  }
  if (mod && key === 'c') {
    store.copy();
    return true;
  }
  if (mod && key === 'v') {
    store.run(paste(board, page.pageId, store.clipboardPanels, store.newId));
    return true;
  }
  if (mod && key === 'd') {
    store.run(duplicate(board, page.pageId, sel, store.newId));
    return true;
  }
  if (mod && key === 'g') {
    store.run(e.shiftKey ? ungroupPanels(board, page.pageId, sel) : groupPanels(board, page.pageId, sel, store.newId));
    return true;
  }
  // As in Figma: the selection becomes locked (hidden) unless all of it already is, then it is released.
  if (mod && e.shiftKey && (key === 'l' || key === 'h') && sel.length) {
    const flag = key === 'l' ? 'locked' : 'hidden';
    const ids = new Set(sel);
    const all = page.panels.filter((p) => ids.has(p.panelId)).every((p) => p[flag] === true);
    store.run(flag === 'locked' ? setLocked(board, page.pageId, sel, !all) : setHidden(board, page.pageId, sel, !all));
    return true;
  }
  if (mod && key === 'a') {
    store.select(page.panels.map((p) => p.panelId));
    return true;
  }
  if (e.key === 'Delete' || e.key === 'Backspace') {
    deleteSelection(store);
    return true;
  }
  if (e.key === 'Escape') {
    store.select([]);
    return true;
  }
  const step = e.shiftKey ? 10 : 1;
  const arrows: Record<string, [number, number]> = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, -step], ArrowDown: [0, step] };
  const d = arrows[e.key];
  if (d && sel.length) {
    // A run of nudges of one selection is one undo step (see EditorStore.run, COALESCE_MS).
    const coalesce = `nudge:${page.pageId}:${[...sel].sort().join(',')}`;
    if (!store.run(movePanels(board, page.pageId, sel, d[0], d[1], store.locked), { coalesce }) && lockedAmong(board, page.pageId, sel) > 0) store.notify(LOCKED_NOT_MOVED);
    return true;
  }
  return false;
}
