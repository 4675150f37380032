import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { DEVICES } from '../../../../../protocol';
import { activateLocale } from '../../../../../src/i18n/i18n';
import { appRoot } from '../../../../../src/test/render';
import { CallError, TEST_ADMIN_PASSWORD, useRealServer } from '../../../../../src/test/realServer';
import { TEST_DEMO_PASSWORD } from '../../../../helpers/testServer';
import { App } from '../../../../../src/app/App';

const WAIT = { timeout: 5000 };
const real = useRealServer();

async function openApp(hash: string, username = 'admin', password = TEST_ADMIN_PASSWORD) {
  await activateLocale('en');
  window.location.hash = hash;
  const root = appRoot(real().client().fetch);
  await root.session.login(username, password);
  render(<App root={root} />);
}

describe('SystemStatusScreen (administrators)', () => {
  afterEach(() => {
    window.location.hash = '';
  });

  it('is reached from the header and shows device messages and refused requests by route and code', async () => {
    // one refused request the page must show
    await expect(real().admin.call(DEVICES.deviceList.path, { projectId: 'x\u0000' })).rejects.toBeInstanceOf(CallError);
    await openApp('#/pageManger');
    const link = await screen.findByRole('link', { name: 'Status' }, WAIT);
    expect(link.getAttribute('href')).toBe('#/system/status');
    fireEvent.click(link);
    window.location.hash = '#/system/status';
    expect(await screen.findByRole('heading', { name: 'System status' }, WAIT)).toBeTruthy();
    const devices = await screen.findByRole('table', { name: 'Device messages' }, WAIT);
    expect(within(devices).getByText('Accepted')).toBeTruthy();
    const refused = screen.getByRole('table', { name: 'Refused requests' });
    const row = within(refused).getByText(DEVICES.deviceList.path).closest('tr')!;
    expect(within(row).getByText('VALIDATION')).toBeTruthy();
    expect(within(row).getByText('400')).toBeTruthy();
  });

  it('has no Status button for other users, and the page refuses them', async () => {
    await openApp('#/system/status', 'bridge', TEST_DEMO_PASSWORD);
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe("Sorry, you don't have access to this page"), WAIT);
    expect(screen.queryByRole('link', { name: 'Status' })).toBeNull();
  });
});
