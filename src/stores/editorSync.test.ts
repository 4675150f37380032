import { describe, expect, it } from 'vitest';
import { BOARDS, type Board, type Panel } from '../../protocol';
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
    sent.push([w.contract.path, w.body]);
    n++;
    // A pretend answer with only the new ids the plan reads (the real answers are checked in the integration tests).
    b = w.commit(b, { page: { pageId: `srv-${n}` }, panel: { panelId: `srv-${n}` } } as never, ids);
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
    expect(sent.map(([r]) => r)).toEqual([BOARDS.pageAdd.path, BOARDS.panelCustomAdd.path]);
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
      [BOARDS.boardEdit.path, { boardId: 'b1', name: 'Renamed' }],
      [BOARDS.layoutUpdate.path, { boardId: 'b1', layout: { pageWidth: 1920 } }],
      [BOARDS.pageEdit.path, { boardId: 'b1', pageId: 'pg2', name: 'Deux' }],
      [BOARDS.pageMove.path, { boardId: 'b1', pageId: 'pg2', toIndex: 0 }],
      [BOARDS.panelEdit.path, { boardId: 'b1', pageId: 'pg1', panelId: 'a', panel: { title: 'T' } }],
      [BOARDS.layoutUpdate.path, { boardId: 'b1', items: [{ pageId: 'pg1', panelId: 'a', x: 40, y: 0, w: 10, h: 10, z: 1 }] }],
    ]);
    const del = drain(base, applyPatch(base, [{ op: 'removePanel', pageId: 'pg1', panelId: 'a' }, { op: 'removePage', pageId: 'pg2' }]));
    expect(del.sent).toEqual([
      [BOARDS.pageDelete.path, { boardId: 'b1', pageId: 'pg2' }],
      [BOARDS.panelDelete.path, { boardId: 'b1', pageId: 'pg1', panelIds: ['a'] }],
    ]);
  });

  it('sends lock, hide, group and style changes with panel/edit, and null to ungroup or reset the style', () => {
    const a = base.pages[0].panels[0];
    const put = (b: Board, panel: Panel) => applyPatch(b, [{ op: 'putPanel', pageId: 'pg1', panel }]);
    const styled = { ...a, locked: true, hidden: true, groupId: 'g1', style: { background: '#102030', opacity: 0.5 } };
    const first = drain(base, put(base, styled));
    expect(first.sent).toEqual([
      [BOARDS.panelEdit.path, { boardId: 'b1', pageId: 'pg1', panelId: 'a', panel: { locked: true, hidden: true, groupId: 'g1', style: { background: '#102030', opacity: 0.5 } } }],
    ]);
    expect(first.confirmed.pages[0].panels[0]).toEqual(styled);
    // Unlock, show, ungroup and back to the theme's style: flags go as false, groupId and style as null.
    const back = drain(first.confirmed, put(first.confirmed, a));
    expect(back.sent).toEqual([[BOARDS.panelEdit.path, { boardId: 'b1', pageId: 'pg1', panelId: 'a', panel: { locked: false, hidden: false, groupId: null, style: null } }]]);
    // A moved and regrouped panel: content with panel/edit, geometry with layout/updateLayout.
    const both = drain(base, put(base, { ...a, x: 30, groupId: 'g2' }));
    expect(both.sent.map(([r, b]) => [r, b.panel ?? b.items])).toEqual([
      [BOARDS.panelEdit.path, { groupId: 'g2' }],
      [BOARDS.layoutUpdate.path, [{ pageId: 'pg1', panelId: 'a', x: 30, y: 0, w: 10, h: 10, z: 1 }]],
    ]);
  });

  it('adds a new panel with its flags, group and style in panel/custom/add', () => {
    const panel: Panel = { panelId: 'tmp-n', type: 't', x: 1, y: 1, w: 5, h: 5, z: 2, config: {}, locked: true, groupId: 'g1', style: { paddingPx: 4 } };
    const { sent } = drain(base, applyPatch(base, [{ op: 'putPanel', pageId: 'pg1', panel }]));
    expect(sent).toEqual([[BOARDS.panelCustomAdd.path, { boardId: 'b1', pageId: 'pg1', panel: { type: 't', x: 1, y: 1, w: 5, h: 5, z: 2, config: {}, locked: true, groupId: 'g1', style: { paddingPx: 4 } } }]]);
  });
});
