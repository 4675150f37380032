import ExcelJS from 'exceljs';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALARMS, DEVICES, PEOPLE, type Alarm, type AlarmPage, type AlarmRecord, type DeviceKey, type Person, type PersonList, type Zone, type ZoneFields, type ZoneRow } from '../../protocol';
import type { RunningServer } from '../../server/app';
import { hashPassword } from '../../server/http/passwords';
import { DEMO_PROJECT, OTHER_PROJECT } from '../../server/seed';
import type { ApiClient } from '../helpers/apiClient';
import { connectDevice } from '../helpers/devices';
import { eventually } from '../helpers/eventually';
import { connectLiveSocket, type LiveSocket } from '../helpers/liveSocket';
import { loggedInClient, startServerWithUsers } from '../helpers/testServer';

/**
 * People and zones against the real server, MQTT broker, database and socket.io (docs/api.md "People and
 * zones"). Beacons publish with QoS 1, so an alarm a fix raises is stored before the publish resolves;
 * time-based rules (stay, no movement, signal lost) use the smallest limits the API accepts and are polled
 * with a deadline. Each rule gets its own zone in the right bore (RK) at its own chainage, and its own beacons.
 */
const demo = DEMO_PROJECT.projectId;
const beaconTopic = (sn: string) => `zhgd/${demo}/beacon/${sn}/telemetry`;

const NO_RULES = { entryAlarm: false, authorizedTeams: [], maxStayMin: null, maxHeadcount: null, noMovementMin: null, signalLostS: null };

