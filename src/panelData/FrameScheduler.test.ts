import { describe, expect, it } from 'vitest';
import { eventually } from '../../tests/helpers/eventually';
import { FrameScheduler } from './FrameScheduler';

describe('FrameScheduler', () => {
  it('runs every visible task from one loop, skips hidden ones, and stops when none is left', async () => {
    const s = new FrameScheduler();
    const runs = { a: 0, b: 0, hidden: 0 };
    const offA = s.register({ run: () => runs.a++ });
    const offB = s.register({
      run: () => {
        runs.b++;
        throw new Error('a failing panel does not stop the others');
      },
    });
    const offHidden = s.register({ run: () => runs.hidden++, visible: () => false });
    await eventually(() => runs.a >= 3 && runs.b >= 3, 15_000, 'three frames');
    expect(runs.hidden).toBe(0);
    offA();
    offB();
    offHidden();
    expect(s.size).toBe(0);
    const at = runs.a;
    await new Promise((r) => setTimeout(r, 100));
    expect(runs.a).toBe(at);
  });
});

describe('FrameScheduler on demand', () => {
  it('asks for no frame while every task waits for data, and runs them all in the frame after a wake', async () => {
    const s = new FrameScheduler();
    let runs = 0;
    const off = s.register({
      run: () => {
        runs++;
        return Infinity;
      },
    });
    await eventually(() => runs === 1, 15_000, 'the first frame');
    await new Promise((r) => setTimeout(r, 50));
    expect(s.pending).toBe(false);
    expect(runs).toBe(1);
    s.wake();
    expect(s.pending).toBe(true);
    await eventually(() => runs === 2, 15_000, 'the woken frame');
    await new Promise((r) => setTimeout(r, 50));
    expect(runs).toBe(2);
    off();
  });

  it('runs a task again at the time it asked for, not every frame', async () => {
    const s = new FrameScheduler();
    const at: number[] = [];
    const off = s.register({
      run: (frameMs) => {
        at.push(frameMs);
        return frameMs + 100;
      },
    });
    await new Promise((r) => setTimeout(r, 450));
    off();
    // a frame every 100 ms: four or five in 450 ms, where every frame would be about 28
    expect(at.length).toBeGreaterThanOrEqual(3);
    expect(at.length).toBeLessThanOrEqual(6);
    for (let i = 1; i < at.length; i++) expect(at[i] - at[i - 1]).toBeGreaterThanOrEqual(99);
  });

  it('runs a task woken while it ran again in the next frame', async () => {
    const s = new FrameScheduler();
    let runs = 0;
    const off = s.register({
      run: () => {
        runs++;
        if (runs === 1) s.wake(); // data arrived during the frame
        return Infinity;
      },
    });
    await eventually(() => runs === 2, 15_000, 'the frame after the wake');
    await new Promise((r) => setTimeout(r, 50));
    expect(runs).toBe(2);
    expect(s.pending).toBe(false);
    off();
  });
});
