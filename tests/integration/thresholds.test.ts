import { PGlite } from '@electric-sql/pglite';
import { Kysely, PGliteDialect } from 'kysely';
import { Migrator, type Migration } from 'kysely/migration';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALARMS, DEVICES, FLEET, highThreshold, type AlarmPage, type DeviceInfo, type DeviceKey, type Threshold, type ThresholdAuditPage, type ThresholdView } from '../../protocol';
import type { RunningServer } from '../../server/app';
import { resetThresholds, setThresholds } from '../../server/rules/thresholdEdits';
import { DEMO_PROJECT, seedIfEmpty } from '../../server/seed';
import { defaultThresholdRevision, fromJson, MIGRATIONS, type Database } from '../../server/storage';
import type { ApiClient } from '../helpers/apiClient';
import { connectDevice } from '../helpers/devices';
import { eventually } from '../helpers/eventually';
import { startServerWithUsers } from '../helpers/testServer';

const demo = DEMO_PROJECT.projectId;
const crane = (p: Partial<Record<string, number>>) =>
  JSON.stringify({ ts: Date.now(), radiusM: 20, rotationDeg: 10, heightM: 30, momentPct: 10, loadT: 1, tiltDeg: 0.05, windSpeedMps: 2, ...p });
const craneTopic = (sn: string) => `zhgd/${demo}/towerCrane/${sn}/telemetry`;

