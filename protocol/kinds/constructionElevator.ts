import { z } from 'zod';
import { DEFAULT_OFFLINE_PERIODS, flatMetrics, tsMs, type DeviceKindDescriptor, type MetricDescriptor, type ThresholdDefault } from './descriptor';
import { equipmentMetric, flagThreshold, metricNumberSchema as num, ratedPctDefault, tiltDefault, WIND_DEFAULT } from './equipment';

const m = (key: string, unit: string, digits: number, min: number, max: number, message: string) => equipmentMetric('constructionElevator', key, unit, digits, min, max, message);

/**
 * Construction elevator (builder's hoist) quantities: two cages on one mast, each with load, height and
 * floor, speed (positive up), door, occupants, the driver's card, the limit switches and tilt; wind at the
 * mast top (GB/T 37537-2019 monitoring of construction elevators).
 */
export const CONSTRUCTION_ELEVATOR_METRICS = {
  leftLoadT: m('leftLoadT', 't', 2, 0, 5, 'Left cage load'),
  leftLoadPct: m('leftLoadPct', '%', 1, 0, 300, 'Left cage load (of rated)'),
  leftHeightM: m('leftHeightM', 'm', 1, 0, 500, 'Left cage height'),
  leftFloor: m('leftFloor', '', 0, -5, 150, 'Left cage floor'),
  leftSpeedMps: m('leftSpeedMps', 'm/s', 2, -2, 2, 'Left cage speed'),
  leftDoorOpen: m('leftDoorOpen', '', 0, 0, 1, 'Left cage door open'),
  leftOccupants: m('leftOccupants', '', 0, 0, 40, 'Left cage occupants'),
  leftLimitSwitch: m('leftLimitSwitch', '', 0, 0, 1, 'Left cage limit switch tripped'),
  leftTiltDeg: m('leftTiltDeg', '°', 2, 0, 15, 'Left cage tilt'),
  rightLoadT: m('rightLoadT', 't', 2, 0, 5, 'Right cage load'),
  rightLoadPct: m('rightLoadPct', '%', 1, 0, 300, 'Right cage load (of rated)'),
  rightHeightM: m('rightHeightM', 'm', 1, 0, 500, 'Right cage height'),
  rightFloor: m('rightFloor', '', 0, -5, 150, 'Right cage floor'),
  rightSpeedMps: m('rightSpeedMps', 'm/s', 2, -2, 2, 'Right cage speed'),
  rightDoorOpen: m('rightDoorOpen', '', 0, 0, 1, 'Right cage door open'),
  rightOccupants: m('rightOccupants', '', 0, 0, 40, 'Right cage occupants'),
  rightLimitSwitch: m('rightLimitSwitch', '', 0, 0, 1, 'Right cage limit switch tripped'),
  rightTiltDeg: m('rightTiltDeg', '°', 2, 0, 15, 'Right cage tilt'),
  windSpeedMps: m('windSpeedMps', 'm/s', 1, 0, 80, 'Wind speed'),
} as const satisfies Record<string, MetricDescriptor>;

const M = CONSTRUCTION_ELEVATOR_METRICS;

/**
 * Elevator telemetry (docs/device-protocol.md "constructionElevator"), one message for both cages:
 * `leftDriverCard`/`rightDriverCard` the card number of the driver logged in at the cage (null: nobody),
 * `…LimitSwitch` true while any limit switch of the cage (top, bottom, over-speed) is tripped. Devices
 * upload at least every 15 s (GB/T 37537-2019).
 */
export const constructionElevatorTelemetrySchema = z.object({
  ts: tsMs,
  leftLoadT: num(M.leftLoadT),
  leftLoadPct: num(M.leftLoadPct),
  leftHeightM: num(M.leftHeightM),
  leftFloor: num(M.leftFloor).int(),
  leftSpeedMps: num(M.leftSpeedMps),
  leftDoorOpen: z.boolean(),
  leftOccupants: num(M.leftOccupants).int(),
  leftLimitSwitch: z.boolean(),
  leftTiltDeg: num(M.leftTiltDeg),
  leftDriverCard: z.string().max(64).nullable(),
  rightLoadT: num(M.rightLoadT),
  rightLoadPct: num(M.rightLoadPct),
  rightHeightM: num(M.rightHeightM),
  rightFloor: num(M.rightFloor).int(),
  rightSpeedMps: num(M.rightSpeedMps),
  rightDoorOpen: z.boolean(),
  rightOccupants: num(M.rightOccupants).int(),
  rightLimitSwitch: z.boolean(),
  rightTiltDeg: num(M.rightTiltDeg),
  rightDriverCard: z.string().max(64).nullable(),
  windSpeedMps: num(M.windSpeedMps),
});
export type ConstructionElevatorTelemetry = z.infer<typeof constructionElevatorTelemetrySchema>;

/** Longest upload period of an elevator monitor, s (GB/T 37537-2019). */
export const ELEVATOR_MAX_REPORT_PERIOD_S = 15;

/**
 * Per cage: load ≥ 90/100 % of rated (JGJ 332-2014), tilt (GB 5144 convention), a tripped limit switch
 * (alarm while on); wind ≥ 10.8/13.8 m/s (Beaufort 6 / stop).
 */
export const CONSTRUCTION_ELEVATOR_THRESHOLD_DEFAULTS: ThresholdDefault[] = [
  ratedPctDefault('leftLoadPct'),
  ratedPctDefault('rightLoadPct'),
  tiltDefault('leftTiltDeg'),
  tiltDefault('rightTiltDeg'),
  { threshold: flagThreshold('leftLimitSwitch'), source: 'a tripped limit switch stops the cage (GB/T 37537-2019 status)' },
  { threshold: flagThreshold('rightLimitSwitch'), source: 'a tripped limit switch stops the cage (GB/T 37537-2019 status)' },
  WIND_DEFAULT,
];

/** Construction elevators (docs/device-protocol.md "constructionElevator"). */
export const constructionElevatorKind = {
  kind: 'constructionElevator',
  label: { id: 'kind.constructionElevator', message: 'Construction elevator' },
  channel: 'telemetry',
  schema: constructionElevatorTelemetrySchema,
  live: { store: 'series', permission: 'project.read' },
  readings: true,
  metrics: Object.values(CONSTRUCTION_ELEVATOR_METRICS),
  metricFields: flatMetrics(['leftDriverCard', 'rightDriverCard']),
  position: null,
  offline: { raisesAlarm: true, periods: DEFAULT_OFFLINE_PERIODS, reason: 'an elevator whose monitor goes quiet carries people unwatched' },
  statuses: [],
  event: null,
  thresholds: CONSTRUCTION_ELEVATOR_THRESHOLD_DEFAULTS,
  thresholdScope: 'all',
  area: 'lifting',
  equipment: {
    drawing: 'elevatorShaft',
    cardReadings: ['leftFloor', 'leftLoadT', 'leftOccupants', 'rightFloor', 'rightLoadT', 'rightOccupants', 'windSpeedMps'],
    sharedCard: true,
    crane: false,
    workRecords: { by: 'cageTrip' },
    demoMachine: { maker: 'Baoda', model: 'SC200/200', ratedLoadT: 2 },
    archive: { height: 'cageTravel', span: null, ratedMoment: false },
  },
} satisfies DeviceKindDescriptor<'constructionElevator', ConstructionElevatorTelemetry>;
