import { describe, expect, it } from 'vitest';
import { ROUTES, type AlarmPage } from '../../protocol';
import { createRequest } from '../api/request';
import { fakeApi } from '../test/fakeApi';
import { makeAlarm } from '../test/builders';
import { AlarmStore } from './AlarmStore';

function page(list: ReturnType<typeof makeAlarm>[]): AlarmPage {
  return { total: list.length, page: 1, pageSize: 50, list };
}

describe('AlarmStore', () => {
  it('loads newest first and upserts live changes by alarmId', async () => {
    const api = fakeApi({ [ROUTES.alarmList]: () => page([makeAlarm({ alarmId: 3 }), makeAlarm({ alarmId: 1 })]) });
    const store = new AlarmStore(createRequest({ fetch: api.fetch }));
    await store.load('demo-tunnel');
    expect(store.alarms.map((a) => a.alarmId)).toEqual([3, 1]);

    store.upsert(makeAlarm({ alarmId: 2, level: 'alarm' }));
    store.upsert(makeAlarm({ alarmId: 3, state: 'cleared', clearedAtMs: 1 }));
    expect(store.alarms.map((a) => a.alarmId)).toEqual([3, 2, 1]);
    expect(store.alarms[0].state).toBe('cleared');
    expect(store.maxSeenId).toBe(3);
    expect(store.arrivedLive.has(2)).toBe(true);
    expect(store.arrivedLive.has(3)).toBe(false); // an update of a known alarm does not flash
  });

  it('keeps at most `capacity` alarms, dropping the oldest', () => {
    const store = new AlarmStore(createRequest({ fetch: fakeApi({}).fetch }), 3);
    for (let id = 1; id <= 5; id++) store.upsert(makeAlarm({ alarmId: id }));
    expect(store.alarms.map((a) => a.alarmId)).toEqual([5, 4, 3]);
    expect([...store.arrivedLive].sort()).toEqual([3, 4, 5]);
  });

  it('ignores alarms of another project', async () => {
    const api = fakeApi({ [ROUTES.alarmList]: () => page([]) });
    const store = new AlarmStore(createRequest({ fetch: api.fetch }));
    await store.load('demo-tunnel');
    store.upsert(makeAlarm({ alarmId: 9, projectId: 'demo-bridge' }));
    expect(store.alarms).toEqual([]);
  });

  it('catches up with new alarms and with clears and handling of the ones it holds', async () => {
    let server = [makeAlarm({ alarmId: 5 }), makeAlarm({ alarmId: 4 })];
    const api = fakeApi({ [ROUTES.alarmList]: () => page(server) });
    const store = new AlarmStore(createRequest({ fetch: api.fetch }));
    await store.load('demo-tunnel');
    // While the socket was away: 6 and 7 were raised, 5 cleared and 4 handled.
    server = [
      makeAlarm({ alarmId: 7 }),
      makeAlarm({ alarmId: 6 }),
      makeAlarm({ alarmId: 5, state: 'cleared', clearedAtMs: 1 }),
      makeAlarm({ alarmId: 4, dealStatus: 1, dealRemark: 'checked' }),
    ];
    await store.catchUp();
    expect(store.alarms.map((a) => a.alarmId)).toEqual([7, 6, 5, 4]);
    expect(store.alarms.find((a) => a.alarmId === 5)?.state).toBe('cleared');
    expect(store.alarms.find((a) => a.alarmId === 4)?.dealStatus).toBe(1);
    expect(store.maxSeenId).toBe(7);
    expect([...store.arrivedLive].sort()).toEqual([6, 7]);
  });

  it('validates handling like the server and sends nothing when invalid', async () => {
    const api = fakeApi({ [ROUTES.alarmList]: () => page([makeAlarm({ alarmId: 1 })]) });
    const store = new AlarmStore(createRequest({ fetch: api.fetch }));
    await store.load('demo-tunnel');
    await expect(store.deal(1, null, 'checked')).rejects.toMatchObject({ errorMessage: 'Please select the status' });
    await expect(store.deal(1, 1, '   ')).rejects.toMatchObject({ errorMessage: 'Please fill in the remarks information' });
    expect(api.calls.filter((c) => c.route === ROUTES.alarmDeal)).toHaveLength(0);
  });

  it('applies the handled alarm the server returns', async () => {
    const api = fakeApi({
      [ROUTES.alarmList]: () => page([makeAlarm({ alarmId: 1 })]),
      [ROUTES.alarmDeal]: (b) => makeAlarm({ alarmId: 1, dealStatus: b.dealStatus as 2, dealRemark: b.dealRemark as string, dealtBy: 'admin' }),
    });
    const store = new AlarmStore(createRequest({ fetch: api.fetch }));
    await store.load('demo-tunnel');
    await store.deal(1, 2, 'sensor wiped, false reading');
    expect(store.alarms[0]).toMatchObject({ dealStatus: 2, dealRemark: 'sensor wiped, false reading', dealtBy: 'admin' });
  });
});
