import { act } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp, testRoot } from '../test/render';
import { PanelDataProvider, PERSONNEL_LIVE_MS, usePersonnel } from './context';
import type { PanelDataSource, PersonnelFrame } from './types';

const REQ = { staleMs: 30_000, binM: 20, tunnels: [{ tunnelId: 'LK', lengthM: 100 }] };

function People({ onFrame }: { onFrame: (f: PersonnelFrame) => void }) {
  usePersonnel(REQ, onFrame);
  return null;
}

/** A live source whose positions change when the test says so; counts personnel requests. */
function liveStub() {
  const state = { version: 0, calls: 0 };
  const source = {
    mode: 'live',
    clock: { now: () => 1_750_000_000_000 },
    epoch: 1,
    positionsVersion: () => state.version,
    personnel: async (req: { nowMs: number }) => {
      state.calls++;
      return { atMs: req.nowMs, tunnels: [] };
    },
  } as unknown as PanelDataSource;
  return { state, source };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('usePersonnel (live)', () => {
  it('fetches positions in the next animation frame after new ones arrived, not at the next poll', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance', 'requestAnimationFrame', 'cancelAnimationFrame'] });
    const { state, source } = liveStub();
    const frames: PersonnelFrame[] = [];
    await renderWithApp(
      <PanelDataProvider source={source}>
        <People onFrame={(f) => frames.push(f)} />
      </PanelDataProvider>,
      testRoot(),
    );
    await act(async () => {
      await vi.advanceTimersByTimeAsync(50);
    });
    expect(state.calls).toBe(1); // the first frame fetches
    await act(async () => {
      await vi.advanceTimersByTimeAsync(100);
    });
    expect(state.calls).toBe(1); // nothing new, well within PERSONNEL_LIVE_MS: no fetch

    state.version++; // a beacon frame arrived
    await act(async () => {
      await vi.advanceTimersByTimeAsync(40); // a couple of frames, far less than PERSONNEL_LIVE_MS
    });
    expect(40).toBeLessThan(PERSONNEL_LIVE_MS);
    expect(state.calls).toBe(2);
    expect(frames).toHaveLength(2);

    // Without new positions it still refreshes every PERSONNEL_LIVE_MS (stale fixes drop off).
    await act(async () => {
      await vi.advanceTimersByTimeAsync(PERSONNEL_LIVE_MS + 50);
    });
    expect(state.calls).toBe(3);
  });
});

describe('usePersonnel (live, pushed)', () => {
  it('draws each pushed frame in the next animation frame, the newest only, and never asks for positions', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance', 'requestAnimationFrame', 'cancelAnimationFrame'] });
    const watches: Array<{ req: unknown; onFrame: (f: PersonnelFrame) => void; stopped: boolean }> = [];
    let asked = 0;
    const source = {
      mode: 'live',
      clock: { now: () => 1_750_000_000_000 },
      epoch: 1,
      personnel: async () => {
        asked++;
        return { atMs: 0, tunnels: [] };
      },
      watchPersonnel: (req: unknown, onFrame: (f: PersonnelFrame) => void) => {
        const w = { req, onFrame, stopped: false };
        watches.push(w);
        return () => void (w.stopped = true);
      },
    } as unknown as PanelDataSource;
    const frames: PersonnelFrame[] = [];
    const view = await renderWithApp(
      <PanelDataProvider source={source}>
        <People onFrame={(f) => frames.push(f)} />
      </PanelDataProvider>,
      testRoot(),
    );
    expect(watches).toHaveLength(1);
    expect(watches[0].req).toEqual(REQ);
    const frame = (atMs: number): PersonnelFrame => ({ atMs, tunnels: [] });
    act(() => {
      watches[0].onFrame(frame(1));
      watches[0].onFrame(frame(2)); // two pushes within one animation frame: the newer one is drawn
    });
    expect(frames).toHaveLength(0); // drawn in the frame loop, not in the message handler
    await act(async () => {
      await vi.advanceTimersByTimeAsync(40);
    });
    expect(frames.map((f) => f.atMs)).toEqual([2]);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(PERSONNEL_LIVE_MS * 2);
    });
    expect(frames).toHaveLength(1); // nothing pushed, nothing drawn
    expect(asked).toBe(0);
    view.unmount();
    expect(watches[0].stopped).toBe(true);
  });
});
