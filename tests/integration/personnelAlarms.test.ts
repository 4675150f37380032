import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALARMS, DEVICES, PEOPLE, type Alarm, type AlarmPage, type AlarmRecord, type DeviceKey, type Zone, type ZoneRow } from '../../protocol';
import type { RunningServer } from '../../server/app';
import { DEMO_PROJECT } from '../../server/seed';
import { demoTeamOf } from '../../server/seed/demoPeople';
import type { ApiClient } from '../helpers/apiClient';
import { connectDevice } from '../helpers/devices';
import { eventually } from '../helpers/eventually';
import { connectLiveSocket, type LiveSocket } from '../helpers/liveSocket';
import { startServerWithUsers } from '../helpers/testServer';

/**
 * Gathering and leave area against the real server, MQTT broker, database and socket.io (docs/api.md
 * "People and zones"), with short limits from the server's environment (docs/operations.md): 3 people within
 * 5 m for 6 s gather, 6 s outside the team's area is leaving it. Beacons report every 500 ms, as the
 * zone edges need fixes for 2 s past the margin.
 */
const demo = DEMO_PROJECT.projectId;
const beaconTopic = (sn: string) => `zhgd/${demo}/beacon/${sn}/telemetry`;
const NO_RULES = { entryAlarm: false, authorizedTeams: [], maxStayMin: null, maxHeadcount: null, noMovementMin: null, signalLostS: null };
const beacons = Array.from({ length: 200 }, (_, i) => `BC${String(i + 1).padStart(4, '0')}`);

