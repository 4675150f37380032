import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { LIFTING_DRIVERS, type LiftingDriverList } from '../../../../protocol';
import { DriverEditDialog } from '../../../../src/equipment/DriverEditDialog';
import { appRoot, renderWithApp } from '../../../../src/test/render';
import { TEST_ADMIN_PASSWORD, useRealServer } from '../../../../src/test/realServer';
import { IN_DIALOG } from '../../../../src/test/dialogs';

/** docs/api.md "Equipment": a project manager registers a driver of lifting equipment in the driver form. */
const WAIT = { timeout: 30_000 };
const PROJECT = 'demo-tunnel';
const real = useRealServer();

const registered = async () => (await real().admin.call<LiftingDriverList>(LIFTING_DRIVERS.driverList.path, { projectId: PROJECT })).drivers;

describe('driver form', () => {
  it('refuses an ID number with a wrong check character inside the form, then registers the driver on the machine', async () => {
    const root = appRoot(real().client().fetch);
    await root.session.login('admin', TEST_ADMIN_PASSWORD);
    const done: boolean[] = [];
    await renderWithApp(<DriverEditDialog projectId={PROJECT} driver={null} machineSn="TC-01" onDone={(changed) => done.push(changed)} />, root);
    const form = await screen.findByRole('form', { name: 'Driver', ...IN_DIALOG }, WAIT);
    const type = (label: string, value: string) => fireEvent.change(within(form).getByLabelText(label), { target: { value } });
    type('Driver ID (as enrolled at the cab terminal)', 'DRV-FORM');
    type('Name', 'Feng Qi');
    type('ID number', '110105198001010017');
    type('Phone', '13900002222');
    type('Special-operation certificate number', 'T3301555001');
    type('Certificate type / work class', 'Tower crane driver');
    type('Issuing authority', 'Provincial housing department');
    type('Issue date', '2024-07-01');
    type('Valid until', '2030-06-30');
    // the machine the form was opened from is ticked once the fleet has loaded
    const machine = await within(form).findByRole('checkbox', { name: /\(TC-01\)/, ...IN_DIALOG }, WAIT);
    expect((machine as HTMLInputElement).checked).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Save', ...IN_DIALOG }));
    expect((await within(form).findByRole('alert', IN_DIALOG, WAIT)).textContent).toMatch(/idNumber/);
    expect((await registered()).some((d) => d.driverId === 'DRV-FORM')).toBe(false);

    type('ID number', '110105198001010016');
    fireEvent.click(screen.getByRole('button', { name: 'Save', ...IN_DIALOG }));
    await waitFor(() => expect(done).toEqual([true]), WAIT);
    const saved = (await registered()).find((d) => d.driverId === 'DRV-FORM');
    // valid through 2030-06-30 Beijing time: the certificate lapses at the start of the next day
    expect(saved).toMatchObject({ name: 'Feng Qi', machines: ['TC-01'], certificateExpiryMs: Date.parse('2030-07-01T00:00:00+08:00'), certificateStatus: 'valid' });
  }, 180_000);
});
