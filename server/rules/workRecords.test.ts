import { describe, expect, it } from 'vitest';
import { DEVICE_KIND_REGISTRY } from '../../protocol';
import { ElevatorTripDetector, LiftDetector } from './workRecords';

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

describe('ElevatorTripDetector', () => {
  /** One cage's reading as the elevator's flattener gives it (door 1 = open). */
  const cage = (side: 'left' | 'right', floor: number, speed: number, door: boolean, loadT: number, loadPct = loadT * 50) => ({
    [`${side}Floor`]: floor,
    [`${side}SpeedMps`]: speed,
    [`${side}DoorOpen`]: door ? 1 : 0,
    [`${side}LoadT`]: loadT,
    [`${side}LoadPct`]: loadPct,
  });
  const still = (side: 'left' | 'right') => cage(side, 0, 0, false, 0);

  for (const side of ['left', 'right'] as const) {
    const other = side === 'left' ? 'right' : 'left';
    it(`${side} cage: a trip from leaving a floor with the door closed to stopping with the door open, with its peak load and floors`, () => {
      const d = new ElevatorTripDetector();
      const feed = (ts: number, floor: number, speed: number, door: boolean, loadT: number) =>
        d.accept('p', 'EL-01', 'constructionElevator', { ...cage(side, floor, speed, door, loadT), ...still(other), windSpeedMps: 3 }, ts);
      expect(feed(0, 0, 0, true, 0)).toEqual([]); // loading at the ground floor, door open
      expect(feed(10, 0, 0, false, 1.2)).toEqual([]); // door closed, not moving yet
      expect(feed(20, 1, 0.6, false, 1.2)).toEqual([]); // leaves
      expect(feed(30, 3, 0.6, false, 1.5)).toEqual([]);
      expect(feed(40, 5, 0, false, 1.5)).toEqual([]); // stopped, door still closed: not over
      expect(feed(50, 5, 0, true, 0)).toEqual([
        { projectId: 'p', sn: 'EL-01', kind: 'constructionElevator', startedAtMs: 20, endedAtMs: 50, peakLoadT: 1.5, peakMomentPct: 75, cage: side, startFloor: 0, endFloor: 5 },
      ]);
      expect(feed(60, 5, 0, true, 0)).toEqual([]); // standing with the door open makes no new trip
      expect(feed(70, 5, 0, false, 0.1)).toEqual([]);
      expect(feed(80, 4, -0.6, false, 0.1)).toEqual([]); // back down
      expect(feed(90, 0, 0, true, 0.1)).toMatchObject([{ startedAtMs: 80, endedAtMs: 90, peakLoadT: 0.1, cage: side, startFloor: 5, endFloor: 0 }]);
    });

    it(`${side} cage: a trip shorter than the upload period (rest at one floor, door open at another) is one trip between the two readings`, () => {
      const d = new ElevatorTripDetector();
      const feed = (ts: number, floor: number, door: boolean, loadT: number) =>
        d.accept('p', 'EL-01', 'constructionElevator', { ...cage(side, floor, 0, door, loadT), ...still(other) }, ts);
      expect(feed(0, 0, false, 1)).toEqual([]);
      expect(feed(10, 1, true, 0)).toMatchObject([{ startedAtMs: 0, endedAtMs: 10, peakLoadT: 1, cage: side, startFloor: 0, endFloor: 1 }]);
      expect(feed(20, 1, true, 0)).toEqual([]);
    });
  }

  it('both cages end trips on one reading: two records, left first; a cage moving with its door open starts none', () => {
    const d = new ElevatorTripDetector();
    const feed = (ts: number, l: Record<string, number>, r: Record<string, number>) => d.accept('p', 'EL-01', 'constructionElevator', { ...l, ...r }, ts);
    feed(0, cage('left', 0, 0, false, 0), cage('right', 10, 0, false, 0));
    feed(10, cage('left', 1, 0.6, false, 2.1, 105), cage('right', 9, -0.6, false, 0.3));
    const ended = feed(20, cage('left', 2, 0, true, 0), cage('right', 8, 0, true, 0.3));
    expect(ended.map((r) => [r.cage, r.startFloor, r.endFloor, r.peakLoadT, r.peakMomentPct])).toEqual([
      ['left', 0, 2, 2.1, 105],
      ['right', 10, 8, 0.3, 15],
    ]);
    // moving with the door open (a faulty door contact) is no trip start; stopping again at the same floor ends nothing
    expect(feed(30, cage('left', 2, 0.6, true, 0), cage('right', 8, 0, true, 0))).toEqual([]);
    expect(feed(40, cage('left', 2, 0, true, 0), cage('right', 8, 0, true, 0))).toEqual([]);
  });

  it('ignores other kinds, readings without a cage, and readings older than the last', () => {
    const d = new ElevatorTripDetector();
    expect(d.accept('p', 'TC-01', 'towerCrane', { loadT: 3, momentPct: 50 }, 1)).toEqual([]);
    expect(d.accept('p', 'EL-01', 'constructionElevator', { windSpeedMps: 4 }, 1)).toEqual([]);
    d.accept('p', 'EL-01', 'constructionElevator', cage('left', 0, 0, false, 0), 100);
    d.accept('p', 'EL-01', 'constructionElevator', cage('left', 1, 0.6, false, 1), 110);
    expect(d.accept('p', 'EL-01', 'constructionElevator', cage('left', 4, 0, true, 0), 50)).toEqual([]); // older: ignored
    expect(d.accept('p', 'EL-01', 'constructionElevator', cage('left', 4, 0, true, 0), 120)).toMatchObject([{ startedAtMs: 110, endedAtMs: 120 }]);
  });

  it("reads the elevator's flattened telemetry (door open as 1)", () => {
    const d = new ElevatorTripDetector();
    const msg = (ts: number, floor: number, speed: number, door: boolean, load: number) =>
      DEVICE_KIND_REGISTRY.flatten('constructionElevator', {
        ts, leftLoadT: load, leftLoadPct: load * 50, leftHeightM: floor * 3, leftFloor: floor, leftSpeedMps: speed, leftDoorOpen: door, leftOccupants: 0,
        leftLimitSwitch: false, leftTiltDeg: 0.03, leftDriverCard: 'DC-1', rightLoadT: 0, rightLoadPct: 0, rightHeightM: 0, rightFloor: 0,
        rightSpeedMps: 0, rightDoorOpen: false, rightOccupants: 0, rightLimitSwitch: false, rightTiltDeg: 0.03, rightDriverCard: null, windSpeedMps: 2,
      });
    d.accept('p', 'EL-01', 'constructionElevator', msg(0, 0, 0, false, 0.8), 0);
    d.accept('p', 'EL-01', 'constructionElevator', msg(10, 2, 0.6, false, 0.8), 10);
    expect(d.accept('p', 'EL-01', 'constructionElevator', msg(20, 4, 0, true, 0), 20)).toMatchObject([{ cage: 'left', startFloor: 0, endFloor: 4, peakLoadT: 0.8 }]);
  });
});
