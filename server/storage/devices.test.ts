import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Threshold } from '../../protocol';
import { openTestDatabase } from '../../tests/helpers/storageDb';
import type { OpenDatabase } from './database';
import { deviceRows, DeviceUpsertRefused, moveDevice, projectOfDeviceInOrganisation, upsertDevices, type RegistryDeviceFields } from './devices';
import { foreignHolders } from './deviceTransfers';
import { insertOrganisation } from './organisations';
import { insertProject } from './projects';
import { fromJson } from './mappers';

let database: OpenDatabase;
beforeAll(async () => {
  database = await openTestDatabase(['p1', 'p2']);
  await insertOrganisation(database.db, { coId: 'other', name: 'Other', logo: '' }, 1);
  await insertProject(database.db, { projectId: 'q1', name: 'q1', coId: 'other', mqttUsername: 'dev-q1', mqttPassword: 'p' }, 'admin', 1);
});
afterAll(async () => {
  await database?.close();
});

const CO: Threshold = { metric: 'CO', unit: 'ppm', warnHigh: 17, alarmHigh: 24, warnLow: null, alarmLow: null, clearRatio: 0.5, clearLow: null };

function device(sn: string, kind: RegistryDeviceFields['kind'], name = sn): RegistryDeviceFields {
  return { sn, kind, name, station: '', position: 'face', tunnelId: null, chainageM: null, reportPeriodS: 10, gases: [], vehicle: null };
}

/** What a device registry write leaves: sn, kind and name of every device of `projectId`. */
async function registry(projectId: string) {
  return (await deviceRows(database.db, projectId)).map((r) => [r.sn, r.kind, r.name]);
}

describe('device registry storage', () => {
  it('inserts new serial numbers with the thresholds given and updates known ones', async () => {
    expect(await upsertDevices(database.db, 'p1', [device('GAS-1', 'gas'), device('BCN-1', 'beacon')], (d) => (d.kind === 'gas' ? [CO] : []))).toEqual({ created: 2, updated: 0 });
    expect(await upsertDevices(database.db, 'p1', [device('GAS-1', 'gas', 'Gas at the face'), device('GAS-2', 'gas')], () => [CO])).toEqual({ created: 1, updated: 1 });
    expect(await registry('p1')).toEqual([
      ['BCN-1', 'beacon', 'BCN-1'],
      ['GAS-1', 'gas', 'Gas at the face'],
      ['GAS-2', 'gas', 'GAS-2'],
    ]);
    const gas = (await deviceRows(database.db, 'p1', 'gas'))[0];
    expect(fromJson<Threshold[]>(gas.thresholds)).toEqual([CO]);
  });

  it('refuses a changed kind or a serial number of another project of the organisation and writes nothing of the batch', async () => {
    const before = await registry('p1');
    const kindChange = upsertDevices(database.db, 'p1', [device('NEW-1', 'gas'), device('GAS-2', 'beacon')], () => []);
    await expect(kindChange).rejects.toMatchObject({ reason: 'kind', message: 'GAS-2: is a gas; to change its kind, remove it and add it again' });
    await expect(kindChange).rejects.toBeInstanceOf(DeviceUpsertRefused);
    await expect(upsertDevices(database.db, 'p2', [device('NEW-2', 'gas'), device('GAS-1', 'gas')], () => [])).rejects.toMatchObject({ reason: 'elsewhere' });
    expect(await registry('p1')).toEqual(before);
    expect(await registry('p2')).toEqual([]);
  });

  it('moves a device to another project, keeping its serial number', async () => {
    expect(await moveDevice(database.db, 'p1', 'BCN-1', 'p2')).toBe(true);
    expect(await projectOfDeviceInOrganisation(database.db, 'p1', 'BCN-1')).toBe('p2');
    expect(await moveDevice(database.db, 'p1', 'BCN-1', 'p2')).toBe(false);
  });

  it("registers a serial number another organisation holds as that organisation's own, without touching it", async () => {
    expect(await upsertDevices(database.db, 'q1', [device('GAS-1', 'beacon', 'Their tag')], () => [])).toEqual({ created: 1, updated: 0 });
    expect(await registry('q1')).toEqual([['GAS-1', 'beacon', 'Their tag']]);
    expect((await registry('p1')).find((r) => r[0] === 'GAS-1')).toEqual(['GAS-1', 'gas', 'Gas at the face']);
    expect(await projectOfDeviceInOrganisation(database.db, 'q1', 'GAS-2')).toBeUndefined();
    expect(await foreignHolders(database.db, 'q1', ['GAS-1', 'GAS-2', 'NONE'])).toEqual([
      { sn: 'GAS-1', kind: 'gas', projectId: 'p1' },
      { sn: 'GAS-2', kind: 'gas', projectId: 'p1' },
    ]);
    expect(await foreignHolders(database.db, 'p2', ['GAS-1'])).toEqual([{ sn: 'GAS-1', kind: 'beacon', projectId: 'q1' }]);
  });
});
