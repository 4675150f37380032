import { describe, expect, it } from 'vitest';
import { CYCLE_STAGES, NOMINAL_ADVANCE_M } from '../../protocol';
import { HeadingTrack } from './headingTrack';

const H = 3_600_000;
const T0 = Date.UTC(2026, 4, 6);

/** Reports the stages of one round from `startH` (hours after T0), each lasting `hours[i]`. */
function round(track: HeadingTrack, startH: number, hours: number[], advanceM?: number) {
  let t = T0 + startH * H;
  CYCLE_STAGES.forEach((stage, i) => {
    track.offer({ stage, startMs: t, source: 'reported', confidence: 'high', editor: 'Wang', advanceM: stage === 'support' ? advanceM : undefined });
    t += hours[i] * H;
  });
  return { endH: (t - T0) / H };
}

describe('HeadingTrack', () => {
  it('closes a round at the next drilling start with its blast, effective hours and reported footage', () => {
    const track = new HeadingTrack('III');
    const first = round(track, 0, [2, 1, 0.25, 0.5, 0.5, 2, 3, 1], 3.3);
    const next = track.offer({ stage: 'drilling', startMs: T0 + first.endH * H, source: 'reported', confidence: 'high' });
    expect(next?.round).toMatchObject({ startMs: T0, endMs: T0 + 10.25 * H, blastMs: T0 + 3 * H, effectiveHours: 9.25, footageM: 3.3, footageSource: 'reported', editors: ['Wang'] });
    expect(next?.round?.stages.map((s) => s.stage)).toEqual(['drilling', 'charging', 'blasting', 'ventilation', 'scaling', 'mucking', 'support', 'idle']);
  });

  it("takes the grade's nominal advance when none was reported", () => {
    const track = new HeadingTrack('V');
    const first = round(track, 0, [2, 1, 0.25, 0.5, 0.5, 2, 3, 1]);
    const next = track.offer({ stage: 'drilling', startMs: T0 + first.endH * H, source: 'reported', confidence: 'high' });
    expect(next?.round).toMatchObject({ footageM: NOMINAL_ADVANCE_M.V, footageSource: 'nominal' });
  });

  it('ignores a change older than the open stage and a repeat of it', () => {
    const track = new HeadingTrack('IV');
    track.offer({ stage: 'mucking', startMs: T0 + H, source: 'reported', confidence: 'high' });
    expect(track.offer({ stage: 'scaling', startMs: T0, source: 'reported', confidence: 'high' })).toBeNull();
    expect(track.offer({ stage: 'mucking', startMs: T0 + 2 * H, source: 'reported', confidence: 'high' })).toBeNull();
    expect(track.current).toMatchObject({ stage: 'mucking', startMs: T0 + H });
  });

  it('restores the round under way after a restart and closes it as if it had run on', () => {
    const restored = new HeadingTrack('III');
    restored.restore(
      [
        { stage: 'idle', startMs: T0 - H, endMs: T0, source: 'inferred', confidence: 'low', editor: null, advanceM: null },
        { stage: 'drilling', startMs: T0, endMs: T0 + 2 * H, source: 'reported', confidence: 'high', editor: 'Wang', advanceM: null },
        { stage: 'charging', startMs: T0 + 2 * H, endMs: null, source: 'reported', confidence: 'high', editor: 'Wang', advanceM: null },
      ],
      T0 + 2 * H,
    );
    expect(restored.roundStart).toBe(T0);
    expect(restored.followsReports(T0 + 3 * H)).toBe(true);
    const next = restored.offer({ stage: 'drilling', startMs: T0 + 10 * H, source: 'reported', confidence: 'high' });
    expect(next?.round).toMatchObject({ startMs: T0, endMs: T0 + 10 * H, effectiveHours: 10 });
  });
});