describe('editable thresholds against the real server', () => {
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

  async function view(target: { sn: string } | { kind: string }): Promise<ThresholdView> {
    const r = await admin.post<ThresholdView>(FLEET.thresholdGet.path, { projectId: demo, target });
    expect(r.body.success).toBe(true);
    return r.body.data!;
  }
  async function momentAlarms(sn: string) {
    const r = await admin.post<AlarmPage>(ALARMS.alarmList.path, { projectId: demo, kind: 'threshold', page: 1, pageSize: 100 });
    return r.body.data!.list.filter((a) => a.deviceSn === sn && a.metric === 'momentPct');
  }
  async function latestMoment(sn: string): Promise<number | undefined> {
    const r = await admin.post<DeviceInfo[]>(DEVICES.deviceList.path, { projectId: demo, kind: 'towerCrane' });
    return r.body.data!.find((d) => d.sn === sn)?.latest?.momentPct;
  }
  async function audit(target?: { sn: string } | { kind: string }): Promise<ThresholdAuditPage> {
    const r = await admin.post<ThresholdAuditPage>(FLEET.thresholdAudit.path, { projectId: demo, target });
    expect(r.body.success).toBe(true);
    return r.body.data!;
  }

  it('applies an edited limit to the next reading over MQTT, without a restart, and audits it', async () => {
    // 60 % is under the seeded 90/100 % moment limits: no alarm.
    await device.publishAsync(craneTopic('TC-01'), crane({ momentPct: 60 }), { qos: 1 });
    await eventually(async () => (await latestMoment('TC-01')) === 60, 5_000, 'TC-01 reading of 60 %');
    expect(await momentAlarms('TC-01')).toEqual([]);

    const edited = highThreshold('momentPct', '%', 40, 50, 0.9);
    const r = await admin.post<ThresholdView>(FLEET.thresholdSet.path, { projectId: demo, target: { sn: 'TC-01' }, thresholds: [edited] });
    expect(r.body.success).toBe(true);
    expect(r.body.data!.entries.find((e) => e.threshold.metric === 'momentPct')).toMatchObject({
      threshold: edited,
      edited: true,
      defaultThreshold: { warnHigh: 90, alarmHigh: 100 },
    });

    await device.publishAsync(craneTopic('TC-01'), crane({ momentPct: 61 }), { qos: 1 });
    const [alarm] = await eventually(async () => {
      const list = await momentAlarms('TC-01');
      return list.length > 0 && list;
    }, 5_000, 'a moment alarm at the new limit');
    expect(alarm).toMatchObject({ level: 'alarm', value: 61, threshold: 50, state: 'active' });

    const page = await audit({ sn: 'TC-01' });
    expect(page.entries[0]).toMatchObject({
      target: { sn: 'TC-01' },
      kind: 'towerCrane',
      metric: 'momentPct',
      action: 'set',
      oldThreshold: { warnHigh: 90, alarmHigh: 100 },
      newThreshold: edited,
      changedBy: 'admin',
    });
    expect(Date.now() - page.entries[0].changedAtMs).toBeLessThan(60_000);

    // Reset: back to the kind's default, no longer marked edited, audited.
    const reset = await admin.post<ThresholdView>(FLEET.thresholdReset.path, { projectId: demo, target: { sn: 'TC-01' }, metrics: ['momentPct'] });
    expect(reset.body.data!.entries.find((e) => e.threshold.metric === 'momentPct')).toMatchObject({ threshold: { alarmHigh: 100 }, edited: false });
    expect((await audit({ sn: 'TC-01' })).entries[0]).toMatchObject({ action: 'reset', oldThreshold: edited, newThreshold: { alarmHigh: 100 } });
  });

  it('refuses a bad threshold and changes nothing', async () => {
    const before = await view({ sn: 'TC-02' });
    const kindBefore = await view({ kind: 'towerCrane' });
    const auditBefore = await audit();
    const bad: Array<[Threshold, string]> = [
      [highThreshold('windSpeedMps', 'm/s', 14, 12, 0.9), 'windSpeedMps.warnHigh'], // alarm below warning
      [highThreshold('momentPct', '%', 90, 500, 0.9), 'momentPct.alarmHigh'], // outside 0…300 %
      [highThreshold('windSpeedMps', 'km/h', 10, 12, 0.9), 'windSpeedMps.unit'], // not the metric's unit
      [{ ...highThreshold('tiltDeg', '°', 0.1, 0.2, 0.9), warnLow: 0.15 }, 'tiltDeg'], // low limit above a high one
      [highThreshold('noSuchMetric', '%', 1, 2, 0.9), 'noSuchMetric'],
    ];
    for (const [t, field] of bad) {
      // A valid change next to the bad one must not be applied either.
      const r = await admin.post(FLEET.thresholdSet.path, { projectId: demo, target: { sn: 'TC-02' }, thresholds: [highThreshold('loadT', 't', 5, 6, 0.9), t] });
      expect(r.status, field).toBe(400);
      expect(r.body.errorCode).toBe('VALIDATION');
      expect(r.body.errorMessage).toContain(field);
    }
    const badRatio = await admin.post(FLEET.thresholdSet.path, { projectId: demo, target: { kind: 'towerCrane' }, thresholds: [highThreshold('tiltDeg', '°', 0.1, 0.2, 1.5)] });
    expect(badRatio.body.errorCode).toBe('VALIDATION');
    // A role without threshold.edit (a safety officer; protocol/roles.ts): refused.
    await server.db.updateTable('memberships').set({ role: 'safetyOfficer' }).where('username', '=', 'bridge').execute();
    const notAdmin = await bridge.post(FLEET.thresholdSet.path, { projectId: 'demo-bridge', target: { kind: 'towerCrane' }, thresholds: [highThreshold('tiltDeg', '°', 0.1, 0.2, 0.9)] });
    expect(notAdmin.body.errorCode).toBe('FORBIDDEN');
    await server.db.updateTable('memberships').set({ role: 'projectManager' }).where('username', '=', 'bridge').execute();
    expect((await admin.post(FLEET.thresholdSet.path, { projectId: demo, target: { sn: 'NOPE' }, thresholds: [highThreshold('tiltDeg', '°', 0.1, 0.2, 0.9)] })).body.errorCode).toBe('NOT_FOUND');

    expect(await view({ sn: 'TC-02' })).toEqual(before);
    expect(await view({ kind: 'towerCrane' })).toEqual(kindBefore);
    expect((await audit()).entries).toEqual(auditBefore.entries);
  });

  it("a kind's project default reaches every device that nobody edited, and reset restores the standard", async () => {
    const mine = highThreshold('windSpeedMps', 'm/s', 8, 11, 0.9);
    await admin.post(FLEET.thresholdSet.path, { projectId: demo, target: { sn: 'TC-02' }, thresholds: [mine] });
    const kindWind = highThreshold('windSpeedMps', 'm/s', 9, 12, 0.9);
    const r = await admin.post<ThresholdView>(FLEET.thresholdSet.path, { projectId: demo, target: { kind: 'towerCrane' }, thresholds: [kindWind] });
    expect(r.body.data!.entries.find((e) => e.threshold.metric === 'windSpeedMps')).toMatchObject({ threshold: kindWind, edited: true, defaultThreshold: { alarmHigh: 13.8 } });
    const wind = (v: ThresholdView) => v.entries.find((e) => e.threshold.metric === 'windSpeedMps')!;
    expect(wind(await view({ sn: 'TC-01' }))).toMatchObject({ threshold: kindWind, edited: false, defaultThreshold: kindWind });
    expect(wind(await view({ sn: 'TC-02' }))).toMatchObject({ threshold: mine, edited: true });
    expect((await audit({ kind: 'towerCrane' })).entries[0]).toMatchObject({ target: { kind: 'towerCrane' }, oldThreshold: { alarmHigh: 13.8 }, newThreshold: kindWind });

    await admin.post(FLEET.thresholdReset.path, { projectId: demo, target: { kind: 'towerCrane' } });
    expect(wind(await view({ sn: 'TC-01' }))).toMatchObject({ threshold: { warnHigh: 10.8, alarmHigh: 13.8 }, edited: false });
    expect(wind(await view({ sn: 'TC-02' }))).toMatchObject({ threshold: mine, edited: true });
  });
});

