import { describe, expect, it } from 'vitest';
import type { BridgeGirderErectorTelemetry } from './bridgeGirderErector';
import type { ConstructionElevatorTelemetry } from './constructionElevator';
import type { GantryCraneTelemetry } from './gantryCrane';
import { DEVICE_KIND_REGISTRY } from './index';
import type { YardCraneTelemetry } from './yardCrane';

const TS = Date.UTC(2026, 10, 21, 2, 0, 0);

const GANTRY: GantryCraneTelemetry = { ts: TS, loadT: 20, loadPct: 40, hookHeightM: 8, trolleyPosM: 12, travelPosM: 150, windSpeedMps: 3, railClamp: false };
const ERECTOR: BridgeGirderErectorTelemetry = {
  ts: TS,
  frontLoadT: 60,
  frontLoadPct: 60,
  rearLoadT: 58,
  rearLoadPct: 58,
  frontHookHeightM: 3,
  rearHookHeightM: 3,
  windSpeedMps: 4,
  levelnessDeg: 0.05,
  travelPosM: 280,
};
const YARD: YardCraneTelemetry = { ts: TS, craneType: 'crawler', loadT: 30, radiusM: 12, boomAngleDeg: 60, boomLengthM: 42, momentPct: 75, outriggersSet: true, tiltDeg: 0.08, windSpeedMps: 5 };
const cage = (side: 'left' | 'right', p: Record<string, unknown> = {}) => ({
  [`${side}LoadT`]: 0.9,
  [`${side}LoadPct`]: 45,
  [`${side}HeightM`]: 30,
  [`${side}Floor`]: 10,
  [`${side}SpeedMps`]: 0.6,
  [`${side}DoorOpen`]: false,
  [`${side}Occupants`]: 8,
  [`${side}LimitSwitch`]: false,
  [`${side}TiltDeg`]: 0.05,
  [`${side}DriverCard`]: 'DC-1',
  ...p,
});
const ELEVATOR = { ts: TS, ...cage('left'), ...cage('right', { rightDriverCard: null, rightLimitSwitch: true }), windSpeedMps: 6 } as ConstructionElevatorTelemetry;

const SAMPLES: Record<string, Record<string, unknown>> = { gantryCrane: GANTRY, bridgeGirderErector: ERECTOR, yardCrane: YARD, constructionElevator: ELEVATOR };
const parse = (kind: string, msg: unknown) => DEVICE_KIND_REGISTRY.parseMessage(kind as 'gantryCrane', JSON.stringify(msg));

describe.each(Object.keys(SAMPLES))('%s kind', (kind) => {
  const sample = SAMPLES[kind];
  const d = DEVICE_KIND_REGISTRY.require(kind);

  it('schema: accepts a real message, each metric within its range and nothing outside', () => {
    expect(parse(kind, sample)).toEqual({ kind, msg: sample });
    for (const m of d.metrics) {
      const flag = typeof sample[m.key] === 'boolean';
      expect(parse(kind, { ...sample, [m.key]: flag ? 'yes' : m.range.max + 1 }), `${m.key} out of range`).toMatchObject({ reason: 'schema' });
      if (!flag) expect(parse(kind, { ...sample, [m.key]: m.range.min - 1 }), `${m.key} below`).toMatchObject({ reason: 'schema' });
      const { [m.key]: _, ...without } = sample;
      expect(parse(kind, without), `${m.key} missing`).toMatchObject({ reason: 'schema' });
    }
  });

  it('flattener: every metric, states as 0/1, text fields left out', () => {
    const flat = DEVICE_KIND_REGISTRY.flatten(kind, sample);
    expect(Object.keys(flat).sort()).toEqual(d.metrics.map((m) => m.key).sort());
    for (const m of d.metrics) expect(flat[m.key], m.key).toBe(typeof sample[m.key] === 'boolean' ? Number(sample[m.key]) : sample[m.key]);
  });

  it('offline raises an alarm; live as series; every default is in range of its metric', () => {
    expect(d.offline.raisesAlarm).toBe(true);
    expect(d.live).toEqual({ store: 'series', permission: 'project.read' });
    expect(d.thresholds.length).toBeGreaterThan(0);
    for (const { threshold, source } of d.thresholds) {
      expect(source.length, threshold.metric).toBeGreaterThan(5);
      expect(DEVICE_KIND_REGISTRY.metric(kind, threshold.metric)?.unit).toBe(threshold.unit);
    }
  });
});

describe('equipment statuses', () => {
  it("decodes the elevator's limit switches, doors and driver cards per cage", () => {
    const flat = DEVICE_KIND_REGISTRY.flatten('constructionElevator', ELEVATOR);
    expect([flat.leftLimitSwitch, flat.rightLimitSwitch, flat.leftDoorOpen]).toEqual([0, 1, 0]);
    expect('leftDriverCard' in flat).toBe(false);
    expect(parse('constructionElevator', { ...ELEVATOR, leftFloor: 2.5 })).toMatchObject({ reason: 'schema', detail: expect.stringContaining('leftFloor') });
  });

  it("decodes a gantry's rail clamps and a yard crane's outriggers and type", () => {
    expect(DEVICE_KIND_REGISTRY.flatten('gantryCrane', { ...GANTRY, railClamp: true }).railClamp).toBe(1);
    expect(DEVICE_KIND_REGISTRY.flatten('yardCrane', { ...YARD, outriggersSet: false }).outriggersSet).toBe(0);
    expect(parse('yardCrane', { ...YARD, craneType: 'tower' })).toMatchObject({ reason: 'schema', detail: expect.stringContaining('craneType') });
  });

  it('defaults: rated load/moment, wind, tilt and limit switches', () => {
    const of = (kind: string) => DEVICE_KIND_REGISTRY.defaultThresholds(kind).map((t) => [t.metric, t.warnHigh, t.alarmHigh]);
    expect(of('gantryCrane')).toEqual([
      ['loadPct', 90, 100],
      ['windSpeedMps', 10.8, 13.8],
    ]);
    expect(of('yardCrane')).toEqual([
      ['momentPct', 90, 100],
      ['windSpeedMps', 10.8, 13.8],
      ['tiltDeg', 0.17, 0.23],
    ]);
    expect(of('bridgeGirderErector')).toEqual([
      ['frontLoadPct', 90, 100],
      ['rearLoadPct', 90, 100],
      ['windSpeedMps', 10.8, 13.8],
      ['levelnessDeg', 0.17, 0.23],
    ]);
    expect(of('constructionElevator')).toEqual([
      ['leftLoadPct', 90, 100],
      ['rightLoadPct', 90, 100],
      ['leftTiltDeg', 0.17, 0.23],
      ['rightTiltDeg', 0.17, 0.23],
      ['leftLimitSwitch', null, 1],
      ['rightLimitSwitch', null, 1],
      ['windSpeedMps', 10.8, 13.8],
    ]);
  });
});
