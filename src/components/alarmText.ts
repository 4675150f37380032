import { msg } from '@lingui/core/macro';
import type { I18n, MessageDescriptor } from '@lingui/core';
import { DEVICE_KIND_REGISTRY, FAULT_CLOCK_SKEW, FAULT_OUT_OF_RANGE, formatChainage, type Alarm, type AlarmKind, type AlarmSide, type AlarmDetail, type DeviceInfo, type TunnelInfo } from '../../protocol';
import { metricLabel } from '../i18n/metricLabels';
import { formatDisplayNumber } from '../format/number';
import { compareAlarms } from './alarmRank';

/**
 * What an alarm is, in words and in the order a control room works through alarms (docs/api.md "Alarm
 * lifecycle"). Shared by the alarm feed, the board's alarm banner, the handle dialog and the alarm center,
 * so every screen names and sorts an alarm the same way.
 */

/** Side of a threshold alarm: a low limit (O2 19.2 %vol, a heart rate of 55 bpm) is not "over limit". */
export const SIDE_LABEL: Record<AlarmSide, MessageDescriptor> = {
  below: msg`Below limit`,
  over: msg`Over limit`,
};

/** What raised an alarm, when no metric says more. */
export const ALARM_KIND_LABEL: Record<AlarmKind, MessageDescriptor> = {
  threshold: msg`Threshold`,
  sos: msg`SOS`,
  offline: msg`Device offline`,
  ai: msg`AI violation`,
  zone: msg`Zone rule`,
  fault: msg`Sensor fault`,
};

/** AI violation types (camera AlgType, protocol/kinds/camera.ts), zone rule metrics and the offline pseudo-metric. */
export const AI_METRIC_LABEL: Readonly<Record<string, MessageDescriptor | undefined>> = {
  offline: msg`No data`,
  noHelmet: msg`No helmet`,
  noVest: msg`No reflective vest`,
  noHarness: msg`No harness`,
  climbing: msg`Climbing`,
  fall: msg`Fall`,
  smoking: msg`Smoking`,
  openFlame: msg`Open flame`,
  crowding: msg`Crowding`,
  intrusion: msg`Danger zone intrusion`,
  phoneUse: msg`Phone use`,
  workAtHeight: msg`Unprotected work at height`,
  // zone rules (server/rules/zoneRules.ts)
  zoneEntry: msg`Danger zone entry`,
  stayTooLong: msg`Stayed too long`,
  overHeadcount: msg`Over headcount`,
  noMovement: msg`No movement (possible fall)`,
  signalLost: msg`Beacon signal lost`,
  beaconRemoved: msg`Beacon removed`,
  gathering: msg`Gathering`,
  leaveArea: msg`Left work area`,
  // refused clock-ins of lifting drivers (server/lifting/clockIns.ts, protocol CLOCK_IN_ALARM_METRICS)
  clockInUnknownDriver: msg`Clock-in by an unregistered driver`,
  clockInNotAssigned: msg`Clock-in by a driver not assigned to this machine`,
  clockInCertificateExpired: msg`Clock-in with an expired operator certificate`,
  noEntryEducation: msg`No 3-level education`,
};

/**
 * The human name of an alarm's metric in the active language: the device kind's descriptor label
 * (protocol/kinds), an AI violation type, or a readable fallback. Never the raw key when one is known.
 */
export function alarmMetricLabel(i18n: I18n, alarm: Pick<Alarm, 'deviceKind' | 'metric' | 'kind'>): string {
  if (DEVICE_KIND_REGISTRY.metric(alarm.deviceKind, alarm.metric)) return metricLabel(i18n, alarm.deviceKind, alarm.metric);
  const ai = AI_METRIC_LABEL[alarm.metric];
  if (ai) return i18n._(ai);
  if (alarm.kind === 'sos') return i18n._(ALARM_KIND_LABEL.sos);
  return alarm.metric;
}

/**
 * One line naming an alarm, without repeating itself: "SOS" (never "SOS SOS 1"), "Oxygen (O₂) below
 * limit", "Moment over limit", "No helmet", "Device offline".
 */
export function alarmTitle(i18n: I18n, alarm: Pick<Alarm, 'deviceKind' | 'metric' | 'kind'> & { side?: AlarmSide | null; value?: number | null }): string {
  switch (alarm.kind) {
    case 'sos':
      return i18n._(ALARM_KIND_LABEL.sos);
    case 'offline':
      return i18n._(ALARM_KIND_LABEL.offline);
    case 'ai':
    case 'zone':
      return alarmMetricLabel(i18n, alarm);
    case 'fault':
      return faultTitle(i18n, alarm);
    default: {
      const metric = alarmMetricLabel(i18n, alarm);
      return alarm.side && !isStateMetric(alarm) ? `${metric} · ${i18n._(SIDE_LABEL[alarm.side])}` : metric;
    }
  }
}

/**
 * A sensor fault in words (docs/domain.md "Sensor faults"): "Device clock off by 12 min", "Sensor fault:
 * readings out of range", "Sensor fault: Carbon monoxide (CO) stuck".
 */
function faultTitle(i18n: I18n, alarm: Pick<Alarm, 'deviceKind' | 'metric' | 'kind'> & { value?: number | null }): string {
  if (alarm.metric === FAULT_CLOCK_SKEW) {
    const minutes = alarm.value == null ? '?' : formatDisplayNumber(Math.abs(alarm.value), 0);
    return i18n._(msg`Device clock off by ${minutes} min`);
  }
  if (alarm.metric === FAULT_OUT_OF_RANGE) return i18n._(msg`Sensor fault: readings out of range`);
  const metric = alarmMetricLabel(i18n, alarm);
  return i18n._(msg`Sensor fault: ${metric} stuck`);
}

