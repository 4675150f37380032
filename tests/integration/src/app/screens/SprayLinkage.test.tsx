import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ADMIN, ENVIRONMENT, type AuditPage, type SprayState } from '../../../../../protocol';
import { activateLocale } from '../../../../../src/i18n/i18n';
import { appRoot } from '../../../../../src/test/render';
import { TEST_ADMIN_PASSWORD, useRealServer } from '../../../../../src/test/realServer';
import { App } from '../../../../../src/app/App';
import { findDialog, IN_DIALOG } from '../../../../../src/test/dialogs';

/** docs/domain.md "Spray linkage": an administrator links a fog cannon to a monitor from the environment screen. */
/** Generous: the machine that runs these may be loaded, and the screen's chunk loads on first use. */
const WAIT = { timeout: 30_000 };
const FIRST_SHOW = { timeout: 120_000 };
const PROJECT = 'demo-tunnel';
const real = useRealServer();

const cannon = async (sn: string) => (await real().admin.call<SprayState[]>(ENVIRONMENT.sprayList.path, { projectId: PROJECT })).find((s) => s.sn === sn)!;

describe('Environment screen: spray linkage', () => {
  afterEach(() => {
    window.location.hash = '';
  });

  it('sets the monitor, TSP limit and hold time in a dialog, shows a refusal inside it, and unlinks', async () => {
    await activateLocale('en');
    window.location.hash = `#/environment?projectId=${PROJECT}`;
    const root = appRoot(real().client().fetch);
    await root.session.login('admin', TEST_ADMIN_PASSWORD);
    render(<App root={root} />);
    const before = await cannon('FOG-LK-E');
    fireEvent.click(await screen.findByRole('button', { name: `Linkage of ${before.name}` }, FIRST_SHOW));
    const dialog = await findDialog(`Spray linkage of ${before.name}`, WAIT.timeout);
    // the project's particulate monitors are offered once the device list has loaded
    await within(dialog).findByRole('option', { name: /ENV-LK-X/, ...IN_DIALOG }, WAIT);
    fireEvent.change(within(dialog).getByLabelText('Linked monitor'), { target: { value: 'ENV-LK-X' } });
    fireEvent.change(within(dialog).getByLabelText('Metric'), { target: { value: 'tsp' } });
    // the limit's unit follows the metric
    const limit = within(dialog).getByLabelText('On above (mg/m³)');
    fireEvent.change(limit, { target: { value: '-1' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save', ...IN_DIALOG }));
    expect(await within(dialog).findByRole('alert', IN_DIALOG, WAIT)).toBeTruthy();
    expect((await cannon('FOG-LK-E')).linkage).toEqual(before.linkage);

    fireEvent.change(limit, { target: { value: '0.8' } });
    fireEvent.change(within(dialog).getByLabelText('Off after below for (min)'), { target: { value: '15' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save', ...IN_DIALOG }));
    await waitFor(() => expect(document.querySelector(`[role="dialog"][aria-label="Spray linkage of ${before.name}"]`)).toBeNull(), WAIT);
    expect((await cannon('FOG-LK-E')).linkage).toEqual({ stationSn: 'ENV-LK-X', metric: 'tsp', onAbove: 0.8, holdS: 900 });
    const row = document.querySelector<HTMLElement>('[data-cannon="FOG-LK-E"]')!;
    await waitFor(() => expect(row.textContent).toContain('ENV-LK-X'), WAIT);

    fireEvent.click(within(row).getByRole('button', { name: `Linkage of ${before.name}` }));
    const again = await findDialog(`Spray linkage of ${before.name}`, WAIT.timeout);
    fireEvent.change(within(again).getByLabelText('Linked monitor'), { target: { value: '' } });
    fireEvent.click(within(again).getByRole('button', { name: 'Save', ...IN_DIALOG }));
    await waitFor(async () => expect((await cannon('FOG-LK-E')).linkage).toBeNull(), WAIT);
    const audit = await real().admin.call<AuditPage>(ADMIN.auditList.path, { projectId: PROJECT, action: 'spray.linkage' });
    expect(audit.rows.length).toBeGreaterThanOrEqual(2);
  });
});
