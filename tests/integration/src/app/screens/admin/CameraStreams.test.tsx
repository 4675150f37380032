import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { VIDEO, type CameraStreamRow } from '../../../../../../protocol';
import { activateLocale } from '../../../../../../src/i18n/i18n';
import { appRoot } from '../../../../../../src/test/render';
import { TEST_ADMIN_PASSWORD, useRealServer } from '../../../../../../src/test/realServer';
import { App } from '../../../../../../src/app/App';
import { findDialog, IN_DIALOG } from '../../../../../../src/test/dialogs';

const WAIT = { timeout: 20_000 };
const real = useRealServer();
const PROJECT = 'demo-tunnel';

/** Camera `sn`'s source as the server lists it to administrators. */
async function listed(sn: string): Promise<CameraStreamRow | undefined> {
  return (await real().admin.call<CameraStreamRow[]>(VIDEO.streamList.path, { projectId: PROJECT })).find((r) => r.sn === sn);
}

/** Opens the Devices tab as the seeded admin and the stream source dialog of camera `sn` named `name`. */
async function openSourceDialog(sn: string, name: string): Promise<HTMLElement> {
  await activateLocale('en');
  window.location.hash = '#/admin';
  const root = appRoot(real().client().fetch);
  await root.session.login('admin', TEST_ADMIN_PASSWORD);
  render(<App root={root} />);
  fireEvent.click(await screen.findByRole('tab', { name: 'Devices' }, WAIT));
  fireEvent.click(await screen.findByRole('button', { name: `Edit the stream source of ${sn}` }, WAIT));
  return findDialog(`Stream source of ${name} (${sn})`);
}

describe('AdminScreen, camera stream sources', () => {
  afterEach(() => {
    window.location.hash = '';
  });

  it('never shows a saved password, keeps it when the field is left empty, and refuses it for another address', async () => {
    await real().admin.call(VIDEO.streamSet.path, { projectId: PROJECT, sn: 'CAM-06', source: 'rtsp', mainUrl: 'rtsp://viewer:Saved-pw-9@10.0.0.7:554/ch1', subUrl: null });
    const dialog = await openSourceDialog('CAM-06', 'Camera 6 (lining carriage)');
    expect(document.body.textContent).not.toContain('Saved-pw-9');
    expect((within(dialog).getByLabelText('Main stream URL') as HTMLInputElement).value).toBe('rtsp://10.0.0.7:554/ch1');
    expect((within(dialog).getByLabelText('User name') as HTMLInputElement).value).toBe('viewer');
    expect((within(dialog).getByLabelText('Password') as HTMLInputElement).value).toBe('');

    // another address with the password left empty: refused in the dialog, nothing saved
    fireEvent.change(within(dialog).getByLabelText('Main stream URL'), { target: { value: 'rtsp://10.0.0.8:554/ch1' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save', ...IN_DIALOG }));
    expect((await within(dialog).findByRole('alert', IN_DIALOG, WAIT)).textContent).toMatch(/Type the password again/);
    expect((await listed('CAM-06'))?.mainUrl).toBe('rtsp://viewer:***@10.0.0.7:554/ch1');

    // another channel of the same camera and a sub stream, password left empty: both keep the saved one
    fireEvent.change(within(dialog).getByLabelText('Main stream URL'), { target: { value: 'rtsp://10.0.0.7:554/ch2' } });
    fireEvent.change(within(dialog).getByLabelText('Sub stream URL (optional)'), { target: { value: 'rtsp://10.0.0.7:554/ch2-sub' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save', ...IN_DIALOG }));
    await waitFor(() => expect(screen.queryByRole('dialog', IN_DIALOG)).toBeNull(), WAIT);
    expect(await listed('CAM-06')).toMatchObject({ source: 'rtsp', mainUrl: 'rtsp://viewer:***@10.0.0.7:554/ch2', subUrl: 'rtsp://viewer:***@10.0.0.7:554/ch2-sub' });
    const row = (await screen.findByText('rtsp://viewer:***@10.0.0.7:554/ch2', {}, WAIT)).closest('tr')!;
    expect(within(row).getByText('CAM-06')).toBeTruthy();
    expect(document.body.textContent).not.toContain('Saved-pw-9');
  });
});
