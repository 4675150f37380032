import { afterEach, describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { BOARDS } from '../../../../../protocol';
import { activateLocale } from '../../../../../src/i18n/i18n';
import { appRoot } from '../../../../../src/test/render';
import { TEST_ADMIN_PASSWORD, useRealServer } from '../../../../../src/test/realServer';
import { App } from '../../../../../src/app/App';

const WAIT = { timeout: 8000 };
const real = useRealServer();

async function openApp(hash: string) {
  await activateLocale('en');
  window.location.hash = hash;
  const root = appRoot(real().client().fetch);
  await root.session.login('admin', TEST_ADMIN_PASSWORD);
  // every error the app would show as a notice (toast), to check the viewer shows its own screen instead
  const noticed: string[] = [];
  const push = root.notices.push.bind(root.notices);
  root.notices.push = (err) => {
    noticed.push(err.errorMessage);
    push(err);
  };
  render(<App root={root} />);
  return { noticed };
}

describe('ViewBoardScreen and a board never released', () => {
  afterEach(() => {
    window.location.hash = '';
  });

  it('shows viewers "Not released yet", never the draft, with links for editors to preview it', async () => {
    const board = await real().createBoard({ name: 'Fresh from a template', pages: [{ name: 'One', panels: [{ type: 'alarmFeed', x: 0, y: 0, w: 300, h: 200, config: {} }] }] });
    const { noticed } = await openApp(`#/dataV/viewBoard?boardId=${board.boardId}`);
    expect(await screen.findByText('Not released yet', {}, WAIT)).toBeTruthy();
    expect(noticed).toEqual([]); // no error toast on top of the screen that explains it
    expect(document.querySelector('[data-panel-id]')).toBeNull();
    expect(screen.getByRole('link', { name: 'Preview the draft' }).getAttribute('href')).toBe(`#/dataV/preview?boardId=${board.boardId}`);
    expect(screen.getByRole('link', { name: 'Open in the board builder' }).getAttribute('href')).toBe(`#/dataV/create?boardId=${board.boardId}`);

    // Once released, the same viewer URL shows the board.
    await real().admin.call(BOARDS.boardRelease.path, { boardId: board.boardId, baseVersion: board.version });
    window.location.hash = `#/dataV/viewBoard?boardId=${board.boardId}&pageId=${board.pages[0].pageId}`;
    await waitFor(() => expect(screen.queryByText('Not released yet')).toBeNull(), WAIT);
    expect(await screen.findByText('Fresh from a template', {}, WAIT)).toBeTruthy();
  }, 30_000);
});

describe('ViewBoardScreen and a board that does not exist', () => {
  afterEach(() => {
    window.location.hash = '';
  });

  it('says so in words with the code 404, not a raw NOT_FOUND heading', async () => {
    await openApp('#/dataV/viewBoard?boardId=nope');
    expect(await screen.findByRole('heading', { name: 'This board does not exist, or it was deleted' }, WAIT)).toBeTruthy();
    expect(document.querySelector('[data-error-code]')?.textContent).toBe('404');
    expect(document.body.textContent).not.toContain('NOT_FOUND');
  }, 30_000);
});
