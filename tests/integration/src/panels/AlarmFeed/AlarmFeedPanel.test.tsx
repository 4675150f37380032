import { beforeAll, describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ALARMS, type Alarm, type AlarmPage } from '../../../../../protocol';
import { makeAlarm, T0 } from '../../../../../src/test/builders';
import { renderWithApp, testRoot } from '../../../../../src/test/render';
import { eventually, useRealServer } from '../../../../../src/test/realServer';
import { AlarmFeedPanel } from '../../../../../src/panels/AlarmFeed/AlarmFeedPanel';

const real = useRealServer();
const CRANE_OK = { radiusM: 38.5, rotationDeg: 123, heightM: 41.2, momentPct: 62.4, loadT: 3.2, tiltDeg: 0.05 };
let co: Alarm;
let wind: Alarm;

// On the server (docs/domain.md limits): a crane wind warning, cleared and handled, then a CO alarm at the face.
beforeAll(async () => {
  const device = await real().device();
  await device.publish('towerCrane', 'TC-01', { ts: T0 + 1000, ...CRANE_OK, windSpeedMps: 11.2 });
  await eventually(async () => (await alarmsOnServer()).find((a) => a.deviceSn === 'TC-01' && a.state === 'active'));
  await device.publish('towerCrane', 'TC-01', { ts: T0 + 1500, ...CRANE_OK, windSpeedMps: 3 });
  wind = await eventually(async () => (await alarmsOnServer()).find((a) => a.deviceSn === 'TC-01' && a.state === 'cleared'));
  await real().admin.call(ALARMS.alarmDeal.path, { alarmId: wind.alarmId, dealStatus: 1, dealRemark: 'stopped lifting' });
  co = (await device.gas('GAS-LK-E-F', { CO: 31.5 }, { metric: 'CO', state: 'active', tsMs: T0 + 2000 }))!;
});

async function alarmsOnServer(): Promise<Alarm[]> {
  return (await real().admin.call<AlarmPage>(ALARMS.alarmList.path, { projectId: 'demo-tunnel', page: 1, pageSize: 200 })).list;
}

/** `MM-DD HH:mm:ss` in Beijing time (UTC+8), however the test machine's zone is set. */
function beijingTime(ms: number): string {
  const p = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Shanghai', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' })
      .formatToParts(ms)
      .map((x) => [x.type, x.value]),
  );
  return `${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`;
}

async function setup() {
  const api = await real().signIn();
  const root = testRoot({ fetch: api.fetch });
  await root.alarms.load('demo-tunnel');
  await renderWithApp(<AlarmFeedPanel panelId="a" config={{ limit: 50, activeOnly: false, untreatedOnly: false }} width={440} height={240} />, root);
  const deals = () => api.calls.filter((c) => c.route === ALARMS.alarmDeal.path).map((c) => c.body);
  return { root, deals };
}

describe('AlarmFeedPanel', () => {
  it('lists alarms newest first with level, value, threshold, state and deal status', async () => {
    await setup();
    const rows = screen.getAllByRole('listitem');
    expect(rows.map((r) => r.getAttribute('data-alarm-id'))).toEqual([String(co.alarmId), String(wind.alarmId)]);
    expect(rows[0].getAttribute('data-level')).toBe('alarm');
    expect(rows[0].textContent).toContain('31.5 / 24 ppm');
    expect(rows[0].textContent).toContain(beijingTime(co.raisedAtMs)); // the server's raise time, in Beijing time
    expect(within(rows[0]).getByText('Untreated')).toBeTruthy();
    expect(rows[1].textContent).toContain('Wind speed · Over limit');
    expect(within(rows[1]).getByText('Cleared')).toBeTruthy();
    expect(within(rows[1]).getByText('Processed')).toBeTruthy();
    expect(within(rows[1]).queryByRole('button', { name: 'Handle' })).toBeNull();
  });

  it('lists in triage order: an active SOS first, then level, then time, and names the SOS once', async () => {
    const { root } = await setup();
    // ids above any the server has raised meanwhile (devices of the test fleet go offline as it runs)
    const sosId = root.alarms.maxSeenId + 1000;
    const o2Id = sosId + 1;
    act(() =>
      root.alarms.upsertMany(
        [
          makeAlarm({ alarmId: sosId, kind: 'sos', deviceKind: 'beacon', deviceSn: 'B-1', deviceName: 'Li Ming', metric: 'sos', value: 1, threshold: 1, unit: '', side: null, level: 'alarm', lastSeenMs: co.raisedAtMs - 60_000 }),
          makeAlarm({ alarmId: o2Id, level: 'warning', metric: 'O2', value: 19.8, threshold: 20, unit: '%vol', side: 'below', lastSeenMs: co.raisedAtMs + 60_000 }),
        ],
        false,
      ),
    );
    const rows = screen.getAllByRole('listitem');
    const ids = rows.map((r) => r.getAttribute('data-alarm-id'));
    expect(ids[0]).toBe(String(sosId));
    // the newer warning comes after the older alarm-level CO
    expect(ids.indexOf(String(co.alarmId))).toBeLessThan(ids.indexOf(String(o2Id)));
    expect(rows[0].textContent).not.toContain('SOS SOS');
    expect(within(rows[0]).getByText('SOS')).toBeTruthy();
    // a low limit is "Below limit", never "Over limit"
    const o2 = rows[ids.indexOf(String(o2Id))];
    expect(o2.textContent).toContain('Oxygen (O₂) · Below limit');
    expect(o2.textContent).not.toContain('Over limit');
  });

  it('the Handle dialog says what, where, when and the value against its limit, not only the device', async () => {
    await setup();
    fireEvent.click(screen.getAllByRole('button', { name: 'Handle' })[0]);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('heading').textContent).toContain('Carbon monoxide (CO)');
    const summary = dialog.querySelector('[data-alarm-summary]')!;
    expect(summary.querySelector('[data-what]')!.textContent).toContain('Carbon monoxide (CO) · Over limit');
    expect(summary.querySelector('[data-where]')!.textContent).toContain('GAS-LK-E-F');
    expect(summary.querySelector('[data-when]')!.textContent).toContain(beijingTime(co.raisedAtMs).slice(6));
    expect(summary.querySelector('[data-reading]')!.textContent).toBe('31.5 / 24 ppm');
  });

  it('requires a status and a remark before sending, with the messages of docs/product.md "Validation and display"', async () => {
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
    expect(deals()).toHaveLength(0);
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
    expect(deals()).toEqual([{ alarmId: co.alarmId, dealStatus: 1, dealRemark: 'Ventilation increased, CO back to normal' }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const row = screen.getAllByRole('listitem')[0];
    expect(within(row).getByText('Processed')).toBeTruthy();
    expect(within(row).queryByRole('button', { name: 'Handle' })).toBeNull();
  });

  it('flashes alarms that arrive live, not the loaded ones', async () => {
    const { root } = await setup();
    const id = root.alarms.maxSeenId + 1000;
    act(() => root.alarms.upsert(makeAlarm({ alarmId: id, level: 'alarm', metric: 'sos', kind: 'sos', value: null, threshold: null })));
    const rows = screen.getAllByRole('listitem');
    expect(rows[0].getAttribute('data-alarm-id')).toBe(String(id));
    expect(rows[0].className).toContain('sb-flash');
    expect(rows[1].className).not.toContain('sb-flash');
  });
});
