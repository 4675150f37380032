import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVICE_KIND_REGISTRY, DEVICES, EQUIPMENT, FLEET, type DeviceKey, type WorkRecordPage } from '../../protocol';
import type { RunningServer } from '../../server/app';
import { DEMO_DEVICES, DEMO_PROJECT } from '../../server/seed';
import { FleetModel, type SimMessage } from '../../server/simulator/model';
import type { ApiClient } from '../helpers/apiClient';
import { connectDevice } from '../helpers/devices';
import { eventually } from '../helpers/eventually';
import { startServerWithUsers } from '../helpers/testServer';

const project = DEMO_PROJECT.projectId;
const SN = 'EL-01';
/** 10:00 Beijing time on a working day: the simulated elevator works by day (server/simulator/equipment.ts). */
const START_MS = Date.UTC(2026, 4, 6, 2, 0, 0);
/** Simulated time searched for a whole trip of each cage, at most (150–250 trips a working day). */
const SEARCH_MS = 4 * 3_600_000;

type Cage = 'left' | 'right';
interface Trip {
  cage: Cage;
  startedAtMs: number;
  endedAtMs: number;
  startFloor: number;
  endFloor: number;
  peakLoadT: number;
  peakLoadPct: number;
}

/**
 * The simulated elevator's messages from the start up to the reading that ends the first trip of the cage
 * that finishes one last, with every trip of either cage they hold. A trip, read off the messages: from the
 * first reading travelling (speed not 0) with the door closed to the first reading at rest with the door
 * open; its start floor is the floor of the reading before it, its peaks the largest of its readings.
 */
function tripsOfBothCages(): { messages: SimMessage[]; trips: Trip[] } | null {
  const model = new FleetModel({ projectId: project, seed: 3, startMs: START_MS, devices: DEMO_DEVICES.filter((d) => d.sn === SN), tunnels: [] });
  const messages: SimMessage[] = [];
  const trips: Trip[] = [];
  const open: Record<Cage, Trip | null> = { left: null, right: null };
  const lastFloor: Record<Cage, number | null> = { left: null, right: null };
  for (let t = START_MS; t < START_MS + SEARCH_MS; t += 60_000) {
    for (const m of model.advanceTo(t)) {
      const v = DEVICE_KIND_REGISTRY.flatten(m.kind, m.payload);
      messages.push(m);
      for (const cage of ['left', 'right'] as const) {
        const [floor, speed, door] = [v[`${cage}Floor`], v[`${cage}SpeedMps`], v[`${cage}DoorOpen`] === 1];
        const [loadT, loadPct] = [v[`${cage}LoadT`], v[`${cage}LoadPct`]];
        const trip = open[cage];
        if (trip) {
          trip.peakLoadT = Math.max(trip.peakLoadT, loadT);
          trip.peakLoadPct = Math.max(trip.peakLoadPct, loadPct);
          if (door && speed === 0) {
            trips.push({ ...trip, endedAtMs: m.tsMs, endFloor: floor });
            open[cage] = null;
          }
        } else if (speed !== 0 && !door && lastFloor[cage] !== null) {
          open[cage] = { cage, startedAtMs: m.tsMs, endedAtMs: 0, startFloor: lastFloor[cage], endFloor: 0, peakLoadT: loadT, peakLoadPct: loadPct };
        }
        lastFloor[cage] = floor;
      }
      if (trips.some((x) => x.cage === 'left') && trips.some((x) => x.cage === 'right')) return { messages, trips };
    }
  }
  return null;
}

describe('a simulated construction elevator trip becomes one work record per cage trip', () => {
  let server: RunningServer;
  let admin: ApiClient;
  let device: MqttClient;

  beforeAll(async () => {
    ({ server, admin } = await startServerWithUsers());
    const key = await admin.post<DeviceKey>(DEVICES.deviceKey.path, { projectId: project });
    device = await connectDevice(server.mqttPort!, key.body.data!);
  });
  afterAll(async () => {
    await device?.endAsync();
    await server?.close();
  });

  it('EL-01: the simulated trips of both cages, published over MQTT, are records with their cage, times, floors and peak load', async () => {
    const sim = tripsOfBothCages();
    expect(sim, 'both cages make a whole trip within four hours').not.toBeNull();
    const { messages, trips } = sim!;
    expect(trips.some((t) => t.cage === 'left' && t.peakLoadT > 0.1)).toBe(true);
    for (const m of messages) await device.publishAsync(m.topic, JSON.stringify(m.payload), { qos: 1 });
    const page = await eventually(async () => {
      const r = await admin.post<WorkRecordPage>(FLEET.workRecordList.path, { projectId: project, sn: SN, pageSize: 200 });
      return r.body.data!.total >= trips.length && r.body.data!;
    }, 10_000, `${trips.length} work records of ${SN}`);
    expect(page.total).toBe(trips.length);
    const records = [...page.list].sort((a, b) => a.startedAtMs - b.startedAtMs || (a.cage ?? '').localeCompare(b.cage ?? ''));
    const expected = [...trips].sort((a, b) => a.startedAtMs - b.startedAtMs || a.cage.localeCompare(b.cage));
    expect(records).toEqual(
      expected.map((t) =>
        expect.objectContaining({
          sn: SN,
          kind: 'constructionElevator',
          cage: t.cage,
          startedAtMs: t.startedAtMs,
          endedAtMs: t.endedAtMs,
          durationS: (t.endedAtMs - t.startedAtMs) / 1000,
          startFloor: t.startFloor,
          endFloor: t.endFloor,
          peakLoadT: t.peakLoadT,
          // an elevator has no moment: the record's peak moment is the peak load as % of rated
          peakMomentPct: t.peakLoadPct,
        }),
      ),
    );

    // the export of an elevator names the cage and floors of each trip
    const csv = await fetch(server.url + EQUIPMENT.workRecordExport.path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: admin.cookie! },
      body: JSON.stringify({ projectId: project, sn: SN, format: 'csv' }),
    });
    const lines = (await csv.text()).replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0].split(',')).toEqual(expect.arrayContaining(['Cage', 'From floor', 'To floor', 'Peak load (% of rated)']));
    expect(lines).toHaveLength(trips.length + 1);
    const last = expected[expected.length - 1];
    expect(lines[1].split(',').slice(2, 5)).toEqual([last.cage, String(last.startFloor), String(last.endFloor)]);
  });
});
