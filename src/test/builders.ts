import { DEVICE_KIND_REGISTRY, type Board, type DeviceInfo, type Page, type Panel, type TelemetryBatch, type Threshold } from '../../protocol';

/** Test data builders with realistic demo-project values (docs/domain.md). */

// The alarm builder is shared with the server's tests.
import { T0 } from '../../tests/helpers/alarms';

export { T0 };
export { makeAlarm } from '../../tests/helpers/alarms';

function high(metric: string, unit: string, warnHigh: number, alarmHigh: number): Threshold {
  return { metric, unit, warnHigh, alarmHigh, warnLow: null, alarmLow: null, clearRatio: 0.5, clearLow: null };
}

/** The seeded gas limits of docs/domain.md "Tunnel air" for the gases the builders use. */
export const GAS_THRESHOLDS: Threshold[] = [
  high('CO', 'ppm', 17, 24),
  { metric: 'O2', unit: '%vol', warnHigh: null, alarmHigh: 23.5, warnLow: 20, alarmLow: 19.5, clearRatio: 0.98, clearLow: 20 },
  high('NO2', 'ppm', 1.9, 2.5),
  high('dust', 'mg/m³', 3, 4),
  high('CH4', '%vol', 0.5, 1),
];

/** docs/domain.md crane limits: moment 90/100 %, wind 10.8/13.8 m/s, tilt 0.17/0.23 °. */
export const CRANE_THRESHOLDS: Threshold[] = [high('momentPct', '%', 90, 100), high('windSpeedMps', 'm/s', 10.8, 13.8), high('tiltDeg', '°', 0.17, 0.23)];

export function makeGasDevice(p: Partial<DeviceInfo> & { sn: string }): DeviceInfo {
  return {
    kind: 'gas',
    name: `${p.sn} station`,
    position: 'Left bore, entry heading, working face',
    tunnelId: 'LK',
    reportPeriodS: 10,
    status: 'online',
    lastSeenMs: T0,
    latest: { CO: 3.1, O2: 20.9, NO2: 0.2, dust: 1.1, CH4: 0.02 },
    thresholds: GAS_THRESHOLDS,
    ...p,
  };
}

export function makeCraneDevice(p: Partial<DeviceInfo> & { sn: string }): DeviceInfo {
  return {
    kind: 'towerCrane',
    name: 'Tower crane 1 (entry yard)',
    position: 'Entry portal yard',
    tunnelId: null,
    reportPeriodS: 2,
    status: 'online',
    lastSeenMs: T0,
    latest: { momentPct: 62.4, loadT: 3.2, radiusM: 38.5, heightM: 41.2, windSpeedMps: 6.3, tiltDeg: 0.05, rotationDeg: 123 },
    thresholds: CRANE_THRESHOLDS,
    ...p,
  };
}

/** An environment monitor at the entry portal with the kind's default limits, not heard yet unless `latest` is given. */
export function makeEnvironmentDevice(p: Partial<DeviceInfo> & { sn: string }): DeviceInfo {
  return {
    kind: 'environment',
    name: `Monitor ${p.sn}`,
    position: 'Left bore, entry portal',
    tunnelId: 'LK',
    reportPeriodS: 60,
    status: 'online',
    lastSeenMs: T0,
    latest: null,
    thresholds: DEVICE_KIND_REGISTRY.defaultThresholds('environment'),
    ...p,
  };
}

export function gasBatch(items: Array<{ sn: string; ts: number; readings: Record<string, number> }>): TelemetryBatch {
  return { projectId: 'demo-tunnel', topic: 'gas', items } as TelemetryBatch;
}

/**
 * A board `b1` of project `p1` at version 3 with the layout defaults (docs/product.md "Board model"): page `pg1` holding `panels`,
 * then `morePages` (for the builder's command tests).
 */
export function makeBoard(panels: Panel[], morePages: Page[] = []): Board {
  return {
    boardId: 'b1',
    projectId: 'p1',
    name: 'Board',
    version: 3,
    layout: { pageWidth: 800, pageHeight: 600, pageSwitchModel: 1, wholeTips: 0, pageTips: 0 },
    pages: [{ pageId: 'pg1', name: 'One', order: 0, panels }, ...morePages],
  };
}
