import { describe, expect, it } from 'vitest';
import { DEMO_DEVICES, DEMO_TUNNELS } from '../seed/demoProject';
import { FleetModel, type SimMessage } from './model';
import { BLAST_CLEARANCE_M } from './people';
import { beaconTelemetrySchema } from '../../protocol';
import { HOUR_MS, MINUTE_MS } from './siteClock';

/** 00:00 Beijing time on a working day. */
const DAY0 = Date.UTC(2026, 2, 10) - 8 * HOUR_MS;
const BEACONS = DEMO_DEVICES.filter((d) => d.kind === 'beacon');
const headingOf = new Map(DEMO_TUNNELS.flatMap((t) => t.headings.map((h) => [h.headingId, { t, h }] as const)));
const headingOfSn = new Map(BEACONS.map((d) => [d.sn, headingOf.get(d.headingId!)!]));

type BeaconMsg = Extract<SimMessage, { kind: 'beacon' }>;

function run(model: FleetModel, fromMs: number, toMs: number, stepMs: number, each: (m: BeaconMsg[], tMs: number) => void) {
  for (let t = fromMs; t <= toMs; t += stepMs) each(model.advanceTo(t).filter((m): m is BeaconMsg => m.kind === 'beacon'), t);
}

function distanceFromPortalM(m: BeaconMsg): number {
  const { t, h } = headingOfSn.get(m.sn)!;
  return h.portal === 'entry' ? m.payload.chainageM : t.lengthM - m.payload.chainageM;
}

