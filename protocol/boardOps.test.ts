import { describe, expect, it } from 'vitest';
import { LAYOUT_DEFAULTS, PAGE_SIZE_LIMITS, layoutSchema, type Board, type Page, type Panel } from './board';
import {
  BoardEditError,
  LAST_PAGE_MESSAGE,
  deletePage,
  insertPage,
  isPageSide,
  moveIndex,
  movePage,
  movePanel,
  pagesInOrder,
  requirePage,
  requirePanel,
  restack,
  stackOrder,
  topZ,
} from './boardOps';

const panel = (panelId: string, z: number): Panel => ({ panelId, type: 'alarmFeed', x: 0, y: 0, w: 100, h: 100, z, config: {} });
const page = (pageId: string, order: number, panels: Panel[] = []): Page => ({ pageId, name: pageId.toUpperCase(), order, panels });
const board = (pages: Page[]): Board => ({ boardId: 'b', projectId: 'p', name: 'B', version: 3, layout: { ...LAYOUT_DEFAULTS }, pages });

/** The error `run` throws; fails the test when it throws none or another kind. */
function refusal(run: () => unknown): BoardEditError {
  try {
    run();
  } catch (e) {
    if (e instanceof BoardEditError) return e;
    throw e;
  }
  throw new Error('expected a BoardEditError');
}

const orders = (b: Board) => pagesInOrder(b.pages).map((p) => [p.pageId, p.order]);
const stack = (p: Page) => p.panels.map((x) => [x.panelId, x.z]);

describe('moveIndex', () => {
  it('moves an item forward and backward without touching the input', () => {
    const items = ['a', 'b', 'c', 'd'];
    expect(moveIndex(items, 0, 2)).toEqual(['b', 'c', 'a', 'd']);
    expect(moveIndex(items, 3, 0)).toEqual(['d', 'a', 'b', 'c']);
    expect(items).toEqual(['a', 'b', 'c', 'd']);
  });

  it('clamps a target past the end to the last place, and ignores an unknown source', () => {
    expect(moveIndex(['a', 'b', 'c'], 0, 99)).toEqual(['b', 'c', 'a']);
    expect(moveIndex(['a', 'b'], 5, 0)).toEqual(['a', 'b']);
  });
});

describe('page order', () => {
  const b = board([page('p2', 1), page('p1', 0), page('p3', 2)]);

  it('lists pages by order, ties in stored order', () => {
    expect(pagesInOrder(b.pages).map((p) => p.pageId)).toEqual(['p1', 'p2', 'p3']);
    expect(pagesInOrder([page('x', 1), page('y', 0), page('z', 1)]).map((p) => p.pageId)).toEqual(['y', 'x', 'z']);
  });

  it('inserts a page at an index (default last, clamped) and renumbers 0…n-1', () => {
    expect(orders(insertPage(b, page('new', 9), 1))).toEqual([['p1', 0], ['new', 1], ['p2', 2], ['p3', 3]]);
    expect(orders(insertPage(b, page('last', 0)))).toEqual([['p1', 0], ['p2', 1], ['p3', 2], ['last', 3]]);
    expect(orders(insertPage(b, page('far', 0), 99)).at(-1)).toEqual(['far', 3]);
    // gaps in the stored orders are closed
    expect(orders(insertPage(board([page('a', 0), page('c', 5)]), page('b', 0), 1))).toEqual([['a', 0], ['b', 1], ['c', 2]]);
  });

  it('moves a page (clamped) so that order equals place, keeping the pages it did not renumber', () => {
    const out = movePage(b, 'p3', 0);
    expect(orders(out)).toEqual([['p3', 0], ['p1', 1], ['p2', 2]]);
    expect(orders(movePage(b, 'p1', 99))).toEqual([['p2', 0], ['p3', 1], ['p1', 2]]);
    const same = movePage(b, 'p2', 1);
    expect(same.pages.every((p, i) => p === pagesInOrder(b.pages)[i])).toBe(true);
    expect(b.pages.map((p) => p.pageId)).toEqual(['p2', 'p1', 'p3']);
  });

  it('refuses to move or delete a page that is not on the board', () => {
    for (const run of [() => movePage(b, 'nope', 0), () => deletePage(b, 'nope'), () => requirePage(b, 'nope')]) {
      const e = refusal(run);
      expect(e.code).toBe('NOT_FOUND');
      expect(e.message).toBe('Page nope not found on this board');
    }
  });

  it('deletes a page and renumbers the rest, but a board keeps at least one page', () => {
    expect(orders(deletePage(b, 'p1'))).toEqual([['p2', 0], ['p3', 1]]);
    const e = refusal(() => deletePage(board([page('only', 0)]), 'only'));
    expect(e.code).toBe('VALIDATION');
    expect(e.message).toBe(LAST_PAGE_MESSAGE);
  });
});

