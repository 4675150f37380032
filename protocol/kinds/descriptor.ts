import { z } from 'zod';
import type { AlarmLevel } from '../status';
import type { Permission } from '../roles';
import type { Threshold } from '../thresholds';

/**
 * The descriptor of one device kind (docs/architecture.md "Device kinds"): everything the server, the
 * worker, the stores, the detail dialog and the simulator need to know about a kind, in one module per
 * kind under protocol/kinds/. Nothing outside the registry branches on a kind's name.
 */

/** MQTT topic root of protocol v1: `zhgd/{projectId}/{deviceKind}/{deviceSn}/{channel}` (docs/device-protocol.md). */
export const TOPIC_ROOT = 'zhgd';

/** Channels: `telemetry` carries periodic readings, `alarm` carries device-side events (AI cameras). */
export const CHANNELS = ['telemetry', 'alarm'] as const;
export type Channel = (typeof CHANNELS)[number];

/** Topic segments are 1–64 characters of `[A-Za-z0-9_-]`, so wildcards and separators never appear inside one. */
export const TOPIC_SEGMENT = /^[A-Za-z0-9_-]{1,64}$/;

/** Message timestamps: ms since the Unix epoch, 2000-01-01 … 2100-01-01. */
export const tsMs = z.number().int().min(946_684_800_000).max(4_102_444_800_000);

/** A device is offline after this many reporting periods of silence (convention). */
export const DEFAULT_OFFLINE_PERIODS = 3;

/**
 * A text shown to people: `id` is the stable key src/i18n/metricLabels.ts translates with Lingui,
 * `message` the English default (protocol imports only zod, so the translation lives in src/).
 */
export interface KindLabel {
  id: string;
  message: string;
}

/** One numeric quantity a kind reports (a column of the telemetry history, a key of `latest`). */
export interface MetricDescriptor {
  /** Key in `latest`, thresholds, alarms and the telemetry history (`CO`, `momentPct`, `battery`). */
  key: string;
  /** Unit the device publishes and people read (`ppm`, `%vol`, `m/s`, `°`); '' for a count or a 0/1 flag. */
  unit: string;
  /** Decimals shown to people. */
  digits: number;
  /** Physically possible values, in `unit`; the message schema refuses anything outside. */
  range: { min: number; max: number };
  label: KindLabel;
  /**
   * Sensor fault "stuck value" (docs/domain.md "Sensor faults"): the same reading, to `digits` decimals, for
   * longer than this many seconds while the device keeps reporting raises a `fault` warning; absent, the
   * metric is never judged stuck (a crane standing still, a tag's battery). A reading at the bottom of
   * `range` (a toxic-gas cell's zero suppression in clean air) never counts as stuck.
   */
  stuckAfterS?: number;
  /**
   * The key of the metric that carries this metric's data flag (an HJ 212 monitor's `-Flag`, coded by
   * DATA_FLAGS: 0 is `N`, a valid reading). The rules judge a reading only while that flag is 0 or absent;
   * flagged readings are stored and shown with their flag.
   */
  validityFlag?: string;
}

/**
 * The data flags of HJ 212-2017 (§6.3.2, table 5), in the order of their numeric code as a flag metric
 * carries it: N normal, F stopped, M maintenance, S set by hand, D fault, C calibration, T over the
 * instrument's range, B communication lost. Only `N` is a valid reading.
 */
export const DATA_FLAGS = ['N', 'F', 'M', 'S', 'D', 'C', 'T', 'B'] as const;
export type DataFlag = (typeof DATA_FLAGS)[number];

/**
 * One HJ 212-2017 pollutant or parameter code (a34004, LA…) and the metric it fills: the value sent is
 * multiplied by `scale` (mg/m³ × 1000 = µg/m³).
 */
export interface Hj212Factor {
  code: string;
  metric: string;
  scale: number;
}

