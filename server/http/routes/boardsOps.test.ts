import { describe, expect, it } from 'vitest';
import type { Board, Page, Panel } from '../../../protocol';
import { apiErrorOf } from '../../../tests/helpers/apiErrorOf';
import {
  applyLayoutItems,
  checkBoard,
  deletePage,
  deletePanels,
  editPanel,
  insertPage,
  layoutItems,
  movePage,
  movePanel,
  newPanel,
  randomId,
} from './boardsOps';

const panel = (panelId: string, z: number): Panel => ({ panelId, type: 'alarmFeed', x: 0, y: 0, w: 100, h: 100, z, config: {} });
const page = (pageId: string, order: number, panels: Panel[] = []): Page => ({ pageId, name: pageId.toUpperCase(), order, panels });
const board = (pages: Page[]): Board => ({
  boardId: 'b',
  projectId: 'p',
  name: 'B',
  version: 3,
  layout: { pageWidth: 800, pageHeight: 600, pageSwitchModel: 1, wholeTips: 0, pageTips: 0 },
  pages,
});

describe('page edits', () => {
  const b = board([page('p2', 1), page('p1', 0), page('p3', 2)]);

  it('inserts a page at an index and renumbers the orders', () => {
    const out = insertPage(b, page('new', 0), 1);
    expect(out.pages.map((p) => [p.pageId, p.order])).toEqual([
      ['p1', 0],
      ['new', 1],
      ['p2', 2],
      ['p3', 3],
    ]);
    expect(insertPage(b, page('last', 0)).pages.at(-1)?.pageId).toBe('last');
  });

  it('moves a page and keeps order equal to position', () => {
    const out = movePage(b, 'p3', 0);
    expect(out.pages.map((p) => [p.pageId, p.order])).toEqual([
      ['p3', 0],
      ['p1', 1],
      ['p2', 2],
    ]);
    expect(apiErrorOf(() => movePage(b, 'nope', 0)).code).toBe('NOT_FOUND');
  });

  it('deletes a page but never the last one', () => {
    expect(deletePage(b, 'p1').pages.map((p) => [p.pageId, p.order])).toEqual([
      ['p2', 0],
      ['p3', 1],
    ]);
    const e = apiErrorOf(() => deletePage(board([page('only', 0)]), 'only'));
    expect(e.code).toBe('VALIDATION');
    expect(e.message).toMatch(/at least one page/);
  });
});

describe('panel edits', () => {
  const p = page('p1', 0, [panel('c', 3), panel('a', 1), panel('b', 2)]);

  it('adds a panel on top of the page unless z is given', () => {
    const input = { type: 'gasTable', x: 1, y: 2, w: 3, h: 4, config: {} };
    expect(newPanel(p, input, 'new').z).toBe(4);
    expect(newPanel(page('empty', 0), input, 'new').z).toBe(1);
    expect(newPanel(p, { ...input, z: 0, title: 'T' }, 'new')).toMatchObject({ z: 0, title: 'T', panelId: 'new' });
  });

  it('edits only the given fields and replaces the config whole', () => {
    const before = { ...panel('a', 1), config: { limit: 5, kinds: ['sos'] } };
    const after = editPanel(before, { x: 50, config: { limit: 9 } });
    expect(after).toEqual({ ...before, x: 50, config: { limit: 9 } });
    expect(before.x).toBe(0);
  });

  it('deletes several panels, or none when one is missing', () => {
    expect(deletePanels(p, ['a', 'c']).panels.map((x) => x.panelId)).toEqual(['b']);
    const e = apiErrorOf(() => deletePanels(p, ['a', 'zzz']));
    expect(e.code).toBe('NOT_FOUND');
    expect(e.message).toContain('zzz');
  });

  it('reorders the stack and renumbers z from 1, bottom to top', () => {
    const front = movePanel(p, 'a', 'front');
    expect(front.panels.map((x) => [x.panelId, x.z])).toEqual([
      ['b', 1],
      ['c', 2],
      ['a', 3],
    ]);
    expect(movePanel(p, 'c', 'backward').panels.map((x) => x.panelId)).toEqual(['a', 'c', 'b']);
    expect(movePanel(p, 'b', 0).panels.map((x) => x.panelId)).toEqual(['b', 'a', 'c']);
    expect(apiErrorOf(() => movePanel(p, 'zzz', 'front')).code).toBe('NOT_FOUND');
  });
});

describe('layout items', () => {
  const b = board([page('p2', 1, [panel('y', 1)]), page('p1', 0, [panel('x2', 2), panel('x1', 1)])]);

  it('lists every panel page by page, bottom to top', () => {
    expect(layoutItems(b).map((i) => `${i.pageId}/${i.panelId}`)).toEqual(['p1/x1', 'p1/x2', 'p2/y']);
    expect(layoutItems(b, 'p2')).toEqual([{ pageId: 'p2', panelId: 'y', x: 0, y: 0, w: 100, h: 100, z: 1 }]);
  });

  it('applies many positions at once, or none when one panel is unknown', () => {
    const out = applyLayoutItems(b, [
      { pageId: 'p1', panelId: 'x1', x: 10, y: 20, w: 30, h: 40, z: 7 },
      { pageId: 'p2', panelId: 'y', x: 1, y: 2, w: 3, h: 4, z: 5 },
    ]);
    expect(out.pages[1].panels.find((x) => x.panelId === 'x1')).toMatchObject({ x: 10, y: 20, w: 30, h: 40, z: 7 });
    expect(out.pages[0].panels[0]).toMatchObject({ x: 1, y: 2, w: 3, h: 4, z: 5 });
    expect(b.pages[0].panels[0].x).toBe(0);
    const e = apiErrorOf(() => applyLayoutItems(b, [{ pageId: 'p2', panelId: 'x1', x: 0, y: 0, w: 1, h: 1, z: 1 }]));
    expect(e.code).toBe('NOT_FOUND');
  });
});

describe('checkBoard and ids', () => {
  it('refuses a board past a limit with a VALIDATION naming where', () => {
    const many = board(Array.from({ length: 201 }, (_, i) => page(`p${i}`, i)));
    const e = apiErrorOf(() => checkBoard(many));
    expect(e.code).toBe('VALIDATION');
    expect(e.message).toMatch(/^board pages: /);
  });

  it('makes distinct prefixed ids', () => {
    const ids = new Set(Array.from({ length: 1000 }, () => randomId('panel')));
    expect(ids.size).toBe(1000);
    for (const id of ids) expect(id).toMatch(/^panel-[A-Za-z0-9_-]{12}$/);
  });
});
