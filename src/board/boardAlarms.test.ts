import { describe, expect, it } from 'vitest';
import type { Alarm, DeviceInfo, TunnelInfo } from '../../protocol';
import { makeAlarm, T0 } from '../test/builders';
import { boardAlarmsOf } from './AlarmBanner';
import { foldFlood, isAnnounced, nextUnshelveMs, recentAlarmCount } from './boardAlarms';

const tunnels: TunnelInfo[] = [
  { tunnelId: 'LK', name: 'Left bore', startChainageM: 13_000, lengthM: 3000, headings: [] },
  { tunnelId: 'RK', name: 'Right bore', startChainageM: 13_000, lengthM: 3000, headings: [] },
];
const beacon = (sn: string, tunnelId: string, chainageM: number): DeviceInfo => ({
  sn,
  kind: 'beacon',
  name: sn,
  position: `Worker ${sn}`,
  tunnelId,
  reportPeriodS: 5,
  status: 'online',
  lastSeenMs: T0,
  latest: { chainageM },
  thresholds: [],
});
const zoneEntry = (alarmId: number, sn: string) =>
  makeAlarm({ alarmId, kind: 'zone', deviceKind: 'beacon', deviceSn: sn, deviceName: sn, metric: 'zoneEntry', value: null, threshold: null, side: null, level: 'warning' });
const sos = (alarmId: number, sn: string) => makeAlarm({ alarmId, kind: 'sos', deviceKind: 'beacon', deviceSn: sn, metric: 'sos', value: null, threshold: null, side: null, level: 'alarm' });

describe('a flood on the board banner', () => {
  // 54 people enter the danger zone in the left bore at K13+100..K13+105, 3 in the right bore; one SOS, one CO alarm
  const devices = new Map<string, DeviceInfo>();
  const alarms: Alarm[] = [];
  for (let i = 0; i < 54; i++) {
    devices.set(`L${i}`, beacon(`L${i}`, 'LK', 100 + (i % 6)));
    alarms.push(zoneEntry(100 + i, `L${i}`));
  }
  for (let i = 0; i < 3; i++) {
    devices.set(`R${i}`, beacon(`R${i}`, 'RK', 400));
    alarms.push(zoneEntry(200 + i, `R${i}`));
  }
  devices.set('S1', beacon('S1', 'LK', 105));
  alarms.push(sos(1, 'S1'), makeAlarm({ alarmId: 2, metric: 'CO', value: 69.7, threshold: 24, level: 'alarm' }));
  const where = { deviceOf: (sn: string) => devices.get(sn), tunnels };
  const now = T0 + 300_000;

  it('keeps SOS and gas above the groups, one line each, and folds the rest by kind and bore', () => {
    const view = foldFlood(alarms, where.deviceOf, tunnels);
    expect(view.critical.map((a) => a.alarmId)).toEqual([1, 2]);
    expect(view.groups.map((g) => [g.bore, g.devices, g.chainage, g.people])).toEqual([
      ['Left bore', 54, 'K13+100–K13+105', true],
      ['Right bore', 3, 'K13+400', true],
    ]);
  });

  it('is a flood above the board rate of new alarms in 10 minutes (ISA-18.2: 10), not at it', () => {
    expect(recentAlarmCount(alarms, now)).toBe(59);
    const state = boardAlarmsOf(alarms, now, 10, where, { ack: null, shelve: null });
    expect(state.flood?.recent).toBe(59);
    expect(state.worst?.alarmId).toBe(1);
    const ten = alarms.slice(0, 10);
    expect(boardAlarmsOf(ten, now, 10, where, { ack: null, shelve: null }).flood).toBeNull();
    expect(boardAlarmsOf([...ten, alarms[10]], now, 10, where, { ack: null, shelve: null }).flood).not.toBeNull();
    // alarms older than 10 minutes are not new: no flood an hour later
    expect(boardAlarmsOf(alarms, now + 3_600_000, 10, where, { ack: null, shelve: null }).flood).toBeNull();
  });

  it('does not announce a shelved alarm until its time ends; an SOS is never taken as shelved', () => {
    const until = now + 15 * 60_000;
    const shelvedCo = { ...makeAlarm({ alarmId: 3, metric: 'CO', value: 30, threshold: 24, level: 'alarm' }), shelvedUntilMs: until };
    const sosMarked = { ...sos(4, 'S1'), shelvedUntilMs: until };
    const state = boardAlarmsOf([shelvedCo, sosMarked], now, 10, where, { ack: null, shelve: null });
    expect(state.open.map((a) => a.alarmId)).toEqual([4]);
    expect(state.shelved).toBe(1);
    expect(isAnnounced(shelvedCo, now)).toBe(false);
    expect(isAnnounced(shelvedCo, until)).toBe(true);
    expect(nextUnshelveMs([shelvedCo, sosMarked], now)).toBe(until);
    const calm = boardAlarmsOf([shelvedCo], now, 10, where, { ack: null, shelve: null });
    expect([calm.worst, calm.color, calm.unacked.length, calm.shelved]).toEqual([null, null, 0, 1]);
  });
});
