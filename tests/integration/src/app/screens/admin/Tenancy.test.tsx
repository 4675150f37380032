import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ADMIN, TENANCY, type DeviceTransfer, type Member, type ProjectInvitation, type RegistryDevice } from '../../../../../../protocol';
import { activateLocale } from '../../../../../../src/i18n/i18n';
import { appRoot } from '../../../../../../src/test/render';
import { useRealServer, type ServerClient } from '../../../../../../src/test/realServer';
import { App } from '../../../../../../src/app/App';
import { findDialog, IN_DIALOG } from '../../../../../../src/test/dialogs';

const WAIT = { timeout: 8000 };
const real = useRealServer();
const PASSWORD = 'tenancy-ui-42';
const HOME = 'demo-tunnel';
const RIVAL = 'tui-site';
/** tui-ada administers demo-tunnel; tui-rex administers tui-site of another organisation, where tui-rita and tui-ruth work. */
let ada: ServerClient;

/** Renders the app at `hash` signed in as `username`. */
async function openAs(username: string, hash: string) {
  await activateLocale('en');
  window.location.hash = hash;
  const root = appRoot(real().client().fetch);
  await root.session.login(username, PASSWORD);
  render(<App root={root} />);
  return root;
}

beforeAll(async () => {
  const admin = real().admin;
  await admin.call(ADMIN.orgAdd.path, { coId: 'tui-co', name: 'Rival Builders' });
  await admin.call(ADMIN.projectAdd.path, { coId: 'tui-co', projectId: RIVAL, name: 'Rival site' });
  for (const username of ['tui-ada', 'tui-rex', 'tui-rita', 'tui-ruth']) {
    await admin.call(ADMIN.userAdd.path, { username, displayName: username, password: PASSWORD, temporary: false });
  }
  await admin.call(ADMIN.memberSet.path, { projectId: HOME, username: 'tui-ada', role: 'orgAdmin' });
  await admin.call(ADMIN.memberSet.path, { projectId: RIVAL, username: 'tui-rex', role: 'orgAdmin' });
  for (const username of ['tui-rita', 'tui-ruth']) await admin.call(ADMIN.memberSet.path, { projectId: RIVAL, username, role: 'viewer' });
  ada = await real().signIn('tui-ada', PASSWORD);
}, 60_000);

afterEach(() => {
  window.location.hash = '';
});

describe('invitations and transfer requests in the app', () => {
  it("shows the invited user their invitation in the header; accepting makes the membership and the project joins the user's projects", async () => {
    await ada.call(ADMIN.memberSet.path, { projectId: HOME, username: 'tui-rita', role: 'safetyOfficer' });
    const root = await openAs('tui-rita', '#/pageManger');
    fireEvent.click(await screen.findByRole('button', { name: /Invitations/ }, WAIT));
    const dialog = await findDialog('Your invitations');
    const row = within(dialog).getByText('Yunling Twin-Bore Tunnel', { exact: false }).closest('tr')!;
    expect(within(row).getByText('Safety officer')).toBeTruthy();
    fireEvent.click(within(row).getByRole('button', { name: 'Accept', ...IN_DIALOG }));
    await waitFor(() => expect(within(dialog).getByText('No open invitations.')).toBeTruthy(), WAIT);
    const members = await real().admin.call<Member[]>(ADMIN.memberList.path, { projectId: HOME });
    expect(members.find((m) => m.username === 'tui-rita')?.role).toBe('safetyOfficer');
    await waitFor(() => expect(root.session.user?.projects.map((p) => p.projectId)).toContain(HOME), WAIT);
  });

  it("lists the project's invitations for its administrator, who withdraws an open one", async () => {
    await ada.call(ADMIN.memberSet.path, { projectId: HOME, username: 'tui-ruth', role: 'viewer' });
    await openAs('tui-ada', '#/admin');
    fireEvent.click(await screen.findByRole('tab', { name: 'Users and roles' }, WAIT));
    const table = await screen.findByRole('table', { name: 'Invitations of this project' }, WAIT);
    const row = (await within(table).findByText('tui-ruth', {}, WAIT)).closest('tr')!;
    expect(within(row).getByText('Waiting for an answer')).toBeTruthy();
    fireEvent.click(within(row).getByRole('button', { name: 'Withdraw' }));
    await waitFor(() => expect(within(table).getAllByText('Withdrawn').length).toBeGreaterThan(0), WAIT);
    const listed = await ada.call<ProjectInvitation[]>(TENANCY.invitationList.path, { projectId: HOME });
    expect(listed.find((i) => i.username === 'tui-ruth')?.state).toBe('withdrawn');
  });

  it("shows the holder's administrators a transfer request; releasing ends their registration of the serial", async () => {
    const rex = await real().signIn('tui-rex', PASSWORD);
    const device = { sn: 'TUI-GAS-1', kind: 'gas', name: 'Rival gas', station: 'face', reportPeriodS: 10, gases: ['CO'] };
    await rex.call(ADMIN.deviceAdd.path, { projectId: RIVAL, device });
    await ada.call(ADMIN.deviceAdd.path, { projectId: HOME, device: { ...device, name: 'Our gas' } });
    await openAs('tui-rex', '#/admin');
    fireEvent.click(await screen.findByRole('tab', { name: 'Devices' }, WAIT));
    const table = await screen.findByRole('table', { name: 'Transfer requests' }, WAIT);
    const row = within(table).getByText('TUI-GAS-1').closest('tr')!;
    expect(within(row).getByText('Yunling Twin-Bore Tunnel')).toBeTruthy();
    fireEvent.click(within(row).getByRole('button', { name: 'Release TUI-GAS-1' }));
    await waitFor(() => expect(within(row).getByText('Approved')).toBeTruthy(), WAIT);
    // the tab's device list reloads with the request (one domain in the query cache)
    const devices = screen.getByRole('table', { name: 'Devices' });
    await waitFor(() => expect(within(devices).queryByText('TUI-GAS-1')).toBeNull(), WAIT);
    const theirs = await rex.call<RegistryDevice[]>(ADMIN.deviceRegistryList.path, { projectId: RIVAL });
    expect(theirs.map((d) => d.sn)).not.toContain('TUI-GAS-1');
    const [request] = await rex.call<DeviceTransfer[]>(TENANCY.transferList.path, { projectId: RIVAL });
    expect(request).toMatchObject({ sn: 'TUI-GAS-1', state: 'approved' });
  });
});
