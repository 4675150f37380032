import { describe, expect, it } from 'vitest';
import { createRequest } from '../../../../../src/api/request';
import { lazy } from 'react';
import { z } from 'zod';
import { noMigration, prepareConfig, type PanelDefinition, type PanelRegistry } from '../../../../../src/components';
import { EditorStore } from '../../../../../src/stores/EditorStore';
import { useRealServer } from '../../../../../src/test/realServer';
import { parseConfigText } from '../../../../../src/board/editor/PropertyPane';
import { COALESCE_MS } from '../../../../../src/stores/EditorStore';
import { intersects } from '../../../../../src/board/editor/geometry';
import { addPanelOfType, handleShortcut } from '../../../../../src/board/editor/tools';

const real = useRealServer();
/** The board's one panel, as the server named it (set by editor()). */
let A = '';
// src/board may not import src/panels; a panel type of the same shape as gasTrend's stands in.
const wideDef: PanelDefinition<unknown> = {
  type: 'gasTrend',
  title: { id: 'Gas trend' },
  defaultSize: { w: 920, h: 590 },
  configSchema: z.object({ sn: z.string().min(1), windowMin: z.number().int().min(1).default(30) }),
  configVersion: 1,
  migrate: noMigration,
  component: lazy(async () => ({ default: () => null })),
};
const panelRegistry: PanelRegistry = { get: (t) => (t === wideDef.type ? wideDef : undefined), list: () => [wideDef] };

/** A store on a new 800×600 board of the real server with one gasTable at 100,100 100×100. */
async function editor(now?: () => number) {
  const board = await real().createBoard({ name: 'Board', layout: { pageWidth: 800, pageHeight: 600 }, pages: [{ name: 'One', panels: [{ type: 'gasTable', x: 100, y: 100, w: 100, h: 100, config: {} }] }] });
  A = board.pages[0].panels[0].panelId;
  const store = new EditorStore({ request: createRequest({ fetch: real().admin.fetch }), saveDebounceMs: 60_000, now });
  await store.open(board.boardId);
  return store;
}

const key = (k: string, init: KeyboardEventInit = {}, target: EventTarget = document.body) => {
  const e = new KeyboardEvent('keydown', { key: k, ...init });
  Object.defineProperty(e, 'target', { value: target });
  return e;
};

describe('builder shortcuts', () => {
  it('nudges by 1 px, 10 px with Shift, undoes, deletes, and ignores keys typed in a field', async () => {
    let nowMs = 0;
    const store = await editor(() => nowMs);
    store.select([A]);
    expect(handleShortcut(store, key('ArrowRight'))).toBe(true);
    nowMs += COALESCE_MS + 1; // a pause: the next nudge is a step of its own
    expect(handleShortcut(store, key('ArrowDown', { shiftKey: true }))).toBe(true);
    expect(store.page!.panels[0]).toMatchObject({ x: 101, y: 110 });
    handleShortcut(store, key('z', { ctrlKey: true }));
    expect(store.page!.panels[0]).toMatchObject({ x: 101, y: 100 });
    expect(handleShortcut(store, key('Delete', {}, document.createElement('input')))).toBe(false);
    expect(store.page!.panels).toHaveLength(1);
    handleShortcut(store, key('d', { ctrlKey: true }));
    expect(store.page!.panels).toHaveLength(2);
    handleShortcut(store, key('Delete'));
    expect(store.page!.panels).toHaveLength(1);
    expect(handleShortcut(store, key('?'))).toBe('help');
    store.dispose();
  });

  it('folds a run of ten nudges of one selection into one undo step; another selection or a pause starts a new one', async () => {
    let nowMs = 0;
    const store = await editor(() => nowMs);
    store.select([A]);
    for (let i = 0; i < 10; i++) {
      handleShortcut(store, key(i % 2 ? 'ArrowDown' : 'ArrowRight'));
      nowMs += COALESCE_MS - 1; // each within the pause of the one before, the run longer than it
    }
    expect(store.page!.panels[0]).toMatchObject({ x: 105, y: 105 });
    expect(store.undoStack).toHaveLength(1);
    nowMs += COALESCE_MS + 1;
    handleShortcut(store, key('ArrowRight'));
    expect(store.undoStack).toHaveLength(2);
    store.undo();
    expect(store.page!.panels[0]).toMatchObject({ x: 105, y: 105 });
    store.undo();
    expect(store.page!.panels[0]).toMatchObject({ x: 100, y: 100 });
    store.redo();
    expect(store.page!.panels[0]).toMatchObject({ x: 105, y: 105 });
    // after an undo the next nudge does not join the step that was undone
    handleShortcut(store, key('ArrowRight'));
    expect(store.undoStack).toHaveLength(2);
    store.dispose();
  });

  it('adds a clicked catalogue panel in free space, not on top of another', async () => {
    const store = await editor();
    expect(addPanelOfType(store, { get: () => ({ ...wideDef, defaultSize: { w: 300, h: 200 } }), list: () => [] }, 'gasTrend')).toBe(true);
    const [a, added] = store.page!.panels;
    expect(intersects(a, added)).toBe(false);
    expect(added).toMatchObject({ x: 210, y: 0, w: 300, h: 200 }); // left of A there is no room for 300 px
    store.dispose();
  });

  it('adds a catalogue panel centred on the drop point, at most page size, inside the page', async () => {
    const store = await editor();
    expect(addPanelOfType(store, panelRegistry, 'gasTrend', { x: 790, y: 10 })).toBe(true);
    // gasTrend's default 920×590 does not fit an 800×600 page: it is shrunk to 800 wide and kept inside
    expect(store.page!.panels.at(-1)).toMatchObject({ type: 'gasTrend', x: 0, y: 0, w: 800, h: 590 });
    expect(addPanelOfType(store, panelRegistry, 'noSuchType')).toBe(false);
    store.dispose();
  });
});

describe('parseConfigText', () => {
  const check = (config: Record<string, unknown>) => {
    const r = prepareConfig(panelRegistry.get('gasTrend')!, config);
    return r.ok ? null : r.error;
  };
  it('accepts a config the type’s schema accepts and names the problem otherwise', () => {
    expect(parseConfigText('{"sn":"GAS-1","windowMin":10}', check)).toEqual({ ok: true, config: { sn: 'GAS-1', windowMin: 10 } });
    expect(parseConfigText('{"sn":"GAS-1","windowMin":0}', check)).toMatchObject({ ok: false, error: expect.stringMatching(/^windowMin: /) });
    expect(parseConfigText('[1]', check)).toMatchObject({ ok: false, error: expect.stringMatching(/JSON object/) });
    expect(parseConfigText('{sn:', check)).toMatchObject({ ok: false, error: expect.stringMatching(/^Not JSON/) });
  });
});
