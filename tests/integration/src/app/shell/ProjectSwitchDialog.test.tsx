import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { ADMIN, BOARDS, type Board, type BoardList } from '../../../../../protocol';
import { postDomain } from '../../../../../src/api/postDomain';
import { renderWithApp, testRoot } from '../../../../../src/test/render';
import { TEST_ADMIN_PASSWORD, useRealServer } from '../../../../../src/test/realServer';
import { ProjectSwitchDialog, type SwitchNavigation } from '../../../../../src/app/shell/ProjectSwitchDialog';

const real = useRealServer();
// The admin is a member of both seeded projects (server/seed/demoProject.ts); demo-bridge has its seeded
// live board, and a project the test adds has none.
const TUNNEL = 'demo-tunnel';
const BRIDGE = 'demo-bridge';
const EMPTY = 'switch-empty';
const created: Board[] = [];
/** The server's FORBIDDEN errorMsg (server/http/errors.ts). */
const FORBIDDEN_MESSAGE = "Sorry, you don't have access to this page";

/** Gives demo-bridge boards named `names`, in this order; they are deleted after the test. */
async function bridgeBoards(...names: string[]): Promise<Board[]> {
  for (const name of names) created.push(await real().createBoard({ projectId: BRIDGE, name }));
  return created;
}

afterEach(async () => {
  for (const b of created.splice(0)) await real().admin.call(BOARDS.boardDelete.path, { boardId: b.boardId, baseVersion: b.version });
});

/** The dialog's default switch (POST /nav/postDomain.htm), through the test client's cookies. */
const realSwitch = (api: { fetch: typeof globalThis.fetch }) => vi.fn((projectId: string) => postDomain(projectId, { fetch: api.fetch }));

async function setup(switchProject?: (id: string) => Promise<void>) {
  const api = real().client();
  switchProject ??= realSwitch(api);
  const root = testRoot({ fetch: api.fetch });
  await root.session.login('admin', TEST_ADMIN_PASSWORD);
  const navigation: SwitchNavigation = { reloadAt: vi.fn(), openTab: vi.fn() };
  const router = createMemoryRouter([{ path: '*', element: <ProjectSwitchDialog navigation={navigation} switchProject={switchProject} /> }]);
  await renderWithApp(<RouterProvider router={router} />, root);
  fireEvent.click(screen.getByTestId('org-switch'));
  const dialog = await screen.findByRole('dialog');
  const row = (id: string) => dialog.querySelector(`[data-project-id="${id}"]`) as HTMLElement;
  return { navigation, dialog, row, api, switchProject };
}

describe('organisation switch (docs/product.md "States", "Organisation switch")', () => {
  it('lists the projects; switching goes to the first board of the new project and reloads', async () => {
    await bridgeBoards('Bridge deck', 'Bridge piers');
    // the first board as the server lists them (board/list, the order the dialog follows)
    const first = (await real().admin.call<BoardList>(BOARDS.boardList.path, { projectId: BRIDGE, dataRange: 2 })).board[0];
    const { navigation, row, dialog, switchProject } = await setup();
    expect(within(dialog).getByText('Yunling Twin-Bore Tunnel')).toBeTruthy();
    expect((within(row(TUNNEL)).getByRole('button', { name: 'Switch' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(row(BRIDGE)).getByRole('button', { name: 'Switch' }));
    await waitFor(() => expect(navigation.reloadAt).toHaveBeenCalledWith(`#/dataV/viewBoard?boardId=${first.boardId}`));
    expect(switchProject).toHaveBeenCalledWith(BRIDGE);
  });

  it('says "No board available" for a project without boards', async () => {
    // a project the administrator creates (and so administers) has no board yet
    await real().admin.call(ADMIN.projectAdd.path, { coId: 'co-demo', projectId: EMPTY, name: 'Empty site' });
    const { navigation, row, dialog } = await setup();
    fireEvent.click(within(row(EMPTY)).getByRole('button', { name: 'Switch' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('No board available');
    expect(navigation.reloadAt).not.toHaveBeenCalled();
  });

  it("shows the server's errorMsg when the switch fails", async () => {
    await bridgeBoards('Bridge deck');
    const { row, dialog, navigation } = await setup();
    // the admin's membership of demo-bridge is revoked on the server while the dialog is open
    const { db } = real().server;
    const membership = await db.selectFrom('memberships').selectAll().where('username', '=', 'admin').where('project_id', '=', BRIDGE).executeTakeFirstOrThrow();
    await db.deleteFrom('memberships').where('username', '=', 'admin').where('project_id', '=', BRIDGE).execute();
    try {
      fireEvent.click(within(row(BRIDGE)).getByRole('button', { name: 'Switch' }));
      expect((await within(dialog).findByRole('alert')).textContent).toBe(FORBIDDEN_MESSAGE);
    } finally {
      await db.insertInto('memberships').values(membership).execute();
    }
    expect(navigation.reloadAt).not.toHaveBeenCalled();
  });

  it('opens another project in a new tab with proId, without switching', async () => {
    const switchProject = vi.fn(async () => {});
    const { row, navigation } = await setup(switchProject);
    fireEvent.click(within(row(BRIDGE)).getByRole('button', { name: 'Open in new tab' }));
    expect(navigation.openTab).toHaveBeenCalledWith(expect.stringMatching(/#\/dataV\/viewBoard\?proId=demo-bridge$/));
    expect(switchProject).not.toHaveBeenCalled();
  });
});
