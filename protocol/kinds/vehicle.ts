import { z } from 'zod';
import { DEFAULT_OFFLINE_PERIODS, TOPIC_SEGMENT, flatMetrics, tsMs, type DeviceKindDescriptor, type MetricDescriptor, type ThresholdDefault } from './descriptor';

/**
 * Construction vehicles in the tunnel (docs/device-protocol.md "vehicle", docs/domain.md "Vehicles in the
 * tunnel"): each vehicle carries a positioning tag that reports its bore and chainage like a personnel
 * beacon; the server derives its speed and the nearest person ahead of or behind it from successive fixes.
 */

/** The vehicle types a registry entry names (docs/domain.md "Vehicles in the tunnel"). */
export const VEHICLE_TYPES = ['loader', 'dumpTruck', 'shotcreteTruck', 'excavator', 'drillJumbo', 'concreteMixer', 'chargingTruck', 'other'] as const;
export type VehicleType = (typeof VEHICLE_TYPES)[number];

/** Whose vehicle it is: the contractor's own, leased (with or without driver), or a subcontractor's. */
export const VEHICLE_SOURCES = ['own', 'leased', 'subcontractor'] as const;
export type VehicleSource = (typeof VEHICLE_SOURCES)[number];

/** The farthest a person is looked for around a vehicle, metres; `personGapM` reads this when nobody is closer or the vehicle stands. */
export const PERSON_GAP_HORIZON_M = 100;

function metric(key: string, unit: string, digits: number, min: number, max: number, message: string): MetricDescriptor {
  return { key, unit, digits, range: { min, max }, label: { id: `metric.vehicle.${key}`, message } };
}

/** Metrics of a vehicle: its tag's chainage and battery, and the two the server derives. */
export const VEHICLE_METRICS = {
  chainageM: metric('chainageM', 'm', 1, 0, 100_000, 'Distance from portal'),
  battery: metric('battery', '%', 0, 0, 100, 'Battery'),
  speedKmh: metric('speedKmh', 'km/h', 1, 0, 120, 'Speed'),
  personGapM: metric('personGapM', 'm', 1, 0, PERSON_GAP_HORIZON_M, 'Nearest person while moving'),
} as const satisfies Record<string, MetricDescriptor>;

function num(m: MetricDescriptor) {
  return z.number().finite().min(m.range.min).max(m.range.max);
}

/**
 * A vehicle tag's fix: `chainageM` metres from the entry portal of bore `tunnelId` (as a personnel beacon,
 * docs/device-protocol.md "beacon"), the tag's battery when it has one. `speedKmh` and `personGapM` are
 * the server's (docs/domain.md "Vehicles in the tunnel"): a value a device sends is replaced.
 */
export const vehicleTelemetrySchema = z.object({
  ts: tsMs,
  tunnelId: z.string().regex(TOPIC_SEGMENT),
  chainageM: num(VEHICLE_METRICS.chainageM),
  battery: num(VEHICLE_METRICS.battery).optional(),
  speedKmh: num(VEHICLE_METRICS.speedKmh).optional(),
  personGapM: num(VEHICLE_METRICS.personGapM).optional(),
});
export type VehicleTelemetry = z.infer<typeof vehicleTelemetrySchema>;

/** The default speed limit in the tunnel, km/h: a convention of tunnel site rules, configurable per project (docs/domain.md). */
export const DEFAULT_TUNNEL_SPEED_LIMIT_KMH = 10;
/** The default clearance between a moving vehicle and a person in the same bore, metres: a convention, configurable per project. */
export const DEFAULT_PERSON_CLEARANCE_M = 5;

/**
 * Vehicle defaults (docs/domain.md "Vehicles in the tunnel"): over-speed is an alarm from 10 km/h, cleared
 * under 8 km/h; a person within 5 m of a moving vehicle in the same bore is an alarm, cleared beyond 7 m;
 * tag battery low ≤ 20 / ≤ 10 %. Administrators change them per project (kind thresholds, docs/api.md "Thresholds").
 */
export const VEHICLE_THRESHOLD_DEFAULTS: ThresholdDefault[] = [
  {
    threshold: { metric: 'speedKmh', unit: 'km/h', warnHigh: null, alarmHigh: DEFAULT_TUNNEL_SPEED_LIMIT_KMH, warnLow: null, alarmLow: null, clearRatio: 0.8, clearLow: null },
    source: 'convention of tunnel site rules (speed limit 10 km/h in a tunnel under construction), configurable',
  },
  {
    threshold: { metric: 'personGapM', unit: 'm', warnHigh: null, alarmHigh: null, warnLow: null, alarmLow: DEFAULT_PERSON_CLEARANCE_M, clearRatio: 1, clearLow: 7 },
    source: 'convention: keep 5 m from a moving vehicle, configurable',
  },
  { threshold: { metric: 'battery', unit: '%', warnHigh: null, alarmHigh: null, warnLow: 20, alarmLow: 10, clearRatio: 1, clearLow: 30 }, source: 'convention: low battery ≤ 20 %, ≤ 10 %' },
];

/** Construction vehicles' positioning tags (docs/device-protocol.md "vehicle"). */
export const vehicleKind = {
  kind: 'vehicle',
  label: { id: 'kind.vehicle', message: 'Construction vehicle' },
  channel: 'telemetry',
  schema: vehicleTelemetrySchema,
  live: { store: 'series', permission: 'project.read' },
  readings: true,
  metrics: Object.values(VEHICLE_METRICS),
  metricFields: flatMetrics(['tunnelId']),
  position: null,
  offline: {
    raisesAlarm: false,
    periods: DEFAULT_OFFLINE_PERIODS,
    reason: 'a vehicle tag goes quiet whenever the vehicle leaves the tunnel or parks with its ignition off; the status still turns offline',
  },
  statuses: [],
  event: null,
  thresholds: VEHICLE_THRESHOLD_DEFAULTS,
  thresholdScope: 'all',
  area: 'vehicles',
  vehicle: { decode: (m) => ({ tunnelId: m.tunnelId, chainageM: m.chainageM }) },
} satisfies DeviceKindDescriptor<'vehicle', VehicleTelemetry>;