/**
 * When a device's own data is the fault (docs/domain.md "Sensor faults"): `outOfRangeStreak` messages in a
 * row refused for a reading outside a metric's physical range raise a `fault` warning (a valid message
 * clears it); `clockSkewStreak` messages in a row stamped more than `clockSkewS` seconds from the
 * server's receive time raise a `fault` warning for the device clock (the rules judge every message at its
 * receive time in any case) at once when they are ahead, and when they are behind only once that has lasted
 * `clockSkewHoldS` (late messages may be a buffer flushed after a reconnect); one message within the skew
 * clears it.
 */
export interface FaultPolicy {
  outOfRangeStreak: number;
  clockSkewS: number;
  clockSkewStreak: number;
  clockSkewHoldS: number;
}

/**
 * Default fault policy: 3 refused readings in a row (one garbled message is noise, three is a broken
 * sensor or cable); 5 min of clock skew (NTP-less field devices drift seconds a day, so 5 min is a clock
 * that was never set or reset to its epoch, not drift) in 3 messages in a row (a message or two sent late
 * from a device's buffer after a reconnect are not a clock fault); behind for 5 min of receive time (a
 * device flushing its buffer after a reconnect sends old timestamps for seconds, a clock that is behind
 * stays behind), ahead at once (no device stamps the future for a good reason).
 */
export const DEFAULT_FAULT_POLICY: FaultPolicy = { outOfRangeStreak: 3, clockSkewS: 300, clockSkewStreak: 3, clockSkewHoldS: 300 };

/** The `metric` of a `fault` alarm for readings outside the physical range (stuck values use the metric's own key). */
export const FAULT_OUT_OF_RANGE = 'outOfRange';
/** The `metric` of a `fault` alarm for a device clock off by more than the policy's skew; value in minutes. */
export const FAULT_CLOCK_SKEW = 'clockSkew';

/**
 * A yes/no condition a device reports in each message (a personnel tag's SOS button; later a crane's limit
 * switches). While it is on, the device holds one alarm of `alarm.kind` with `metric` = `key`.
 */
export interface StatusDescriptor<M> {
  key: string;
  label: KindLabel;
  alarm: { kind: 'sos'; level: AlarmLevel };
  /** true while the condition holds in `msg`. */
  decode(msg: M): boolean;
}

/**
 * A device-side event (an AI camera's violation capture): every message raises one alarm of `alarm.kind`
 * whose metric is what `decode` names.
 */
export interface EventDescriptor<M> {
  alarm: { kind: 'ai'; level: AlarmLevel };
  /** The alarm's metric (an AlgType) and its capture picture. */
  decode(msg: M): { metric: string; picUrl: string | null };
  /**
   * Messages may carry the capture itself in `pic` (base64 JPEG or PNG, docs/device-protocol.md "camera"):
   * the server stores it and points `picUrl` at its own capture route; the demo backfill drops it (past
   * alarms keep no picture).
   */
  capture: boolean;
}

/**
 * How a kind's live telemetry reaches browsers, on the socket.io live topic named after the kind
 * (protocol/socket.ts LIVE_TOPICS). `store: 'series'`: per-device ring buffers of every metric in the worker and latest values in the
 * device store; `'positions'`: the latest position per device only (crowds: hundreds of people at 1 Hz stay
 * out of MobX).
 */
export interface LiveDescriptor {
  store: 'series' | 'positions';
  /**
   * The permission a member needs to subscribe to the live topic (protocol/roles.ts TOPIC_PERMISSIONS is
   * derived from it): `people.view` where the topic says where people are, else `project.read`.
   */
  permission: Permission;
}

/**
 * Where a device of the kind is: the field names, in each message, of the tunnel bore and of the chainage
 * (metres from the portal; positions in a tunnel are one-dimensional), and of a flag that marks the
 * position as an emergency (SOS) on the map. A positioned device is a person's tag: the personnel map
 * draws it, its detail is the person's card, replay takes its track from the raw positions, and the demo
 * names one person per device.
 */
export interface PositionDescriptor {
  tunnelIdField: string;
  chainageMField: string;
  alertField: string | null;
}

/**
 * When silence matters. Every device turns `offline` after `periods` reporting periods without a message
 * (a report period of 0 never does); `raisesAlarm` adds an `offline` alarm (warning) for fixed installations.
 */
