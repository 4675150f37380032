import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { EMERGENCY, INSPECTIONS, type EmergencyRecord, type Inspection } from '../../../../../protocol';
import { activateLocale } from '../../../../../src/i18n/i18n';
import { appRoot } from '../../../../../src/test/render';
import { TEST_ADMIN_PASSWORD, useRealServer } from '../../../../../src/test/realServer';
import { App } from '../../../../../src/app/App';
import { findDialog, IN_DIALOG } from '../../../../../src/test/dialogs';
import { memberClient } from '../../../../helpers/testServer';

/**
 * The emergency and inspection registers edited from their screens (docs/api.md "Emergency resources",
 * "Inspections"): an administrator's dialogs against the real server, and a viewer who gets no buttons.
 */
const WAIT = { timeout: 30_000 };
const FIRST_SHOW = { timeout: 120_000 };
/** Each test's limit: a screen's chunk may load first, on a loaded machine. */
const TEST_MS = 240_000;
const PROJECT = 'demo-tunnel';
const real = useRealServer();

const supplyPoints = async () => (await real().admin.call<{ list: EmergencyRecord[] }>(EMERGENCY.list.path, { projectId: PROJECT, register: 'supplyPoint' })).list;
const inspections = async () => (await real().admin.call<{ list: Inspection[] }>(INSPECTIONS.list.path, { projectId: PROJECT, limit: 500 })).list;
const gone = (label: string) => waitFor(() => expect(document.querySelector(`[role="dialog"][aria-label="${label}"]`)).toBeNull(), WAIT);

async function openAs(hash: string, username = 'admin', password = TEST_ADMIN_PASSWORD) {
  await activateLocale('en');
  window.location.hash = hash;
  const root = appRoot(real().client().fetch);
  await root.session.login(username, password);
  render(<App root={root} />);
}

