import { describe, expect, it } from 'vitest';
import { ALARMS, type Alarm, type AlarmPage } from '../../../../protocol';
import { createRequest } from '../../../../src/api/request';
import { makeAlarm } from '../../../../src/test/builders';
import { useRealServer } from '../../../../src/test/realServer';
import { AlarmStore } from '../../../../src/stores/AlarmStore';

const real = useRealServer();
const demo = 'demo-tunnel';

/** An over-limit CO reading at a gas station raises an alarm on the server (docs/domain.md: CO alarm at 24 ppm). */
async function raise(sn: string): Promise<Alarm> {
  const device = await real().device();
  return (await device.gas(sn, { CO: 31.5 }, { metric: 'CO', state: 'active' }))!;
}

async function serverIds(): Promise<number[]> {
  const page = await real().admin.call<AlarmPage>(ALARMS.alarmList.path, { projectId: demo, page: 1, pageSize: 200 });
  return page.list.map((a) => a.alarmId);
}

describe('AlarmStore', () => {
  it('loads newest first and upserts live changes by alarmId', async () => {
    const first = await raise('GAS-LK-E-F');
    const second = await raise('GAS-LK-X-F');
    const store = new AlarmStore(createRequest({ fetch: real().admin.fetch }));
    await store.load(demo);
    expect(store.alarms.map((a) => a.alarmId)).toEqual([second.alarmId, first.alarmId]);

    // live pushes: a new alarm arrives after a newer one, and the newest known alarm is cleared
    const newest = second.alarmId + 2;
    store.upsert(makeAlarm({ alarmId: newest, level: 'alarm' }));
    store.upsert(makeAlarm({ alarmId: newest - 1, level: 'alarm' }));
    store.upsert({ ...second, state: 'cleared', clearedAtMs: Date.now() });
    expect(store.alarms.map((a) => a.alarmId)).toEqual([newest, newest - 1, second.alarmId, first.alarmId]);
    expect(store.alarms[2].state).toBe('cleared');
    expect(store.maxSeenId).toBe(newest);
    expect(store.arrivedLive.has(newest - 1)).toBe(true);
    expect(store.arrivedLive.has(second.alarmId)).toBe(false); // an update of a known alarm does not flash
  });

  it('keeps at most `capacity` alarms, dropping the oldest', () => {
    // live pushes only: no REST call
    const store = new AlarmStore(createRequest(), 3);
    for (let id = 1; id <= 5; id++) store.upsert(makeAlarm({ alarmId: id, state: 'cleared' }));
    expect(store.alarms.map((a) => a.alarmId)).toEqual([5, 4, 3]);
    expect([...store.arrivedLive].sort()).toEqual([3, 4, 5]);
  });

  it('keeps an older alarm that is still active and untreated beyond the newest `capacity` (an SOS held for hours)', () => {
    const store = new AlarmStore(createRequest(), 3);
    store.upsert(makeAlarm({ alarmId: 1, kind: 'sos', metric: 'sos', level: 'alarm' }));
    store.upsert(makeAlarm({ alarmId: 2, state: 'cleared' }));
    for (let id = 3; id <= 6; id++) store.upsert(makeAlarm({ alarmId: id, state: 'cleared' }));
    expect(store.alarms.map((a) => a.alarmId)).toEqual([6, 5, 4, 1]);
    // once handled it drops off like any other
    store.upsert(makeAlarm({ alarmId: 1, kind: 'sos', metric: 'sos', level: 'alarm', dealStatus: 1 }));
    expect(store.alarms.map((a) => a.alarmId)).toEqual([6, 5, 4]);
  });

  it('ignores alarms of another project', async () => {
    const store = new AlarmStore(createRequest({ fetch: real().admin.fetch }));
    await store.load(demo);
    const before = store.alarms.map((a) => a.alarmId);
    store.upsert(makeAlarm({ alarmId: 9_999, projectId: 'demo-bridge' }));
    expect(store.alarms.map((a) => a.alarmId)).toEqual(before);
  });

  it('catches up with new alarms and with clears and handling of the ones it holds', async () => {
    const toClear = await raise('GAS-RK-E-F');
    const toHandle = await raise('GAS-RK-X-F');
    const store = new AlarmStore(createRequest({ fetch: real().admin.fetch }));
    await store.load(demo);
    // While the socket was away: two alarms were raised, one held alarm cleared and another handled.
    const device = await real().device();
    await device.gas('GAS-RK-E-F', { CO: 3 }, { metric: 'CO', state: 'cleared' });
    await real().admin.call(ALARMS.alarmDeal.path, { alarmId: toHandle.alarmId, dealStatus: 1, dealRemark: 'checked' });
    const a = await raise('GAS-LK-E-L');
    const b = await raise('GAS-LK-X-L');
    await store.catchUp();
    expect(store.alarms.map((x) => x.alarmId)).toEqual(await serverIds());
    expect(store.alarms.slice(0, 2).map((x) => x.alarmId)).toEqual([b.alarmId, a.alarmId]);
    expect(store.alarms.find((x) => x.alarmId === toClear.alarmId)?.state).toBe('cleared');
    expect(store.alarms.find((x) => x.alarmId === toHandle.alarmId)?.dealStatus).toBe(1);
    expect(store.maxSeenId).toBe(b.alarmId);
    expect([...store.arrivedLive].sort()).toEqual([a.alarmId, b.alarmId].sort());
  });

  it('validates handling like the server and sends nothing when invalid', async () => {
    const alarm = await raise('GAS-LK-E-P');
    const client = await real().signIn();
    const store = new AlarmStore(createRequest({ fetch: client.fetch }));
    await store.load(demo);
    await expect(store.deal(alarm.alarmId, null, 'checked')).rejects.toMatchObject({ errorMessage: 'Please select the status' });
    await expect(store.deal(alarm.alarmId, 1, '   ')).rejects.toMatchObject({ errorMessage: 'Please fill in the remarks information' });
    expect(client.calls.filter((c) => c.route === ALARMS.alarmDeal.path)).toHaveLength(0);
  });

  it('applies the handled alarm the server returns', async () => {
    const alarm = await raise('GAS-LK-X-P');
    const store = new AlarmStore(createRequest({ fetch: real().admin.fetch }));
    await store.load(demo);
    await store.deal(alarm.alarmId, 2, 'sensor wiped, false reading');
    expect(store.alarms.find((a) => a.alarmId === alarm.alarmId)).toMatchObject({ dealStatus: 2, dealRemark: 'sensor wiped, false reading', dealtBy: 'admin' });
  });
});
