import ExcelJS from 'exceljs';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, ALARMS, ATTACHMENTS, DEVICES, EDUCATION, PEOPLE, type Alarm, type AlarmPage, type Attachment, type AuditPage, type DeviceKey, type EducationFieldsInput, type EducationRecord, type PersonList, type Zone } from '../../protocol';
import type { RunningServer } from '../../server/app';
import { DEMO_PROJECT } from '../../server/seed';
import type { ApiClient } from '../helpers/apiClient';
import { connectDevice } from '../helpers/devices';
import { eventually } from '../helpers/eventually';
import { connectLiveSocket, type LiveSocket } from '../helpers/liveSocket';
import { memberClient, startServerWithUsers } from '../helpers/testServer';

/**
 * Safety education against the real server, MQTT broker, database and socket.io (docs/api.md "Safety
 * education"): records written, changed, filtered, exported and deleted (audited), who may do it, and the
 * rule: a person without the three-level entry education whose beacon goes past a portal into the tunnel
 * raises `noEntryEducation`, pushed like every alarm; a trained person does not; a record clears it.
 */
const demo = DEMO_PROJECT.projectId;
const NO_RULES = { entryAlarm: false, authorizedTeams: [], maxStayMin: null, maxHeadcount: null, noMovementMin: null, signalLostS: null };
type People = { list: Array<{ personId: string; name: string; company: string; team: string; threeLevel: boolean }>; withoutThreeLevel: number };

/** The smallest PNG (1×1), recognised by its content. */
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082', 'hex');