describe('personnel beacons', () => {
  it('gathers people at the portal around the 07:00 shift change and spreads them out mid-shift', () => {
    const model = new FleetModel({ projectId: 'demo-tunnel', seed: 1, startMs: DAY0 + 5.5 * HOUR_MS, devices: BEACONS });
    const atPortal = (from: number, to: number) => {
      const seen = new Set<string>();
      const near = new Set<string>();
      run(model, DAY0 + from * HOUR_MS, DAY0 + to * HOUR_MS, 10_000, (ms) => {
        for (const m of ms) {
          seen.add(m.sn);
          if (distanceFromPortalM(m) < 50) near.add(m.sn);
        }
      });
      return { seen: seen.size, near: near.size };
    };
    const midShift = atPortal(5.5, 5.7); // night crew at work
    const briefing = atPortal(6.7, 6.8); // day crew at the pre-shift briefing, night crew still inside
    const handover = atPortal(7.2, 7.5); // night crew walking out and lingering at the portal
    expect(midShift.seen).toBeGreaterThan(80);
    expect(midShift.seen).toBeLessThan(120); // one crew: the other crew's tags are on the charger
    expect(briefing.seen).toBeGreaterThan(midShift.seen + 60);
    expect(briefing.near).toBeGreaterThan(Math.max(20, 3 * midShift.near));
    expect(handover.near).toBeGreaterThan(Math.max(20, 3 * midShift.near));
  });

  it('empties the face during blasting and ventilation, with shot-firers at the face while charging', () => {
    const heading = 'RK-E';
    const crew = BEACONS.filter((d) => d.headingId === heading);
    const model = new FleetModel({ projectId: 'demo-tunnel', seed: 2, startMs: DAY0 + 9 * HOUR_MS, devices: crew, cycleCompression: 6 });
    let checkedEvacuated = 0;
    const tooClose: string[] = [];
    let nearFaceWhileCharging = 0;
    let nearFaceWhileDrilling = 0;
    run(model, DAY0 + 9 * HOUR_MS, DAY0 + 15 * HOUR_MS, 5_000, (ms) => {
      const s = model.headingStates().find((x) => x.headingId === heading)!;
      for (const m of ms) {
        const fromFace = Math.abs(m.payload.chainageM - s.faceM);
        if (s.stage === 'blasting' || s.stage === 'ventilation') {
          checkedEvacuated++;
          if (fromFace < BLAST_CLEARANCE_M) tooClose.push(`${m.sn} ${fromFace.toFixed(1)} m in ${s.stage}`);
        }
        if (s.stage === 'charging' && fromFace < 20) nearFaceWhileCharging++;
        if (s.stage === 'drilling' && fromFace < 20) nearFaceWhileDrilling++;
      }
    });
    expect(checkedEvacuated).toBeGreaterThan(1_000);
    expect(tooClose).toEqual([]);
    expect(nearFaceWhileCharging).toBeGreaterThan(0);
    expect(nearFaceWhileDrilling).toBeGreaterThan(nearFaceWhileCharging);
  });

  it('keeps each tag on its heading side of the face, with plausible battery and vitals on about a third', () => {
    const model = new FleetModel({ projectId: 'demo-tunnel', seed: 3, startMs: DAY0 + 10 * HOUR_MS, devices: BEACONS });
    const withVitals = new Set<string>();
    const all = new Set<string>();
    const bad: string[] = [];
    run(model, DAY0 + 10 * HOUR_MS, DAY0 + 10.25 * HOUR_MS, 5_000, (ms) => {
      const faces = new Map(model.headingStates().map((s) => [s.headingId, s.faceM]));
      for (const m of ms) {
        const { t, h } = headingOfSn.get(m.sn)!;
        const p = m.payload;
        const face = faces.get(h.headingId)!;
        const problems = [
          p.tunnelId !== t.tunnelId && 'tunnel',
          (h.portal === 'entry' ? p.chainageM > face : p.chainageM < face) && 'beyond the face',
          (p.battery < 0 || p.battery > 100) && 'battery',
        ];
        all.add(m.sn);
        if (p.heartRate !== undefined) {
          withVitals.add(m.sn);
          problems.push(
            (p.heartRate < 45 || p.heartRate > 140) && 'heart rate',
            p.spo2! < 90 && 'spo2',
            (p.bodyTempC! < 35.5 || p.bodyTempC! > 37.8) && 'body temperature',
            p.sbp! <= p.dbp! && 'blood pressure',
          );
        }
        for (const problem of problems) if (problem) bad.push(`${m.sn}: ${problem} ${JSON.stringify(p)}`);
      }
    });
    expect(bad.slice(0, 5)).toEqual([]);
    expect(withVitals.size / all.size).toBeGreaterThan(0.2);
    expect(withVitals.size / all.size).toBeLessThan(0.45);
  });

  it('raises an SOS a few times a day project-wide, each lasting 1–3 minutes, and the person stays put', () => {
    const tags = BEACONS.slice(0, 24);
    const model = new FleetModel({ projectId: 'demo-tunnel', seed: 4, startMs: DAY0, devices: tags });
    const episodes: { sn: string; startMs: number; endMs: number; positions: number[] }[] = [];
    const open = new Map<string, (typeof episodes)[number]>();
    run(model, DAY0, DAY0 + 24 * HOUR_MS, MINUTE_MS, (ms) => {
      for (const m of ms) {
        const ep = open.get(m.sn);
        if (m.payload.sos) {
          if (ep) {
            ep.endMs = m.tsMs;
            ep.positions.push(m.payload.chainageM);
          } else open.set(m.sn, { sn: m.sn, startMs: m.tsMs, endMs: m.tsMs, positions: [m.payload.chainageM] });
        } else if (ep) {
          episodes.push(ep);
          open.delete(m.sn);
        }
      }
    });
    expect(episodes.length).toBeGreaterThanOrEqual(2);
    expect(episodes.length).toBeLessThanOrEqual(20);
    for (const ep of episodes) {
      expect(ep.endMs - ep.startMs).toBeGreaterThanOrEqual(55_000);
      expect(ep.endMs - ep.startMs).toBeLessThanOrEqual(181_000);
      expect(Math.max(...ep.positions) - Math.min(...ep.positions)).toBeLessThan(3); // UWB noise only
    }
  });

  it('now and then a worker falls (lies still past 30 min), a tag goes silent underground, a lining worker walks to the face', () => {
    const tags = BEACONS.slice(0, 48);
    const model = new FleetModel({ projectId: 'demo-tunnel', seed: 7, startMs: DAY0 + 9 * HOUR_MS, devices: tags });
    const last = new Map<string, { tsMs: number; depthM: number }>();
    const still = new Map<string, { sinceMs: number; atM: number }>();
    let longestStillMs = 0;
    let longestGapMs = 0;
    let liningAtFace = 0;
    run(model, DAY0 + 9 * HOUR_MS, DAY0 + 19 * HOUR_MS, 20_000, (ms, tMs) => {
      for (const m of ms) {
        const depthM = distanceFromPortalM(m);
        const prev = last.get(m.sn);
        if (prev && prev.depthM > 60 && depthM > 60) longestGapMs = Math.max(longestGapMs, m.tsMs - prev.tsMs);
        last.set(m.sn, { tsMs: m.tsMs, depthM });
        const s = still.get(m.sn);
        if (!s || Math.abs(m.payload.chainageM - s.atM) > 2) still.set(m.sn, { sinceMs: tMs, atM: m.payload.chainageM });
        else if (depthM > 60) longestStillMs = Math.max(longestStillMs, tMs - s.sinceMs);
        const { h } = headingOfSn.get(m.sn)!;
        const spec = tags.find((d) => d.sn === m.sn)!;
        if (spec.position.startsWith('Lining') && Math.abs(m.payload.chainageM - h.faceM) < 60) liningAtFace++;
      }
    });
    expect(longestStillMs).toBeGreaterThanOrEqual(30 * MINUTE_MS);
    expect(longestGapMs).toBeGreaterThanOrEqual(3 * MINUTE_MS);
    expect(liningAtFace).toBeGreaterThan(0);
  });
});

