import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVICE_KIND_REGISTRY, DEVICES, FLEET, type DeviceKey, type WorkRecordPage } from '../../protocol';
import type { RunningServer } from '../../server/app';
import { BRIDGE_DEVICES, OTHER_PROJECT } from '../../server/seed';
import { FleetModel, type SimMessage } from '../../server/simulator/model';
import type { ApiClient } from '../helpers/apiClient';
import { connectDevice } from '../helpers/devices';
import { eventually } from '../helpers/eventually';
import { startServerWithUsers } from '../helpers/testServer';

const bridgeProject = OTHER_PROJECT.projectId;
/** 10:00 Beijing time on a working day: the simulator's equipment works by day (server/simulator/equipment.ts). */
const START_MS = Date.UTC(2026, 4, 6, 2, 0, 0);
/** Simulated time searched for a whole lift, at most (an erector places 4–10 girders a working day). */
const SEARCH_MS = 12 * 3_600_000;

/** Load and moment (% of rated) of a reading as the server's lift detector sums them (server/rules/workRecords.ts). */
const LIFT_METRICS: Record<string, { load: string[]; moment: string[] }> = {
  gantryCrane: { load: ['loadT'], moment: ['loadPct'] },
  bridgeGirderErector: { load: ['frontLoadT', 'rearLoadT'], moment: ['frontLoadPct', 'rearLoadPct'] },
};

/**
 * The simulator's messages of `sn` from the reading before its first lift up to the reading that ends it
 * (load back under 0.1 t), with the lift's start, end and peaks; null when no whole lift happens in time.
 */
function firstLift(sn: string) {
  const model = new FleetModel({ projectId: bridgeProject, seed: 3, startMs: START_MS, devices: BRIDGE_DEVICES.filter((d) => d.sn === sn), tunnels: [] });
  const kept: SimMessage[] = [];
  let previous: SimMessage | null = null;
  let startedAtMs: number | null = null;
  let peakLoadT = 0;
  let peakMomentPct = 0;
  for (let t = START_MS; t < START_MS + SEARCH_MS; t += 60_000) {
    for (const m of model.advanceTo(t)) {
      const values = DEVICE_KIND_REGISTRY.flatten(m.kind, m.payload);
      const lift = LIFT_METRICS[m.kind];
      const load = lift.load.reduce((s, k) => s + (values[k] ?? 0), 0);
      const moment = Math.max(...lift.moment.map((k) => values[k] ?? 0));
      if (startedAtMs === null) {
        if (load >= 0.1) {
          startedAtMs = m.tsMs;
          if (previous) kept.push(previous);
          kept.push(m);
          peakLoadT = load;
          peakMomentPct = moment;
        }
        previous = m;
        continue;
      }
      kept.push(m);
      if (load < 0.1) return { messages: kept, startedAtMs, endedAtMs: m.tsMs, peakLoadT, peakMomentPct };
      peakLoadT = Math.max(peakLoadT, load);
      peakMomentPct = Math.max(peakMomentPct, moment);
    }
  }
  return null;
}

describe('a lift of the simulator becomes one work record with its peaks', () => {
  let server: RunningServer;
  let admin: ApiClient;
  let device: MqttClient;

  beforeAll(async () => {
    ({ server, admin } = await startServerWithUsers());
    const key = await admin.post<DeviceKey>(DEVICES.deviceKey.path, { projectId: bridgeProject });
    device = await connectDevice(server.mqttPort!, key.body.data!);
  });
  afterAll(async () => {
    await device?.endAsync();
    await server?.close();
  });

  for (const sn of ['GC-B1', 'BGE-01']) {
    it(`${sn}: the simulated lift published over MQTT is one record with the simulated start, end and peaks`, async () => {
      const lift = firstLift(sn);
      expect(lift, 'the simulator lifts within twelve hours').not.toBeNull();
      for (const m of lift!.messages) await device.publishAsync(m.topic, JSON.stringify(m.payload), { qos: 1 });
      const page = await eventually(async () => {
        const r = await admin.post<WorkRecordPage>(FLEET.workRecordList.path, { projectId: bridgeProject, sn });
        return r.body.data!.total > 0 && r.body.data!;
      }, 5_000, `a work record of ${sn}`);
      expect(page.total).toBe(1);
      const record = page.list[0];
      expect(record).toMatchObject({ sn, startedAtMs: lift!.startedAtMs, endedAtMs: lift!.endedAtMs });
      expect(record.peakLoadT).toBeCloseTo(lift!.peakLoadT, 6);
      expect(record.peakMomentPct).toBeCloseTo(lift!.peakMomentPct, 6);
      expect(record.durationS).toBeCloseTo((lift!.endedAtMs - lift!.startedAtMs) / 1000, 6);
      expect(lift!.peakLoadT).toBeGreaterThan(0.1);
    });
  }
});
