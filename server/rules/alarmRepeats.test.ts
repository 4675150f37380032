import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeAlarm } from '../../tests/helpers/alarms';
import { AlarmRepeatGate } from './alarmRepeats';
import type { AlarmDraft } from './types';

const T0 = 1_700_000_000_000;

function openAlarm(extra: Partial<AlarmDraft> = {}): AlarmDraft {
  return { ...makeAlarm({ alarmId: 7, projectId: 'p1', deviceSn: 'BCN-1', raisedAtMs: T0 }), ...extra };
}

describe('AlarmRepeatGate', () => {
  let released: Array<{ draft: AlarmDraft; origins: string[]; repeatCount: number }>;
  let gate: AlarmRepeatGate<string>;

  beforeEach(() => {
    vi.useFakeTimers({ now: T0 });
    released = [];
    gate = new AlarmRepeatGate<string>(1_000, (draft, origins) => released.push({ draft, origins, repeatCount: draft.repeatCount }));
  });
  afterEach(() => {
    gate.releaseAll();
    vi.useRealTimers();
  });

  it('lets a new alarm and the first change of a quiet alarm through at once', () => {
    expect(gate.offer(openAlarm({ alarmId: null }), 'm1')).toEqual(['m1']);
    const a = openAlarm();
    expect(gate.offer(a, 'm2')).toEqual(['m2']); // restored at start: not seen before
    vi.advanceTimersByTime(1_000);
    a.repeatCount++;
    expect(gate.offer(a, 'm3')).toEqual(['m3']);
  });

  it('holds the repeats within the interval and releases the latest count once, with every message behind it', () => {
    const a = openAlarm();
    gate.offer(a, 'm0');
    for (let i = 1; i <= 9; i++) {
      vi.advanceTimersByTime(100);
      a.repeatCount++;
      expect(gate.offer(a, `m${i}`)).toBeNull();
    }
    expect(released).toHaveLength(0);
    expect(gate.heldCount()).toBe(1);
    vi.advanceTimersByTime(100);
    expect(released).toEqual([{ draft: a, origins: ['m1', 'm2', 'm3', 'm4', 'm5', 'm6', 'm7', 'm8', 'm9'], repeatCount: 10 }]);
    expect(gate.heldCount()).toBe(0);
  });

  it('lets the first clear after raising through at once, however soon', () => {
    const a = openAlarm({ alarmId: null });
    gate.offer(a, 'raise');
    a.alarmId = 7; // written
    vi.advanceTimersByTime(50);
    a.state = 'cleared';
    expect(gate.offer(a, 'clear')).toEqual(['clear']);
    vi.advanceTimersByTime(50);
    a.state = 'active';
    a.repeatCount++;
    expect(gate.offer(a, 'again')).toBeNull(); // a second flip within the interval: chattering, held
    vi.advanceTimersByTime(1_000);
    expect(released.map((r) => [r.draft.state, r.repeatCount])).toEqual([['active', 2]]);
  });

  it('lets an escalation through at once, even within the interval', () => {
    const a = openAlarm({ level: 'warning' });
    gate.offer(a, 'm0');
    vi.advanceTimersByTime(100);
    a.repeatCount++;
    expect(gate.offer(a, 'm1')).toBeNull();
    a.level = 'alarm';
    expect(gate.offer(a, 'm2')).toEqual(['m1', 'm2']); // the held repeat goes with it
    vi.advanceTimersByTime(5_000);
    expect(released).toHaveLength(0);
  });

  it('writes a chattering alarm about once per interval, not once per flip', () => {
    const a = openAlarm({ state: 'active' });
    gate.offer(a, 'raise');
    vi.advanceTimersByTime(1_000);
    let atOnce = 0;
    // 10 flips a second for 3 s, as a person on a zone edge
    for (let i = 0; i < 30; i++) {
      vi.advanceTimersByTime(100);
      a.state = a.state === 'active' ? 'cleared' : 'active';
      if (a.state === 'active') a.repeatCount++;
      if (gate.offer(a, `f${i}`) !== null) atOnce++;
    }
    gate.releaseAll();
    const writes = atOnce + released.length;
    expect(writes).toBeGreaterThanOrEqual(3);
    expect(writes).toBeLessThanOrEqual(5); // about one a second, not 30
    expect(released.at(-1)!.repeatCount).toBe(16);
  });

  it('releases the oldest held alarm early when more than its bound are held', () => {
    const small = new AlarmRepeatGate<string>(1_000, (draft, origins) => released.push({ draft, origins, repeatCount: draft.repeatCount }), Date.now, 2);
    const alarms = [1, 2, 3].map((id) => openAlarm({ alarmId: id }));
    for (const a of alarms) small.offer(a, 'first');
    vi.advanceTimersByTime(10);
    for (const a of alarms) small.offer(a, 'repeat');
    expect(small.heldCount()).toBe(2);
    expect(released.map((r) => r.draft.alarmId)).toEqual([1]);
    small.releaseAll();
  });
});
