import { describe, expect, it } from 'vitest';
import { readReloads, recordReload, reloadDelayMs, watchdogShouldReload, type KeyValueStorage } from './recovery';

const MIN = 60_000;
const NOW = 1_000_000_000_000;

function memoryStorage(initial?: string): KeyValueStorage & { value: string | null } {
  const s = {
    value: initial ?? null,
    getItem: () => s.value,
    setItem: (_k: string, v: string) => void (s.value = v),
  };
  return s;
}

describe('reloadDelayMs', () => {
  it('waits 10 s the first time and 60 s the second', () => {
    expect(reloadDelayMs([], NOW)).toBe(10_000);
    expect(reloadDelayMs([NOW - 20_000], NOW)).toBe(60_000);
  });

  it('reloads at most once per 5 min from the third time on', () => {
    expect(reloadDelayMs([NOW - 2 * MIN, NOW - 30_000], NOW)).toBe(5 * MIN - 30_000);
    expect(reloadDelayMs([NOW - 12 * MIN, NOW - 6 * MIN], NOW)).toBe(60_000);
  });

  it('starts over after 30 quiet minutes', () => {
    expect(reloadDelayMs([NOW - 40 * MIN, NOW - 31 * MIN], NOW)).toBe(10_000);
  });
});

describe('watchdogShouldReload', () => {
  it('reloads only after more than 5 min down while online', () => {
    expect(watchdogShouldReload(NOW - 5 * MIN - 1, NOW, true)).toBe(true);
    expect(watchdogShouldReload(NOW - 5 * MIN, NOW, true)).toBe(false);
    expect(watchdogShouldReload(NOW - 60 * MIN, NOW, false)).toBe(false);
    expect(watchdogShouldReload(null, NOW, true)).toBe(false);
  });
});

describe('reload history', () => {
  it('round-trips through storage and forgets old entries', () => {
    const storage = memoryStorage();
    recordReload(storage, NOW - 40 * MIN);
    recordReload(storage, NOW);
    expect(readReloads(storage)).toEqual([NOW]);
  });

  it('treats unreadable storage as no history', () => {
    expect(readReloads(memoryStorage('{not json'))).toEqual([]);
    expect(readReloads(memoryStorage('["x"]'))).toEqual([]);
  });
});
