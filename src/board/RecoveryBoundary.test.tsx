import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import { renderWithApp, testRoot } from '../test/render';
import { readReloads, type KeyValueStorage } from './recovery';
import { RecoveryBoundary, type RecoveryEnv } from './RecoveryBoundary';

function Crash(): never {
  throw new Error('render failed');
}

function env(): RecoveryEnv & { reloads: number } {
  let value: string | null = null;
  const storage: KeyValueStorage = { getItem: () => value, setItem: (_k, v) => void (value = v) };
  const e = { storage, reloads: 0, now: () => 1_000_000, reload: () => void e.reloads++ };
  return e;
}

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('RecoveryBoundary', () => {
  it('replaces a crashed board with a notice and reloads after 10 s, remembering it', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const e = env();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await renderWithApp(
      <RecoveryBoundary env={e}>
        <Crash />
      </RecoveryBoundary>,
      testRoot(),
    );
    expect(screen.getByRole('alert').textContent).toBe('Recovering… reloading in 10 s');
    act(() => void vi.advanceTimersByTime(9_000));
    expect(e.reloads).toBe(0);
    act(() => void vi.advanceTimersByTime(1_000));
    expect(e.reloads).toBe(1);
    expect(readReloads(e.storage)).toEqual([1_000_000]);
  });

  it('renders its children while they work', async () => {
    await renderWithApp(<RecoveryBoundary env={env()}>fine</RecoveryBoundary>, testRoot());
    expect(screen.getByText('fine')).toBeTruthy();
  });
});
