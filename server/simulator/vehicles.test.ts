import { describe, expect, it } from 'vitest';
import type { DeviceMessage, VehicleTelemetry } from '../../protocol';
import { DEMO_DEVICES, DEMO_TUNNELS } from '../seed/demoProject';
import { VehicleTracker } from '../vehicles/tracker';
import { FleetModel } from './model';

const START = Date.UTC(2026, 10, 27, 0, 0, 0);
const HOURS = 8;

/** The left bore's entry heading's vehicles through `HOURS` simulated hours, their fits from the tracker, and the heading's stage at each fix. */
function run() {
  const devices = DEMO_DEVICES.filter((d) => d.kind === 'vehicle' && d.headingId === 'LK-E');
  const fleet = new FleetModel({ projectId: 'demo', seed: 7, startMs: START, devices, tunnels: DEMO_TUNNELS });
  const tracker = new VehicleTracker();
  const fixes: Array<{ sn: string; stage: string; msg: VehicleTelemetry }> = [];
  for (let m = 1; m <= HOURS * 60; m++) {
    const batch = fleet.advanceTo(START + m * 60_000);
    const stage = fleet.headingStates().find((h) => h.headingId === 'LK-E')!.stage;
    for (const x of batch) fixes.push({ sn: x.sn, stage, msg: tracker.accept('demo', x.sn, { kind: x.kind, msg: x.payload } as DeviceMessage, x.tsMs).msg as VehicleTelemetry });
  }
  return { devices, fixes };
}

describe('demo vehicles', () => {
  const { devices, fixes } = run();
  const typeOf = new Map(devices.map((d) => [d.sn, d.vehicle!.type]));
  const of = (type: string) => fixes.filter((f) => typeOf.get(f.sn) === type);

  it('has a loader always in the tunnel, dump trucks only while the heading mucks, in the left bore', () => {
    expect(of('loader').length).toBeGreaterThan(HOURS * 3_600 * 0.95);
    expect(of('dumpTruck').length).toBeGreaterThan(0);
    // a minute's batch is stamped up to that minute: the stage read after it is the mucking or the one after
    expect(of('dumpTruck').filter((f) => f.stage !== 'mucking' && f.stage !== 'support').length).toBe(0);
    expect(new Set(fixes.map((f) => f.msg.tunnelId))).toEqual(new Set(['LK']));
  });

  it('drives at tunnel haulage speeds: nine fixes in ten under 10 km/h, none at 14', () => {
    const moving = fixes.filter((f) => (f.msg.speedKmh ?? 0) >= 1).map((f) => f.msg.speedKmh!).sort((a, b) => a - b);
    expect(moving.length).toBeGreaterThan(1_000);
    expect(moving[Math.floor(moving.length / 2)]).toBeGreaterThan(4);
    expect(moving[Math.floor(moving.length * 0.9)]).toBeLessThan(10);
    expect(moving.at(-1)!).toBeLessThan(14);
  });
});