/**
 * A 0/1 state of its device (a beacon's fall or lamp fault, a crane's limit switch): its label says it all,
 * so titles leave out the side and the value ("Miner lamp fault", never "Miner lamp fault · Over limit 1 / 1").
 */
export function isStateMetric(alarm: Pick<Alarm, 'deviceKind' | 'metric'>): boolean {
  const m = DEVICE_KIND_REGISTRY.metric(alarm.deviceKind, alarm.metric);
  return m !== undefined && m.unit === '' && m.range.min === 0 && m.range.max === 1;
}

/** Decimals of an alarm's metric (its descriptor's `digits`), 2 where the kind does not know it. */
export function alarmDigits(alarm: Pick<Alarm, 'deviceKind' | 'metric'>): number {
  return DEVICE_KIND_REGISTRY.metric(alarm.deviceKind, alarm.metric)?.digits ?? 2;
}

/**
 * "18.2 / 17 ppm": the reading against the limit, both with the metric's decimals; '' for alarms without
 * a reading (SOS, AI, offline) and of 0/1 states, where a value would only repeat the kind.
 */
export function valueAgainstLimit(alarm: Pick<Alarm, 'deviceKind' | 'metric' | 'kind' | 'value' | 'threshold' | 'unit'>): string {
  if (alarm.kind !== 'threshold' || alarm.value === null || isStateMetric(alarm)) return '';
  const digits = alarmDigits(alarm);
  const unit = alarm.unit ? ` ${alarm.unit}` : '';
  const limit = alarm.threshold === null ? '–' : formatDisplayNumber(alarm.threshold, digits);
  return `${formatDisplayNumber(alarm.value, digits)} / ${limit}${unit}`;
}

/** What a threshold alarm judged on its kind's default (the device has no threshold of its own) says about its limit. */
export const DEFAULT_LIMIT_NOTE = msg`kind default limit: this device has no threshold of its own for this metric`;

/**
 * A note on the limit of a threshold alarm: the kind's default instead of the device's own threshold
 * (Alarm `limitSource`, docs/domain.md "Unconfigured metrics"); '' otherwise.
 */
export function limitNote(i18n: I18n, alarm: Pick<Alarm, 'kind' | 'limitSource'>): string {
  return alarm.kind === 'threshold' && alarm.limitSource === 'default' ? i18n._(DEFAULT_LIMIT_NOTE) : '';
}

/** Active (the condition holds) and not handled: what a board must shout about. */
export function isOpenActive(a: Pick<Alarm, 'state' | 'dealStatus'>): boolean {
  return a.state === 'active' && a.dealStatus === 0;
}

/**
 * Triage order (docs/product.md "Alarm display"): active and untreated alarms first, then cleared but
 * untreated ones, handled ones last; within each group worst first by the one alarm comparator
 * (alarmRank.ts compareAlarms: level, kind priority with SOS first, ratio to the limit, last seen).
 * Repeats are one alarm with a count, so nothing repeats in the list. Returns a new array.
 */
export function triageAlarms<A extends Alarm>(alarms: readonly A[]): A[] {
  const group = (a: Alarm): number => (a.dealStatus !== 0 ? 2 : a.state !== 'active' ? 1 : 0);
  return [...alarms].sort((x, y) => group(x) - group(y) || compareAlarms(x, y));
}

/** The active, unhandled alarms in triage order; the first is the worst. */
export function openActiveAlarms<A extends Alarm>(alarms: readonly A[]): A[] {
  return triageAlarms(alarms.filter(isOpenActive));
}

/**
 * Where a device is, in words: its position (a station, a person's name, a site location), the bore's
 * name and, for a device with a chainage (a beacon's distance from the portal, m), the chainage as
 * K12+345 (the portal's chainage plus the distance). '' when nothing is known.
 */
export function deviceLocationText(device: DeviceInfo | undefined, tunnels: readonly TunnelInfo[]): string {
  if (!device) return '';
  const tunnel = device.tunnelId ? tunnels.find((t) => t.tunnelId === device.tunnelId) : undefined;
  const distanceM = device.latest?.chainageM;
  const chainage = tunnel && typeof distanceM === 'number' && distanceM >= 0 ? formatChainage(tunnel.startChainageM + distanceM) : null;
  return [device.position, tunnel?.name ?? device.tunnelId, chainage].filter(Boolean).join(' · ');
}

/**
 * Where an alarm happened, in words, for its detail: the bore and the chainage as a site says it
 * (`Left bore K13+450`: the portal's chainage plus the device's distance from it, m) when the device reports
 * a chainage in a known bore; otherwise the device's position (a station, a site location) and its bore
 * unless the position names it already.
 * '' when nothing is known.
 */
export function alarmLocationText(location: AlarmDetail['location'], tunnels: readonly TunnelInfo[]): string {
  const tunnel = location.tunnelId ? tunnels.find((t) => t.tunnelId === location.tunnelId) : undefined;
  if (tunnel && location.chainageM !== null && location.chainageM >= 0) return `${tunnel.name} ${formatChainage(tunnel.startChainageM + location.chainageM)}`;
  const bore = tunnel?.name ?? location.tunnelId;
  // a station's position usually names its bore already ("Right bore, entry heading, working face")
  return [location.position, bore && !location.position.includes(bore) ? bore : null].filter(Boolean).join(' · ');
}
