import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { reaction } from 'mobx';
import type { Alarm } from '../../protocol';
import { makeAlarm, T0 } from '../test/builders';
import { ALARM_BATCH_MS, AlarmStore } from './AlarmStore';

const noRest = () => Promise.reject(new Error('no REST in this test'));

/** A store on a fake clock (the timers' clock), counting its list updates (each one a render of the feed and the banner). */
function counted(capacity = 200) {
  const store = new AlarmStore(noRest, capacity, () => Date.now());
  let updates = 0;
  const stop = reaction(
    () => store.alarms,
    () => updates++,
  );
  return { store, updates: () => updates, stop };
}

describe('AlarmStore batching of pushed alarm.changed', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(T0);
  });
  afterEach(() => vi.useRealTimers());

  it('applies 5000 changes in 2 s in a bounded number of updates, ending with the exact newest state', () => {
    const { store, updates, stop } = counted();
    const expected = new Map<number, Alarm>();
    // 150 warnings, each raised then re-seen, cleared and re-activated many times, 2.5 changes per ms
    for (let i = 0; i < 5000; i++) {
      const alarmId = 1 + (i % 150);
      const change = makeAlarm({ alarmId, repeatCount: 1 + Math.floor(i / 150), state: i % 7 === 0 ? 'cleared' : 'active', value: 18 + (i % 13) });
      store.receive(change);
      expected.set(alarmId, change);
      if (i % 5 === 4) vi.advanceTimersByTime(2);
    }
    vi.advanceTimersByTime(ALARM_BATCH_MS);
    stop();
    // 2 s of pushes: at most one update per ALARM_BATCH_MS, plus the first and the last
    expect(updates()).toBeLessThanOrEqual(2000 / ALARM_BATCH_MS + 2);
    expect(updates()).toBeGreaterThan(0);
    const want = [...expected.values()].sort((x, y) => y.alarmId - x.alarmId);
    expect(store.alarms).toEqual(want);
  });

  it('shows a new SOS at once after a quiet spell, and still no more than one update per batch in a burst of them', () => {
    const { store, updates, stop } = counted();
    store.receive(makeAlarm({ alarmId: 1 }));
    expect(store.alarms).toHaveLength(0); // a warning waits for its batch
    vi.advanceTimersByTime(ALARM_BATCH_MS);
    expect(store.alarms).toHaveLength(1);
    vi.advanceTimersByTime(ALARM_BATCH_MS);
    store.receive(makeAlarm({ alarmId: 2, kind: 'sos', deviceKind: 'beacon', metric: 'sos', value: null, threshold: null, side: null, level: 'alarm' }));
    expect(store.alarms.map((a) => a.alarmId)).toEqual([2, 1]); // at once, no timer needed
    for (let id = 3; id < 1000; id++) store.receive(makeAlarm({ alarmId: id, kind: 'sos', deviceKind: 'beacon', metric: 'sos', level: 'alarm' }));
    const before = updates();
    vi.advanceTimersByTime(ALARM_BATCH_MS);
    expect(updates() - before).toBeLessThanOrEqual(4); // the store's capacity bounds a pending batch
    expect(store.alarms[0].alarmId).toBe(999);
    stop();
  });

  it('drops what was pending when the project is reset', () => {
    const { store, stop } = counted();
    store.receive(makeAlarm({ alarmId: 1 }));
    store.reset();
    vi.advanceTimersByTime(ALARM_BATCH_MS * 2);
    expect(store.alarms).toHaveLength(0);
    stop();
  });
});

describe('AlarmStore.shelve', () => {
  it('refuses a shelving without a reason or longer than 8 h before asking the server, and applies the shelved alarms it answers', async () => {
    const sent: unknown[] = [];
    const until = T0 + 3_600_000;
    const request = (async (contract: { path: string }, body: { alarmIds: number[] }) => {
      sent.push({ route: contract.path, body });
      return body.alarmIds.map((alarmId) => ({ ...makeAlarm({ alarmId }), shelvedUntilMs: until, shelvedBy: 'admin', shelveReason: 'sensor being replaced' }));
    }) as unknown as ConstructorParameters<typeof AlarmStore>[0];
    const store = new AlarmStore(request);
    store.upsertMany([makeAlarm({ alarmId: 1 }), makeAlarm({ alarmId: 2 })], false);
    await expect(store.shelve([1], 60, '  ')).rejects.toMatchObject({ errorCode: 'VALIDATION' });
    await expect(store.shelve([1], 481, 'too long')).rejects.toMatchObject({ errorCode: 'VALIDATION' });
    await expect(store.shelve([], 60, 'nothing')).rejects.toMatchObject({ errorCode: 'VALIDATION' });
    expect(sent).toEqual([]);
    await store.shelve([2], 60, 'sensor being replaced');
    expect(sent).toEqual([{ route: '/zhgd/alarm/shelve', body: { alarmIds: [2], minutes: 60, reason: 'sensor being replaced' } }]);
    expect(store.alarms.find((a) => a.alarmId === 2)?.shelvedUntilMs).toBe(until);
    expect(store.alarms.find((a) => a.alarmId === 1)?.shelvedUntilMs).toBeUndefined();
  });
});
