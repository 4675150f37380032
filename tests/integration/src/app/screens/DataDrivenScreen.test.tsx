import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { BOARD_TICKET_HEADER, BOARDS, type Board, type BoardList } from '../../../../../protocol';
import { activateLocale } from '../../../../../src/i18n/i18n';
import { appRoot } from '../../../../../src/test/render';
import { TEST_ADMIN_PASSWORD, useRealServer } from '../../../../../src/test/realServer';
import { App } from '../../../../../src/app/App';

const WAIT = { timeout: 8000 };

const real = useRealServer();

describe('DataDrivenScreen', () => {
  afterEach(() => {
    window.location.hash = '';
  });

  it('shows a board made from the devices and saves it as a new board with a ticket', async () => {
    await activateLocale('en');
    window.location.hash = '#/dataV/dataDriven';
    const api = real().client();
    const headers: Array<string | null> = [];
    const fetch = ((url: string, init: RequestInit) => {
      if (new URL(url, 'http://x').pathname === BOARDS.boardAdd.path) headers.push(new Headers(init.headers).get(BOARD_TICKET_HEADER));
      return api.fetch(url, init);
    }) as typeof globalThis.fetch;
    const root = appRoot(api.fetch);
    await root.session.login('admin', TEST_ADMIN_PASSWORD);
    render(<App root={root} />);

    await waitFor(() => expect(root.boards.board?.boardId).toBe('dataDriven'), WAIT);
    // the seeded devices (server/seed/demoProject.ts): beacons, gas stations (four at faces), two cranes,
    // environment monitors (the first one's panel)
    const types = (pages: Array<{ panels: Array<{ type: string }> }> | undefined) => pages?.map((pg) => pg.panels.map((p) => p.type));
    const PAGES = [
      ['tunnelPersonnel', 'gasTable', 'alarmFeed', 'towerCrane'],
      // the fourth trend joins page 2 as a third row instead of standing alone on a page 3
      ['towerCrane', 'environmentNow', 'gasTrend', 'gasTrend', 'gasTrend', 'gasTrend'],
    ];
    expect(types(root.boards.board?.pages)).toEqual(PAGES);
    // the ticket calls go through the global fetch (as the builder's do); route them to the test server
    const saved = globalThis.fetch;
    globalThis.fetch = fetch;
    try {
      fireEvent.click(await screen.findByRole('button', { name: 'Save as board' }, WAIT));
      await waitFor(() => expect(window.location.hash).toMatch(/^#\/dataV\/create\?boardId=./), WAIT);
    } finally {
      globalThis.fetch = saved;
    }
    // board/add carried a ticket, and the server (which refuses one without a fresh ticket) made the board
    expect(headers).toHaveLength(1);
    expect(headers[0]).toBeTruthy();
    const made = (await real().admin.call<BoardList>(BOARDS.boardList.path, { projectId: 'demo-tunnel' })).board.find((b) => b.name === 'Data-driven board');
    expect(window.location.hash).toBe(`#/dataV/create?boardId=${made?.boardId}`);
    expect(api.calls.find((c) => c.route === BOARDS.boardAdd.path)?.body).toMatchObject({ projectId: 'demo-tunnel', name: 'Data-driven board' });
    const added = api.calls.filter((c) => c.route === BOARDS.panelCustomAdd.path).map((c) => c.body);
    // one write after another on the version the previous one returned (page/add in between bumps it too)
    expect(added.map((b) => [b.baseVersion, (b.panel as { type: string }).type])).toEqual([
      [1, 'tunnelPersonnel'],
      [2, 'gasTable'],
      [3, 'alarmFeed'],
      [4, 'towerCrane'],
      [6, 'towerCrane'],
      [7, 'environmentNow'],
      [8, 'gasTrend'],
      [9, 'gasTrend'],
      [10, 'gasTrend'],
      [11, 'gasTrend'],
    ]);
    expect(types((await real().admin.call<Board>(BOARDS.boardScreen.path, { boardId: made!.boardId })).pages)).toEqual(PAGES);
  });
});
