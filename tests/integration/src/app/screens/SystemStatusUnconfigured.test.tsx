import { afterEach, describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { ADMIN, OPERATIONS, type SystemStatus } from '../../../../../protocol';
import { activateLocale } from '../../../../../src/i18n/i18n';
import { appRoot } from '../../../../../src/test/render';
import { eventually, TEST_ADMIN_PASSWORD, useRealServer } from '../../../../../src/test/realServer';
import { App } from '../../../../../src/app/App';

const WAIT = { timeout: 5000 };
const real = useRealServer();

/** docs/domain.md "Unconfigured metrics": the Status page lists devices reporting a metric with no threshold. */
describe('SystemStatusScreen: metrics with no configured threshold', () => {
  afterEach(() => {
    window.location.hash = '';
  });

  it('names the device and the metric, and says so when there is none', async () => {
    await activateLocale('en');
    window.location.hash = '#/system/status';
    let root = appRoot(real().client().fetch);
    await root.session.login('admin', TEST_ADMIN_PASSWORD);
    const first = render(<App root={root} />);
    expect(await screen.findByText('Every reported metric has a configured threshold.', {}, WAIT)).toBeTruthy();
    first.unmount();

    const sn = 'ui-status-unconf';
    await real().admin.call(ADMIN.deviceAdd.path, {
      projectId: 'demo-tunnel',
      device: { sn, kind: 'gas', name: 'Portal CO', station: 'S1', position: 'portal', reportPeriodS: 10, gases: ['CO'] },
    });
    await (await real().device()).gas(sn, { CO: 1, H2S: 0.1 });
    await eventually(async () => (await real().admin.call<SystemStatus>(OPERATIONS.systemStatus.path, {})).unconfiguredMetrics.some((d) => d.sn === sn), 5_000, 'flag stored');

    root = appRoot(real().client().fetch);
    await root.session.login('admin', TEST_ADMIN_PASSWORD);
    render(<App root={root} />);
    const table = await screen.findByRole('table', { name: 'Metrics with no configured threshold' }, WAIT);
    const row = within(table).getByText(`Portal CO (${sn})`).closest('tr')!;
    expect(within(row).getByText('demo-tunnel')).toBeTruthy();
    expect(within(row).getByText('Hydrogen sulphide (H₂S)')).toBeTruthy();
  });
});