describe('safety education (real server)', () => {
  let server: RunningServer;
  let admin: ApiClient;
  let viewer: ApiClient;
  let device: MqttClient;
  let socket: LiveSocket;
  const pushed: Alarm[] = [];

  beforeAll(async () => {
    ({ server, admin } = await startServerWithUsers());
    viewer = await memberClient(server, demo, 'watcher', 'viewer');
    const key = await admin.post<DeviceKey>(DEVICES.deviceKey.path, { projectId: demo });
    device = await connectDevice(server.mqttPort!, key.body.data!);
    socket = await connectLiveSocket(server.url, admin.cookie);
    socket.on('alarm.changed', (a) => pushed.push(a));
    expect(await socket.timeout(3_000).emitWithAck('topic.subscribe', { projectId: demo, topic: 'alarm' })).toEqual({ ok: true });
  }, 180_000);

  afterAll(async () => {
    socket?.close();
    await device?.endAsync();
    await server?.close();
  });

  const save = (record: EducationFieldsInput, recordId?: number, client = admin) => client.post<EducationRecord>(EDUCATION.save.path, { projectId: demo, recordId, record });
  const people = async () => (await admin.post<People>(EDUCATION.people.path, { projectId: demo })).body.data!;
  /** Two registered people wearing beacons, by beacon sn. */
  async function wearers(): Promise<Array<{ personId: string; beaconSn: string; name: string; team: string }>> {
    const r = await admin.post<PersonList>(PEOPLE.personList.path, { projectId: demo });
    return r.body.data!.list.filter((p) => p.beaconSn !== null).map((p) => ({ personId: p.personId, beaconSn: p.beaconSn!, name: p.name, team: p.team }));
  }

  it('seeds the demo: most people have the three-level education, a handful not; a pre-shift meeting each day of the last week', async () => {
    const state = await people();
    expect(state.withoutThreeLevel).toBeGreaterThan(0);
    expect(state.withoutThreeLevel).toBeLessThan(state.list.length / 10);
    const week = (await admin.post<{ list: EducationRecord[] }>(EDUCATION.list.path, { projectId: demo, type: 'preShift', fromMs: Date.now() - 7 * 86_400_000, limit: 500 })).body.data!.list;
    const days = new Set(week.map((r) => new Date(r.trainedAtMs + 8 * 3_600_000).toISOString().slice(0, 10)));
    expect(days.size).toBeGreaterThanOrEqual(6);
  });

  it('records, changes, filters and deletes a record with participants and attachments, audited; a viewer may not write or see names', async () => {
    const [a, b] = await wearers();
    const upload = await admin.post<Attachment>(ATTACHMENTS.upload.path, { projectId: demo, fileName: 'sign-sheet.png', contentBase64: PNG.toString('base64') });
    const sheet = upload.body.data!.attachmentId;
    const preShift: EducationFieldsInput = { trainedAtMs: Date.now() - 3_600_000, theme: 'Pre-shift: ventilation duct check', type: 'preShift', method: 'onSite', hours: 0.25, participants: [a.personId, b.personId], team: a.team, initiator: 'Foreman Liu', signSheetId: sheet };
    expect((await save(preShift, undefined, viewer)).body.errorCode).toBe('FORBIDDEN');
    expect((await viewer.post(EDUCATION.list.path, { projectId: demo })).body.errorCode).toBe('FORBIDDEN');
    const saved = (await save(preShift)).body.data!;
    expect(saved).toMatchObject({ type: 'preShift', team: a.team, signSheetId: sheet, attachmentIds: [], recordedBy: 'admin' });
    expect(saved.participants.map((p) => p.personId).sort()).toEqual([a.personId, b.personId].sort());
    expect(saved.attachments.map((f) => f.fileName)).toEqual(['sign-sheet.png']);

    const edited = (await save({ ...preShift, hours: 0.5, participants: [a.personId] }, saved.recordId)).body.data!;
    expect(edited).toMatchObject({ recordId: saved.recordId, hours: 0.5, participants: [{ personId: a.personId, name: a.name }] });
    const byType = (await admin.post<{ total: number; list: EducationRecord[] }>(EDUCATION.list.path, { projectId: demo, type: 'preShift', team: a.team })).body.data!;
    expect(byType.list.map((r) => r.recordId)).toContain(saved.recordId);
    const other = (await admin.post<{ total: number; list: EducationRecord[] }>(EDUCATION.list.path, { projectId: demo, type: 'exit' })).body.data!;
    expect(other.list.map((r) => r.recordId)).not.toContain(saved.recordId);

    const statis = (await viewer.post<{ byCompany: Array<{ name: string; personHours: number }> }>(EDUCATION.statis.path, { projectId: demo, fromMs: Date.now() - 7_200_000 })).body.data!;
    expect(statis.byCompany.reduce((n, c) => n + c.personHours, 0)).toBeGreaterThanOrEqual(0.5);

    expect((await admin.post(EDUCATION.delete.path, { projectId: demo, recordId: saved.recordId })).body.data).toEqual({ recordId: saved.recordId });
    expect((await admin.post(EDUCATION.delete.path, { projectId: demo, recordId: saved.recordId })).body.errorCode).toBe('NOT_FOUND');
    // the record's attachment went with it
    expect((await fetch(`${server.url}${ATTACHMENTS.file.path}?projectId=${demo}&attachmentId=${sheet}`, { headers: { cookie: admin.cookie! } })).status).toBe(404);
    const audit = await admin.post<AuditPage>(ADMIN.auditList.path, { projectId: demo, q: 'education' });
    expect(audit.body.data!.rows.slice(0, 3).map((r) => r.action)).toEqual(['education.delete', 'education.save', 'education.save']);
  });

  it('refuses a participant not in the registry, an attachment that is not an upload, and pre-shift fields on another type', async () => {
    const [a] = await wearers();
    const base: EducationFieldsInput = { trainedAtMs: Date.now(), theme: 'Exit education', type: 'exit', method: 'classroom', hours: 1, participants: [a.personId] };
    const refused = async (record: EducationFieldsInput) => (await save(record)).body;
    expect(await refused({ ...base, participants: ['nobody-here'] })).toMatchObject({ errorCode: 'VALIDATION', errorMessage: expect.stringContaining('nobody-here') });
    expect(await refused({ ...base, attachmentIds: [999_999] })).toMatchObject({ errorCode: 'VALIDATION', errorMessage: expect.stringContaining('999999') });
    expect(await refused({ ...base, team: 'Lining team' })).toMatchObject({ errorCode: 'VALIDATION' });
    expect((await save(base, 999_999)).body.errorCode).toBe('NOT_FOUND');
  });

  it('exports the filtered records as .xlsx', async () => {
    const [a] = await wearers();
    await save({ trainedAtMs: Date.now(), theme: 'Skill: shotcrete nozzle', type: 'skill', method: 'onSite', hours: 2, participants: [a.personId] });
    const res = await fetch(server.url + EDUCATION.export.path, { method: 'POST', headers: { 'content-type': 'application/json', cookie: admin.cookie! }, body: JSON.stringify({ projectId: demo, type: 'skill' }) });
    expect(res.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await res.arrayBuffer());
    const sheet = book.worksheets[0];
    expect(sheet.getRow(1).getCell(4).value).toBe('Theme');
    const themes = sheet.getColumn(4).values.slice(2);
    expect(themes).toContain('Skill: shotcrete nozzle');
    expect(sheet.getColumn(3).values.slice(2).every((t) => t === 'skill')).toBe(true);
  });

  it('an untrained beacon crossing the portal into the tunnel raises the warning on screens; a trained one does not; a record clears it', async () => {
    const all = await wearers();
    const [untrained, trained] = [all[all.length - 1], all[all.length - 2]];
    // no three-level record names the first (delete any the demo has), one names the second
    const named = (await admin.post<{ list: EducationRecord[] }>(EDUCATION.list.path, { projectId: demo, type: 'threeLevel', limit: 500 })).body.data!.list;
    for (const r of named.filter((r) => r.participants.some((p) => p.personId === untrained.personId))) {
      const rest = r.participants.map((p) => p.personId).filter((id) => id !== untrained.personId);
      if (rest.length === 0) await admin.post(EDUCATION.delete.path, { projectId: demo, recordId: r.recordId });
      else await save({ trainedAtMs: r.trainedAtMs, theme: r.theme, type: r.type, method: r.method, hours: r.hours, participants: rest, attachmentIds: r.attachmentIds }, r.recordId);
    }
    const entry: EducationFieldsInput = { trainedAtMs: Date.now() - 86_400_000, theme: 'Three-level entry education', type: 'threeLevel', method: 'classroom', hours: 24, participants: [trained.personId] };
    expect((await save(entry)).body.success).toBe(true);
    const state = await people();
    expect(state.list.find((p) => p.personId === untrained.personId)!.threeLevel).toBe(false);
    expect(state.list.find((p) => p.personId === trained.personId)!.threeLevel).toBe(true);

    const portal = await admin.post<Zone>(PEOPLE.zoneAdd.path, { projectId: demo, zone: { name: 'Education test portal', kind: 'portal', tunnelId: 'RK', fromM: 6_000, toM: 6_050, ...NO_RULES } });
    expect(portal.body.success).toBe(true);
    const fix = (sn: string, chainageM: number) => device.publishAsync(`zhgd/${demo}/beacon/${sn}/telemetry`, JSON.stringify({ ts: Date.now(), tunnelId: 'RK', chainageM, battery: 80, sos: false }), { qos: 1 });
    /** Reports from `chainageM` for 3 s at 2 Hz: a zone edge counts as crossed after 2 s past it (docs/domain.md "Zone edges"). */
    const stay = async (chainageM: number) => {
      for (let i = 0; i < 6; i++) {
        await Promise.all([fix(untrained.beaconSn, chainageM), fix(trained.beaconSn, chainageM)]);
        await new Promise((r) => setTimeout(r, 500));
      }
    };
    await stay(6_020);
    await stay(6_200);
    const mine = (sn: string) => pushed.filter((a) => a.deviceSn === sn && a.metric === 'noEntryEducation');
    await eventually(async () => mine(untrained.beaconSn).some((a) => a.state === 'active'), 10_000, 'the warning pushed');
    expect(mine(untrained.beaconSn)[0]).toMatchObject({ kind: 'zone', level: 'warning', deviceName: untrained.name, projectId: demo });
    const listed = await admin.post<AlarmPage>(ALARMS.alarmList.path, { projectId: demo, deviceSn: untrained.beaconSn, metric: 'noEntryEducation' });
    expect(listed.body.data!.list).toHaveLength(1);
    expect(mine(trained.beaconSn)).toEqual([]);

    // out and in again the same day: still one warning
    await stay(6_020);
    await stay(6_200);
    expect((await admin.post<AlarmPage>(ALARMS.alarmList.path, { projectId: demo, deviceSn: untrained.beaconSn, metric: 'noEntryEducation' })).body.data!.list).toHaveLength(1);

    // the three-level record added: the warning clears, on screens too
    expect((await save({ ...entry, participants: [untrained.personId] })).body.success).toBe(true);
    await eventually(async () => mine(untrained.beaconSn).some((a) => a.state === 'cleared'), 10_000, 'the warning cleared');
    expect(mine(trained.beaconSn)).toEqual([]);
  }, 60_000);
});
