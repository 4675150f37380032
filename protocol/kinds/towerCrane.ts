import { z } from 'zod';
import { flagThreshold } from './equipment';
import { DEFAULT_OFFLINE_PERIODS, highThreshold, tsMs, flatMetrics, type DeviceKindDescriptor, type MetricDescriptor, type ThresholdDefault } from './descriptor';

function metric(key: string, unit: string, digits: number, min: number, max: number, message: string): MetricDescriptor {
  return { key, unit, digits, range: { min, max }, label: { id: `metric.towerCrane.${key}`, message } };
}

/** Tower crane quantities (JGJ 332 §3.1.1). Percentages are of rated values. */
export const TOWER_CRANE_METRICS = {
  radiusM: metric('radiusM', 'm', 1, 0, 120, 'Radius'),
  rotationDeg: metric('rotationDeg', '°', 1, -720, 720, 'Slew angle'),
  heightM: metric('heightM', 'm', 1, -50, 400, 'Hook height'),
  momentPct: metric('momentPct', '%', 1, 0, 300, 'Moment'),
  loadT: metric('loadT', 't', 2, 0, 200, 'Load'),
  tiltDeg: metric('tiltDeg', '°', 2, -15, 15, 'Tilt'),
  windSpeedMps: metric('windSpeedMps', 'm/s', 1, 0, 80, 'Wind speed'),
  antiCollision: metric('antiCollision', '', 0, 0, 1, 'Anti-collision intervening'),
  limitSwitch: metric('limitSwitch', '', 0, 0, 1, 'Limit switch tripped'),
  restrictedZone: metric('restrictedZone', '', 0, 0, 1, 'In a restricted zone'),
} as const satisfies Record<string, MetricDescriptor>;

function num(m: MetricDescriptor) {
  return z.number().finite().min(m.range.min).max(m.range.max);
}

/** Tower crane telemetry (JGJ 332 §3.1.1 quantities, docs/device-protocol.md "towerCrane"). */
export const towerCraneTelemetrySchema = z.object({
  ts: tsMs,
  radiusM: num(TOWER_CRANE_METRICS.radiusM),
  rotationDeg: num(TOWER_CRANE_METRICS.rotationDeg),
  heightM: num(TOWER_CRANE_METRICS.heightM),
  momentPct: num(TOWER_CRANE_METRICS.momentPct),
  loadT: num(TOWER_CRANE_METRICS.loadT),
  tiltDeg: num(TOWER_CRANE_METRICS.tiltDeg),
  windSpeedMps: num(TOWER_CRANE_METRICS.windSpeedMps),
  /**
   * Statuses of the safety monitor (JGJ 332-2014 §3.1: anti-collision, limit and zone protection), true
   * while on: the anti-collision system is slowing or stopping a movement towards another crane, a limit
   * switch (height, radius, slew, moment) has tripped, the hook is inside a restricted zone. Optional:
   * monitors without them leave them out.
   */
  antiCollision: z.boolean().optional(),
  limitSwitch: z.boolean().optional(),
  restrictedZone: z.boolean().optional(),
});
export type TowerCraneTelemetry = z.infer<typeof towerCraneTelemetrySchema>;

/**
 * Tower crane limits: moment and load ≥ 90 % warning, ≥ 100 % alarm (JGJ 332-2014, vendor practice);
 * wind ≥ 10.8 m/s warning (Beaufort 6), ≥ 13.8 m/s alarm (stop lifting); tilt ≥ 0.17° warning,
 * ≥ 0.23° alarm (convention from GB 5144, 4/1000 verticality); an alarm while anti-collision, a limit switch or a
 * restricted zone is on (JGJ 332-2014 §3.1). Crane alarms clear at 90 % of the limit:
 * a lift that ends drops the moment to near zero at once, so 50 % hysteresis is not needed to stop flapping.
 */
export const TOWER_CRANE_THRESHOLD_DEFAULTS: ThresholdDefault[] = [
  { threshold: highThreshold('momentPct', '%', 90, 100, 0.9), source: 'JGJ 332-2014, vendor practice' },
  { threshold: highThreshold('windSpeedMps', 'm/s', 10.8, 13.8, 0.9), source: 'Beaufort 6 (10.8 m/s); stop lifting at 13.8 m/s (crane rules)' },
  { threshold: highThreshold('tiltDeg', '°', 0.17, 0.23, 0.9), source: 'convention from GB 5144 (4/1000 verticality)' },
  { threshold: flagThreshold('antiCollision'), source: 'JGJ 332-2014 §3.1 anti-collision: alarm while it intervenes' },
  { threshold: flagThreshold('limitSwitch'), source: 'JGJ 332-2014 §3.1 limit protection: alarm while a limit switch is tripped' },
  { threshold: flagThreshold('restrictedZone'), source: 'JGJ 332-2014 §3.1 zone protection: alarm while the hook is in a restricted zone' },
];

/** Tower cranes (docs/device-protocol.md "towerCrane"). */
export const towerCraneKind = {
  kind: 'towerCrane',
  label: { id: 'kind.towerCrane', message: 'Tower crane' },
  channel: 'telemetry',
  schema: towerCraneTelemetrySchema,
  live: { store: 'series', permission: 'project.read' },
  readings: true,
  metrics: Object.values(TOWER_CRANE_METRICS),
  metricFields: flatMetrics(),
  position: null,
  offline: {
    raisesAlarm: true,
    periods: DEFAULT_OFFLINE_PERIODS,
    reason: 'a crane whose safety monitor goes quiet lifts unwatched: someone must look at it',
  },
  statuses: [],
  event: null,
  thresholds: TOWER_CRANE_THRESHOLD_DEFAULTS,
  thresholdScope: 'all',
  area: 'lifting',
  equipment: {
    drawing: 'towerTop',
    cardReadings: ['loadT', 'momentPct', 'radiusM', 'heightM', 'windSpeedMps', 'tiltDeg'],
    sharedCard: false,
    crane: true,
    workRecords: { by: 'lift', load: ['loadT'], moment: ['momentPct'] },
    demoMachine: { maker: 'Zoomlion', model: 'TC7035-16', ratedLoadT: 16 },
    archive: { height: 'hookHeight', span: 'jibLength', ratedMoment: true },
  },
} satisfies DeviceKindDescriptor<'towerCrane', TowerCraneTelemetry>;
