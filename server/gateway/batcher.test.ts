import { describe, expect, it } from 'vitest';
import { StatusBatcher, TelemetryBatcher } from './batcher';

const TS = 1_700_000_000_000;
const crane = (sn: string, momentPct: number) => ({
  sn,
  ts: TS,
  radiusM: 10,
  rotationDeg: 0,
  heightM: 20,
  momentPct,
  loadT: 1,
  tiltDeg: 0,
  windSpeedMps: 2,
});

describe('TelemetryBatcher', () => {
  it('yields one batch per project and topic with every item in order, then starts empty', () => {
    const b = new TelemetryBatcher();
    b.add('p1', 'towerCrane', crane('TC-1', 10));
    b.add('p1', 'towerCrane', crane('TC-2', 20));
    b.add('p2', 'towerCrane', crane('TC-1', 30));
    const batches = b.drain();
    expect(batches).toHaveLength(2);
    expect(batches[0]).toMatchObject({ projectId: 'p1', topic: 'towerCrane' });
    expect(batches[0].items.map((i) => i.sn)).toEqual(['TC-1', 'TC-2']);
    expect(b.drain()).toEqual([]);
  });

  it('compacts an oversized batch to the newest item per device once no more full batches may be set aside', () => {
    const b = new TelemetryBatcher(5, 1_000, 0);
    for (let i = 0; i < 6; i++) b.add('p1', 'towerCrane', crane(i % 2 ? 'TC-1' : 'TC-2', i));
    const [batch] = b.drain();
    expect(batch.items.map((i) => [i.sn, (i as { momentPct: number }).momentPct])).toEqual([
      ['TC-2', 4],
      ['TC-1', 5],
    ]);
  });

  it('reports a batch that reached the early-flush size once, and takeFull takes only the full batches, every item kept', () => {
    const b = new TelemetryBatcher(5_000, 3);
    expect(b.add('p1', 'towerCrane', crane('TC-1', 1))).toBe(false);
    expect(b.add('p1', 'towerCrane', crane('TC-2', 2))).toBe(false);
    expect(b.add('p2', 'towerCrane', crane('TC-1', 3))).toBe(false);
    expect(b.add('p1', 'towerCrane', crane('TC-1', 4))).toBe(true);
    expect(b.add('p1', 'towerCrane', crane('TC-3', 5))).toBe(false);
    const full = b.takeFull();
    expect(full).toHaveLength(1);
    expect(full[0]).toMatchObject({ projectId: 'p1', topic: 'towerCrane' });
    expect(full[0].items.map((i) => (i as { momentPct: number }).momentPct)).toEqual([1, 2, 4, 5]);
    expect(b.takeFull()).toEqual([]);
    expect(b.drain().map((x) => x.projectId)).toEqual(['p2']);
  });

  it('sets full batches aside whole, up to its bound, then compacts', () => {
    const b = new TelemetryBatcher(5, 1_000, 2);
    for (let i = 0; i < 16; i++) b.add('p1', 'towerCrane', crane(i % 2 ? 'TC-1' : 'TC-2', i));
    const full = b.takeFull();
    // two batches of 5 kept whole (items 0–9); the third filled past 5 and was compacted to one per device
    expect(full.map((x) => x.items.length)).toEqual([5, 5]);
    expect(full.flatMap((x) => x.items.map((i) => (i as { momentPct: number }).momentPct))).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(b.drain().map((x) => x.items.map((i) => (i as { momentPct: number }).momentPct))).toEqual([[14, 15]]);
  });

  it('stays bounded when there are more devices than the limit', () => {
    const b = new TelemetryBatcher(10, 1_000, 0);
    for (let i = 0; i < 1_000; i++) b.add('p1', 'towerCrane', crane(`TC-${i}`, 1));
    const [batch] = b.drain();
    expect(batch.items.length).toBeLessThanOrEqual(10);
    expect(batch.items.at(-1)?.sn).toBe('TC-999');
  });
});

describe('StatusBatcher', () => {
  it('sends the latest status per device', () => {
    const b = new StatusBatcher();
    b.add('p1', 'GAS-1', 'warning', 1);
    b.add('p1', 'GAS-2', 'online', 2);
    b.add('p1', 'GAS-1', 'alarm', 3);
    expect(b.drain()).toEqual([
      {
        projectId: 'p1',
        items: [
          { sn: 'GAS-2', status: 'online', atMs: 2 },
          { sn: 'GAS-1', status: 'alarm', atMs: 3 },
        ],
      },
    ]);
    expect(b.drain()).toEqual([]);
  });
});
