import { afterEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { runInAction } from 'mobx';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { SessionUser } from '../../../protocol';
import { renderWithApp, testRoot } from '../../test/render';
import { lastBoard, rememberBoard } from '../shell/lastBoard';
import { ScreenFrame } from './ScreenFrame';

const USER = { username: 'u', displayName: 'U', isAdmin: false, projectId: 'p1', projects: [{ projectId: 'p1', role: 'viewer' }] } as unknown as SessionUser;

async function frameAt(path: string) {
  const root = testRoot();
  runInAction(() => (root.session.user = USER));
  const router = createMemoryRouter([{ path: '*', element: <ScreenFrame title="Alarm center">body</ScreenFrame> }], { initialEntries: [path] });
  await renderWithApp(<RouterProvider router={router} />, root);
}

describe('the way back from a management screen', () => {
  afterEach(() => sessionStorage.clear());

  it('links to the board this tab last showed in the project', async () => {
    rememberBoard({ boardId: 'demo-live', name: 'Tunnel live board', projectId: 'p1' });
    await frameAt('/alarmCenter');
    const link = screen.getByRole('link', { name: /Back to Tunnel live board/ });
    expect(link.getAttribute('href')).toBe('/dataV/viewBoard?boardId=demo-live');
  });

  it('links to the board list when the tab showed no board of this project, and not from the list itself', async () => {
    rememberBoard({ boardId: 'b9', name: 'Other site', projectId: 'p2' });
    await frameAt('/people');
    expect(screen.getByRole('link', { name: /Boards/ }).getAttribute('href')).toBe('/pageManger');
    expect(screen.queryByRole('link', { name: /Other site/ })).toBeNull();
  });

  it('reads nothing from a damaged entry', () => {
    sessionStorage.setItem('siteboard.lastBoard', '{"boardId":');
    expect(lastBoard('p1')).toBeNull();
    sessionStorage.setItem('siteboard.lastBoard', JSON.stringify({ boardId: '', name: 'x', projectId: 'p1' }));
    expect(lastBoard('p1')).toBeNull();
  });
});