export interface OfflinePolicy {
  raisesAlarm: boolean;
  periods: number;
  /** Why, for the docs and the code reader. */
  reason: string;
  /**
   * True when the kind's devices send only events, no periodic report (an AI camera's violations, a gate's
   * passes): a quiet device saw nothing, so the device registry never counts it "not reporting"
   * (docs/api.md "Device registry") and the rules never turn it offline for silence, whatever reporting
   * period it was registered with. Absent: the devices report every reporting period.
   */
  eventOnly?: true;
}

/**
 * The area of work a kind belongs to: the alarm center's group of its alarms (protocol/alarmGroups.ts:
 * `gasDetection` → `gas`, the others by the same name), and where screens look for it: `gasDetection`
 * stations (tunnel air) fill the gas table, gas trends and the headline's worst gas reading and their
 * threshold alarms rank as gas; `lifting` is equipment (see EquipmentRole); `personnel` tags and
 * `aiVideo` cameras; `environment` noise and dust; `tunnelProcess` the drill-and-blast stage reporters
 * (protocol/kinds/cycleStage.ts), which raise no alarms; `vehicles` the construction vehicles' tags (their
 * over-speed and person-proximity alarms group as personnel safety).
 */
export type KindArea = 'personnel' | 'gasDetection' | 'lifting' | 'aiVideo' | 'environment' | 'tunnelWorks' | 'tunnelProcess' | 'vehicles';

/** How a piece of lifting equipment's work records are detected from its readings (server/rules/workRecords.ts). */
export type WorkRecordRule =
  /** Lifts: a lift lasts while the summed `load` (t) is at least LIFT_START_T; its peak moment is the largest of `moment` (% of rated). */
  | { by: 'lift'; load: readonly string[]; moment: readonly string[] }
  /** Trips of each cage of a two-cage elevator (`left…`/`right…` floor, speed, door, load metrics). */
  | { by: 'cageTrip' };

/**
 * A kind that is lifting equipment (docs/architecture.md "Lifting equipment"): it has the equipment detail
 * modal (driver, clock-in, work records, archive), a row in the fleet overview and the fleet summary.
 */
export interface EquipmentRole {
  /**
   * The live drawing of the kind (src/components/equipment EQUIPMENT_DRAWINGS, keyed by this name), drawn
   * by its card, the modal's live tab and the catalogue thumbnail.
   */
  drawing: string;
  /** The readings its card lists, in this order (metric keys of the kind; the rest stay in the detail modal). */
  cardReadings: readonly string[];
  /**
   * Whether the builder offers the shared equipment card (src/panels/Equipment) as a panel type named after
   * the kind; false where the kind has a card of its own, a panel type also named after the kind (the tower
   * crane: src/panels/TowerCrane), which the generated board places per device (src/board/dataDriven.ts).
   */
  sharedCard: boolean;
  /** Counted among the headline's "cranes working" (a crane lifts loads; an elevator carries people). */
  crane: boolean;
  /** How its work records are detected; the export lists trips with cage and floors for `cageTrip`. */
  workRecords: WorkRecordRule;
  /** A typical machine of the kind on Chinese sites, for the demo archive: maker, model, rated load in t. */
  demoMachine: { maker: string; model: string; ratedLoadT: number };
  /** Which of the archive's dimensions the kind records (docs/api.md "Equipment", equipment/archive/save). */
  archive: ArchiveDimensions;
}

/**
 * The dimensions of a kind's archive besides its rated load (t), from its type plate: what `maxHeightM`
 * means for it, what `maxSpanM` means (null: the kind records none), and whether it is rated by its load
 * moment (kN·m, a tower crane's rated lifting moment, GB/T 13752). equipment/archive/save refuses a
 * dimension the kind does not record; the archive form shows only these.
 */
