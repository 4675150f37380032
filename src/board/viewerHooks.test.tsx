import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, renderHook } from '@testing-library/react';
import { useFlash, useIdle } from './viewerHooks';

afterEach(() => {
  vi.useRealTimers();
});

describe('useIdle', () => {
  it('turns idle after the still period and wakes on a move', () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useIdle(3000));
    expect(result.current).toBe(false);
    act(() => void vi.advanceTimersByTime(3000));
    expect(result.current).toBe(true);
    act(() => void fireEvent.mouseMove(window));
    expect(result.current).toBe(false);
  });

  it('never turns idle when disabled', () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useIdle(3000, false));
    act(() => void vi.advanceTimersByTime(10_000));
    expect(result.current).toBe(false);
  });
});

describe('useFlash', () => {
  it('shows for a while after the key changes', () => {
    vi.useFakeTimers();
    const { result, rerender } = renderHook(({ k }) => useFlash(k, true, 4000), { initialProps: { k: 'p1' } });
    expect(result.current).toBe(true);
    act(() => void vi.advanceTimersByTime(4000));
    expect(result.current).toBe(false);
    rerender({ k: 'p2' });
    expect(result.current).toBe(true);
  });
});
