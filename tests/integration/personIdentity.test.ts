import ExcelJS from 'exceljs';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVICES, PEOPLE, type DeviceKey, type Person, type PersonDetail, type PersonList } from '../../protocol';
import type { RunningServer } from '../../server/app';
import { DEMO_PROJECT } from '../../server/seed';
import type { ApiClient } from '../helpers/apiClient';
import { connectDevice } from '../helpers/devices';
import { eventually } from '../helpers/eventually';
import { memberClient, startServerWithUsers } from '../helpers/testServer';

/**
 * The person registry's identity fields against the real server (docs/api.md "People and zones"): the ID
 * number whole for administrators and masked for everyone else in list, detail, export and edit answers;
 * the position and outside-area filters with their counts.
 */
const demo = DEMO_PROJECT.projectId;
// GB 11643-1999's worked example, with its check character X
const ID = '11010519491231002X';
const MASKED = '1101**********002X';

describe('person identity fields (real server)', () => {
  let server: RunningServer;
  let admin: ApiClient;
  let officer: ApiClient;
  let manager: ApiClient;
  let device: MqttClient;
  let personId: string;

  beforeAll(async () => {
    ({ server, admin } = await startServerWithUsers());
    officer = await memberClient(server, demo, 'officer', 'safetyOfficer');
    manager = await memberClient(server, demo, 'manager', 'projectManager');
    const key = await admin.post<DeviceKey>(DEVICES.deviceKey.path, { projectId: demo });
    device = await connectDevice(server.mqttPort!, key.body.data!);
    const added = await admin.post<Person>(PEOPLE.personAdd.path, {
      projectId: demo,
      person: { name: 'Wang Fang', beaconSn: null, company: 'Visitor', team: 'Inspection', workType: 'Inspector', phone: '', gender: 'female', birthDate: '1949-12-31', idNumber: ID.toLowerCase(), realNameCardNo: 'SM-77', address: 'Xicheng, Beijing', position: 'Inspector of works', entryDate: '2026-01-05', leaveDate: null },
    });
    expect(added.body.errorMessage).toBeUndefined();
    expect(added.body.data!.idNumber).toBe(ID);
    personId = added.body.data!.personId;
  });

  afterAll(async () => {
    await device?.endAsync();
    await server?.close();
  });

  const list = async (client: ApiClient, filters: Record<string, unknown> = {}) => (await client.post<PersonList>(PEOPLE.personList.path, { projectId: demo, ...filters })).body.data!;

  it('answers the ID number whole to administrators and masked to others, in list, detail and export', async () => {
    const mine = (l: PersonList) => l.list.find((p) => p.personId === personId)!;
    expect(mine(await list(admin))).toMatchObject({ idNumber: ID, gender: 'female', birthDate: '1949-12-31', position: 'Inspector of works', entryDate: '2026-01-05' });
    expect(mine(await list(admin)).age).toBeGreaterThanOrEqual(76);
    expect(mine(await list(officer)).idNumber).toBe(MASKED);
    // every seeded person's number is masked too
    expect((await list(officer)).list.filter((p) => p.idNumber !== '').every((p) => /^\d{4}\*{10}[\dX]{4}$/.test(p.idNumber))).toBe(true);
    const detail = await officer.post<PersonDetail>(PEOPLE.personDetail.path, { projectId: demo, personId });
    expect(detail.body.data!.person!.idNumber).toBe(MASKED);

    for (const [client, expected] of [
      [officer, MASKED],
      [admin, ID],
    ] as const) {
      const res = await fetch(server.url + PEOPLE.personExport.path, { method: 'POST', headers: { 'content-type': 'application/json', cookie: client.cookie! }, body: JSON.stringify({ projectId: demo, q: 'Wang Fang', format: 'xlsx' }) });
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(await res.arrayBuffer());
      const sheet = book.getWorksheet('People')!;
      const headers = (sheet.getRow(1).values as unknown[]).map(String);
      expect(String(sheet.getRow(2).getCell(headers.indexOf('ID number')).value)).toBe(expected);
    }
  });

  it('a manager saving the masked number keeps the stored one; a wrong check digit or a mask on add is refused', async () => {
    const shown = (await list(manager)).list.find((p) => p.personId === personId)!;
    const { personId: _id, projectId: _p, updatedAtMs: _u, online: _o, sos: _s, lowBattery: _l, battery: _b, tunnelId: _t, chainageM: _c, zoneIds: _z, lastSeenMs: _ls, age: _a, outsideArea: _oa, entryEducation: _ee, ...fields } = shown;
    const edited = await manager.post<Person>(PEOPLE.personEdit.path, { projectId: demo, personId, person: { ...fields, phone: '139 0000 0001' } });
    expect(edited.body.errorMessage).toBeUndefined();
    expect(edited.body.data).toMatchObject({ idNumber: MASKED, phone: '139 0000 0001' });
    expect((await list(admin)).list.find((p) => p.personId === personId)!.idNumber).toBe(ID);

    const wrong = await manager.post(PEOPLE.personEdit.path, { projectId: demo, personId, person: { ...fields, idNumber: '110105194912310021' } });
    expect(wrong.body).toMatchObject({ success: false, errorCode: 'VALIDATION' });
    expect(wrong.body.errorMessage).toMatch(/check digit/);
    const masked = await admin.post(PEOPLE.personAdd.path, { projectId: demo, person: { ...fields, name: 'Copy' } });
    expect(masked.body).toMatchObject({ success: false, errorCode: 'VALIDATION' });
    expect((await list(admin)).list.filter((p) => p.name === 'Copy')).toEqual([]);
    expect((await list(admin)).list.find((p) => p.personId === personId)!.idNumber).toBe(ID);
  });

  it('filters by position and by outside every zone, with the counts', async () => {
    const byPosition = await list(officer, { position: 'Inspector of works' });
    expect(byPosition.list.map((p) => p.personId)).toEqual([personId]);
    expect((await list(officer)).positions).toContain('Inspector of works');

    // BC0030's wearer gets a fix underground (inside the demo's underground zone of RK); Wang Fang has no beacon
    await device.publishAsync(`zhgd/${demo}/beacon/BC0030/telemetry`, JSON.stringify({ ts: Date.now(), tunnelId: 'RK', chainageM: 500, battery: 80, sos: false }), { qos: 1 });
    await eventually(async () => (await list(officer, { outsideArea: false })).list.some((p) => p.beaconSn === 'BC0030'), 15_000);
    const outside = await list(officer, { outsideArea: true });
    expect(outside.list.some((p) => p.personId === personId)).toBe(true);
    expect(outside.list.every((p) => p.outsideArea && p.zoneIds.length === 0)).toBe(true);
    expect(outside.list.some((p) => p.beaconSn === 'BC0030')).toBe(false);
    const all = await list(officer);
    expect(outside.outsideAreaCount).toBe(outside.total);
    expect(all.outsideAreaCount + all.insideAreaCount).toBe(all.total);
    expect(all.insideAreaCount).toBeGreaterThanOrEqual(1);
  });
});