describe('people and zones (real server)', () => {
  let server: RunningServer;
  let admin: ApiClient;
  let bridge: ApiClient;
  let viewer: ApiClient;
  let device: MqttClient;
  let socket: LiveSocket;
  const pushed: Alarm[] = [];

  beforeAll(async () => {
    ({ server, admin, bridge } = await startServerWithUsers());
    // a safety officer of the demo project: sees people, edits neither people nor zones (protocol/roles.ts)
    await server.db.insertInto('users').values({ username: 'officer', display_name: 'Safety officer', password_hash: await hashPassword('officer-pw'), is_admin: false, created_at_ms: Date.now() }).execute();
    await server.db.insertInto('memberships').values({ username: 'officer', project_id: demo, mid: 'officer@demo', role: 'safetyOfficer' }).execute();
    viewer = await loggedInClient(server.url, 'officer', 'officer-pw');
    const key = await admin.post<DeviceKey>(DEVICES.deviceKey.path, { projectId: demo });
    device = await connectDevice(server.mqttPort!, key.body.data!);
    socket = await connectLiveSocket(server.url, admin.cookie);
    socket.on('alarm.changed', (a) => pushed.push(a));
    expect(await socket.timeout(3_000).emitWithAck('topic.subscribe', { projectId: demo, topic: 'alarm' })).toEqual({ ok: true });
  });

  afterAll(async () => {
    socket?.close();
    await device?.endAsync();
    await server?.close();
  });

  const fix = (sn: string, chainageM: number, extra: Record<string, unknown> = {}) =>
    device.publishAsync(beaconTopic(sn), JSON.stringify({ ts: Date.now(), tunnelId: 'RK', chainageM, battery: 80, sos: false, ...extra }), { qos: 1 });

  async function addZone(zone: Partial<ZoneFields> & Pick<ZoneFields, 'name' | 'fromM' | 'toM'>): Promise<Zone> {
    const r = await admin.post<Zone>(PEOPLE.zoneAdd.path, { projectId: demo, zone: { kind: 'work', tunnelId: 'RK', ...NO_RULES, ...zone } });
    expect(r.body.errorMessage).toBeUndefined();
    return r.body.data!;
  }

  async function alarmsOf(deviceSn: string, metric: string): Promise<AlarmRecord[]> {
    const r = await admin.post<AlarmPage>(ALARMS.alarmList.path, { projectId: demo, deviceSn, metric, pageSize: 100 });
    expect(r.body.success).toBe(true);
    return r.body.data!.list as AlarmRecord[];
  }

  /** Waits for the one alarm of (device, metric), checks it is alone and that the socket client got it. */
  async function oneAlarmPushed(deviceSn: string, metric: string, timeoutMs = 5_000): Promise<AlarmRecord> {
    const [alarm] = await eventually(async () => {
      const list = await alarmsOf(deviceSn, metric);
      return list.length > 0 && list;
    }, timeoutMs, `${metric} alarm of ${deviceSn}`, 200);
    expect(await alarmsOf(deviceSn, metric)).toHaveLength(1);
    await eventually(() => pushed.some((p) => p.alarmId === alarm.alarmId), 2_000, `push of alarm ${alarm.alarmId}`);
    return alarm;
  }

  it('danger zone entry: a person of a team not authorised raises one alarm, named after them; leaving clears it', async () => {
    // BC0005 is in the blasting team (server/seed/demoPeople.ts); only drillers may enter this zone
    await addZone({ name: 'Entry drill zone', kind: 'danger', fromM: 100, toM: 150, entryAlarm: true, authorizedTeams: ['Drilling team'] });
    await fix('BC0005', 90);
    // entry counts once the fixes have been inside past the edge margin for the dwell time (docs/domain.md "Zone edges")
    await eventually(async () => {
      await fix('BC0005', 120);
      return (await alarmsOf('BC0005', 'zoneEntry')).length > 0;
    }, 10_000, 'entry after the dwell time', 500);
    const alarm = await oneAlarmPushed('BC0005', 'zoneEntry');
    expect(alarm).toMatchObject({ kind: 'zone', level: 'alarm', state: 'active', repeatCount: 1, deviceKind: 'beacon', value: 120, unit: 'm' });
    expect(alarm.deviceName).toBe((await server.db.selectFrom('people').select('name').where('beacon_sn', '=', 'BC0005').executeTakeFirstOrThrow()).name);
    await eventually(async () => {
      await fix('BC0005', 160);
      return (await alarmsOf('BC0005', 'zoneEntry'))[0].state === 'cleared';
    }, 10_000, 'entry alarm cleared after leaving', 500);
    expect(await alarmsOf('BC0005', 'zoneEntry')).toHaveLength(1);
    // a driller (BC0001) walks in without an alarm
    await fix('BC0001', 130);
    expect(await alarmsOf('BC0001', 'zoneEntry')).toEqual([]);
  });

  it('stay too long: one alarm once the stay passes the zone limit', async () => {
    await addZone({ name: 'Stay zone', fromM: 200, toM: 250, maxStayMin: 0.1 });
    await fix('BC0010', 220);
    const alarm = await oneAlarmPushed('BC0010', 'stayTooLong', 15_000);
    expect(alarm).toMatchObject({ kind: 'zone', level: 'warning', threshold: 0.1, unit: 'min' });
  });

  it('over-headcount: a third person in a zone for two raises one alarm on the zone', async () => {
    const zone = await addZone({ name: 'Cross passage', fromM: 300, toM: 350, maxHeadcount: 2 });
    await fix('BC0021', 310);
    await fix('BC0022', 320);
    await fix('BC0023', 330);
    const alarm = await oneAlarmPushed(zone.zoneId, 'overHeadcount', 15_000);
    expect(alarm).toMatchObject({ kind: 'zone', deviceKind: 'zone', deviceName: 'Cross passage', value: 3, threshold: 2 });
    const zones = await admin.post<ZoneRow[]>(PEOPLE.zoneList.path, { projectId: demo, tunnelId: 'RK' });
    expect(zones.body.data!.find((z) => z.zoneId === zone.zoneId)).toMatchObject({ headcount: 3 });
  });

  it('no movement: a beacon reporting from one spot raises one possible-fall alarm; a step clears it', async () => {
    await addZone({ name: 'Bench', fromM: 400, toM: 450, noMovementMin: 0.1 });
    const scatter = [0, 0.2, -0.3, 0.5];
    let i = 0;
    const alarm = await eventually(async () => {
      await fix('BC0030', 420 + scatter[i++ % scatter.length]);
      const list = await alarmsOf('BC0030', 'noMovement');
      return list.length > 0 && list[0];
    }, 15_000, 'no-movement alarm', 500);
    expect(await alarmsOf('BC0030', 'noMovement')).toHaveLength(1);
    expect(alarm).toMatchObject({ kind: 'zone', level: 'alarm', state: 'active' });
    await eventually(() => pushed.some((p) => p.alarmId === alarm.alarmId), 2_000, 'push of the no-movement alarm');
    await fix('BC0030', 440);
    expect((await alarmsOf('BC0030', 'noMovement'))[0]).toMatchObject({ state: 'cleared' });
  });

  it('low battery: a beacon at 8 % raises one below-limit battery alarm', async () => {
    await fix('BC0040', 600, { battery: 8 });
    await fix('BC0040', 600, { battery: 7 });
    const alarm = await oneAlarmPushed('BC0040', 'battery');
    expect(alarm).toMatchObject({ kind: 'threshold', side: 'below', level: 'alarm', threshold: 10 });
    const list = await admin.post<PersonList>(PEOPLE.personList.path, { projectId: demo, status: 'lowBattery' });
    expect(list.body.data!.list.map((p) => p.beaconSn)).toContain('BC0040');
  });

  it('tag-reported states: fall and tamper alarm, a lamp fault warns, each once while on and cleared when off; old payloads unchanged', async () => {
    await fix('BC0041', 610, { fall: true, tamper: true, lampFault: true, bluetoothFault: false, static: false });
    await fix('BC0041', 610, { fall: true, tamper: true, lampFault: true });
    const fall = await oneAlarmPushed('BC0041', 'fall');
    expect(fall).toMatchObject({ kind: 'threshold', level: 'alarm', state: 'active', deviceKind: 'beacon' });
    expect(await oneAlarmPushed('BC0041', 'tamper')).toMatchObject({ level: 'alarm' });
    expect(await oneAlarmPushed('BC0041', 'lampFault')).toMatchObject({ level: 'warning' });
    expect(await alarmsOf('BC0041', 'bluetoothFault')).toEqual([]);
    await fix('BC0041', 610, { fall: false, tamper: false, lampFault: false });
    await eventually(async () => (await alarmsOf('BC0041', 'lampFault'))[0].state === 'cleared', 5_000, 'lamp fault cleared');
    expect((await alarmsOf('BC0041', 'fall'))[0]).toMatchObject({ state: 'cleared' });
    // a payload with a flag of the wrong type is refused whole and changes nothing
    await fix('BC0041', 610, { bluetoothFault: 'yes' });
    await fix('BC0041', 610);
    expect(await alarmsOf('BC0041', 'bluetoothFault')).toEqual([]);
  });

  it('under-voltage: a supply reading under 3.4 V raises a below-limit alarm of its own, not low battery', async () => {
    await fix('BC0042', 620, { battery: 60, voltageV: 3.32 });
    const alarm = await oneAlarmPushed('BC0042', 'voltageV');
    expect(alarm).toMatchObject({ kind: 'threshold', side: 'below', level: 'alarm', threshold: 3.4, unit: 'V', value: 3.32 });
    expect(await alarmsOf('BC0042', 'battery')).toEqual([]);
  });

  it('signal lost: a beacon silent in the zone past its limit raises one alarm; reporting again clears it', async () => {
    await addZone({ name: 'Deep works', fromM: 700, toM: 800, signalLostS: 5 });
    await fix('BC0050', 750);
    const alarm = await oneAlarmPushed('BC0050', 'signalLost', 15_000);
    expect(alarm).toMatchObject({ kind: 'zone', level: 'alarm', threshold: 5, unit: 's' });
    await fix('BC0050', 750);
    expect((await alarmsOf('BC0050', 'signalLost'))[0]).toMatchObject({ state: 'cleared' });
  });

  it('beacon removed: a tag reporting worn: false raises its own alarm (not signal lost); worn again clears it', async () => {
    await addZone({ name: 'Watched works', fromM: 850, toM: 900, signalLostS: 60 });
    // test vectors: (chainage, worn) fixes of one tag and the beacon-removed alarm they leave
    await fix('BC0055', 860, { worn: true });
    expect(await alarmsOf('BC0055', 'beaconRemoved')).toEqual([]);
    await fix('BC0055', 860, { worn: false });
    await fix('BC0055', 860.2, { worn: false });
    const alarm = await oneAlarmPushed('BC0055', 'beaconRemoved');
    expect(alarm).toMatchObject({ kind: 'zone', level: 'alarm', state: 'active', repeatCount: 1, deviceKind: 'beacon' });
    expect(await alarmsOf('BC0055', 'signalLost')).toEqual([]);
    await fix('BC0055', 861, { worn: true });
    expect((await alarmsOf('BC0055', 'beaconRemoved'))[0]).toMatchObject({ alarmId: alarm.alarmId, state: 'cleared' });
    await fix('BC0055', 861, { worn: false });
    expect(await alarmsOf('BC0055', 'beaconRemoved')).toMatchObject([{ alarmId: alarm.alarmId, state: 'active', repeatCount: 2 }]);
  });

  it('lists the demo registry with filters; members only', async () => {
    const all = await admin.post<PersonList>(PEOPLE.personList.path, { projectId: demo });
    expect(all.body.data!.total).toBe(200);
    expect(all.body.data!.teams).toContain('Lining team');
    const lining = await viewer.post<PersonList>(PEOPLE.personList.path, { projectId: demo, team: 'Lining team' });
    expect(lining.body.data!.list.length).toBeGreaterThan(0);
    expect(lining.body.data!.list.every((p) => p.team === 'Lining team')).toBe(true);
    const inRk = await admin.post<PersonList>(PEOPLE.personList.path, { projectId: demo, tunnelId: 'RK' });
    expect(inRk.body.data!.list.map((p) => p.beaconSn)).toContain('BC0005');
    const search = await admin.post<PersonList>(PEOPLE.personList.path, { projectId: demo, q: 'bc0005' });
    expect(search.body.data!.list.map((p) => p.beaconSn)).toEqual(['BC0005']);
    const outsider = await bridge.post(PEOPLE.personList.path, { projectId: demo });
    expect(outsider.body).toMatchObject({ success: false, errorCode: 'FORBIDDEN' });
  });

  it('exports the filtered list as .xlsx and CSV', async () => {
    const body = { projectId: demo, team: 'Survey team' };
    const list = (await admin.post<PersonList>(PEOPLE.personList.path, body)).body.data!.list;
    const post = (format: string) =>
      fetch(server.url + PEOPLE.personExport.path, { method: 'POST', headers: { 'content-type': 'application/json', cookie: admin.cookie! }, body: JSON.stringify({ ...body, format }) });
    const xlsx = await post('xlsx');
    expect(xlsx.headers.get('content-disposition')).toMatch(/people-demo-tunnel-\d+\.xlsx/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await xlsx.arrayBuffer());
    const sheet = book.getWorksheet('People')!;
    expect(sheet.getRow(1).getCell(1).value).toBe('Name');
    const names: string[] = [];
    sheet.eachRow((row, i) => i > 1 && names.push(String(row.getCell(1).value)));
    expect(names).toEqual(list.map((p) => p.name));
    const bytes = Buffer.from(await (await post('csv')).arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]); // BOM: spreadsheets read UTF-8 names
    const csv = bytes.subarray(3).toString('utf8');
    expect(csv.startsWith('Name,Beacon,')).toBe(true);
    expect(csv.trim().split('\r\n')).toHaveLength(list.length + 1);
    const outsider = await fetch(server.url + PEOPLE.personExport.path, { method: 'POST', headers: { 'content-type': 'application/json', cookie: bridge.cookie! }, body: JSON.stringify({ ...body, format: 'csv' }) });
    expect(outsider.status).toBe(403);
  });

  it('administrators add, edit and delete people; members may not; bad input is refused and changes nothing', async () => {
    const person = { name: 'Zhao Lei', beaconSn: null, company: 'Visitor', team: 'Inspection', workType: 'Inspector', phone: '139 1234 5678' };
    const refused = await viewer.post(PEOPLE.personAdd.path, { projectId: demo, person });
    expect(refused.body).toMatchObject({ success: false, errorCode: 'FORBIDDEN' });
    const outsider = await bridge.post(PEOPLE.personAdd.path, { projectId: demo, person });
    expect(outsider.body).toMatchObject({ success: false, errorCode: 'FORBIDDEN' });

    const added = await admin.post<Person>(PEOPLE.personAdd.path, { projectId: demo, person });
    expect(added.body.data).toMatchObject({ name: 'Zhao Lei', company: 'Visitor' });
    const personId = added.body.data!.personId;
    const edited = await admin.post<Person>(PEOPLE.personEdit.path, { projectId: demo, personId, person: { ...person, team: 'Safety' } });
    expect(edited.body.data).toMatchObject({ team: 'Safety' });
    expect((await viewer.post(PEOPLE.personEdit.path, { projectId: demo, personId, person })).body).toMatchObject({ errorCode: 'FORBIDDEN' });

    const bad = [
      { projectId: demo, person: { ...person, name: '' } },
      { projectId: demo, person: { ...person, phone: 'call me' } },
      { projectId: demo, person: { ...person, beaconSn: 'BC 1/#' } },
      { projectId: demo, person: { ...person, extra: 1 } },
      { projectId: demo },
    ];
    for (const body of bad) expect((await admin.post(PEOPLE.personAdd.path, body)).body).toMatchObject({ success: false, errorCode: 'VALIDATION' });
    const taken = await admin.post(PEOPLE.personAdd.path, { projectId: demo, person: { ...person, beaconSn: 'BC0001' } });
    expect(taken.body).toMatchObject({ success: false, errorCode: 'CONFLICT' });
    expect((await admin.post<PersonList>(PEOPLE.personList.path, { projectId: demo })).body.data!.total).toBe(201);

    expect((await admin.post(PEOPLE.personDelete.path, { projectId: demo, personId })).body.success).toBe(true);
    expect((await admin.post(PEOPLE.personDelete.path, { projectId: demo, personId })).body).toMatchObject({ errorCode: 'NOT_FOUND' });
    expect((await admin.post<PersonList>(PEOPLE.personList.path, { projectId: demo })).body.data!.total).toBe(200);
  });

  it('zones: administrators only, checked input', async () => {
    const zone = { name: 'Z', kind: 'work', tunnelId: 'RK', fromM: 10, toM: 20, ...NO_RULES };
    expect((await viewer.post(PEOPLE.zoneAdd.path, { projectId: demo, zone })).body).toMatchObject({ errorCode: 'FORBIDDEN' });
    expect((await admin.post(PEOPLE.zoneAdd.path, { projectId: demo, zone: { ...zone, toM: 5 } })).body).toMatchObject({ errorCode: 'VALIDATION', errorMessage: expect.stringContaining('toM') });
    expect((await admin.post(PEOPLE.zoneAdd.path, { projectId: demo, zone: { ...zone, tunnelId: 'XX' } })).body).toMatchObject({ errorCode: 'VALIDATION' });
    expect((await admin.post(PEOPLE.zoneAdd.path, { projectId: demo, zone: { ...zone, maxHeadcount: -1 } })).body).toMatchObject({ errorCode: 'VALIDATION' });
    expect((await admin.post(PEOPLE.zoneAdd.path, { projectId: OTHER_PROJECT.projectId, zone })).body).toMatchObject({ errorCode: 'VALIDATION' });
    const listed = await viewer.post<ZoneRow[]>(PEOPLE.zoneList.path, { projectId: demo, tunnelId: 'LK' });
    expect(listed.body.data!.map((z) => z.zoneId)).toContain('Z-LK-E-F');
  });
});
