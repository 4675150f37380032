import { describe, expect, it } from 'vitest';
import type { RegistryDevice } from '../../../../protocol';
import { filterDevices, kindsPresent } from './deviceFilter';

function device(sn: string, kind: RegistryDevice['kind'], name: string, station: string): RegistryDevice {
  return { sn, kind, name, station, position: '', tunnelId: null, chainageM: null, reportPeriodS: 10, gases: [], vehicle: null, lastSeenMs: null, silent: false, unconfiguredMetrics: [] };
}

const DEVICES = [device('GAS-N-01', 'gas', 'North face', 'face'), device('CAM-01', 'camera', 'Portal camera', 'portal'), device('TC-01', 'towerCrane', 'Crane one', 'yard'), device('GAS-S-02', 'gas', '南洞 气体', 'Portal')];

describe('the Devices tab filter', () => {
  it('searches the serial number, the name and the station, ignoring case and blanks', () => {
    expect(filterDevices(DEVICES, { q: ' gas-n ', kind: '' }).map((d) => d.sn)).toEqual(['GAS-N-01']);
    expect(filterDevices(DEVICES, { q: 'crane', kind: '' }).map((d) => d.sn)).toEqual(['TC-01']);
    expect(filterDevices(DEVICES, { q: 'PORTAL', kind: '' }).map((d) => d.sn)).toEqual(['CAM-01', 'GAS-S-02']);
    expect(filterDevices(DEVICES, { q: '南洞', kind: '' }).map((d) => d.sn)).toEqual(['GAS-S-02']);
    expect(filterDevices(DEVICES, { q: '', kind: '' })).toHaveLength(4);
  });

  it('keeps one kind, combined with the search', () => {
    expect(filterDevices(DEVICES, { q: '', kind: 'gas' }).map((d) => d.sn)).toEqual(['GAS-N-01', 'GAS-S-02']);
    expect(filterDevices(DEVICES, { q: 'portal', kind: 'gas' }).map((d) => d.sn)).toEqual(['GAS-S-02']);
    expect(filterDevices(DEVICES, { q: 'nothing like it', kind: '' })).toEqual([]);
  });

  it('offers the kinds present, in the registry order', () => {
    expect(kindsPresent(DEVICES, ['gas', 'beacon', 'towerCrane', 'camera'])).toEqual(['gas', 'towerCrane', 'camera']);
  });
});
