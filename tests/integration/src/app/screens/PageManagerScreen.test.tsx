import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { BOARDS, type Board, type BoardList } from '../../../../../protocol';
import { activateLocale } from '../../../../../src/i18n/i18n';
import { appRoot } from '../../../../../src/test/render';
import { TEST_ADMIN_PASSWORD, useRealServer } from '../../../../../src/test/realServer';
import { App } from '../../../../../src/app/App';

const WAIT = { timeout: 5000 };

const real = useRealServer();

/** Boards "Board 1" … "Board n" in demo-tunnel (after the seeded one), each with pages "Day i" and "Night i". */
async function boards(n: number): Promise<Board[]> {
  const made: Board[] = [];
  for (let i = 1; i <= n; i++) made.push(await real().createBoard({ name: `Board ${i}`, layout: { pageWidth: 800, pageHeight: 600 }, pages: [{ name: `Day ${i}` }, { name: `Night ${i}` }] }));
  return made;
}

async function boardCount(): Promise<number> {
  return (await real().admin.call<BoardList>(BOARDS.boardList.path, { projectId: 'demo-tunnel' })).board.length;
}

async function openApp(hash: string) {
  await activateLocale('en');
  window.location.hash = hash;
  const api = real().client();
  const root = appRoot(api.fetch);
  await root.session.login('admin', TEST_ADMIN_PASSWORD);
  render(<App root={root} />);
  return api;
}

describe('PageManagerScreen', () => {
  afterEach(() => {
    window.location.hash = '';
  });

  it('lists the boards with their pages, paginated, reading only the shown boards', async () => {
    const [b1] = await boards(12);
    expect(await boardCount()).toBe(13); // with the seeded demo board, first in the list
    const api = await openApp('#/pageManger');
    expect(await screen.findByText('Total 13 items', {}, WAIT)).toBeTruthy();
    expect(await screen.findByRole('link', { name: 'Day 1' }, WAIT)).toBeTruthy();
    const links = screen.getAllByRole('link').map((a) => a.getAttribute('href'));
    expect(links).toContain(`#/pageManger/pageView?boardId=${b1.boardId}&pageId=${b1.pages[1].pageId}`);
    expect(screen.queryByText('Board 11')).toBeNull();
    // every board carries its release state from board/list: the seeded demo board is released, these are not
    expect(screen.getAllByTestId('release-state').map((b) => b.dataset.state)).toEqual(['live', ...Array(9).fill('draft')]);
    expect(screen.getAllByText('Draft only')).toHaveLength(9);
    expect(api.calls.filter((c) => c.route === BOARDS.boardScreen.path)).toHaveLength(10);
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('link', { name: 'Night 12' }, WAIT)).toBeTruthy();
  });

  it('serves the same list at /dataV/index and 404 for other paths under /pageManger', async () => {
    const count = await boardCount();
    await openApp('#/dataV/index');
    expect(await screen.findByText(`Total ${count} items`, {}, WAIT)).toBeTruthy();
    window.location.hash = '#/pageManger/nothing';
    await waitFor(() => expect(screen.getByText('Sorry, the page you visited does not exist')).toBeTruthy(), WAIT);
  });
});
