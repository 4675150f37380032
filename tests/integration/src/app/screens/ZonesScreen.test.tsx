import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { PEOPLE, type ZoneRow } from '../../../../../protocol';
import { activateLocale } from '../../../../../src/i18n/i18n';
import { appRoot } from '../../../../../src/test/render';
import { TEST_ADMIN_PASSWORD, useRealServer } from '../../../../../src/test/realServer';
import { App } from '../../../../../src/app/App';

const WAIT = { timeout: 5000 };
const real = useRealServer();

/**
 * The zones screen's form against the real server: the ends written as chainages of the bore (the left
 * bore's entry portal is K12+000, server/seed/demoProject.ts) are stored as metres from the entry portal,
 * and an edit shows them back as written.
 */
describe('ZonesScreen', () => {
  afterEach(() => {
    window.location.hash = '';
  });

  it('adds, edits and removes a zone written in chainage, stored in metres from the entry portal', async () => {
    await activateLocale('en');
    window.location.hash = '#/zones';
    const api = real().client();
    const root = appRoot(api.fetch);
    await root.session.login('admin', TEST_ADMIN_PASSWORD);
    render(<App root={root} />);
    const stored = async () => (await api.call<ZoneRow[]>(PEOPLE.zoneList.path, { projectId: 'demo-tunnel' })).find((z) => z.name === 'Cross passage 7');

    // the bores are loaded: the demo's entry portal zones show their chainages
    expect((await screen.findAllByText('K12+000 – K12+050', {}, WAIT)).length).toBeGreaterThan(0);
    fireEvent.click(await screen.findByRole('button', { name: 'Add zone' }, WAIT));
    const form = await screen.findByRole('form', { name: 'Zone' }, WAIT);
    fireEvent.change(within(form).getByLabelText('Name'), { target: { value: 'Cross passage 7' } });
    fireEvent.change(within(form).getByLabelText('Start chainage'), { target: { value: 'K12+1200' } });
    fireEvent.change(within(form).getByLabelText('End chainage'), { target: { value: 'K13+260' } });
    fireEvent.submit(form);
    expect(await within(form).findByText('Write a chainage such as K13+630', {}, WAIT)).toBeTruthy();
    expect(await stored()).toBeUndefined(); // refused in the form: nothing sent
    fireEvent.change(within(form).getByLabelText('Start chainage'), { target: { value: 'K13+200' } });
    fireEvent.submit(form);
    await waitFor(async () => expect(await stored()).toMatchObject({ tunnelId: 'LK', fromM: 1_200, toM: 1_260 }), WAIT);
    const row = (await screen.findByText('Cross passage 7', {}, WAIT)).closest('tr')!;
    expect(within(row).getByText('K13+200 – K13+260')).toBeTruthy();

    fireEvent.click(within(row).getByRole('button', { name: 'Edit' }));
    const edit = await screen.findByRole('form', { name: 'Zone' }, WAIT);
    expect((within(edit).getByLabelText('Start chainage') as HTMLInputElement).value).toBe('K13+200');
    fireEvent.change(within(edit).getByLabelText('End chainage'), { target: { value: 'K13+280.5' } });
    fireEvent.submit(edit);
    await waitFor(async () => expect(await stored()).toMatchObject({ fromM: 1_200, toM: 1_280.5 }), WAIT);

    const edited = (await screen.findByText('Cross passage 7', {}, WAIT)).closest('tr')!;
    fireEvent.click(within(edited).getByRole('button', { name: 'Delete' }));
    await waitFor(async () => expect(await stored()).toBeUndefined(), WAIT);
  });
});
