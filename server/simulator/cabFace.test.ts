import { describe, expect, it } from 'vitest';
import { isEventOnlyKind, parseDeviceMessage } from '../../protocol';
import { shiftTimes } from '../seed/demoEquipment';
import { DEMO_DEVICES } from '../seed/demoProject';
import { FleetModel } from './model';

const TERMINALS = DEMO_DEVICES.filter((d) => d.cabOf !== undefined);
const MACHINES = DEMO_DEVICES.filter((d) => TERMINALS.some((t) => t.cabOf === d.sn));

describe('the demo cab clock-in terminals', () => {
  it("clock each machine's rota driver in at shift start, at the minute the demo attendance has them, face matched", () => {
    expect(TERMINALS.length).toBeGreaterThan(0);
    expect(TERMINALS.every((t) => isEventOnlyKind(t.kind) && t.reportPeriodS === 0)).toBe(true);
    const day = Date.UTC(2026, 2, 9, 16, 0, 0); // 2026-03-10 00:00 Beijing
    const from = day + 6.5 * 3_600_000;
    const model = new FleetModel({ projectId: 'demo-tunnel', seed: 3, startMs: from, devices: [...MACHINES, ...TERMINALS] });
    const clockIns = model.advanceTo(day + 7.5 * 3_600_000).filter((m) => TERMINALS.some((t) => t.sn === m.sn));
    expect(clockIns.map((m) => m.sn).sort()).toEqual(TERMINALS.map((t) => t.sn).sort());
    for (const m of clockIns) {
      const machine = TERMINALS.find((t) => t.sn === m.sn)!.cabOf!;
      const parsed = parseDeviceMessage(m.kind, JSON.stringify(m.payload));
      expect(parsed).toMatchObject({ msg: { machineSn: machine, driverId: `${machine}-D1`, matched: true, ts: shiftTimes(`${machine}-D1`, day, 0).inMs } });
    }
  });
});
