import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ADMIN, FLEET, type AuditPage, type RegistryDevice, type ThresholdView } from '../../../../../../protocol';
import { activateLocale } from '../../../../../../src/i18n/i18n';
import { appRoot } from '../../../../../../src/test/render';
import { TEST_ADMIN_PASSWORD, useRealServer } from '../../../../../../src/test/realServer';
import { App } from '../../../../../../src/app/App';
import { findDialog, IN_DIALOG } from '../../../../../../src/test/dialogs';
import { DEVICE_PAGE_SIZE } from '../../../../../../src/app/screens/admin/deviceFilter';

/** docs/api.md "Device registry", "Thresholds": the Devices tab's search, kind filter, pages and its dialogs. */
/** Generous: the machine that runs these may be loaded, and the screen's chunk loads on first use. */
const WAIT = { timeout: 30_000 };
const FIRST_SHOW = { timeout: 120_000 };
const PROJECT = 'demo-tunnel';
const real = useRealServer();

async function openDevices() {
  await activateLocale('en');
  window.location.hash = '#/admin';
  const root = appRoot(real().client().fetch);
  await root.session.login('admin', TEST_ADMIN_PASSWORD);
  render(<App root={root} />);
  fireEvent.click(await screen.findByRole('tab', { name: 'Devices' }, FIRST_SHOW));
  return screen.findByRole('table', { name: 'Devices' }, WAIT);
}

const registry = () => real().admin.call<RegistryDevice[]>(ADMIN.deviceRegistryList.path, { projectId: PROJECT });
/** The editor row of `metric` in `dialog`, waited for. */
const metricRow = (dialog: HTMLElement, metric: string) =>
  waitFor(() => {
    const row = dialog.querySelector<HTMLElement>(`[data-threshold="${metric}"]`);
    if (!row) throw new Error(`no row of ${metric} yet`);
    return row;
  }, WAIT);
const bodyRows = (table: HTMLElement) => within(table).getAllByRole('row').slice(1);

async function addGas(sn: string, gases: string[] = ['CO', 'CH4']) {
  await real().admin.call(ADMIN.deviceAdd.path, { projectId: PROJECT, device: { sn, kind: 'gas', name: `Gas ${sn}`, station: 'S1', position: 'face', reportPeriodS: 10, gases } });
}

