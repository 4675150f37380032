import { describe, expect, it } from 'vitest';
import { ROUTES, type Board } from '../../protocol';
import { applyPatch } from './editorModel';
import { nextWrite } from './editorSync';

const base: Board = {
  boardId: 'b1',
  projectId: 'p',
  name: 'Board',
  version: 1,
  layout: { pageWidth: 800, pageHeight: 600, pageSwitchModel: 1, wholeTips: 0, pageTips: 0 },
  pages: [
    { pageId: 'pg1', name: 'One', order: 0, panels: [{ panelId: 'a', type: 't', x: 0, y: 0, w: 10, h: 10, z: 1, config: {} }] },
    { pageId: 'pg2', name: 'Two', order: 1, panels: [] },
  ],
};

/** Runs the plan to the end against a pretend server that gives new ids `srv-N`; returns the writes. */
function drain(from: Board, draft: Board) {
  const ids = new Map<string, string>();
  const sent: Array<[string, Record<string, unknown>]> = [];
  let b = from;
  let n = 0;
  for (let guard = 0; guard < 50; guard++) {
    const w = nextWrite(b, draft, ids);
    if (!w) return { sent, ids, confirmed: b };
    sent.push([w.route, w.body]);
    n++;
    b = w.commit(b, { page: { pageId: `srv-${n}` }, panel: { panelId: `srv-${n}` } }, ids);
  }
  throw new Error('plan did not finish');
}

describe('autosave plan', () => {
  it('adds a page, then a panel on it with the page’s server id, and ends with nothing left to send', () => {
    const draft = applyPatch(base, [
      { op: 'putPage', page: { pageId: 'tmp-p', name: 'Three', order: 2, panels: [] } },
      { op: 'putPanel', pageId: 'tmp-p', panel: { panelId: 'tmp-x', type: 't', x: 5, y: 5, w: 10, h: 10, z: 1, config: { k: 1 } } },
    ]);
    const { sent, ids } = drain(base, draft);
    expect(sent.map(([r]) => r)).toEqual([ROUTES.pageAdd, ROUTES.panelCustomAdd]);
    expect(sent[1][1]).toMatchObject({ pageId: 'srv-1', panel: { type: 't', x: 5, config: { k: 1 } } });
    expect(sent[1][1].panel).not.toHaveProperty('panelId');
    expect(ids.get('tmp-x')).toBe('srv-2');
  });

  it('sends renames, reorders, deletions, content and geometry with their own routes', () => {
    const draft = applyPatch(base, [
      { op: 'setName', name: 'Renamed' },
      { op: 'setLayout', layout: { pageWidth: 1920 } },
      { op: 'putPage', page: { ...base.pages[1], name: 'Deux', order: 0 } },
      { op: 'putPage', page: { ...base.pages[0], order: 1, panels: [{ ...base.pages[0].panels[0], title: 'T', x: 40 }] } },
    ]);
    const { sent } = drain(base, draft);
    expect(sent).toEqual([
      [ROUTES.boardEdit, { boardId: 'b1', name: 'Renamed' }],
      [ROUTES.layoutUpdate, { boardId: 'b1', layout: { pageWidth: 1920 } }],
      [ROUTES.pageEdit, { boardId: 'b1', pageId: 'pg2', name: 'Deux' }],
      [ROUTES.pageMove, { boardId: 'b1', pageId: 'pg2', toIndex: 0 }],
      [ROUTES.panelEdit, { boardId: 'b1', pageId: 'pg1', panelId: 'a', panel: { title: 'T', config: {} } }],
      [ROUTES.layoutUpdate, { boardId: 'b1', items: [{ pageId: 'pg1', panelId: 'a', x: 40, y: 0, w: 10, h: 10, z: 1 }] }],
    ]);
    const del = drain(base, applyPatch(base, [{ op: 'removePanel', pageId: 'pg1', panelId: 'a' }, { op: 'removePage', pageId: 'pg2' }]));
    expect(del.sent).toEqual([
      [ROUTES.pageDelete, { boardId: 'b1', pageId: 'pg2' }],
      [ROUTES.panelDelete, { boardId: 'b1', pageId: 'pg1', panelIds: ['a'] }],
    ]);
  });
});
