import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ADMIN, type RegistryDevice } from '../../../../../../protocol';
import { activateLocale } from '../../../../../../src/i18n/i18n';
import { appRoot } from '../../../../../../src/test/render';
import { eventually, TEST_ADMIN_PASSWORD, useRealServer } from '../../../../../../src/test/realServer';
import { App } from '../../../../../../src/app/App';

const WAIT = { timeout: 8000 };
const real = useRealServer();

async function registryDevice(sn: string): Promise<RegistryDevice | undefined> {
  const list = await real().admin.call<RegistryDevice[]>(ADMIN.deviceRegistryList.path, { projectId: 'demo-tunnel' });
  return list.find((d) => d.sn === sn);
}

/** docs/domain.md "Unconfigured metrics": the administrator sees the flag and confirms the kind default. */
describe('Devices tab: a metric with no configured threshold', () => {
  afterEach(() => {
    window.location.hash = '';
  });

  it('names the metric and drops the flag once the administrator confirms the default', async () => {
    const sn = 'ui-unconf-1';
    await real().admin.call(ADMIN.deviceAdd.path, {
      projectId: 'demo-tunnel',
      device: { sn, kind: 'gas', name: `Gas ${sn}`, station: 'S1', position: 'face', reportPeriodS: 10, gases: ['CO'] },
    });
    await (await real().device()).gas(sn, { CO: 1, CH4: 0.2 });
    await eventually(async () => (await registryDevice(sn))?.unconfiguredMetrics.length === 1, 5_000, 'flag stored');

    await activateLocale('en');
    window.location.hash = '#/admin';
    const root = appRoot(real().client().fetch);
    await root.session.login('admin', TEST_ADMIN_PASSWORD);
    render(<App root={root} />);
    fireEvent.click(await screen.findByRole('tab', { name: 'Devices' }, WAIT));
    // the list is paged: narrow it to the device
    fireEvent.change(await screen.findByRole('textbox', { name: 'Search devices' }, WAIT), { target: { value: sn } });
    expect(await screen.findByText(/no configured threshold: Methane \(CH₄\)/, {}, WAIT)).toBeTruthy();

    fireEvent.click(await screen.findByRole('button', { name: `Confirm the default thresholds of ${sn}` }, WAIT));
    await waitFor(() => expect(screen.queryByText(/no configured threshold: Methane/)).toBeNull(), WAIT);
    expect((await registryDevice(sn))?.unconfiguredMetrics).toEqual([]);
  });
});
