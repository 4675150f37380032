import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ADMIN, type Organisation, type ProjectDetails, type RegistryDevice } from '../../../../../../protocol';
import { activateLocale } from '../../../../../../src/i18n/i18n';
import { appRoot } from '../../../../../../src/test/render';
import { TEST_ADMIN_PASSWORD, useRealServer } from '../../../../../../src/test/realServer';
import { App } from '../../../../../../src/app/App';
import { findDialog, IN_DIALOG } from '../../../../../../src/test/dialogs';

const WAIT = { timeout: 8000 };
const real = useRealServer();

/** Opens the administration area as the seeded admin (organisation administrator of both demo projects) on `tab`. */
async function openAdmin(tab: string) {
  await activateLocale('en');
  window.location.hash = '#/admin';
  const root = appRoot(real().client().fetch);
  await root.session.login('admin', TEST_ADMIN_PASSWORD);
  render(<App root={root} />);
  fireEvent.click(await screen.findByRole('tab', { name: tab }, WAIT));
}

/** The registry device `sn` of `projectId` as the server lists it, or undefined. */
async function registryDevice(projectId: string, sn: string): Promise<RegistryDevice | undefined> {
  const list = await real().admin.call<RegistryDevice[]>(ADMIN.deviceRegistryList.path, { projectId });
  return list.find((d) => d.sn === sn);
}

/** Narrows the Devices tab's list to `sn` (the list is paged: a new device need not be on the first page). */
async function searchDevices(sn: string) {
  fireEvent.change(await screen.findByRole('textbox', { name: 'Search devices' }, WAIT), { target: { value: sn } });
}

async function addDevice(sn: string) {
  await real().admin.call(ADMIN.deviceAdd.path, {
    projectId: 'demo-tunnel',
    device: { sn, kind: 'gas', name: `Gas ${sn}`, station: 'S1', position: 'face', reportPeriodS: 10, gases: ['CH4'] },
  });
}

