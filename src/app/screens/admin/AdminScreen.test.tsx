import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ADMIN_ROUTES, type RegistryDevice } from '../../../../protocol';
import { activateLocale } from '../../../i18n/i18n';
import { appRoot } from '../../../test/render';
import { TEST_ADMIN_PASSWORD, useRealServer } from '../../../test/realServer';
import { App } from '../../App';

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
  const list = await real().admin.call<RegistryDevice[]>(ADMIN_ROUTES.deviceRegistryList, { projectId });
  return list.find((d) => d.sn === sn);
}

async function addDevice(sn: string) {
  await real().admin.call(ADMIN_ROUTES.deviceAdd, {
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
    fireEvent.click(await screen.findByRole('button', { name: 'Edit ui-edit-1' }, WAIT));
    const dialog = await screen.findByRole('dialog', { name: 'Edit device ui-edit-1' }, WAIT);
    fireEvent.change(within(dialog).getByLabelText('Station'), { target: { value: 'S7' } });
    fireEvent.change(within(dialog).getByLabelText('Tunnel'), { target: { value: 'left' } });
    fireEvent.change(within(dialog).getByLabelText('Chainage (m)'), { target: { value: '1234.5' } });
    fireEvent.change(within(dialog).getByLabelText('Reporting period (s)'), { target: { value: '30' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), WAIT);
    expect(await registryDevice('demo-tunnel', 'ui-edit-1')).toMatchObject({ station: 'S7', tunnelId: 'left', chainageM: 1234.5, reportPeriodS: 30, name: 'Gas ui-edit-1' });
    const row = (await screen.findByText('S7', {}, WAIT)).closest('tr')!;
    expect(within(row).getByText('ui-edit-1')).toBeTruthy();
    expect(within(row).getByText('1234.5')).toBeTruthy();
  });

  it("shows the server's refusal inside the dialog, keeps it open and changes nothing", async () => {
    await addDevice('ui-edit-2');
    await openAdmin('Devices');
    fireEvent.click(await screen.findByRole('button', { name: 'Edit ui-edit-2' }, WAIT));
    const dialog = await screen.findByRole('dialog', { name: 'Edit device ui-edit-2' }, WAIT);
    fireEvent.change(within(dialog).getByLabelText('Station'), { target: { value: 'S9' } });
    fireEvent.change(within(dialog).getByLabelText('Reporting period (s)'), { target: { value: '0' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    const alert = await within(dialog).findByRole('alert', {}, WAIT);
    expect(alert.textContent).toMatch(/at least 1 s/);
    expect(screen.getByRole('dialog', { name: 'Edit device ui-edit-2' })).toBeTruthy();
    expect((within(dialog).getByLabelText('Station') as HTMLInputElement).value).toBe('S9');
    expect(await registryDevice('demo-tunnel', 'ui-edit-2')).toMatchObject({ station: 'S1', reportPeriodS: 10 });
  });

  it('moves a device to another project of the administrator', async () => {
    await addDevice('ui-move-1');
    await openAdmin('Devices');
    fireEvent.click(await screen.findByRole('button', { name: 'Move ui-move-1' }, WAIT));
    const dialog = await screen.findByRole('dialog', { name: 'Move device ui-move-1' }, WAIT);
    const select = within(dialog).getByLabelText('To project') as HTMLSelectElement;
    const bridge = Array.from(select.options).find((o) => o.value === 'demo-bridge');
    expect(bridge).toBeTruthy();
    fireEvent.change(select, { target: { value: 'demo-bridge' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Move' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), WAIT);
    expect(await registryDevice('demo-bridge', 'ui-move-1')).toMatchObject({ name: 'Gas ui-move-1' });
    expect(await registryDevice('demo-tunnel', 'ui-move-1')).toBeUndefined();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Edit ui-move-1' })).toBeNull(), WAIT);
  });
});
