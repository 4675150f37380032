import ExcelJS from 'exceljs';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ATTENDANCE,
  DEVICES,
  OPERATIONS,
  type AttendanceLive,
  type AttendancePerson,
  type AttendanceRow,
  type CompanyAttendance,
  type DeviceKey,
  type IngestStats,
} from '../../protocol';
import { beijingMinuteOfDay } from '../../protocol/beijingTime';
import type { RunningServer } from '../../server/app';
import { DEMO_PROJECT } from '../../server/seed';
import type { ApiClient } from '../helpers/apiClient';
import { connectDevice } from '../helpers/devices';
import { eventually } from '../helpers/eventually';
import { startServerWithUsers } from '../helpers/testServer';

/**
 * Labour attendance against the real server, MQTT broker and database (docs/api.md "Labour attendance"):
 * the demo's gates publish passes of registered people (QoS 1: a pass is stored before the publish
 * resolves), a beacon reports from a bore, and the counts, a person's day, the companies and the export are
 * read through the routes. Demo people (server/seed/demoPeople.ts, English seed): P-BC0001 and P-BC0002 are
 * in the Drilling team of Yunling Tunnel Engineering Co.; each test uses people of its own.
 */
const demo = DEMO_PROJECT.projectId;
const MIN = 60_000;

describe('labour attendance (real server)', () => {
  let server: RunningServer;
  let admin: ApiClient;
  let bridge: ApiClient;
  let device: MqttClient;

  beforeAll(async () => {
    ({ server, admin, bridge } = await startServerWithUsers());
    const key = await admin.post<DeviceKey>(DEVICES.deviceKey.path, { projectId: demo });
    device = await connectDevice(server.mqttPort!, key.body.data!);
  });

  afterAll(async () => {
    await device?.endAsync();
    await server?.close();
  });

  const gate = (sn: string, msg: Record<string, unknown>) => device.publishAsync(`zhgd/${demo}/gate/${sn}/telemetry`, JSON.stringify(msg), { qos: 1 });
  const live = async () => (await admin.post<AttendanceLive>(ATTENDANCE.live.path, { projectId: demo })).body.data!;
  const personOf = async (personId: string) => (await admin.post<AttendancePerson>(ATTENDANCE.person.path, { projectId: demo, personId })).body;

  it('stores passes once, gives a late person their day and counts them on site and in the bore', async () => {
    const now = Date.now();
    // the team's shift started 40 minutes ago (to the minute), so an entry 15 minutes ago is late
    const startMin = beijingMinuteOfDay(now - 40 * MIN);
    const shift = await admin.post(ATTENDANCE.teamShift.path, { projectId: demo, company: 'Yunling Tunnel Engineering Co.', team: 'Drilling team', shift: { startMin, lengthMin: 12 * 60 } });
    expect(shift.body.success).toBe(true);
    const before = await live();

    const inAt = now - 15 * MIN;
    await gate('GATE-SITE', { ts: inAt, personId: 'P-BC0001', direction: 'in', passId: 'S-1001' });
    // the gate sends the same pass again (a retry after a lost acknowledgement): stored once
    await gate('GATE-SITE', { ts: inAt, personId: 'P-BC0001', direction: 'in', passId: 'S-1001' });
    await gate('GATE-LK-E', { ts: inAt + 2 * MIN, personId: 'P-BC0001', direction: 'in' });
    await gate('GATE-LK-E', { ts: inAt + 2 * MIN, personId: 'P-BC0001', direction: 'in' });

    const p = await eventually(async () => {
      const b = await personOf('P-BC0001');
      return b.data && b.data.passes.length === 2 && b.data;
    }, 5_000, 'the two passes of P-BC0001');
    expect(p.passes.map((x) => [x.gateSn, x.tunnelId, x.direction])).toEqual([
      ['GATE-SITE', null, 'in'],
      ['GATE-LK-E', 'LK', 'in'],
    ]);
    expect(p.shift).toEqual({ startMin, lengthMin: 720, lateGraceMin: 10 });
    expect(p.day).toMatchObject({ status: 'late', firstInMs: inAt, lastOutMs: null, onSite: true, missingOut: false });
    expect(p.day.lateMin).toBeGreaterThanOrEqual(24);
    expect(p.day.lateMin).toBeLessThanOrEqual(26);

    const after = await live();
    expect(after.onSite).toBe(before.onSite + 1);
    expect(after.bores.find((b) => b.tunnelId === 'LK')!.byGates).toBe(before.bores.find((b) => b.tunnelId === 'LK')!.byGates + 1);
    expect(after.presentToday).toBe(before.presentToday + 1);
    // in the bore by the gate, no beacon seen there: a discrepancy only after the N minutes (the pass was 13 min ago)
    expect(after.discrepancies.find((d) => d.personId === 'P-BC0001')).toMatchObject({ kind: 'gateWithoutBeacon', tunnelId: 'LK', name: expect.any(String) });

    // out through the portal and the site gate: off site, the stay counted
    await gate('GATE-LK-E', { ts: now - 2 * MIN, personId: 'P-BC0001', direction: 'out', passId: 'X-9' });
    await gate('GATE-SITE', { ts: now - MIN, personId: 'P-BC0001', direction: 'out', passId: 'S-1002' });
    const out = await eventually(async () => {
      const b = await personOf('P-BC0001');
      return b.data?.day.lastOutMs === now - MIN && b.data;
    }, 5_000, 'the out-pass of P-BC0001');
    expect(out.day.onSite).toBe(false);
    expect(out.day.hoursOnSite).toBeCloseTo(14 / 60, 2);
    expect((await live()).onSite).toBe(before.onSite);
  });

  it('flags a beacon in a bore without a gate entry, and counts the beacons per bore beside the gates', async () => {
    const before = await live();
    await device.publishAsync(`zhgd/${demo}/beacon/BC0002/telemetry`, JSON.stringify({ ts: Date.now(), tunnelId: 'LK', chainageM: 420, battery: 80, sos: false }), { qos: 1 });
    const after = await eventually(async () => {
      const l = await live();
      return l.discrepancies.some((d) => d.personId === 'P-BC0002') && l;
    }, 5_000, 'the discrepancy of P-BC0002');
    expect(after.discrepancies.find((d) => d.personId === 'P-BC0002')).toMatchObject({ kind: 'beaconWithoutGate', tunnelId: 'LK', company: 'Yunling Tunnel Engineering Co.', team: 'Drilling team' });
    const lk = after.bores.find((b) => b.tunnelId === 'LK')!;
    expect(lk.byBeacons).toBe(before.bores.find((b) => b.tunnelId === 'LK')!.byBeacons + 1);
    expect(after.discrepancyCount).toBe(after.discrepancies.length);
  });

  it('counts passes of unknown faces and refuses a malformed pass without storing anything', async () => {
    const before = await live();
    await gate('GATE-SITE', { ts: Date.now(), personId: 'VISITOR-77', direction: 'in', passId: 'S-2001' });
    const after = await eventually(async () => {
      const l = await live();
      return l.unknownPasses === before.unknownPasses + 1 && l;
    }, 5_000, 'the unknown pass');
    expect(after.unknownPeople).toBe(before.unknownPeople + 1);
    // an unknown face is counted on site (the gate let them in), never registered
    expect(after.registered).toBe(before.registered);

    const stats = async () => (await admin.post<IngestStats>(OPERATIONS.ingestStats.path, {})).body.data!.rejected.schema ?? 0;
    const refusedBefore = await stats();
    await gate('GATE-SITE', { ts: Date.now(), personId: 'P-BC0003', direction: 'sideways' });
    await gate('GATE-SITE', { ts: Date.now(), personId: 'no spaces allowed', direction: 'in' });
    await eventually(async () => (await stats()) === refusedBefore + 2, 5_000, 'two schema refusals');
    expect((await personOf('P-BC0003')).data!.passes).toEqual([]);
  });

  it("gives the companies' attendance with enterprise type, teams and rate, and the day's sheet as .xlsx", async () => {
    await gate('GATE-SITE', { ts: Date.now(), personId: 'P-BC0005', direction: 'in', passId: 'S-3001' });
    const companies = await eventually(async () => {
      const r = await admin.post<CompanyAttendance[]>(ATTENDANCE.companies.path, { projectId: demo });
      const c = r.body.data?.find((x) => x.company === 'Yunling Tunnel Engineering Co.');
      return c && c.attendanceCount >= 2 && r.body.data!;
    }, 5_000, 'the company attendance');
    const yunling = companies.find((c) => c.company === 'Yunling Tunnel Engineering Co.')!;
    expect(yunling).toMatchObject({ enterpriseType: 'labourSubcontractor', groupCount: 6 });
    expect(yunling.teams.map((t) => t.team).sort()).toEqual(['Blasting night team', 'Blasting team', 'Drilling night team', 'Drilling team', 'Support night team', 'Support team']);
    expect(yunling.personCount).toBe(yunling.teams.reduce((n, t) => n + t.personCount, 0));
    expect(yunling.registeredCount).toBeGreaterThanOrEqual(2);
    expect(yunling.rate).toBe(Math.round((yunling.attendanceCount / yunling.personCount) * 100));
    expect(yunling.teams.find((t) => t.team === 'Blasting night team')!.shift).toEqual({ startMin: 19 * 60, lengthMin: 720, lateGraceMin: 10 });
    expect(companies.map((c) => c.company)).toContain('Hengtai Earthworks Ltd.');

    const day = await admin.post<{ total: number; list: AttendanceRow[] }>(ATTENDANCE.day.path, { projectId: demo, company: 'Yunling Tunnel Engineering Co.', team: 'Drilling team' });
    expect(day.body.data!.list.find((r) => r.personId === 'P-BC0001')).toMatchObject({ status: 'late' });

    const res = await fetch(server.url + ATTENDANCE.export.path, { method: 'POST', headers: { 'content-type': 'application/json', cookie: admin.cookie! }, body: JSON.stringify({ projectId: demo, team: 'Drilling team' }) });
    expect(res.headers.get('content-type')).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await res.arrayBuffer());
    const sheet = book.getWorksheet('Attendance')!;
    expect(sheet.getRow(1).getCell(2).value).toBe('Name');
    expect(sheet.rowCount - 1).toBe(day.body.data!.total);
    const late = [];
    sheet.eachRow((row, i) => i > 1 && row.getCell(9).value === 'late' && late.push(i));
    expect(late.length).toBeGreaterThanOrEqual(1);

    // a member of another project sees none of it
    expect((await bridge.post(ATTENDANCE.live.path, { projectId: demo })).body.errorCode).toBe('FORBIDDEN');
  });

  it("judges lateness on the team's own grace, set with its shift, and refuses a grace out of range", async () => {
    const company = 'Hengtai Earthworks Ltd.';
    const team = 'Mucking team';
    const rows = await admin.post<{ total: number; list: AttendanceRow[] }>(ATTENDANCE.day.path, { projectId: demo, company, team });
    const personId = rows.body.data!.list[0]!.personId;
    const now = Date.now();
    // the shift started 40 minutes ago (to the minute); the entry 12 minutes ago is 28–29 minutes after it
    const startMin = beijingMinuteOfDay(now - 40 * MIN);
    const setShift = (lateGraceMin: number) => admin.post(ATTENDANCE.teamShift.path, { projectId: demo, company, team, shift: { startMin, lengthMin: 12 * 60, lateGraceMin } });
    expect((await setShift(30)).body.success).toBe(true);
    await gate('GATE-SITE', { ts: now - 12 * MIN, personId, direction: 'in', passId: 'S-4001' });
    const onTime = await eventually(async () => {
      const b = await personOf(personId);
      return b.data?.day.firstInMs === now - 12 * MIN && b.data;
    }, 5_000, `the entry of ${personId}`);
    expect(onTime.shift.lateGraceMin).toBe(30);
    expect(onTime.day).toMatchObject({ status: 'onTime', lateMin: 0 });

    // a shorter grace makes the same entry late, by the whole minutes since the start
    expect((await setShift(27)).body.success).toBe(true);
    const late = (await personOf(personId)).data!;
    expect(late.day.status).toBe('late');
    expect([28, 29]).toContain(late.day.lateMin);
    const companies = (await admin.post<CompanyAttendance[]>(ATTENDANCE.companies.path, { projectId: demo })).body.data!;
    expect(companies.find((c) => c.company === company)!.teams.find((t) => t.team === team)).toMatchObject({ shift: { lateGraceMin: 27 }, late: 1 });

    // over two hours, negative or fractional: refused, the grace kept
    for (const bad of [121, -1, 2.5]) expect((await setShift(bad)).body.errorCode).toBe('VALIDATION');
    expect((await personOf(personId)).data!.shift.lateGraceMin).toBe(27);
  });

  it("keeps a company's contact person and phone, refuses a phone that is not a mainland number", async () => {
    const company = 'Hengtai Earthworks Ltd.';
    const setCompany = (body: Record<string, unknown>) => admin.post(ATTENDANCE.companyType.path, { projectId: demo, company, enterpriseType: 'specialistSubcontractor', ...body });
    const hengtai = async () => (await admin.post<CompanyAttendance[]>(ATTENDANCE.companies.path, { projectId: demo })).body.data!.find((c) => c.company === company)!;
    expect(await hengtai()).toMatchObject({ contactName: '', contactPhone: '' });

    expect((await setCompany({ contactName: ' Zhao Lei ', contactPhone: '0871-65123456' })).body.success).toBe(true);
    expect(await hengtai()).toMatchObject({ enterpriseType: 'specialistSubcontractor', contactName: 'Zhao Lei', contactPhone: '0871-65123456' });
    // a type change without the contact leaves it
    expect((await setCompany({})).body.success).toBe(true);
    expect(await hengtai()).toMatchObject({ contactName: 'Zhao Lei', contactPhone: '0871-65123456' });
    expect((await setCompany({ contactPhone: '13987654321' })).body.success).toBe(true);
    expect((await hengtai()).contactPhone).toBe('13987654321');

    for (const bad of ['12345', '+86 139 8765 4321', '2987654321']) expect((await setCompany({ contactPhone: bad })).body.errorCode).toBe('VALIDATION');
    expect((await setCompany({ contactName: 'x'.repeat(33) })).body.errorCode).toBe('VALIDATION');
    expect(await hengtai()).toMatchObject({ contactName: 'Zhao Lei', contactPhone: '13987654321' });
    // a member of another project may not set it
    expect((await bridge.post(ATTENDANCE.companyType.path, { projectId: demo, company, enterpriseType: 'other', contactPhone: '13900000000' })).body.errorCode).toBe('FORBIDDEN');
  });
});
