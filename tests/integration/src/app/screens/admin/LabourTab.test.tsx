import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ADMIN, ATTENDANCE, type AuditPage, type CompanyAttendance } from '../../../../../../protocol';
import { activateLocale } from '../../../../../../src/i18n/i18n';
import { appRoot } from '../../../../../../src/test/render';
import { TEST_ADMIN_PASSWORD, useRealServer } from '../../../../../../src/test/realServer';
import { App } from '../../../../../../src/app/App';
import { findDialog, IN_DIALOG } from '../../../../../../src/test/dialogs';

/** docs/api.md "Labour attendance": the administrator keeps the companies' enterprise types and the teams' shifts. */
/** Generous: the machine that runs these may be loaded, and the screen's chunk loads on first use. */
const WAIT = { timeout: 30_000 };
const FIRST_SHOW = { timeout: 120_000 };
const PROJECT = 'demo-tunnel';
const real = useRealServer();

const companies = () => real().admin.call<CompanyAttendance[]>(ATTENDANCE.companies.path, { projectId: PROJECT });

async function openLabour() {
  await activateLocale('en');
  window.location.hash = '#/admin';
  const root = appRoot(real().client().fetch);
  await root.session.login('admin', TEST_ADMIN_PASSWORD);
  render(<App root={root} />);
  fireEvent.click(await screen.findByRole('tab', { name: 'Companies and teams' }, FIRST_SHOW));
  return screen.findByRole('table', { name: 'Cooperating companies and teams' }, WAIT);
}

describe('Companies and teams tab', () => {
  afterEach(() => {
    window.location.hash = '';
  });

  it("sets a team's shift from the night-shift preset and by typed times, refusing a typo in the dialog, audited", async () => {
    const [first] = await companies();
    const team = first.teams[0];
    await openLabour();
    fireEvent.click(await screen.findByRole('button', { name: `Shift of ${team.team}` }, WAIT));
    let dialog = await findDialog(`Shift of ${team.team}`, WAIT.timeout);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Night shift 19:00–07:00', ...IN_DIALOG }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save', ...IN_DIALOG }));
    await waitFor(async () => expect((await companies()).find((c) => c.company === first.company)!.teams.find((x) => x.team === team.team)!.shift).toEqual({ startMin: 19 * 60, lengthMin: 12 * 60, lateGraceMin: 10 }), WAIT);
    // the team's row shows the new shift once the list has reloaded
    await waitFor(() => expect(screen.getAllByText(team.team).some((e) => within(e.closest('tr')!).queryByText('19:00–07:00'))).toBe(true), WAIT);

    fireEvent.click(await screen.findByRole('button', { name: `Shift of ${team.team}` }, WAIT));
    dialog = await findDialog(`Shift of ${team.team}`, WAIT.timeout);
    expect((within(dialog).getByLabelText('Start (Beijing time)') as HTMLInputElement).value).toBe('19:00');
    fireEvent.change(within(dialog).getByLabelText('End (Beijing time)'), { target: { value: '19.30' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save', ...IN_DIALOG }));
    expect((await within(dialog).findByRole('alert', IN_DIALOG, WAIT)).textContent).toMatch(/at least an hour after the start/);
    fireEvent.change(within(dialog).getByLabelText('Start (Beijing time)'), { target: { value: '06:30' } });
    fireEvent.change(within(dialog).getByLabelText('End (Beijing time)'), { target: { value: '18:30' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save', ...IN_DIALOG }));
    await waitFor(async () => expect((await companies()).find((c) => c.company === first.company)!.teams.find((x) => x.team === team.team)!.shift).toEqual({ startMin: 390, lengthMin: 720, lateGraceMin: 10 }), WAIT);

    const audit = await real().admin.call<AuditPage>(ADMIN.auditList.path, { projectId: PROJECT, action: 'attendance.teamShift' });
    expect(audit.rows.length).toBeGreaterThanOrEqual(2);
  });

  it("sets a company's enterprise type in a dialog", async () => {
    const [first] = await companies();
    const next = first.enterpriseType === 'supplier' ? 'other' : 'supplier';
    await openLabour();
    fireEvent.click(await screen.findByRole('button', { name: `Edit company ${first.company}` }, WAIT));
    const dialog = await findDialog(`Company ${first.company}`, WAIT.timeout);
    fireEvent.change(within(dialog).getByLabelText('Enterprise type'), { target: { value: next } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save', ...IN_DIALOG }));
    await waitFor(() => expect(document.querySelector(`[role="dialog"][aria-label="Company ${first.company}"]`)).toBeNull(), WAIT);
    expect((await companies()).find((c) => c.company === first.company)!.enterpriseType).toBe(next);
    const row = screen.getByText(first.company).closest('tr')!;
    await waitFor(() => expect(within(row).getByText(next === 'supplier' ? 'Supplier' : 'Other')).toBeTruthy(), WAIT);
  });
});