describe('Register dialogs', () => {
  afterEach(() => {
    window.location.hash = '';
    vi.restoreAllMocks();
  }, TEST_MS);

  it('adds a supply point with its chainage written K13+450 (refusing 13450 under the field), edits and deletes it', async () => {
    await openAs(`#/emergency?projectId=${PROJECT}`);
    fireEvent.click(await screen.findByRole('tab', { name: 'Supply points' }, FIRST_SHOW));
    fireEvent.click(await screen.findByRole('button', { name: 'Add supply point' }, WAIT));
    const dialog = await findDialog('Add supply point', WAIT.timeout);
    const before = (await supplyPoints()).length;
    fireEvent.change(within(dialog).getByLabelText('Supply point'), { target: { value: 'Refuge chamber 7' } });
    fireEvent.change(within(dialog).getByLabelText('Chainage (K13+450)'), { target: { value: '13450' } });
    fireEvent.change(within(dialog).getByLabelText('Contact'), { target: { value: 'Zhao Lei' } });
    fireEvent.change(within(dialog).getByLabelText('Phone'), { target: { value: 'call me' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save', ...IN_DIALOG }));
    expect(await within(dialog).findByText('Write the chainage as K13+450', {}, WAIT)).toBeTruthy();
    expect(within(dialog).getByText('Not a phone number (digits, spaces, + - ( ))')).toBeTruthy();
    expect((await supplyPoints()).length).toBe(before);

    fireEvent.change(within(dialog).getByLabelText('Chainage (K13+450)'), { target: { value: 'K13+450' } });
    fireEvent.change(within(dialog).getByLabelText('Phone'), { target: { value: '138 8801 4432' } });
    await waitFor(() => expect(within(dialog).getByLabelText('Bore').querySelector('option[value="RK"]')).not.toBeNull(), WAIT);
    fireEvent.change(within(dialog).getByLabelText('Bore'), { target: { value: 'RK' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save', ...IN_DIALOG }));
    await gone('Add supply point');
    const added = (await supplyPoints()).find((p) => p.register === 'supplyPoint' && p.name === 'Refuge chamber 7');
    expect(added).toMatchObject({ tunnelId: 'RK', chainageM: 13_450, contact: 'Zhao Lei', phone: '138 8801 4432' });
    const row = await waitFor(() => {
      const r = document.querySelector<HTMLElement>(`[data-emergency-record="${added!.recordId}"]`);
      expect(r?.textContent).toContain('K13+450');
      return r!;
    }, WAIT);

    fireEvent.click(within(row).getByRole('button', { name: 'Edit Refuge chamber 7' }));
    const edit = await findDialog('Edit supply point', WAIT.timeout);
    expect((within(edit).getByLabelText('Chainage (K13+450)') as HTMLInputElement).value).toBe('K13+450');
    fireEvent.change(within(edit).getByLabelText('Chainage (K13+450)'), { target: { value: 'K13+480' } });
    fireEvent.click(within(edit).getByRole('button', { name: 'Save', ...IN_DIALOG }));
    await gone('Edit supply point');
    await waitFor(() => expect(document.querySelector(`[data-emergency-record="${added!.recordId}"]`)?.textContent).toContain('K13+480'), WAIT);

    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    fireEvent.click(within(row).getByRole('button', { name: 'Delete Refuge chamber 7' }));
    expect(confirm).toHaveBeenCalledTimes(1);
    expect((await supplyPoints()).some((p) => p.recordId === added!.recordId)).toBe(true);
    fireEvent.click(within(row).getByRole('button', { name: 'Delete Refuge chamber 7' }));
    await waitFor(() => expect(document.querySelector(`[data-emergency-record="${added!.recordId}"]`)).toBeNull(), WAIT);
    expect((await supplyPoints()).some((p) => p.recordId === added!.recordId)).toBe(false);
  }, TEST_MS);

  it("adds a plan with a contact's phone checked under the field", async () => {
    await openAs(`#/emergency?projectId=${PROJECT}`);
    fireEvent.click(await screen.findByRole('tab', { name: 'Emergency plans' }, FIRST_SHOW));
    fireEvent.click(await screen.findByRole('button', { name: 'Add emergency plan' }, WAIT));
    const dialog = await findDialog('Add emergency plan', WAIT.timeout);
    fireEvent.change(within(dialog).getByLabelText('Special plan'), { target: { value: 'Water inrush plan B' } });
    fireEvent.change(within(dialog).getByLabelText('Accident type'), { target: { value: 'waterInrush' } });
    fireEvent.change(within(dialog).getByLabelText('Leader'), { target: { value: 'Sun Tao' } });
    fireEvent.change(within(dialog).getByLabelText("Leader's phone"), { target: { value: '139 0000 1111' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add contact', ...IN_DIALOG }));
    const contact = dialog.querySelector<HTMLElement>('[data-plan-contact="0"]')!;
    fireEvent.change(within(contact).getByLabelText('Name'), { target: { value: 'Wu Fang' } });
    fireEvent.change(within(contact).getByLabelText('Duty'), { target: { value: 'pumps' } });
    fireEvent.change(within(contact).getByLabelText('Phone'), { target: { value: '?' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save', ...IN_DIALOG }));
    expect(await within(contact).findByText('Not a phone number (digits, spaces, + - ( ))', {}, WAIT)).toBeTruthy();
    fireEvent.change(within(contact).getByLabelText('Phone'), { target: { value: '137 2222 3333' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save', ...IN_DIALOG }));
    await gone('Add emergency plan');
    const plans = (await real().admin.call<{ list: EmergencyRecord[] }>(EMERGENCY.list.path, { projectId: PROJECT, register: 'plan' })).list;
    expect(plans.find((p) => p.register === 'plan' && p.name === 'Water inrush plan B')).toMatchObject({ accidentType: 'waterInrush', contacts: [{ name: 'Wu Fang', duty: 'pumps', phone: '137 2222 3333' }] });
    await screen.findByText('Water inrush plan B', {}, WAIT);
  }, TEST_MS);

  it('records an issue, then its rectification and its review from the row detail', async () => {
    await openAs(`#/inspections?projectId=${PROJECT}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Record an issue' }, FIRST_SHOW));
    const dialog = await findDialog('Record an inspection issue', WAIT.timeout);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save', ...IN_DIALOG }));
    expect(await within(dialog).findByText('Give a bore and chainage or a place', {}, WAIT)).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Issue'), { target: { value: 'Handrail missing at the lining trolley' } });
    // the project's bores are offered once they have loaded
    await waitFor(() => expect(within(dialog).getByLabelText('Bore').querySelector('option[value="LK"]')).not.toBeNull(), WAIT);
    fireEvent.change(within(dialog).getByLabelText('Bore'), { target: { value: 'LK' } });
    fireEvent.change(within(dialog).getByLabelText('Chainage (K13+450)'), { target: { value: 'K13+210' } });
    fireEvent.change(within(dialog).getByLabelText('Responsible company'), { target: { value: 'Lining Co.' } });
    fireEvent.change(within(dialog).getByLabelText('Severity'), { target: { value: 'major' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save', ...IN_DIALOG }));
    await gone('Record an inspection issue');
    const added = (await inspections()).find((i) => i.issue === 'Handrail missing at the lining trolley')!;
    expect(added).toMatchObject({ category: 'safety', tunnelId: 'LK', chainageM: 13_210, severity: 'major', company: 'Lining Co.', state: 'open' });

    const title = `Inspection ${added.inspectionId}`;
    fireEvent.click(await screen.findByRole('button', { name: `Details of inspection ${added.inspectionId}` }, WAIT));
    const detail = await findDialog(title, WAIT.timeout);
    fireEvent.click(within(detail).getByRole('button', { name: 'Record rectification', ...IN_DIALOG }));
    expect(await within(detail).findByText('Required', {}, WAIT)).toBeTruthy();
    fireEvent.change(within(detail).getByLabelText('Rectification'), { target: { value: 'Handrail fitted' } });
    fireEvent.click(within(detail).getByRole('button', { name: 'Record rectification', ...IN_DIALOG }));
    await gone(title);
    await waitFor(async () => expect((await inspections()).find((i) => i.inspectionId === added.inspectionId)?.state).toBe('awaitingReview'), WAIT);

    await waitFor(() => expect(document.querySelector(`[data-inspection="${added.inspectionId}"] [data-state]`)?.getAttribute('data-state')).toBe('awaitingReview'), WAIT);
    fireEvent.click(screen.getByRole('button', { name: `Details of inspection ${added.inspectionId}` }));
    const review = await findDialog(title, WAIT.timeout);
    fireEvent.click(within(review).getByRole('radio', { name: 'Rejected', ...IN_DIALOG }));
    fireEvent.change(within(review).getByLabelText('Review note'), { target: { value: 'Toe board missing' } });
    fireEvent.click(within(review).getByRole('button', { name: 'Record review', ...IN_DIALOG }));
    await gone(title);
    await waitFor(async () => expect((await inspections()).find((i) => i.inspectionId === added.inspectionId)).toMatchObject({ state: 'open', review: 'rejected', reviewNote: 'Toe board missing' }), WAIT);
  }, TEST_MS);

  it('shows a viewer the registers without add, edit, delete or the inspection forms', async () => {
    await memberClient(real().server, PROJECT, 'onlooker', 'viewer');
    await openAs(`#/emergency?projectId=${PROJECT}`, 'onlooker', 'onlooker-pw');
    await waitFor(() => expect(document.querySelectorAll('[data-emergency-record]').length).toBeGreaterThan(0), FIRST_SHOW);
    expect(screen.queryByRole('button', { name: 'Add risk source' })).toBeNull();
    expect(screen.queryAllByRole('button', { name: /^(Edit|Delete) / })).toEqual([]);

    window.location.hash = `#/inspections?projectId=${PROJECT}`;
    await waitFor(() => expect(document.querySelectorAll('[data-inspection]').length).toBeGreaterThan(0), FIRST_SHOW);
    expect(screen.queryByRole('button', { name: 'Record an issue' })).toBeNull();
    const open = (await inspections()).find((i) => i.state === 'open')!;
    fireEvent.click(screen.getByRole('button', { name: `Details of inspection ${open.inspectionId}` }));
    const detail = await findDialog(`Inspection ${open.inspectionId}`, WAIT.timeout);
    expect(within(detail).queryByRole('button', { name: 'Record rectification', ...IN_DIALOG })).toBeNull();
    expect(within(detail).getByText(open.issue)).toBeTruthy();
  }, TEST_MS);
});
