import { z } from 'zod';
import { DEFAULT_OFFLINE_PERIODS, flatMetrics, tsMs, type DeviceKindDescriptor, type MetricDescriptor, type ThresholdDefault } from './descriptor';
import { equipmentMetric, metricNumberSchema as num, ratedPctDefault, WIND_DEFAULT } from './equipment';

const m = (key: string, unit: string, digits: number, min: number, max: number, message: string) => equipmentMetric('gantryCrane', key, unit, digits, min, max, message);

/** Gantry crane quantities (JGJ 332 §3.1 safety monitor of a rail-mounted gantry crane). */
export const GANTRY_CRANE_METRICS = {
  loadT: m('loadT', 't', 2, 0, 500, 'Load'),
  loadPct: m('loadPct', '%', 1, 0, 300, 'Load (of rated)'),
  hookHeightM: m('hookHeightM', 'm', 1, -20, 100, 'Hook height'),
  trolleyPosM: m('trolleyPosM', 'm', 1, 0, 100, 'Trolley position'),
  travelPosM: m('travelPosM', 'm', 1, 0, 2000, 'Travel position'),
  windSpeedMps: m('windSpeedMps', 'm/s', 1, 0, 80, 'Wind speed'),
  railClamp: m('railClamp', '', 0, 0, 1, 'Rail clamps on'),
} as const satisfies Record<string, MetricDescriptor>;

const M = GANTRY_CRANE_METRICS;

/** Gantry crane telemetry (docs/device-protocol.md "gantryCrane"); `railClamp` true while the rail clamps hold. */
export const gantryCraneTelemetrySchema = z.object({
  ts: tsMs,
  loadT: num(M.loadT),
  loadPct: num(M.loadPct),
  hookHeightM: num(M.hookHeightM),
  trolleyPosM: num(M.trolleyPosM),
  travelPosM: num(M.travelPosM),
  windSpeedMps: num(M.windSpeedMps),
  railClamp: z.boolean(),
});
export type GantryCraneTelemetry = z.infer<typeof gantryCraneTelemetrySchema>;

/** Load ≥ 90/100 % of rated (JGJ 332-2014), wind ≥ 10.8/13.8 m/s (Beaufort 6 / stop lifting). */
export const GANTRY_CRANE_THRESHOLD_DEFAULTS: ThresholdDefault[] = [ratedPctDefault('loadPct'), WIND_DEFAULT];

/** Gantry cranes (docs/device-protocol.md "gantryCrane"). */
export const gantryCraneKind = {
  kind: 'gantryCrane',
  label: { id: 'kind.gantryCrane', message: 'Gantry crane' },
  channel: 'telemetry',
  schema: gantryCraneTelemetrySchema,
  live: { store: 'series', permission: 'project.read' },
  readings: true,
  metrics: Object.values(GANTRY_CRANE_METRICS),
  metricFields: flatMetrics(),
  position: null,
  offline: { raisesAlarm: true, periods: DEFAULT_OFFLINE_PERIODS, reason: 'a crane whose safety monitor goes quiet lifts unwatched: someone must look at it' },
  statuses: [],
  event: null,
  thresholds: GANTRY_CRANE_THRESHOLD_DEFAULTS,
  thresholdScope: 'all',
  area: 'lifting',
  equipment: {
    drawing: 'gantryFront',
    cardReadings: ['loadT', 'loadPct', 'hookHeightM', 'trolleyPosM', 'travelPosM', 'windSpeedMps', 'railClamp'],
    sharedCard: true,
    crane: true,
    workRecords: { by: 'lift', load: ['loadT'], moment: ['loadPct'] },
    demoMachine: { maker: 'Henan Weihua', model: 'MG80/20-36', ratedLoadT: 80 },
    archive: { height: 'hookHeight', span: 'span', ratedMoment: false },
  },
} satisfies DeviceKindDescriptor<'gantryCrane', GantryCraneTelemetry>;
