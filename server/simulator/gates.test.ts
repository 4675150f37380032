import { describe, expect, it } from 'vitest';
import { DEMO_DEVICES } from '../seed/demoProject';
import { demoPersonId } from '../seed/demoPeople';
import { gatePassSchema } from '../../protocol';
import { FleetModel, type SimMessage } from './model';
import { HOUR_MS, MINUTE_MS } from './siteClock';

/** 00:00 Beijing time on a working day. */
const DAY0 = Date.UTC(2026, 2, 10) - 8 * HOUR_MS;
const DEVICES = DEMO_DEVICES.filter((d) => d.kind === 'beacon' || d.kind === 'gate');
const gateBore = new Map(DEVICES.filter((d) => d.kind === 'gate').map((d) => [d.sn, d.tunnelId]));
const beaconBore = new Map(DEVICES.filter((d) => d.kind === 'beacon').map((d) => [demoPersonId(d.sn), d.tunnelId]));

type GateMsg = Extract<SimMessage, { kind: 'gate' }>;
type BeaconMsg = Extract<SimMessage, { kind: 'beacon' }>;

describe('the demo gates', () => {
  it('pass the simulated people in and out at shift change, through their own bore, with surges and a few discrepancies', () => {
    const model = new FleetModel({ projectId: 'demo-tunnel', seed: 1, startMs: DAY0 + 5 * HOUR_MS, devices: DEVICES });
    const passes: GateMsg[] = [];
    const beaconSeen = new Map<string, number>();
    for (let t = DAY0 + 5 * HOUR_MS; t <= DAY0 + 29 * HOUR_MS; t += 30_000) {
      for (const m of model.advanceTo(t)) {
        if (m.kind === 'gate') passes.push(m as GateMsg);
        else if (m.kind === 'beacon' && !beaconSeen.has((m as BeaconMsg).sn)) beaconSeen.set((m as BeaconMsg).sn, m.tsMs);
      }
    }
    for (const p of passes) {
      expect(gatePassSchema.safeParse(p.payload).success).toBe(true);
      // a portal gate only passes people of its own bore
      const bore = gateBore.get(p.sn);
      if (bore) expect(beaconBore.get(p.payload.personId)).toBe(bore);
    }
    // every pass once: the pass ids are unique
    expect(new Set(passes.map((p) => `${p.sn}:${p.payload.passId}`)).size).toBe(passes.length);
    // surges: most portal in-passes within an hour before 07:00 and 19:00
    const portalIns = passes.filter((p) => gateBore.get(p.sn) && p.payload.direction === 'in' && p.tsMs > DAY0 + 5 * HOUR_MS);
    const nearShiftChange = portalIns.filter((p) => [7, 19].some((h) => p.tsMs > DAY0 + (h - 1) * HOUR_MS && p.tsMs <= DAY0 + h * HOUR_MS));
    expect(portalIns.length).toBeGreaterThan(150);
    expect(nearShiftChange.length / portalIns.length).toBeGreaterThan(0.9);
    const byPerson = new Map<string, GateMsg[]>();
    for (const p of passes) byPerson.set(p.payload.personId, [...(byPerson.get(p.payload.personId) ?? []), p]);
    // discrepancies occur naturally: someone in through a portal gate whose beacon never reports, someone whose beacon reports without a portal in-pass
    const withPortalIn = new Set(portalIns.map((p) => p.payload.personId));
    const forgot = [...withPortalIn].filter((id) => !beaconSeen.has(id.slice(2)));
    const tailgated = [...beaconSeen.keys()].filter((sn) => !byPerson.get(demoPersonId(sn))?.some((p) => gateBore.get(p.sn) && p.payload.direction === 'in'));
    expect(forgot.length + tailgated.length).toBeGreaterThan(0);
    expect(forgot.length + tailgated.length).toBeLessThan(15);
    // a beacon switched on is its wearer passing the portal gate (same second)
    const first = portalIns.find((p) => beaconSeen.has(p.payload.personId.slice(2)) && p.tsMs > DAY0 + 6 * HOUR_MS)!;
    expect(Math.abs(beaconSeen.get(first.payload.personId.slice(2))! - first.tsMs)).toBeLessThan(MINUTE_MS);
  }, 120_000);
});