describe('tag-reported events', () => {
  it('a few times a day: tamper, lamp and Bluetooth faults, under-voltage; cap lamps send voltage, helmets fall and Bluetooth; every payload passes the beacon schema', () => {
    const model = new FleetModel({ projectId: 'demo-tunnel', seed: 1, startMs: DAY0, devices: BEACONS });
    const on = new Map<string, boolean>();
    const episodes: Record<string, number> = {};
    let invalid = 0;
    let misshapen = 0;
    let lowestNormalV = Infinity;
    run(model, DAY0, DAY0 + 24 * HOUR_MS, 60_000, (ms) => {
      for (const m of ms) {
        // every 30 s of each tag: the events last a minute or more
        if (m.tsMs % 30_000 >= 1_000) continue;
        const p = m.payload as unknown as Record<string, unknown>;
        if (!beaconTelemetrySchema.safeParse(p).success) invalid++;
        // cap lamps (no vitals) report lamp and voltage, helmets (vitals) fall and Bluetooth
        if (p.heartRate === undefined ? !('voltageV' in p && 'lampFault' in p) || 'fall' in p : !('fall' in p && 'bluetoothFault' in p) || 'voltageV' in p) misshapen++;
        const flags: Record<string, unknown> = { ...p, underVoltage: typeof p.voltageV === 'number' && p.voltageV <= 3.5 };
        for (const f of ['tamper', 'lampFault', 'bluetoothFault', 'underVoltage', 'fall', 'static']) {
          const key = `${m.sn}/${f}`;
          if (flags[f] === true && !on.get(key)) episodes[f] = (episodes[f] ?? 0) + 1;
          on.set(key, flags[f] === true);
        }
        if (typeof p.voltageV === 'number' && !flags.underVoltage) lowestNormalV = Math.min(lowestNormalV, p.voltageV);
      }
    });
    expect(invalid).toBe(0);
    expect(misshapen).toBe(0);
    for (const f of ['tamper', 'lampFault', 'bluetoothFault', 'underVoltage']) {
      expect(episodes[f], f).toBeGreaterThanOrEqual(1);
      expect(episodes[f], f).toBeLessThanOrEqual(10);
    }
    // a flat battery is low battery, not under-voltage: a healthy cell stays above the 3.5 V warning
    expect(lowestNormalV).toBeGreaterThanOrEqual(3.6);
  });
});
