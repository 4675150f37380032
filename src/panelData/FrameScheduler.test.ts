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
    await eventually(() => runs.a >= 3 && runs.b >= 3, 5_000, 'three frames');
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
