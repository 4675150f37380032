import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ALARMS, type AlarmPage } from '../../../../../protocol';
import { activateLocale } from '../../../../../src/i18n/i18n';
import { appRoot } from '../../../../../src/test/render';
import { TEST_ADMIN_PASSWORD, useRealServer } from '../../../../../src/test/realServer';
import { App } from '../../../../../src/app/App';

const WAIT = { timeout: 5000 };
/** A 1×1 PNG, as a camera would upload its capture (base64). */
const ONE_PIXEL_PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

const real = useRealServer();

async function openApp(hash: string) {
  await activateLocale('en');
  window.location.hash = hash;
  const api = real().client();
  const root = appRoot(api.fetch);
  await root.session.login('admin', TEST_ADMIN_PASSWORD);
  render(<App root={root} />);
  return api;
}

describe('AlarmCenterScreen', () => {
  afterEach(() => {
    window.location.hash = '';
  });

  it('searches on the server, shows the total and the detail timeline, and handles the selected alarms', async () => {
    const device = await real().device();
    await device.gas('GAS-LK-E-F', { CO: 30 }, { metric: 'CO', state: 'active' });
    await device.gas('GAS-RK-E-F', { O2: 19.2 }, { metric: 'O2', state: 'active' });
    const api = await openApp('#/alarmCenter');
    expect(await screen.findByText('Total 2 items', {}, WAIT)).toBeTruthy();
    // the analysis above the table: both stations among the top devices
    const top = await screen.findByRole('list', { name: 'Top devices' }, WAIT);
    expect(within(top).getByText('GAS-LK-E-F')).toBeTruthy();
    expect(within(top).getByText('GAS-RK-E-F')).toBeTruthy();
    const o2Row = (await screen.findByText(/Oxygen \(O₂\) · Below limit/, {}, WAIT)).closest('tr')!;
    expect(within(o2Row).getByText('19.2 / 19.5 %vol')).toBeTruthy();

    fireEvent.change(screen.getByRole('textbox', { name: 'Search' }), { target: { value: 'RK-E' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('Total 1 items', {}, WAIT)).toBeTruthy();
    expect(api.calls.filter((c) => c.route === ALARMS.alarmList.path).at(-1)!.body).toMatchObject({ text: 'RK-E', projectId: 'demo-tunnel' });

    fireEvent.click(screen.getByRole('button', { name: 'Details' }));
    const timeline = await screen.findByRole('list', { name: 'Timeline' }, WAIT);
    expect(within(timeline).getByText(/^Raised \d{4}-\d\d-\d\d \d\d:\d\d:\d\d/)).toBeTruthy();
    // the station's position names its bore: said once, by name, not as "· RK"
    expect(await screen.findByText('Right bore, entry heading, working face', {}, WAIT)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Close', hidden: true })); // in the drawer's surface, which jsdom reports as hidden while it animates

    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all' }));
    fireEvent.click(screen.getByRole('button', { name: 'Handle selected (1)' }));
    fireEvent.change(await screen.findByRole('textbox', { name: 'Remark' }, WAIT), { target: { value: 'Ventilation increased' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm', hidden: true }));
    await waitFor(async () => {
      const page = await real().admin.call<AlarmPage>(ALARMS.alarmList.path, { projectId: 'demo-tunnel', metric: 'O2' });
      expect(page.list[0]).toMatchObject({ dealStatus: 1, dealRemark: 'Ventilation increased', dealtBy: 'admin' });
    }, WAIT);
    await waitFor(() => expect(screen.getByText(/Cleared · Processed|Active · Processed/)).toBeTruthy(), WAIT);
  });

  it('shows the gas over-limit analysis and detail, and an AI alarm with the capture the server stores', async () => {
    const device = await real().device();
    await device.gas('GAS-LK-E-L', { H2S: 12 }, { metric: 'H2S', state: 'active' });
    const ts = Date.now();
    await device.publish('camera', 'CAM-05', { ts, algType: 'noVest', pic: ONE_PIXEL_PNG });
    await openApp('#/alarmCenter');
    const detail = await screen.findByRole('table', { name: 'Over-limit detail' }, WAIT);
    const h2s = within(detail).getByText(/H₂S/).closest('tr')!;
    expect(within(h2s).getByText(/^12 ppm \/ \d+(\.\d+)? ppm/)).toBeTruthy();
    expect(within(h2s).getByText('Active (Untreated)')).toBeTruthy();
    expect(screen.getByRole('figure', { name: /Over-limit alarms of .*H₂S.* per day and station/ })).toBeTruthy();

    fireEvent.change(screen.getByRole('textbox', { name: 'Search' }), { target: { value: 'CAM-05' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('Total 1 items', {}, WAIT)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Details' }));
    const picture = (await screen.findByRole('img', { name: 'AI capture', hidden: true }, WAIT)) as HTMLImageElement;
    expect(picture.getAttribute('src')).toBe(`${ALARMS.alarmCapture.path}?projectId=demo-tunnel&name=CAM-05-${ts}.png`);
  });

  it('shelves an alarm for a while with a reason, shows who and until when, lists it as shelved and unshelves it', async () => {
    const device = await real().device();
    await device.gas('GAS-LK-E-F', { CO: 30 }, { metric: 'CO', state: 'active' });
    const api = await openApp('#/alarmCenter');
    await screen.findByText(/^Total \d+ items$/, {}, WAIT);
    fireEvent.change(screen.getByRole('textbox', { name: 'Search' }), { target: { value: 'GAS-LK-E-F' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('Total 1 items', {}, WAIT)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Shelve' }));
    fireEvent.change(await screen.findByRole('textbox', { name: 'Shelve reason' }, WAIT), { target: { value: 'Sensor being calibrated' } });
    // the dialog's own Shelve button, in its portal after the table (jsdom reports the surface as hidden while it animates)
    fireEvent.click(screen.getAllByRole('button', { name: 'Shelve', hidden: true }).at(-1)!);
    const badge = await screen.findByText(/^Shelved until \d\d:\d\d by admin: Sensor being calibrated$/, {}, WAIT);
    expect(api.calls.filter((c) => c.route === ALARMS.alarmShelve.path).at(-1)!.body).toMatchObject({ minutes: 60, reason: 'Sensor being calibrated' });
    expect(badge).toBeTruthy();
    const page = await real().admin.call<AlarmPage>(ALARMS.alarmList.path, { projectId: 'demo-tunnel', shelved: true });
    expect(page.list.map((a) => a.shelvedBy)).toEqual(['admin']);

    fireEvent.click(screen.getByRole('button', { name: 'Unshelve' }));
    await waitFor(() => expect(screen.queryByText(/^Shelved until/)).toBeNull(), WAIT);
    const after = await real().admin.call<AlarmPage>(ALARMS.alarmList.path, { projectId: 'demo-tunnel', shelved: true });
    expect(after.total).toBe(0);
  });
});