export interface ArchiveDimensions {
  /** `hookHeight`: highest hook height (cranes, erectors); `cageTravel`: the cage's highest travel (elevators). */
  height: 'hookHeight' | 'cageTravel';
  /** `jibLength` (tower cranes), `span` between the legs or supports (gantry cranes, girder erectors), `boomLength` (mobile cranes), or null. */
  span: 'jibLength' | 'span' | 'boomLength' | null;
  /** Rated by its load moment in kN·m besides its rated load. */
  ratedMoment: boolean;
}

/** A seeded threshold with the standard or convention it comes from (`source`, shown in docs/architecture.md). */
export interface ThresholdDefault {
  threshold: Threshold;
  source: string;
}

/**
 * Where the metric values of a message are, readable without allocating: `of(msg)` is the object whose
 * own fields are the metric values (the message itself, or a nested object such as a gas station's
 * `readings`), or null when `msg` does not have that shape; `skip` names its fields that are not metrics.
 * Input may be an unvalidated socket item (the worker): the caller keeps numbers, maps booleans to 0/1
 * (metricNumber) and drops the rest.
 */
export interface MetricFields {
  of(msg: unknown): Record<string, unknown> | null;
  skip: ReadonlySet<string>;
}

/** The descriptor of one device kind; `M` is its validated message. */
export interface DeviceKindDescriptor<K extends string = string, M extends { ts: number } = { ts: number }> {
  kind: K;
  label: KindLabel;
  /** The channel devices of this kind publish on. */
  channel: Channel;
  /** The payload schema (bounds values to what is physically possible). */
  schema: z.ZodType<M>;
  /** Live telemetry to browsers, or null when the kind only produces alarms (cameras). */
  live: LiveDescriptor | null;
  /** Whether messages carry readings that form the device's `latest` values and its history. */
  readings: boolean;
  metrics: readonly MetricDescriptor[];
  /** Where the metric values of a message are. */
  metricFields: MetricFields;
  position: PositionDescriptor | null;
  offline: OfflinePolicy;
  statuses: readonly StatusDescriptor<M>[];
  event: EventDescriptor<M> | null;
  /**
   * Default thresholds. `thresholdScope: 'measured'` seeds only the metrics the device says it measures
   * (a gas station's gases); `'all'` seeds every default.
   */
  thresholds: readonly ThresholdDefault[];
  thresholdScope: 'all' | 'measured';
  /** Sensor-fault limits; absent: DEFAULT_FAULT_POLICY. */
  faults?: FaultPolicy;
  /** The area of work (alarm group, screens that show it); absent: none (its alarms group as `other`). */
  area?: KindArea;
  /** Present when the kind is lifting equipment (area `lifting`). */
  equipment?: EquipmentRole;
  /**
   * The threshold (a metric key of the kind) a reading of `metric` received at `atMs` is judged on when it
   * is not the metric's own (noise against its night limit between 22:00 and 06:00); the alarm keeps the
   * reading's metric. Absent: every metric on its own threshold.
   */
  judgedOn?(metric: string, atMs: number): string;
  /**
   * Present when devices of the kind may also speak HJ 212-2017 over TCP (docs/device-protocol.md
   * "HJ 212"): the factor codes it maps to its metrics. The HJ 212 listener turns each data packet into
   * the kind's MQTT payload (`hj212Message`) and hands it to the same ingest.
   */
  hj212?: {
    factors: readonly Hj212Factor[];
    /** The kind's message for readings by metric and their flags, at `ts` (ms). */
    message(ts: number, values: Record<string, number>, flags: Record<string, DataFlag>): unknown;
  };
  /** Present when the kind reports tunnel progress (a heading's face, invert, lining): the server saves it (server/tunnel). */
  progress?: ProgressRole<M>;
  /** Present when the kind reports people passing a gate (face-recognition turnstiles): the server's attendance log stores each pass. */
  attendance?: AttendanceRole<M>;
  /** Present when the kind reports drivers clocking in at lifting equipment (cab face terminals): the driver register stores each (server/lifting). */
  clockIn?: ClockInRole<M>;
  /**
   * Present when devices of the kind carry live video (docs/architecture.md "Video"): administrators give
   * each a stream source, the video screen and panel list them.
   */
  video?: VideoRole;
  /**
   * Present when devices of the kind accept on/off commands from the server (a fog cannon, docs/device-protocol.md
   * "Commands"): what each message says of the device's state and of the command it acknowledges.
   */
  commands?: CommandRole<M>;
  /**
   * Present when a device of the kind is a construction vehicle's tag (docs/domain.md "Vehicles in the
   * tunnel"): the server derives its speed and the nearest person from successive fixes (server/vehicles),
   * the tunnel strip draws it apart from people.
   */
  vehicle?: VehicleRole<M>;
}

