import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ROUTES, type Board, type SessionUser } from '../../../protocol';
import { createInProcessTelemetry } from '../../../workers/telemetry/Telemetry';
import { activateLocale } from '../../i18n/i18n';
import { RootStore } from '../../stores';
import { fakeApi } from '../../test/fakeApi';
import { subjectFeeds } from '../../test/fakeFeeds';
import { App } from '../App';

const WAIT = { timeout: 5000 };

const USER: SessionUser = {
  username: 'admin',
  displayName: 'Administrator',
  isAdmin: true,
  projectId: 'demo-tunnel',
  coId: 'co-demo',
  coName: 'Demo',
  coLogo: '',
  mid: 'm1',
  projects: [{ projectId: 'demo-tunnel', name: 'Yunling Twin-Bore Tunnel', coId: 'co-demo' }],
};

function board(n: number): Board {
  return {
    boardId: `b${n}`,
    projectId: 'demo-tunnel',
    name: `Board ${n}`,
    version: 1,
    layout: { pageWidth: 800, pageHeight: 600, pageSwitchModel: 1, wholeTips: 0, pageTips: 0 },
    pages: [
      { pageId: `b${n}-p2`, name: `Night ${n}`, order: 2, panels: [] },
      { pageId: `b${n}-p1`, name: `Day ${n}`, order: 1, panels: [] },
    ],
  };
}

async function openApp(hash: string, boardCount: number) {
  await activateLocale('en');
  window.location.hash = hash;
  const api = fakeApi({
    [ROUTES.me]: () => USER,
    [ROUTES.login]: () => ({ username: 'admin' }),
    [ROUTES.boardList]: () => ({ result: '0', board: Array.from({ length: boardCount }, (_, i) => ({ boardId: `b${i + 1}`, name: `Board ${i + 1}`, version: 1 })) }),
    [ROUTES.boardScreen]: (b) => board(Number(String(b.boardId).slice(1))),
  });
  const root = new RootStore({ fetch: api.fetch, createFeeds: subjectFeeds().factory, createTelemetry: createInProcessTelemetry });
  await root.session.login('admin', 'pw');
  render(<App root={root} />);
  return api;
}

describe('PageManagerScreen', () => {
  afterEach(() => {
    window.location.hash = '';
  });

  it('lists the boards with their pages, paginated, reading only the shown boards', async () => {
    const api = await openApp('#/pageManger', 12);
    expect(await screen.findByText('Total 12 items', {}, WAIT)).toBeTruthy();
    expect(await screen.findByRole('link', { name: 'Day 1' }, WAIT)).toBeTruthy();
    const links = screen.getAllByRole('link').map((a) => a.getAttribute('href'));
    expect(links).toContain('#/pageManger/pageView?boardId=b1&pageId=b1-p2');
    expect(screen.queryByText('Board 11')).toBeNull();
    expect(api.calls.filter((c) => c.route === ROUTES.boardScreen)).toHaveLength(10);
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('link', { name: 'Night 12' }, WAIT)).toBeTruthy();
  });

  it('serves the same list at /dataV/index and 404 for other paths under /pageManger', async () => {
    await openApp('#/dataV/index', 1);
    expect(await screen.findByText('Total 1 items', {}, WAIT)).toBeTruthy();
    window.location.hash = '#/pageManger/nothing';
    await waitFor(() => expect(screen.getByText('Sorry, the page you visited does not exist')).toBeTruthy(), WAIT);
  });
});
