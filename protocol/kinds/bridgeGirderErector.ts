import { z } from 'zod';
import { DEFAULT_OFFLINE_PERIODS, flatMetrics, tsMs, type DeviceKindDescriptor, type MetricDescriptor, type ThresholdDefault } from './descriptor';
import { equipmentMetric, metricNumberSchema as num, ratedPctDefault, tiltDefault, WIND_DEFAULT } from './equipment';

const m = (key: string, unit: string, digits: number, min: number, max: number, message: string) => equipmentMetric('bridgeGirderErector', key, unit, digits, min, max, message);

/** Bridge girder erector quantities: two lifting trolleys (front and rear), levelness of the main girder, travel. */
export const BRIDGE_GIRDER_ERECTOR_METRICS = {
  frontLoadT: m('frontLoadT', 't', 1, 0, 600, 'Front trolley load'),
  frontLoadPct: m('frontLoadPct', '%', 1, 0, 300, 'Front trolley load (of rated)'),
  rearLoadT: m('rearLoadT', 't', 1, 0, 600, 'Rear trolley load'),
  rearLoadPct: m('rearLoadPct', '%', 1, 0, 300, 'Rear trolley load (of rated)'),
  frontHookHeightM: m('frontHookHeightM', 'm', 2, -60, 60, 'Front hook height'),
  rearHookHeightM: m('rearHookHeightM', 'm', 2, -60, 60, 'Rear hook height'),
  windSpeedMps: m('windSpeedMps', 'm/s', 1, 0, 80, 'Wind speed'),
  levelnessDeg: m('levelnessDeg', '°', 2, 0, 10, 'Out of level'),
  travelPosM: m('travelPosM', 'm', 1, 0, 5000, 'Travel position'),
} as const satisfies Record<string, MetricDescriptor>;

const M = BRIDGE_GIRDER_ERECTOR_METRICS;

/**
 * Girder erector telemetry (docs/device-protocol.md "bridgeGirderErector"): hook heights relative to the
 * deck (negative below it), `levelnessDeg` the main girder's absolute deviation from level.
 */
export const bridgeGirderErectorTelemetrySchema = z.object({
  ts: tsMs,
  frontLoadT: num(M.frontLoadT),
  frontLoadPct: num(M.frontLoadPct),
  rearLoadT: num(M.rearLoadT),
  rearLoadPct: num(M.rearLoadPct),
  frontHookHeightM: num(M.frontHookHeightM),
  rearHookHeightM: num(M.rearHookHeightM),
  windSpeedMps: num(M.windSpeedMps),
  levelnessDeg: num(M.levelnessDeg),
  travelPosM: num(M.travelPosM),
});
export type BridgeGirderErectorTelemetry = z.infer<typeof bridgeGirderErectorTelemetrySchema>;

/** Each trolley ≥ 90/100 % of rated (JGJ 332-2014), wind (Beaufort 6 / stop lifting), levelness (GB 5144 convention). */
export const BRIDGE_GIRDER_ERECTOR_THRESHOLD_DEFAULTS: ThresholdDefault[] = [
  ratedPctDefault('frontLoadPct'),
  ratedPctDefault('rearLoadPct'),
  WIND_DEFAULT,
  tiltDefault('levelnessDeg'),
];

/** Bridge girder erectors (docs/device-protocol.md "bridgeGirderErector"). */
export const bridgeGirderErectorKind = {
  kind: 'bridgeGirderErector',
  label: { id: 'kind.bridgeGirderErector', message: 'Bridge girder erector' },
  channel: 'telemetry',
  schema: bridgeGirderErectorTelemetrySchema,
  live: { store: 'series', permission: 'project.read' },
  readings: true,
  metrics: Object.values(BRIDGE_GIRDER_ERECTOR_METRICS),
  metricFields: flatMetrics(),
  position: null,
  offline: { raisesAlarm: true, periods: DEFAULT_OFFLINE_PERIODS, reason: 'an erector whose safety monitor goes quiet lifts girders unwatched' },
  statuses: [],
  event: null,
  thresholds: BRIDGE_GIRDER_ERECTOR_THRESHOLD_DEFAULTS,
  thresholdScope: 'all',
  area: 'lifting',
  equipment: {
    drawing: 'erectorSide',
    cardReadings: ['frontLoadT', 'rearLoadT', 'frontHookHeightM', 'rearHookHeightM', 'levelnessDeg', 'windSpeedMps', 'travelPosM'],
    sharedCard: true,
    crane: true,
    workRecords: { by: 'lift', load: ['frontLoadT', 'rearLoadT'], moment: ['frontLoadPct', 'rearLoadPct'] },
    demoMachine: { maker: 'China Railway Heavy', model: 'JQ900A', ratedLoadT: 900 },
    archive: { height: 'hookHeight', span: 'span', ratedMoment: false },
  },
} satisfies DeviceKindDescriptor<'bridgeGirderErector', BridgeGirderErectorTelemetry>;
