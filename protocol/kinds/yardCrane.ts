import { z } from 'zod';
import { DEFAULT_OFFLINE_PERIODS, flatMetrics, tsMs, type DeviceKindDescriptor, type MetricDescriptor, type ThresholdDefault } from './descriptor';
import { equipmentMetric, metricNumberSchema as num, ratedPctDefault, tiltDefault, WIND_DEFAULT } from './equipment';

const m = (key: string, unit: string, digits: number, min: number, max: number, message: string) => equipmentMetric('yardCrane', key, unit, digits, min, max, message);

/** Mobile yard crane quantities (crawler and truck cranes; JGJ 332 quantities of a jib crane). */
export const YARD_CRANE_METRICS = {
  loadT: m('loadT', 't', 2, 0, 1000, 'Load'),
  radiusM: m('radiusM', 'm', 1, 0, 150, 'Radius'),
  boomAngleDeg: m('boomAngleDeg', '°', 1, -5, 90, 'Boom angle'),
  boomLengthM: m('boomLengthM', 'm', 1, 0, 200, 'Boom length'),
  momentPct: m('momentPct', '%', 1, 0, 300, 'Moment'),
  outriggersSet: m('outriggersSet', '', 0, 0, 1, 'Outriggers set'),
  tiltDeg: m('tiltDeg', '°', 2, 0, 15, 'Tilt'),
  windSpeedMps: m('windSpeedMps', 'm/s', 1, 0, 80, 'Wind speed'),
} as const satisfies Record<string, MetricDescriptor>;

const M = YARD_CRANE_METRICS;

/** The two kinds of mobile crane. */
export const YARD_CRANE_TYPES = ['crawler', 'truck'] as const;

/**
 * Yard crane telemetry (docs/device-protocol.md "yardCrane"): `craneType` crawler or truck (not a metric);
 * `outriggersSet` true when a truck crane stands on its outriggers (crawlers always report true);
 * `tiltDeg` the absolute deviation of the chassis from level.
 */
export const yardCraneTelemetrySchema = z.object({
  ts: tsMs,
  craneType: z.enum(YARD_CRANE_TYPES),
  loadT: num(M.loadT),
  radiusM: num(M.radiusM),
  boomAngleDeg: num(M.boomAngleDeg),
  boomLengthM: num(M.boomLengthM),
  momentPct: num(M.momentPct),
  outriggersSet: z.boolean(),
  tiltDeg: num(M.tiltDeg),
  windSpeedMps: num(M.windSpeedMps),
});
export type YardCraneTelemetry = z.infer<typeof yardCraneTelemetrySchema>;

/** Moment ≥ 90/100 % (JGJ 332-2014), wind (Beaufort 6 / stop lifting), tilt (GB 5144 convention). */
export const YARD_CRANE_THRESHOLD_DEFAULTS: ThresholdDefault[] = [ratedPctDefault('momentPct'), WIND_DEFAULT, tiltDefault('tiltDeg')];

/** Crawler and truck cranes in the yard (docs/device-protocol.md "yardCrane"). */
export const yardCraneKind = {
  kind: 'yardCrane',
  label: { id: 'kind.yardCrane', message: 'Yard crane' },
  channel: 'telemetry',
  schema: yardCraneTelemetrySchema,
  live: { store: 'series', permission: 'project.read' },
  readings: true,
  metrics: Object.values(YARD_CRANE_METRICS),
  metricFields: flatMetrics(['craneType']),
  position: null,
  offline: { raisesAlarm: true, periods: DEFAULT_OFFLINE_PERIODS, reason: 'a crane whose safety monitor goes quiet lifts unwatched: someone must look at it' },
  statuses: [],
  event: null,
  thresholds: YARD_CRANE_THRESHOLD_DEFAULTS,
  thresholdScope: 'all',
  area: 'lifting',
  equipment: {
    drawing: 'yardCraneSide',
    cardReadings: ['loadT', 'momentPct', 'radiusM', 'boomAngleDeg', 'tiltDeg', 'windSpeedMps', 'outriggersSet'],
    sharedCard: true,
    crane: true,
    workRecords: { by: 'lift', load: ['loadT'], moment: ['momentPct'] },
    demoMachine: { maker: 'Sany', model: 'SCC2600A', ratedLoadT: 260 },
    archive: { height: 'hookHeight', span: 'boomLength', ratedMoment: false },
  },
} satisfies DeviceKindDescriptor<'yardCrane', YardCraneTelemetry>;
