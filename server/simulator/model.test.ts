import { describe, expect, it } from 'vitest';
import { ALG_TYPES, cameraAlarmSchema, DEVICE_KINDS, parseDeviceMessage, parseDeviceTopic } from '../../protocol';
import { BRIDGE_DEVICES, DEMO_DEVICES } from '../seed/demoProject';
import { FleetModel, type SimMessage } from './model';
import { HOUR_MS, MINUTE_MS } from './siteClock';

const START = Date.UTC(2026, 2, 10, 2, 0, 0); // 10:00 Beijing
/** The fleet without most beacons, so long runs stay quick; beacons are covered by 40 tags. The bridge's equipment brings every kind. */
const LEAN = [...DEMO_DEVICES.filter((d) => d.kind !== 'beacon'), ...DEMO_DEVICES.filter((d) => d.kind === 'beacon').slice(0, 40), ...BRIDGE_DEVICES.filter((d) => d.kind !== 'towerCrane')];

function collect(model: FleetModel, untilMs: number, stepMs: number): SimMessage[] {
  const out: SimMessage[] = [];
  for (let t = model.nowMs; t < untilMs; t += stepMs) for (const m of model.advanceTo(t)) out.push(m);
  for (const m of model.advanceTo(untilMs)) out.push(m);
  return out;
}

describe('FleetModel', () => {
  it('produces identical messages for the same seed and start, whatever steps the clock moves in', () => {
    const a = collect(new FleetModel({ projectId: 'demo-tunnel', seed: 1, startMs: START }), START + 2 * MINUTE_MS, 1_000);
    const b = collect(new FleetModel({ projectId: 'demo-tunnel', seed: 1, startMs: START }), START + 2 * MINUTE_MS, 37_000);
    const c = new FleetModel({ projectId: 'demo-tunnel', seed: 1, startMs: START }).advanceTo(START + 2 * MINUTE_MS);
    expect(a.length).toBeGreaterThan(10_000);
    expect(b).toEqual(a);
    expect(c).toEqual(a);
  });

  it('produces different messages for a different seed', () => {
    const a = new FleetModel({ projectId: 'demo-tunnel', seed: 1, startMs: START }).advanceTo(START + 30_000);
    const b = new FleetModel({ projectId: 'demo-tunnel', seed: 2, startMs: START }).advanceTo(START + 30_000);
    expect(a.slice(0, 500).map((m) => m.payload)).not.toEqual(b.slice(0, 500).map((m) => m.payload));
  });

  it('emits only payloads the protocol accepts, on the device topics, in time order, for 2 simulated hours', () => {
    const model = new FleetModel({ projectId: 'demo-tunnel', seed: 5, startMs: START - HOUR_MS, devices: LEAN });
    const sns = new Map(LEAN.map((d) => [d.sn, d.kind]));
    const kinds = new Set<string>();
    const rejected: string[] = [];
    let lastTs = 0;
    let count = 0;
    for (let t = START - HOUR_MS; t <= START + HOUR_MS; t += MINUTE_MS) {
      for (const m of model.advanceTo(t)) {
        count++;
        kinds.add(m.kind);
        const topic = parseDeviceTopic(m.topic);
        const parsed = parseDeviceMessage(m.kind, JSON.stringify(m.payload));
        if ('error' in topic || topic.projectId !== 'demo-tunnel' || topic.kind !== m.kind || topic.sn !== m.sn) rejected.push(`topic ${m.topic}`);
        if ('reason' in parsed) rejected.push(`${m.topic}: ${parsed.detail}`);
        if (sns.get(m.sn) !== m.kind) rejected.push(`unknown device ${m.sn}`);
        if (m.tsMs < lastTs || m.payload.ts !== m.tsMs || m.tsMs > t) rejected.push(`out of order ${m.topic} ${m.tsMs}`);
        lastTs = m.tsMs;
      }
    }
    expect(rejected.slice(0, 5)).toEqual([]);
    expect(count).toBeGreaterThan(100_000);
    // the cab clock-in terminals speak only at shift start (07:00 and 15:00 Beijing time: cabFace.test.ts)
    expect([...kinds].sort()).toEqual([...DEVICE_KINDS].filter((k) => k !== 'cabFace').sort());
  }, 30_000);

  it('publishes each device at its report period, staggered so devices do not fire in the same millisecond', () => {
    const model = new FleetModel({ projectId: 'demo-tunnel', seed: 1, startMs: START, devices: LEAN });
    const msgs = model.advanceTo(START + 10 * MINUTE_MS - 1);
    for (const d of LEAN.filter((x) => x.kind === 'gas' || x.kind === 'towerCrane')) {
      const ts = msgs.filter((m) => m.sn === d.sn).map((m) => m.tsMs);
      expect(ts.length).toBe((10 * 60) / d.reportPeriodS);
      for (let i = 1; i < ts.length; i++) expect(ts[i] - ts[i - 1]).toBe(d.reportPeriodS * 1000);
    }
    const firstSecond = msgs.filter((m) => m.tsMs < START + 1_000).map((m) => m.tsMs);
    expect(new Set(firstSecond).size).toBeGreaterThan(firstSecond.length * 0.7);
  });

  it('raises a few AI camera alarms an hour with a known violation type and a capture picture that passes the schema', () => {
    const cameras = DEMO_DEVICES.filter((d) => d.kind === 'camera');
    const model = new FleetModel({ projectId: 'demo-tunnel', seed: 1, startMs: START, devices: cameras });
    const alarms = model.advanceTo(START + 12 * HOUR_MS).filter((m) => m.kind === 'camera');
    expect(alarms.length / 12).toBeGreaterThan(1);
    expect(alarms.length / 12).toBeLessThan(10);
    for (const a of alarms) {
      if (a.kind !== 'camera') continue;
      expect(ALG_TYPES).toContain(a.payload.algType);
      expect(a.payload.picUrl).toBeUndefined();
      const png = Buffer.from(a.payload.pic!, 'base64');
      expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
      expect(cameraAlarmSchema.safeParse(a.payload).success).toBe(true);
    }
  });

  it('exposes the current drill-and-blast stage of every heading', () => {
    const model = new FleetModel({ projectId: 'demo-tunnel', seed: 1, startMs: START, devices: [] });
    model.advanceTo(START + HOUR_MS);
    const states = model.headingStates();
    expect(states.map((s) => s.headingId)).toEqual(['LK-E', 'LK-X', 'RK-E', 'RK-X']);
    for (const s of states) {
      expect(s.stageStartMs).toBeLessThanOrEqual(START + HOUR_MS);
      expect(s.stageEndMs).toBeGreaterThan(START + HOUR_MS);
    }
  });

  it('refuses devices it cannot place', () => {
    const bad = { ...DEMO_DEVICES.find((d) => d.kind === 'gas')!, headingId: 'NOPE' };
    expect(() => new FleetModel({ projectId: 'demo-tunnel', seed: 1, startMs: START, devices: [bad] })).toThrow(/unknown heading NOPE/);
    expect(() => new FleetModel({ projectId: 'bad/project', seed: 1, startMs: START, devices: [DEMO_DEVICES[0]] })).toThrow();
  });
});
