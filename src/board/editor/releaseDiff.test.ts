import { describe, expect, it } from 'vitest';
import { LAYOUT_DEFAULTS, type BoardContent, type Panel } from '../../../protocol';
import { countChanges, diffBoards } from './releaseDiff';

const panel = (panelId: string, extra: Partial<Panel> = {}): Panel => ({ panelId, type: 'gasTable', x: 0, y: 0, w: 100, h: 100, z: 1, config: {}, ...extra });
const board = (pages: BoardContent['pages'], name = 'Board'): BoardContent => ({ name, layout: { ...LAYOUT_DEFAULTS }, pages });

describe('diffBoards', () => {
  const live = board([
    { pageId: 'p1', name: 'Gas', order: 0, panels: [panel('a'), panel('b', { title: 'Alarms', type: 'alarmFeed' }), panel('c')] },
    { pageId: 'p2', name: 'People', order: 1, panels: [panel('d')] },
  ]);

  it('finds nothing between equal boards, whatever the key order', () => {
    const same = JSON.parse(JSON.stringify(live)) as BoardContent;
    same.pages[0].panels[0] = { config: {}, z: 1, h: 100, w: 100, y: 0, x: 0, type: 'gasTable', panelId: 'a' };
    expect(diffBoards(live, same)).toEqual([]);
  });

  it('names panels added, removed, moved and reconfigured, page by page', () => {
    const draft = board([
      {
        pageId: 'p1',
        name: 'Gas',
        order: 0,
        panels: [panel('a', { x: 40 }), panel('b', { title: 'Alarms', type: 'alarmFeed', config: { limit: 5 } }), panel('e', { type: 'towerCrane' })],
      },
      { pageId: 'p2', name: 'People', order: 1, panels: [panel('d', { w: 300, title: 'Crew' })] },
    ]);
    const changes = diffBoards(live, draft);
    expect(changes.map((c) => [c.kind, 'panel' in c ? c.panel.panelId : null, 'pageName' in c ? c.pageName : null])).toEqual([
      ['panelRemoved', 'c', 'Gas'],
      ['panelAdded', 'e', 'Gas'],
      ['panelMoved', 'a', 'Gas'],
      ['panelReconfigured', 'b', 'Gas'],
      ['panelMoved', 'd', 'People'],
      ['panelReconfigured', 'd', 'People'],
    ]);
    expect(countChanges(changes)).toMatchObject({ panelAdded: 1, panelRemoved: 1, panelMoved: 2, panelReconfigured: 2, pageAdded: 0 });
  });

  it('names pages added, removed, renamed and reordered, the board renamed and the layout changed', () => {
    const draft: BoardContent = {
      name: 'Renamed',
      layout: { ...LAYOUT_DEFAULTS, pageWidth: 1920 },
      pages: [
        { pageId: 'p3', name: 'Cranes', order: 0, panels: [panel('f')] },
        { pageId: 'p1', name: 'Gas levels', order: 1, panels: live.pages[0].panels },
      ],
    };
    const kinds = diffBoards(live, draft).map((c) => c.kind);
    expect(kinds).toEqual(['boardRenamed', 'layoutChanged', 'pageAdded', 'panelAdded', 'pageRenamed', 'pageRemoved']);
  });

  it('notices a change of page order', () => {
    const draft = board([
      { ...live.pages[1], order: 0 },
      { ...live.pages[0], order: 1 },
    ]);
    expect(diffBoards(live, draft).map((c) => [c.kind, 'pageName' in c ? c.pageName : ''])).toEqual([
      ['pageReordered', 'People'],
      ['pageReordered', 'Gas'],
    ]);
  });

  it('against no release at all, everything in the draft is new', () => {
    const counts = countChanges(diffBoards(null, live));
    expect(counts).toMatchObject({ pageAdded: 2, panelAdded: 4, boardRenamed: 0, layoutChanged: 0 });
  });
});