describe('changed seeded defaults (migrations)', () => {
  let db: Kysely<Database>;

  beforeAll(async () => {
    db = new Kysely<Database>({ dialect: new PGliteDialect({ pglite: new PGlite('memory://') }) });
  });
  afterAll(async () => {
    await db?.destroy();
  });

  async function migrate(extra: Record<string, Migration> = {}) {
    const migrator = new Migrator({ db, provider: { getMigrations: async () => ({ ...MIGRATIONS, ...extra }) } });
    const { error } = await migrator.migrateToLatest();
    if (error) throw error;
  }
  async function thresholdsOf(projectId: string, sn: string): Promise<Threshold[]> {
    const row = await db.selectFrom('devices').select('thresholds').where('project_id', '=', projectId).where('sn', '=', sn).executeTakeFirstOrThrow();
    return fromJson<Threshold[]>(row.thresholds);
  }

  it('a revision migration reaches a database seeded before it, without overwriting edited values', async () => {
    await migrate();
    await seedIfEmpty(db, { adminPassword: 'x' }, { info: () => undefined }, () => undefined);
    const ctx = (target: { sn: string } | { kind: string }, projectId: string = demo) => ({ projectId, target, username: 'admin', nowMs: Date.now() });
    // Someone edits TC-01's wind; the bridge project sets its own tilt default for tower cranes.
    const edited = highThreshold('windSpeedMps', 'm/s', 9, 11, 0.9);
    await setThresholds(db, ctx({ sn: 'TC-01' }), [edited]);
    const bridgeTilt = highThreshold('tiltDeg', '°', 0.15, 0.2, 0.9);
    await setThresholds(db, ctx({ kind: 'towerCrane' }, 'demo-bridge'), [bridgeTilt]);
    const bridgeCranes = await db.selectFrom('devices').select('sn').where('project_id', '=', 'demo-bridge').where('kind', '=', 'towerCrane').execute();
    expect(bridgeCranes.length).toBeGreaterThan(0);

    // A later release changes the tower crane wind and tilt defaults.
    const newWind = highThreshold('windSpeedMps', 'm/s', 10, 13, 0.9);
    const newTilt = highThreshold('tiltDeg', '°', 0.2, 0.3, 0.9);
    await migrate({ '9000_test_crane_defaults': defaultThresholdRevision([{ kind: 'towerCrane', scope: 'all', thresholds: [newWind, newTilt] }]) });

    const tc1 = await thresholdsOf(demo, 'TC-01');
    const tc2 = await thresholdsOf(demo, 'TC-02');
    expect(tc1.find((t) => t.metric === 'windSpeedMps')).toEqual(edited);
    expect(tc1.find((t) => t.metric === 'tiltDeg')).toEqual(newTilt);
    expect(tc2.find((t) => t.metric === 'windSpeedMps')).toEqual(newWind);
    expect(tc2.find((t) => t.metric === 'tiltDeg')).toEqual(newTilt);
    expect(tc2.find((t) => t.metric === 'momentPct')).toMatchObject({ warnHigh: 90, alarmHigh: 100 });
    for (const { sn } of bridgeCranes) {
      const t = await thresholdsOf('demo-bridge', sn);
      expect(t.find((x) => x.metric === 'tiltDeg'), sn).toEqual(bridgeTilt);
      expect(t.find((x) => x.metric === 'windSpeedMps'), sn).toEqual(newWind);
    }
    // Gas stations are untouched by a crane revision.
    const gasRow = await db.selectFrom('devices').select(['sn', 'thresholds']).where('kind', '=', 'gas').limit(1).executeTakeFirstOrThrow();
    expect(fromJson<Threshold[]>(gasRow.thresholds).every((t) => t.clearRatio === 0.5 || t.metric === 'O2')).toBe(true);
    const reset = await resetThresholds(db, ctx({ sn: 'TC-01' }));
    expect(reset.entries.every((e) => !e.edited)).toBe(true);
  });
});