describe('AdminScreen, Devices tab', () => {
  afterEach(() => {
    window.location.hash = '';
  });

  it('edits a device in a dialog: new station, tunnel and chainage reach the server and the table', async () => {
    await addDevice('ui-edit-1');
    await openAdmin('Devices');
    await searchDevices('ui-edit-1');
    fireEvent.click(await screen.findByRole('button', { name: 'Edit ui-edit-1' }, WAIT));
    const dialog = await findDialog('Edit device ui-edit-1');
    fireEvent.change(within(dialog).getByLabelText('Station'), { target: { value: 'S7' } });
    fireEvent.change(within(dialog).getByLabelText('Tunnel'), { target: { value: 'left' } });
    fireEvent.change(within(dialog).getByLabelText('Chainage (m)'), { target: { value: '1234.5' } });
    fireEvent.change(within(dialog).getByLabelText('Reporting period (s)'), { target: { value: '30' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save', ...IN_DIALOG }));
    await waitFor(() => expect(screen.queryByRole('dialog', IN_DIALOG)).toBeNull(), WAIT);
    expect(await registryDevice('demo-tunnel', 'ui-edit-1')).toMatchObject({ station: 'S7', tunnelId: 'left', chainageM: 1234.5, reportPeriodS: 30, name: 'Gas ui-edit-1' });
    const row = (await screen.findByText('S7', {}, WAIT)).closest('tr')!;
    expect(within(row).getByText('ui-edit-1')).toBeTruthy();
    expect(within(row).getByText('1234.5')).toBeTruthy();
  });

  it("shows the server's refusal inside the dialog, keeps it open and changes nothing", async () => {
    await addDevice('ui-edit-2');
    await openAdmin('Devices');
    await searchDevices('ui-edit-2');
    fireEvent.click(await screen.findByRole('button', { name: 'Edit ui-edit-2' }, WAIT));
    const dialog = await findDialog('Edit device ui-edit-2');
    fireEvent.change(within(dialog).getByLabelText('Station'), { target: { value: 'S9' } });
    fireEvent.change(within(dialog).getByLabelText('Reporting period (s)'), { target: { value: '0' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save', ...IN_DIALOG }));
    const alert = await within(dialog).findByRole('alert', IN_DIALOG, WAIT);
    expect(alert.textContent).toMatch(/at least 1 s/);
    // still open: the same dialog in the document (by attribute: once tabster marks it aria-hidden, jsdom's
    // accessible-name computation gives it no name, so a role query by name misses an open dialog)
    expect(dialog.isConnected).toBe(true);
    expect(document.querySelectorAll('[role="dialog"][aria-label="Edit device ui-edit-2"]')).toHaveLength(1);
    expect((within(dialog).getByLabelText('Station') as HTMLInputElement).value).toBe('S9');
    expect(await registryDevice('demo-tunnel', 'ui-edit-2')).toMatchObject({ station: 'S1', reportPeriodS: 10 });
  });

  it('moves a device to another project of the administrator', async () => {
    await addDevice('ui-move-1');
    await openAdmin('Devices');
    await searchDevices('ui-move-1');
    fireEvent.click(await screen.findByRole('button', { name: 'Move ui-move-1' }, WAIT));
    const dialog = await findDialog('Move device ui-move-1');
    const select = within(dialog).getByLabelText('To project') as HTMLSelectElement;
    const bridge = Array.from(select.options).find((o) => o.value === 'demo-bridge');
    expect(bridge).toBeTruthy();
    fireEvent.change(select, { target: { value: 'demo-bridge' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Move', ...IN_DIALOG }));
    await waitFor(() => expect(screen.queryByRole('dialog', IN_DIALOG)).toBeNull(), WAIT);
    expect(await registryDevice('demo-bridge', 'ui-move-1')).toMatchObject({ name: 'Gas ui-move-1' });
    expect(await registryDevice('demo-tunnel', 'ui-move-1')).toBeUndefined();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Edit ui-move-1' })).toBeNull(), WAIT);
  });
});

describe('AdminScreen, Projects tab', () => {
  afterEach(() => {
    window.location.hash = '';
  });

  async function projectDetails(projectId: string): Promise<ProjectDetails> {
    return real().admin.call<ProjectDetails>(ADMIN.projectDetails.path, { projectId });
  }

  async function organisation(coId: string): Promise<Organisation | undefined> {
    return (await real().admin.call<Organisation[]>(ADMIN.orgList.path, {})).find((o) => o.coId === coId);
  }

  it("edits the current project's key figures and details", async () => {
    const before = await projectDetails('demo-tunnel');
    await openAdmin('Projects');
    const section = (await screen.findByRole('heading', { name: 'Project details' }, WAIT)).closest('section')!;
    fireEvent.change(within(section).getByLabelText('Contractor'), { target: { value: 'China Railway Tunnel Group' } });
    const n = before.keyFigures.length + 1;
    fireEvent.click(within(section).getByRole('button', { name: 'Add key figure' }));
    fireEvent.change(within(section).getByLabelText(`Key figure ${n} label`), { target: { value: 'Length' } });
    fireEvent.change(within(section).getByLabelText(`Key figure ${n} value`), { target: { value: '4.2 km' } });
    fireEvent.click(within(section).getByRole('button', { name: 'Save details' }));
    await waitFor(async () => {
      const after = await projectDetails('demo-tunnel');
      expect(after.contractor).toBe('China Railway Tunnel Group');
      expect(after.keyFigures).toEqual([...before.keyFigures, { label: 'Length', value: '4.2 km' }]);
    }, WAIT);
    expect(within(section).queryByRole('alert')).toBeNull();

    // removing it again
    fireEvent.click(await within(section).findByRole('button', { name: `Remove key figure ${n}` }, WAIT));
    fireEvent.click(within(section).getByRole('button', { name: 'Save details' }));
    await waitFor(async () => expect((await projectDetails('demo-tunnel')).keyFigures).toEqual(before.keyFigures), WAIT);
  });

  it("shows the server's refusal of a key figure without a label in the details section and changes nothing", async () => {
    const before = await projectDetails('demo-tunnel');
    await openAdmin('Projects');
    const section = (await screen.findByRole('heading', { name: 'Project details' }, WAIT)).closest('section')!;
    const n = before.keyFigures.length + 1;
    fireEvent.click(within(section).getByRole('button', { name: 'Add key figure' }));
    fireEvent.change(within(section).getByLabelText(`Key figure ${n} value`), { target: { value: '12' } });
    fireEvent.change(within(section).getByLabelText('Contractor'), { target: { value: 'Not saved' } });
    fireEvent.click(within(section).getByRole('button', { name: 'Save details' }));
    const alert = await within(section).findByRole('alert', {}, WAIT);
    expect(alert.textContent).toMatch(/keyFigures/);
    expect((within(section).getByLabelText(`Key figure ${n} value`) as HTMLInputElement).value).toBe('12');
    const after = await projectDetails('demo-tunnel');
    expect(after.keyFigures).toEqual(before.keyFigures);
    expect(after.contractor).toBe(before.contractor);
  });

  it('renames an organisation in a dialog, showing a refusal inside it', async () => {
    await real().admin.call(ADMIN.orgAdd.path, { coId: 'ui-co-1', name: 'Old name' });
    await openAdmin('Projects');
    fireEvent.click(await screen.findByRole('button', { name: 'Rename ui-co-1' }, WAIT));
    const dialog = await findDialog('Rename organisation ui-co-1');
    await new Promise((r) => setTimeout(r, 500));
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: '   ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save', ...IN_DIALOG }));
    expect((await within(dialog).findByRole('alert', IN_DIALOG, WAIT)).textContent).toMatch(/name: required/);
    expect((await organisation('ui-co-1'))?.name).toBe('Old name');

    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Shudao Tunnelling Co.' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save', ...IN_DIALOG }));
    await waitFor(() => expect(screen.queryByRole('dialog', IN_DIALOG)).toBeNull(), WAIT);
    expect((await organisation('ui-co-1'))?.name).toBe('Shudao Tunnelling Co.');
    const table = screen.getByRole('table', { name: 'Organisations' });
    await waitFor(() => expect(within(table).getByText('Shudao Tunnelling Co.')).toBeTruthy(), WAIT);
  });

  it('archives and restores an organisation', async () => {
    await real().admin.call(ADMIN.orgAdd.path, { coId: 'ui-co-2', name: 'To archive' });
    await openAdmin('Projects');
    fireEvent.click(await screen.findByRole('button', { name: 'Archive ui-co-2' }, WAIT));
    await waitFor(async () => expect((await organisation('ui-co-2'))?.archived).toBe(true), WAIT);
    const row = (await screen.findByRole('button', { name: 'Restore ui-co-2' }, WAIT)).closest('tr')!;
    expect(within(row).getByText('Archived')).toBeTruthy();
    fireEvent.click(within(row).getByRole('button', { name: 'Restore ui-co-2' }));
    await waitFor(async () => expect((await organisation('ui-co-2'))?.archived).toBe(false), WAIT);
    expect(await screen.findByRole('button', { name: 'Archive ui-co-2' }, WAIT)).toBeTruthy();
  });
});
