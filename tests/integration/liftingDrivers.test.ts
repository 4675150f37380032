import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN,
  ALARMS,
  DEVICES,
  EQUIPMENT,
  LIFTING_DRIVERS,
  OPERATIONS,
  type AlarmPage,
  type AuditPage,
  type ClockInList,
  type DeviceKey,
  type EquipmentDrivers,
  type IngestStats,
  type LiftingDriver,
  type LiftingDriverList,
} from '../../protocol';
import type { RunningServer } from '../../server/app';
import { DEMO_PROJECT } from '../../server/seed';
import type { ApiClient } from '../helpers/apiClient';
import { connectDevice } from '../helpers/devices';
import { eventually } from '../helpers/eventually';
import { memberClient, startServerWithUsers } from '../helpers/testServer';

/**
 * The driver register of lifting equipment and the cab terminals' clock-ins against the real server, MQTT
 * broker and database (docs/api.md "Equipment", docs/device-protocol.md "cabFace"). Demo machines TC-01,
 * TC-02, EL-01 and GC-01 each have a terminal FACE-{sn}; each test registers drivers of its own.
 */
const demo = DEMO_PROJECT.projectId;
const DAY = 86_400_000;

describe('lifting drivers and clock-ins (real server)', () => {
  let server: RunningServer;
  let admin: ApiClient;
  let viewer: ApiClient;
  let manager: ApiClient;
  let bridge: ApiClient;
  let device: MqttClient;

  beforeAll(async () => {
    ({ server, admin, bridge } = await startServerWithUsers());
    viewer = await memberClient(server, demo, 'lift-viewer', 'viewer');
    manager = await memberClient(server, demo, 'lift-manager', 'projectManager');
    const key = await admin.post<DeviceKey>(DEVICES.deviceKey.path, { projectId: demo });
    device = await connectDevice(server.mqttPort!, key.body.data!);
  }, 240_000);

  afterAll(async () => {
    await device?.endAsync();
    await server?.close();
  });

  const driver = (over: Record<string, unknown> = {}) => ({
    name: 'Qian Lei',
    gender: 'male',
    idNumber: '11010519491231002X',
    phone: '13900001111',
    cardNo: 'C-77',
    certificateNo: 'T3301999001',
    certificateType: 'Tower crane driver',
    issuingAuthority: 'Provincial housing department',
    certificateIssuedMs: Date.now() - 400 * DAY,
    certificateExpiryMs: Date.now() + 400 * DAY,
    machines: ['TC-02'],
    ...over,
  });
  const list = async (client: ApiClient, sn?: string) => (await client.post<LiftingDriverList>(LIFTING_DRIVERS.driverList.path, { projectId: demo, sn })).body;
  const clockIn = (msg: Record<string, unknown>, terminal = 'FACE-TC-02') => device.publishAsync(`zhgd/${demo}/cabFace/${terminal}/telemetry`, JSON.stringify(msg), { qos: 1 });
  const clockIns = async (sn: string) => (await admin.post<ClockInList>(LIFTING_DRIVERS.clockIns.path, { projectId: demo, sn, fromMs: Date.now() - DAY, toMs: Date.now() + DAY })).body.data!;
  const alarmsOf = async (sn: string, metric: string) => (await admin.post<AlarmPage>(ALARMS.alarmList.path, { projectId: demo, kind: 'ai', text: sn })).body.data!.list.filter((a) => a.deviceSn === sn && a.metric === metric);

  it('registers, changes and removes a driver with audit; members read, only managers change', async () => {
    const add = await manager.post<LiftingDriver>(LIFTING_DRIVERS.driverAdd.path, { projectId: demo, driverId: 'DRV-CRUD', driver: driver({ certificateExpiryMs: Date.now() + 10 * DAY }) });
    expect(add.body).toMatchObject({ success: true, data: { driverId: 'DRV-CRUD', machines: ['TC-02'], certificateStatus: 'expiring' } });
    // the same id again is a conflict; a machine that is not lifting equipment of the project, or a bad check digit, is refused
    expect((await admin.post(LIFTING_DRIVERS.driverAdd.path, { projectId: demo, driverId: 'DRV-CRUD', driver: driver() })).body).toMatchObject({ success: false, errorCode: 'CONFLICT' });
    expect((await admin.post(LIFTING_DRIVERS.driverAdd.path, { projectId: demo, driverId: 'DRV-X', driver: driver({ machines: ['GATE-SITE'] }) })).body).toMatchObject({ success: false, errorCode: 'VALIDATION' });
    expect((await admin.post(LIFTING_DRIVERS.driverAdd.path, { projectId: demo, driverId: 'DRV-X', driver: driver({ idNumber: '110105194912310021' }) })).body).toMatchObject({ success: false, errorCode: 'VALIDATION' });

    // a viewer reads the register (ID number masked) but may not change it; another project's user sees nothing
    const seen = await list(viewer, 'TC-02');
    const mine = seen.data!.drivers.find((d) => d.driverId === 'DRV-CRUD')!;
    expect(mine.idNumber).toBe('1101**********002X');
    expect((await viewer.post(LIFTING_DRIVERS.driverEdit.path, { projectId: demo, driverId: 'DRV-CRUD', driver: driver() })).status).toBe(403);
    expect((await viewer.post(LIFTING_DRIVERS.driverDelete.path, { projectId: demo, driverId: 'DRV-CRUD' })).status).toBe(403);
    expect((await bridge.post(LIFTING_DRIVERS.driverList.path, { projectId: demo })).status).toBe(403);

    // an edit from the masked form keeps the stored number; the machines and the certificate change
    const edit = await manager.post<LiftingDriver>(LIFTING_DRIVERS.driverEdit.path, { projectId: demo, driverId: 'DRV-CRUD', driver: driver({ idNumber: mine.idNumber, machines: ['TC-01', 'GC-01'], certificateExpiryMs: Date.now() - DAY }) });
    expect(edit.body.data).toMatchObject({ machines: ['GC-01', 'TC-01'], certificateStatus: 'expired' });
    expect((await list(admin)).data!.drivers.find((d) => d.driverId === 'DRV-CRUD')!.idNumber).toBe('11010519491231002X');
    expect((await list(admin, 'TC-02')).data!.drivers.some((d) => d.driverId === 'DRV-CRUD')).toBe(false);
    // the equipment detail's drivers tab follows the assignment
    const tab = await admin.post<EquipmentDrivers>(EQUIPMENT.drivers.path, { projectId: demo, sn: 'GC-01' });
    expect(tab.body.data!.drivers.some((d) => d.driverId === 'DRV-CRUD')).toBe(true);

    expect((await manager.post(LIFTING_DRIVERS.driverDelete.path, { projectId: demo, driverId: 'DRV-CRUD' })).body).toMatchObject({ success: true, data: { driverId: 'DRV-CRUD' } });
    expect((await manager.post(LIFTING_DRIVERS.driverDelete.path, { projectId: demo, driverId: 'DRV-CRUD' })).body).toMatchObject({ success: false, errorCode: 'NOT_FOUND' });

    const audit = await admin.post<AuditPage>(ADMIN.auditList.path, { projectId: demo, q: 'DRV-CRUD', limit: 50 });
    const actions = audit.body.data!.rows.filter((e) => e.target === 'DRV-CRUD').map((e) => e.action);
    expect(actions).toEqual(expect.arrayContaining(['driver.add', 'driver.edit', 'driver.delete']));
  });

  it('stores a clock-in from the cab terminal once, opens the shift and shows it over REST', async () => {
    const added = await admin.post(LIFTING_DRIVERS.driverAdd.path, { projectId: demo, driverId: 'DRV-OK', driver: driver({ idNumber: '110105194912310038', machines: ['TC-02'] }) });
    expect(added.body.success).toBe(true);
    const at = Date.now() - 60_000;
    // a JPEG's first bytes (FF D8 FF E0 …), sent by the terminal with its record number
    const photo = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1, 2, 3, 4, 5]).toString('base64');
    await clockIn({ ts: at, machineSn: 'TC-02', idNumber: '110105194912310038', matched: true, score: 96.5, photo, clockInId: 'R-100' });
    await clockIn({ ts: at, machineSn: 'TC-02', idNumber: '110105194912310038', matched: true, score: 96.5, photo, clockInId: 'R-100' });

    const entries = await eventually(async () => {
      const l = await clockIns('TC-02');
      return l.entries.some((e) => e.driverId === 'DRV-OK') && l.entries.filter((e) => e.driverId === 'DRV-OK');
    }, 10_000, 'the clock-in of DRV-OK');
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ sn: 'TC-02', terminalSn: 'FACE-TC-02', driverName: 'Qian Lei', atMs: at, matched: true, score: 96.5, verdict: 'ok' });
    const picture = await fetch(`${server.url}${entries[0].photoUrl}`, { headers: { cookie: admin.cookie ?? '' } });
    expect(picture.status).toBe(200);
    expect(picture.headers.get('content-type')).toBe('image/jpeg');

    const onDuty = await admin.post<EquipmentDrivers>(EQUIPMENT.drivers.path, { projectId: demo, sn: 'TC-02' });
    expect(onDuty.body.data!.drivers[0]).toMatchObject({ driverId: 'DRV-OK', onDuty: true, clockInMs: at });
    expect(await alarmsOf('TC-02', 'clockInNotAssigned')).toHaveLength(0);
  });

  it('raises an alarm on the machine for a driver not assigned to it and for an expired certificate', async () => {
    const elsewhere = await admin.post(LIFTING_DRIVERS.driverAdd.path, { projectId: demo, driverId: 'DRV-ELSEWHERE', driver: driver({ idNumber: '110105194912310046', machines: ['GC-01'] }) });
    const lapsed = await admin.post(LIFTING_DRIVERS.driverAdd.path, { projectId: demo, driverId: 'DRV-LAPSED', driver: driver({ idNumber: '110105194912310054', machines: ['EL-01'], certificateIssuedMs: Date.now() - 3000 * DAY, certificateExpiryMs: Date.now() - 2 * DAY }) });
    expect([elsewhere.body.success, lapsed.body.success]).toEqual([true, true]);
    await clockIn({ ts: Date.now() - 5_000, machineSn: 'TC-01', driverId: 'DRV-ELSEWHERE', matched: true }, 'FACE-TC-01');
    await clockIn({ ts: Date.now() - 5_000, machineSn: 'EL-01', driverId: 'DRV-LAPSED', matched: true }, 'FACE-EL-01');

    const [unassigned] = await eventually(async () => {
      const a = await alarmsOf('TC-01', 'clockInNotAssigned');
      return a.length > 0 && a;
    }, 10_000, 'the not-assigned alarm on TC-01');
    expect(unassigned).toMatchObject({ deviceKind: 'towerCrane', kind: 'ai', level: 'alarm', state: 'active', dealStatus: 0 });
    const [expired] = await eventually(async () => {
      const a = await alarmsOf('EL-01', 'clockInCertificateExpired');
      return a.length > 0 && a;
    }, 10_000, 'the expired-certificate alarm on EL-01');
    expect(expired).toMatchObject({ deviceKind: 'constructionElevator', kind: 'ai', level: 'alarm' });

    // stored with their verdicts, and no shift opened
    expect((await clockIns('TC-01')).entries.find((e) => e.driverId === 'DRV-ELSEWHERE')).toMatchObject({ verdict: 'notAssigned' });
    expect((await clockIns('EL-01')).entries.find((e) => e.driverId === 'DRV-LAPSED')).toMatchObject({ verdict: 'certificateExpired' });
    const el = await admin.post<EquipmentDrivers>(EQUIPMENT.drivers.path, { projectId: demo, sn: 'EL-01' });
    expect(el.body.data!.drivers.find((d) => d.driverId === 'DRV-LAPSED')).toMatchObject({ onDuty: false });
  });

  it('counts a bad clock-in and stores nothing: a bad payload, a machine that is not lifting equipment', async () => {
    const stats = async () => (await admin.post<IngestStats>(OPERATIONS.ingestStats.path, {})).body.data!;
    const before = await stats();
    const stored = (await clockIns('TC-02')).entries.length;
    await clockIn({ ts: Date.now(), machineSn: 'TC-02', matched: true });
    await clockIn({ ts: Date.now(), machineSn: 'TC-02', driverId: 'DRV-OK', matched: true, photo: 'not a jpeg' });
    await clockIn({ ts: Date.now(), machineSn: 'GATE-SITE', driverId: 'DRV-OK', matched: true });
    const after = await eventually(async () => {
      const s = await stats();
      return (s.rejected.schema ?? 0) >= (before.rejected.schema ?? 0) + 3 && s;
    }, 10_000, 'three refused clock-ins');
    expect(after.lastRejects.some((r) => r.detail.includes('GATE-SITE is not lifting equipment'))).toBe(true);
    expect((await clockIns('TC-02')).entries.length).toBe(stored);
  });
});
