import { describe, expect, it } from 'vitest';
import { LiftDetector } from './workRecords';

describe('LiftDetector', () => {
  it('one record per lift, with its peaks; idle readings make none', () => {
    const d = new LiftDetector();
    const feed = (ts: number, loadT: number, momentPct: number) => d.accept('p', 'TC-01', 'towerCrane', { loadT, momentPct }, ts);
    expect(feed(0, 0, 0)).toBeNull();
    expect(feed(1, 2, 30)).toBeNull();
    expect(feed(2, 4, 95)).toBeNull();
    expect(feed(3, 0.05, 1)).toEqual({ projectId: 'p', sn: 'TC-01', kind: 'towerCrane', startedAtMs: 1, endedAtMs: 3, peakLoadT: 4, peakMomentPct: 95 });
    expect(feed(4, 0, 0)).toBeNull();
  });

  it("sums an erector's trolleys and takes the larger share; ignores kinds without lifts", () => {
    const d = new LiftDetector();
    d.accept('p', 'B', 'bridgeGirderErector', { frontLoadT: 50, rearLoadT: 48, frontLoadPct: 50, rearLoadPct: 60 }, 1);
    expect(d.accept('p', 'B', 'bridgeGirderErector', { frontLoadT: 0, rearLoadT: 0, frontLoadPct: 0, rearLoadPct: 0 }, 2)).toMatchObject({ peakLoadT: 98, peakMomentPct: 60 });
    expect(d.accept('p', 'G', 'gas', { CO: 5 }, 1)).toBeNull();
  });
});
