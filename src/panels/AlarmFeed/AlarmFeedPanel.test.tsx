import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ROUTES, type AlarmPage } from '../../../protocol';
import { fakeApi } from '../../test/fakeApi';
import { makeAlarm } from '../../test/builders';
import { renderWithApp, testRoot } from '../../test/render';
import { AlarmFeedPanel } from './AlarmFeedPanel';

async function setup() {
  const deals: Array<Record<string, unknown>> = [];
  const api = fakeApi({
    [ROUTES.alarmList]: (): AlarmPage => ({
      total: 2,
      page: 1,
      pageSize: 200,
      list: [
        makeAlarm({ alarmId: 2, level: 'alarm', metric: 'CO', value: 31.5, threshold: 24, deviceName: 'LK-E face' }),
        makeAlarm({ alarmId: 1, level: 'warning', metric: 'windSpeedMps', value: 11.2, threshold: 10.8, unit: 'm/s', deviceName: 'Tower crane 1', state: 'cleared', dealStatus: 1, dealRemark: 'stopped lifting' }),
      ],
    }),
    [ROUTES.alarmDeal]: (b) => {
      deals.push(b);
      return makeAlarm({ alarmId: 2, level: 'alarm', metric: 'CO', value: 31.5, threshold: 24, deviceName: 'LK-E face', dealStatus: b.dealStatus as 1, dealRemark: b.dealRemark as string });
    },
  });
  const root = testRoot({ fetch: api.fetch });
  await root.alarms.load('demo-tunnel');
  await renderWithApp(<AlarmFeedPanel panelId="a" config={{ limit: 50, activeOnly: false, untreatedOnly: false }} width={440} height={240} />, root);
  return { root, deals };
}

describe('AlarmFeedPanel', () => {
  it('lists alarms newest first with level, value, threshold, state and deal status', async () => {
    await setup();
    const rows = screen.getAllByRole('listitem');
    expect(rows.map((r) => r.getAttribute('data-alarm-id'))).toEqual(['2', '1']);
    expect(rows[0].getAttribute('data-level')).toBe('alarm');
    expect(rows[0].textContent).toContain('31.5 / 24 ppm');
    expect(rows[0].textContent).toContain('05-12 10:00:02'); // Beijing time
    expect(within(rows[0]).getByText('Untreated')).toBeTruthy();
    expect(within(rows[1]).getByText('Wind speed')).toBeTruthy();
    expect(within(rows[1]).getByText('Cleared')).toBeTruthy();
    expect(within(rows[1]).getByText('Processed')).toBeTruthy();
    expect(within(rows[1]).queryByRole('button', { name: 'Handle' })).toBeNull();
  });

  it('requires a status and a remark before sending, with the SPEC messages', async () => {
    const { deals } = await setup();
    fireEvent.click(screen.getByRole('button', { name: 'Handle' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await within(dialog).findByText('Please select the status')).toBeTruthy();
    expect(within(dialog).getByText('Please fill in the remarks information')).toBeTruthy();

    fireEvent.click(within(dialog).getByLabelText('Misinformation'));
    fireEvent.change(within(dialog).getByRole('textbox'), { target: { value: '   ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(within(dialog).queryByText('Please select the status')).toBeNull());
    expect(within(dialog).getByText('Please fill in the remarks information')).toBeTruthy();
    expect(deals).toHaveLength(0);
  });

  it('handles an alarm, shows "Processing successful" and updates the row', async () => {
    const { deals } = await setup();
    fireEvent.click(screen.getByRole('button', { name: 'Handle' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByLabelText('Processed'));
    fireEvent.change(within(dialog).getByRole('textbox'), { target: { value: 'Ventilation increased, CO back to normal' } });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
    });
    expect(await screen.findByText('Processing successful')).toBeTruthy();
    expect(deals).toEqual([{ alarmId: 2, dealStatus: 1, dealRemark: 'Ventilation increased, CO back to normal' }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const row = screen.getAllByRole('listitem')[0];
    expect(within(row).getByText('Processed')).toBeTruthy();
    expect(within(row).queryByRole('button', { name: 'Handle' })).toBeNull();
  });

  it('flashes alarms that arrive live, not the loaded ones', async () => {
    const { root } = await setup();
    act(() => root.alarms.upsert(makeAlarm({ alarmId: 3, level: 'alarm', metric: 'sos', kind: 'sos', value: null, threshold: null })));
    const rows = screen.getAllByRole('listitem');
    expect(rows[0].getAttribute('data-alarm-id')).toBe('3');
    expect(rows[0].className).toContain('sb-flash');
    expect(rows[1].className).not.toContain('sb-flash');
  });
});