/** A kind's video: whether the demo project's devices of the kind play the demo source (a test pattern made by ffmpeg). */
export interface VideoRole {
  demoSource: boolean;
}

/**
 * A gate's report of one pass (docs/device-protocol.md "gate"): who passed, which way, and the pass's key
 * (the same pass reported twice has the same key and is stored once).
 */
export interface AttendanceRole<M> {
  decode(msg: M): { personId: string; direction: 'in' | 'out'; passKey: string };
}

/**
 * A cab terminal's clock-in (docs/device-protocol.md "cabFace"): the machine, the driver by id or ID number
 * (null when not sent), whether the face matched, the score (0–100, null when not sent), the photo (base64
 * JPEG, null when not sent) and the record's key (the same clock-in sent twice has the same key).
 */
export interface ClockInRole<M> {
  decode(msg: M): { machineSn: string; driverId: string | null; idNumber: string | null; matched: boolean; score: number | null; photoBase64: string | null; key: string };
}

/**
 * A device that is switched on and off by the server (server/spray): `on` whether it runs now as the
 * message reports, `ack` the command the message acknowledges (its id, and whether the device carried it
 * out), or null when it acknowledges none.
 */
export interface CommandRole<M> {
  on(msg: M): boolean;
  ack(msg: M): { commandId: string; ok: boolean } | null;
}

/** Where a vehicle tag's message puts it: the bore and the chainage, metres from the bore's entry portal. */
export interface VehicleRole<M> {
  decode(msg: M): { tunnelId: string; chainageM: number };
}

/**
 * A tunnel process device's report of a heading's positions (docs/device-protocol.md "tunnelProgress"):
 * `decode` names the heading and the positions a message sets, metres from the bore's entry portal.
 */
export interface ProgressRole<M> {
  decode(msg: M): { headingId: string; faceM?: number; invertM?: number; liningM?: number; waterproofM?: number };
}

/** Metrics are the fields of the nested object `msg[field]` (gas stations: `readings`, keyed by gas). */
export function nestedMetrics(field: string): MetricFields {
  return {
    of(msg) {
      if (typeof msg !== 'object' || msg === null) return null;
      const nested = (msg as Record<string, unknown>)[field];
      return typeof nested === 'object' && nested !== null ? (nested as Record<string, unknown>) : null;
    },
    skip: new Set(),
  };
}

/** Metrics are the fields of the message itself except `ts`, `sn` and `skip` (string fields drop out as NaN). */
export function flatMetrics(skip: readonly string[] = []): MetricFields {
  return {
    of: (msg) => (typeof msg === 'object' && msg !== null ? (msg as Record<string, unknown>) : null),
    skip: new Set(['ts', 'sn', ...skip]),
  };
}

/** No metrics (event-driven kinds). */
export const noMetrics: MetricFields = { of: () => null, skip: new Set() };

/**
 * A numeric value of a metric: numbers as they are, booleans as 0/1, anything else NaN.
 * The one conversion every reader of MetricFields uses (flattener, worker).
 */
export function metricNumber(v: unknown): number {
  return typeof v === 'number' ? v : typeof v === 'boolean' ? (v ? 1 : 0) : NaN;
}

/** A high-side threshold: warning and alarm limits, cleared below limit × clearRatio. */
export function highThreshold(metric: string, unit: string, warn: number, alarm: number, clearRatio: number): Threshold {
  return { metric, unit, warnHigh: warn, alarmHigh: alarm, warnLow: null, alarmLow: null, clearRatio, clearLow: null };
}
