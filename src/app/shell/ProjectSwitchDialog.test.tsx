import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { ROUTES, type SessionUser } from '../../../protocol';
import { BusinessError } from '../../api/request';
import { fakeApi } from '../../test/fakeApi';
import { renderWithApp, testRoot } from '../../test/render';
import { ProjectSwitchDialog, type SwitchNavigation } from './ProjectSwitchDialog';

const USER: SessionUser = {
  username: 'admin', displayName: 'A', isAdmin: true, projectId: 'p1', coId: 'c', coName: 'C', coLogo: '', mid: 'm',
  projects: [{ projectId: 'p1', name: 'Tunnel One', coId: 'c' }, { projectId: 'p2', name: 'Bridge Two', coId: 'c' }],
};

async function setup(boards: Record<string, string[]>, switchProject: (id: string) => Promise<void>) {
  const api = fakeApi({
    [ROUTES.login]: () => USER,
    [ROUTES.me]: () => USER,
    [ROUTES.boardList]: (b) => ({ result: '0', board: (boards[b.projectId as string] ?? []).map((boardId) => ({ boardId, name: boardId, version: 1 })) }),
  });
  const root = testRoot({ fetch: api.fetch });
  await root.session.login('admin', 'pw');
  const navigation: SwitchNavigation = { reloadAt: vi.fn(), openTab: vi.fn() };
  const router = createMemoryRouter([{ path: '*', element: <ProjectSwitchDialog navigation={navigation} switchProject={switchProject} /> }]);
  await renderWithApp(<RouterProvider router={router} />, root);
  fireEvent.click(screen.getByTestId('org-switch'));
  const dialog = await screen.findByRole('dialog');
  const row = (id: string) => dialog.querySelector(`[data-project-id="${id}"]`) as HTMLElement;
  return { navigation, dialog, row, api };
}

describe('organisation switch (SPEC §4, §7)', () => {
  it('lists the projects; switching goes to the first board of the new project and reloads', async () => {
    const switchProject = vi.fn(async () => {});
    const { navigation, row, dialog } = await setup({ p2: ['b-bridge', 'b-2'] }, switchProject);
    expect(within(dialog).getByText('Tunnel One')).toBeTruthy();
    expect((within(row('p1')).getByRole('button', { name: 'Switch' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(row('p2')).getByRole('button', { name: 'Switch' }));
    await waitFor(() => expect(navigation.reloadAt).toHaveBeenCalledWith('#/dataV/viewBoard?boardId=b-bridge'));
    expect(switchProject).toHaveBeenCalledWith('p2');
  });

  it('says "No board available" for a project without boards', async () => {
    const { navigation, row, dialog } = await setup({}, async () => {});
    fireEvent.click(within(row('p2')).getByRole('button', { name: 'Switch' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('No board available');
    expect(navigation.reloadAt).not.toHaveBeenCalled();
  });

  it("shows the server's errorMsg when the switch fails", async () => {
    const { row, dialog, navigation } = await setup({ p2: ['b'] }, async () => {
      throw new BusinessError('FORBIDDEN', 'You are not a member of this project');
    });
    fireEvent.click(within(row('p2')).getByRole('button', { name: 'Switch' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('You are not a member of this project');
    expect(navigation.reloadAt).not.toHaveBeenCalled();
  });

  it('opens another project in a new tab with proId, without switching', async () => {
    const switchProject = vi.fn(async () => {});
    const { row, navigation } = await setup({}, switchProject);
    fireEvent.click(within(row('p2')).getByRole('button', { name: 'Open in new tab' }));
    expect(navigation.openTab).toHaveBeenCalledWith(expect.stringMatching(/#\/dataV\/viewBoard\?proId=p2$/));
    expect(switchProject).not.toHaveBeenCalled();
  });
});