describe('page size', () => {
  it('accepts integer sides within PAGE_SIZE_LIMITS, as the layout schema does', () => {
    for (const px of [PAGE_SIZE_LIMITS.min, 1920, PAGE_SIZE_LIMITS.max]) expect(isPageSide(px)).toBe(true);
    for (const px of [PAGE_SIZE_LIMITS.min - 1, PAGE_SIZE_LIMITS.max + 1, 800.5, Number.NaN, Infinity]) expect(isPageSide(px)).toBe(false);
    const layout = { ...LAYOUT_DEFAULTS, pageWidth: PAGE_SIZE_LIMITS.max + 1 };
    expect(layoutSchema.safeParse(layout).success).toBe(false);
  });
});

describe('stacking order', () => {
  // stored out of order: the stack bottom to top is a, b, c, d
  const p = page('p1', 0, [panel('c', 3), panel('a', 1), panel('d', 7), panel('b', 2)]);

  it('stacks by z, ties in stored order', () => {
    expect(stackOrder(p.panels).map((x) => x.panelId)).toEqual(['a', 'b', 'c', 'd']);
    expect(stackOrder([panel('x', 1), panel('y', 1), panel('w', 0)]).map((x) => x.panelId)).toEqual(['w', 'x', 'y']);
  });

  it('puts a new panel above the highest one, and at 1 on an empty page', () => {
    expect(topZ(p)).toBe(8);
    expect(topZ(page('empty', 0))).toBe(1);
    expect(topZ(page('low', 0, [panel('n', -3)]))).toBe(1);
  });

  it('moves one panel to the front, back, one step and to a place, renumbering z 1…n', () => {
    expect(stack(movePanel(p, 'a', 'front'))).toEqual([['b', 1], ['c', 2], ['d', 3], ['a', 4]]);
    expect(stack(movePanel(p, 'c', 'back'))).toEqual([['c', 1], ['a', 2], ['b', 3], ['d', 4]]);
    expect(stack(movePanel(p, 'b', 'forward'))).toEqual([['a', 1], ['c', 2], ['b', 3], ['d', 4]]);
    expect(stack(movePanel(p, 'b', 'backward'))).toEqual([['b', 1], ['a', 2], ['c', 3], ['d', 4]]);
    expect(stack(movePanel(p, 'd', 1))).toEqual([['a', 1], ['d', 2], ['b', 3], ['c', 4]]);
    // at the ends a step or a place past the end changes nothing but the numbering
    expect(stack(movePanel(p, 'd', 'forward'))).toEqual([['a', 1], ['b', 2], ['c', 3], ['d', 4]]);
    expect(stack(movePanel(p, 'a', 'backward'))).toEqual([['a', 1], ['b', 2], ['c', 3], ['d', 4]]);
    expect(stack(movePanel(p, 'a', 10))).toEqual([['b', 1], ['c', 2], ['d', 3], ['a', 4]]);
    expect(p.panels.map((x) => x.z)).toEqual([3, 1, 7, 2]);
  });

  it('moves several panels together, keeping their order among themselves', () => {
    expect(stack(restack(p, ['c', 'a'], 'front'))).toEqual([['b', 1], ['d', 2], ['a', 3], ['c', 4]]);
    expect(stack(restack(p, ['d', 'b'], 'back'))).toEqual([['b', 1], ['d', 2], ['a', 3], ['c', 4]]);
    // a step moves each past its next unselected neighbour; selected neighbours stay together
    expect(stack(restack(p, ['a', 'b'], 'forward'))).toEqual([['c', 1], ['a', 2], ['b', 3], ['d', 4]]);
    expect(stack(restack(p, ['c', 'd'], 'backward'))).toEqual([['a', 1], ['c', 2], ['d', 3], ['b', 4]]);
    // a place counts among the other panels: 1 = above the lowest of them
    expect(stack(restack(p, ['a', 'd'], 1))).toEqual([['b', 1], ['a', 2], ['d', 3], ['c', 4]]);
  });

  it('keeps the panels whose z does not change, and ignores ids not on the page', () => {
    const tidy = page('t', 0, [panel('a', 1), panel('b', 2), panel('c', 3)]);
    const out = restack(tidy, ['c', 'ghost'], 'front');
    expect(out.panels.every((x, i) => x === tidy.panels[i])).toBe(true);
  });

  it('refuses to move a panel that is not on the page', () => {
    const e = refusal(() => movePanel(p, 'zzz', 'front'));
    expect(e.code).toBe('NOT_FOUND');
    expect(e.message).toBe('Panel zzz not found on page p1');
    expect(refusal(() => requirePanel(p, 'zzz')).code).toBe('NOT_FOUND');
  });
});