describe('personnel alarms: gathering and leave area (real server)', () => {
  let server: RunningServer;
  let admin: ApiClient;
  let device: MqttClient;
  let socket: LiveSocket;
  let zones: ZoneRow[];
  const pushed: Alarm[] = [];

  beforeAll(async () => {
    ({ server, admin } = await startServerWithUsers({ GATHERING_PEOPLE: '3', GATHERING_MIN: '0.1', LEAVE_AREA_MIN: '0.1' }));
    const key = await admin.post<DeviceKey>(DEVICES.deviceKey.path, { projectId: demo });
    device = await connectDevice(server.mqttPort!, key.body.data!);
    socket = await connectLiveSocket(server.url, admin.cookie);
    socket.on('alarm.changed', (a) => pushed.push(a));
    expect(await socket.timeout(3_000).emitWithAck('topic.subscribe', { projectId: demo, topic: 'alarm' })).toEqual({ ok: true });
    zones = (await admin.post<ZoneRow[]>(PEOPLE.zoneList.path, { projectId: demo, tunnelId: 'RK' })).body.data!;
  });

  afterAll(async () => {
    socket?.close();
    await device?.endAsync();
    await server?.close();
  });

  const fix = (sn: string, chainageM: number) =>
    device.publishAsync(beaconTopic(sn), JSON.stringify({ ts: Date.now(), tunnelId: 'RK', chainageM, battery: 80, sos: false }), { qos: 1 });

  async function alarmsOf(deviceSn: string, metric: string): Promise<AlarmRecord[]> {
    const r = await admin.post<AlarmPage>(ALARMS.alarmList.path, { projectId: demo, deviceSn, metric, pageSize: 100 });
    expect(r.body.success).toBe(true);
    return r.body.data!.list as AlarmRecord[];
  }

  /** Reports `at` (sn → chainage) every 500 ms until `until` holds. */
  async function reportUntil<T>(at: ReadonlyMap<string, number>, until: () => Promise<T | false>, what: string, timeoutMs = 20_000): Promise<T> {
    return eventually(async () => {
      await Promise.all([...at].map(([sn, m]) => fix(sn, m)));
      return until();
    }, timeoutMs, what, 500);
  }

  it('zones take gatheringAllowed and assignedTeams; a zone sent without them allows no gathering and is nobody\'s area', async () => {
    const r = await admin.post<Zone>(PEOPLE.zoneAdd.path, { projectId: demo, zone: { name: 'Old client zone', kind: 'work', tunnelId: 'LK', fromM: 10, toM: 20, ...NO_RULES } });
    expect(r.body.data).toMatchObject({ gatheringAllowed: false, assignedTeams: [] });
    const bad = await admin.post<Zone>(PEOPLE.zoneAdd.path, { projectId: demo, zone: { name: 'Bad', kind: 'work', tunnelId: 'LK', fromM: 10, toM: 20, ...NO_RULES, gatheringAllowed: 'yes' } });
    expect(bad.body.success).toBe(false);
    expect(bad.body.errorMessage).toContain('gatheringAllowed');
    // the seeded portal allows gathering and is the lining crew's way in
    expect(zones.find((z) => z.kind === 'portal')).toMatchObject({ gatheringAllowed: true, assignedTeams: ['Lining team', 'Lining night team'] });
  });

  it('gathering: three people together outside the zones that allow it raise one warning on the bore; inside such a zone nothing', async () => {
    const allowed = await admin.post<Zone>(PEOPLE.zoneAdd.path, {
      projectId: demo,
      zone: { name: 'Refuge chamber', kind: 'work', tunnelId: 'RK', fromM: 3000, toM: 3100, ...NO_RULES, gatheringAllowed: true },
    });
    expect(allowed.body.data!.gatheringAllowed).toBe(true);
    // a spot no gathering-allowed zone covers
    const free = [600, 900, 1200, 1500].find((m) => !zones.some((z) => z.gatheringAllowed && m >= z.fromM - 10 && m <= z.toM + 10))!;
    const crowd = beacons.filter((sn) => demoTeamOf(sn) === 'drilling').slice(0, 3);
    // in the refuge chamber for longer than the limit: nothing
    const inChamber = new Map(crowd.map((sn, i) => [sn, 3050 + i]));
    for (let i = 0; i < 20; i++) {
      await Promise.all([...inChamber].map(([sn, m]) => fix(sn, m)));
      await new Promise((r) => setTimeout(r, 500));
    }
    expect(await alarmsOf('RK', 'gathering')).toEqual([]);
    // the same three at a free spot
    const alarm = await reportUntil(new Map(crowd.map((sn, i) => [sn, free + i])), async () => (await alarmsOf('RK', 'gathering'))[0] ?? false, 'gathering alarm');
    expect(alarm).toMatchObject({ kind: 'zone', deviceKind: 'tunnel', deviceSn: 'RK', level: 'warning', state: 'active', value: 3, threshold: 3 });
    await eventually(() => pushed.some((p) => p.alarmId === alarm.alarmId), 2_000, 'push of the gathering alarm');
    // they part: cleared once the group has been gone longer than the grace (30 s)
    const parted = new Map(crowd.map((sn, i) => [sn, free + i * 100]));
    await reportUntil(parted, async () => (await alarmsOf('RK', 'gathering'))[0].state === 'cleared', 'gathering cleared', 45_000);
    expect(await alarmsOf('RK', 'gathering')).toHaveLength(1);
  }, 90_000);

  it('leave area: a lining-crew worker at the face, outside the zones of their team, raises one warning; back at the carriage it clears', async () => {
    const [sn, other] = beacons.filter((b) => demoTeamOf(b) === 'lining');
    const carriage = zones.find((z) => z.assignedTeams.includes('Lining team') && z.zoneId.endsWith('-C'))!;
    // the face zone of the same heading, 10 m past its edge on the carriage's side
    const face = zones.find((z) => z.zoneId === carriage.zoneId.replace(/-C$/, '-F'))!;
    const atCarriage = (carriage.fromM + carriage.toM) / 2;
    const atFace = carriage.toM <= face.fromM ? face.fromM + 10 : face.toM - 10;
    await fix(sn, atCarriage);
    await fix(other, atCarriage);
    const alarm = await reportUntil(new Map([[sn, atFace], [other, atCarriage]]), async () => (await alarmsOf(sn, 'leaveArea'))[0] ?? false, 'leave-area alarm');
    expect(alarm).toMatchObject({ kind: 'zone', deviceKind: 'beacon', level: 'warning', state: 'active', unit: 'm', value: atFace });
    await eventually(() => pushed.some((p) => p.alarmId === alarm.alarmId), 2_000, 'push of the leave-area alarm');
    expect(await alarmsOf(other, 'leaveArea')).toEqual([]);
    await reportUntil(new Map([[sn, atCarriage]]), async () => (await alarmsOf(sn, 'leaveArea'))[0].state === 'cleared', 'leave area cleared');
    expect(await alarmsOf(sn, 'leaveArea')).toHaveLength(1);
  }, 60_000);
});
