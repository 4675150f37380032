import { describe, expect, it } from 'vitest';
import type { Board } from '../../../../protocol';
import { applyPatch, type CommandResult } from '../../../stores/editorModel';
import { makeBoard } from '../../../test/builders';
import { addPage, addPanel, alignPanels, deletePage, deletePanels, duplicate, movePage, movePanels, renamePage, setPageSize, updatePanelProps, zOrder } from '.';

const board = (): Board =>
  makeBoard(
    [
      { panelId: 'a', type: 'gasTable', x: 0, y: 0, w: 100, h: 100, z: 1, config: {} },
      { panelId: 'b', type: 'alarmFeed', x: 200, y: 50, w: 100, h: 50, z: 2, config: { n: 1 } },
    ],
    [{ pageId: 'pg2', name: 'Two', order: 1, panels: [] }],
  );

let n = 0;
const ids = () => `tmp-${++n}`;

/** Applies then undoes; the undo must restore the original exactly. */
function roundTrip(b: Board, r: CommandResult | null): Board {
  expect(r).not.toBeNull();
  const after = applyPatch(b, r!.patch);
  expect(applyPatch(after, r!.inverse)).toEqual(b);
  return after;
}

const page = (b: Board, id = 'pg1') => b.pages.find((p) => p.pageId === id)!;

describe('editor commands', () => {
  it('adds a panel on top and selects it; undo removes it', () => {
    const b = board();
    const r = addPanel(b, 'pg1', { type: 'gasTrend', x: 10, y: 10, w: 50, h: 50, config: {} }, ids);
    const after = roundTrip(b, r);
    expect(page(after).panels.at(-1)).toMatchObject({ type: 'gasTrend', z: 3 });
    expect(r!.select).toEqual([page(after).panels.at(-1)!.panelId]);
  });

  it('moves, skipping locked panels', () => {
    const b = board();
    const after = roundTrip(b, movePanels(b, 'pg1', ['a', 'b'], 5, -5, new Set(['b'])));
    expect(page(after).panels.map((p) => [p.x, p.y])).toEqual([[5, -5], [200, 50]]);
    expect(movePanels(b, 'pg1', ['a'], 0, 0)).toBeNull();
  });

  it('deletes and duplicates with undo', () => {
    const b = board();
    expect(page(roundTrip(b, deletePanels(b, 'pg1', ['a']))).panels.map((p) => p.panelId)).toEqual(['b']);
    const dup = roundTrip(b, duplicate(b, 'pg1', ['b'], ids));
    const copy = page(dup).panels.at(-1)!;
    expect(copy).toMatchObject({ type: 'alarmFeed', x: 220, y: 70, z: 3, config: { n: 1 } });
    expect(copy.panelId).not.toBe('b');
  });

  it('aligns and restacks', () => {
    const b = board();
    expect(page(roundTrip(b, alignPanels(b, 'pg1', ['a', 'b'], 'top'))).panels.map((p) => p.y)).toEqual([0, 0]);
    const z = roundTrip(b, zOrder(b, 'pg1', ['b'], 'back'));
    expect(Object.fromEntries(page(z).panels.map((p) => [p.panelId, p.z]))).toEqual({ a: 2, b: 1 });
    expect(zOrder(b, 'pg1', ['b'], 'front')).toBeNull();
    // A drag in the Layers list puts a panel at a place in the stack (0 = bottom; past the end = top).
    const dropped = roundTrip(b, zOrder(b, 'pg1', ['b'], { index: 0 }));
    expect(Object.fromEntries(page(dropped).panels.map((p) => [p.panelId, p.z]))).toEqual({ a: 2, b: 1 });
    expect(zOrder(b, 'pg1', ['b'], { index: 99 })).toBeNull();
  });

  it('refuses invalid props and applies valid ones', () => {
    const b = board();
    expect(updatePanelProps(b, 'pg1', 'a', { w: 0 })).toBeNull();
    expect(updatePanelProps(b, 'pg1', 'a', { x: Number.NaN })).toBeNull();
    expect(page(roundTrip(b, updatePanelProps(b, 'pg1', 'a', { title: 'T', config: { sn: 'x' } }))).panels[0]).toMatchObject({ title: 'T', config: { sn: 'x' } });
  });

  it('adds, renames, reorders and deletes pages, and sets the page size', () => {
    const b = board();
    const added = roundTrip(b, addPage(b, ' Three ', ids));
    expect(added.pages.map((p) => p.name)).toEqual(['One', 'Two', 'Three']);
    expect(addPage(b, '  ', ids)).toBeNull();
    expect(roundTrip(b, renamePage(b, 'pg2', 'Deux')).pages[1].name).toBe('Deux');
    const moved = roundTrip(b, movePage(b, 'pg2', 0));
    expect(moved.pages.map((p) => [p.pageId, p.order])).toEqual([['pg2', 0], ['pg1', 1]]);
    expect(roundTrip(b, deletePage(b, 'pg2')).pages).toHaveLength(1);
    expect(deletePage({ ...b, pages: [b.pages[0]] }, 'pg1')).toBeNull();
    expect(roundTrip(b, setPageSize(b, 1920, 1080)).layout).toMatchObject({ pageWidth: 1920, pageHeight: 1080 });
    expect(setPageSize(b, 50, 1080)).toBeNull();
  });

  it('renumbers the pages after a delete as the server does, and undo brings the page back in its place', () => {
    const b = roundTrip(board(), addPage(board(), 'Three', ids));
    const after = roundTrip(b, deletePage(b, 'pg2'));
    expect(after.pages.map((p) => [p.name, p.order])).toEqual([['One', 0], ['Three', 1]]);
    expect(movePage(after, 'pg1', 0)).toBeNull();
    expect(movePage(after, 'nope', 0)).toBeNull();
  });
});