describe('Devices tab: finding a device among hundreds', () => {
  afterEach(() => {
    window.location.hash = '';
  });

  it('shows a page at a time, searches serial number, name and station, and filters by kind as the UI names it', async () => {
    await real().admin.call(ADMIN.deviceAdd.path, { projectId: PROJECT, device: { sn: 'ui-find-cam', kind: 'camera', name: 'Batching plant camera', station: 'Mixer yard', position: '', reportPeriodS: 10, gases: [] } });
    const all = await registry();
    expect(all.length).toBeGreaterThan(DEVICE_PAGE_SIZE);
    const table = await openDevices();
    await waitFor(() => expect(bodyRows(table)).toHaveLength(DEVICE_PAGE_SIZE), WAIT);
    expect(screen.getByText(`Total ${all.length} items`)).toBeTruthy();
    const pages = Math.ceil(all.length / DEVICE_PAGE_SIZE);
    expect(screen.getByText(`1 / ${pages}`)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(within(table).getByText(all[DEVICE_PAGE_SIZE].sn)).toBeTruthy(), WAIT);

    const search = screen.getByRole('textbox', { name: 'Search devices' });
    // by station, then by name: the one camera, whatever page it was on
    fireEvent.change(search, { target: { value: 'mixer YARD' } });
    await waitFor(() => expect(bodyRows(table).map((r) => within(r).getAllByRole('cell')[0].textContent)).toEqual(['ui-find-cam']), WAIT);
    fireEvent.change(search, { target: { value: 'batching plant' } });
    await waitFor(() => expect(bodyRows(table)).toHaveLength(1), WAIT);
    // the kind is shown by its label, and a camera that never sent an event is not "not reporting"
    const row = bodyRows(table)[0];
    expect(within(row).getByText('Camera')).toBeTruthy();
    expect(within(row).queryByText(/not reporting/)).toBeNull();
    expect(within(row).queryByRole('button', { name: 'Thresholds of ui-find-cam' })).toBeNull();

    fireEvent.change(search, { target: { value: '' } });
    const kind = screen.getByRole('combobox', { name: 'Kind filter' }) as HTMLSelectElement;
    const labels = Array.from(kind.options).map((o) => o.textContent);
    expect(labels).toContain('Camera');
    expect(labels).not.toContain('camera');
    fireEvent.change(kind, { target: { value: 'camera' } });
    const cameras = all.filter((d) => d.kind === 'camera');
    await waitFor(() => expect(screen.getByText(`Total ${cameras.length} items`)).toBeTruthy(), WAIT);
    for (const r of bodyRows(table)) expect(within(r).getAllByRole('cell')[1].textContent).toBe('Camera');
    fireEvent.change(search, { target: { value: 'no device is called this' } });
    expect(await screen.findByText('No device matches the search', {}, WAIT)).toBeTruthy();
  });

  it('adds a device from a dialog, showing a refusal inside it, and imports a list from another', async () => {
    await addGas('ui-add-taken');
    await openDevices();
    // the tools are above the list, not under hundreds of rows
    fireEvent.click(screen.getByRole('button', { name: 'Add a device' }));
    let dialog = await findDialog('Add a device', WAIT.timeout);
    fireEvent.change(within(dialog).getByLabelText('Serial number'), { target: { value: 'ui-add-taken' } });
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Second station' } });
    fireEvent.change(within(dialog).getByLabelText('Gases (e.g. CH4;CO)'), { target: { value: 'CO' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add device', ...IN_DIALOG }));
    expect((await within(dialog).findByRole('alert', IN_DIALOG, WAIT)).textContent).toMatch(/already registered/);
    expect((await registry()).find((d) => d.sn === 'ui-add-taken')?.name).toBe('Gas ui-add-taken');
    fireEvent.change(within(dialog).getByLabelText('Serial number'), { target: { value: 'ui-add-new' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add device', ...IN_DIALOG }));
    await waitFor(() => expect(document.querySelector('[role="dialog"][aria-label="Add a device"]')).toBeNull(), WAIT);
    expect((await registry()).find((d) => d.sn === 'ui-add-new')).toMatchObject({ kind: 'gas', name: 'Second station', gases: ['CO'] });

    fireEvent.click(screen.getByRole('button', { name: 'Import a list' }));
    dialog = await findDialog('Import a list', WAIT.timeout);
    expect(within(dialog).getByRole('button', { name: 'Download the template (.xlsx)', ...IN_DIALOG })).toBeTruthy();
    const csv = 'sn,kind,name,station,reportPeriodS,gases\nui-imp-1,gas,Imported one,S4,10,CO\nui-imp-2,gas,Imported two,S4,10,O2\n';
    fireEvent.change(within(dialog).getByLabelText('Device list file'), { target: { files: [new File([csv], 'devices.csv', { type: 'text/csv' })] } });
    expect(await within(dialog).findByText('2 devices imported (2 new, 0 updated)', {}, WAIT)).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Device list file'), { target: { files: [new File(['sn,kind,name,reportPeriodS\nui-imp-3,toaster,Bad,10\n'], 'bad.csv', { type: 'text/csv' })] } });
    const problems = await within(dialog).findByRole('table', { name: 'Import problems', ...IN_DIALOG }, WAIT);
    expect(within(problems).getByText('kind')).toBeTruthy();
    const sns = (await registry()).map((d) => d.sn);
    expect(sns).toEqual(expect.arrayContaining(['ui-imp-1', 'ui-imp-2']));
    expect(sns).not.toContain('ui-imp-3');
  });
});

describe('Devices tab: thresholds on screen', () => {
  afterEach(() => {
    window.location.hash = '';
  });

  const view = (target: { sn: string } | { kind: string }) => real().admin.call<ThresholdView>(FLEET.thresholdGet.path, { projectId: PROJECT, target });
  const entry = (v: ThresholdView, metric: string) => v.entries.find((e) => e.threshold.metric === metric)!;

  it("edits a gas station's warning and alarm level per gas in a dialog, audited, with the server's refusal shown inside it", async () => {
    await addGas('ui-thr-1');
    await openDevices();
    fireEvent.change(screen.getByRole('textbox', { name: 'Search devices' }), { target: { value: 'ui-thr-1' } });
    fireEvent.click(await screen.findByRole('button', { name: 'Thresholds of ui-thr-1' }, WAIT));
    const dialog = await findDialog('Thresholds of ui-thr-1', WAIT.timeout);
    const co = await metricRow(dialog, 'CO');
    expect(within(co).getByText('ppm')).toBeTruthy();
    expect(dialog.querySelector('[data-threshold="CH4"]')).not.toBeNull();
    const warn = co.querySelector<HTMLInputElement>('[data-field="warnHigh"]')!;
    const alarm = co.querySelector<HTMLInputElement>('[data-field="alarmHigh"]')!;

    // a warning above the alarm: refused by the server, said in the dialog, nothing changed
    const before = entry(await view({ sn: 'ui-thr-1' }), 'CO').threshold;
    fireEvent.change(warn, { target: { value: String((before.alarmHigh ?? 100) + 10) } });
    fireEvent.click(within(co).getByRole('button', { name: 'Save', ...IN_DIALOG }));
    expect((await within(dialog).findByRole('alert', IN_DIALOG, WAIT)).textContent).toMatch(/must be below the alarm/);
    expect(entry(await view({ sn: 'ui-thr-1' }), 'CO').threshold).toEqual(before);

    fireEvent.change(warn, { target: { value: '18' } });
    fireEvent.change(alarm, { target: { value: '30' } });
    fireEvent.click(within(co).getByRole('button', { name: 'Save', ...IN_DIALOG }));
    await waitFor(async () => expect(entry(await view({ sn: 'ui-thr-1' }), 'CO')).toMatchObject({ edited: true, threshold: { warnHigh: 18, alarmHigh: 30 } }), WAIT);
    await waitFor(() => expect(dialog.querySelector('[data-threshold="CO"]')!.getAttribute('data-edited')).toBe('true'), WAIT);
    expect(entry(await view({ sn: 'ui-thr-1' }), 'CH4').edited).toBe(false);
    const audit = await real().admin.call<AuditPage>(ADMIN.auditList.path, { projectId: PROJECT, action: 'threshold.set', q: 'ui-thr-1' });
    expect(audit.rows.length).toBeGreaterThan(0);
  });

  it("edits the project's defaults of a kind, which a device nobody set follows", async () => {
    await addGas('ui-thr-2', ['H2S']);
    await openDevices();
    fireEvent.click(screen.getByRole('button', { name: 'Default thresholds' }));
    const dialog = await findDialog('Default thresholds of a kind', WAIT.timeout);
    const kind = within(dialog).getByLabelText('Kind') as HTMLSelectElement;
    expect(Array.from(kind.options).map((o) => o.textContent)).toContain('Environment monitor');
    fireEvent.change(kind, { target: { value: 'gas' } });
    const h2s = await metricRow(dialog, 'H2S');
    const before = entry(await view({ kind: 'gas' }), 'H2S').threshold;
    fireEvent.change(h2s.querySelector('[data-field="warnHigh"]')!, { target: { value: String((before.warnHigh ?? 6) - 1) } });
    fireEvent.click(within(h2s).getByRole('button', { name: 'Save', ...IN_DIALOG }));
    await waitFor(async () => expect(entry(await view({ kind: 'gas' }), 'H2S').threshold.warnHigh).toBe((before.warnHigh ?? 6) - 1), WAIT);
    await waitFor(async () => expect(entry(await view({ sn: 'ui-thr-2' }), 'H2S').threshold.warnHigh).toBe((before.warnHigh ?? 6) - 1), WAIT);
  });
});
