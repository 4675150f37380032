import { z } from 'zod';
import { GAS_CODES, GAS_MAX, type GasCode } from './gases';
import { safeText } from './text';
import type { DeviceKind } from './topics';

/**
 * Device message schemas of protocol v1 (docs/device-protocol.md). Each bounds values to what is
 * physically possible so that a broken sensor is rejected at the edge instead of raising false alarms.
 * `ts` is milliseconds since the Unix epoch.
 */
const tsMs = z.number().int().min(946_684_800_000).max(4_102_444_800_000); // 2000-01-01 … 2100-01-01

const readingsShape = Object.fromEntries(
  GAS_CODES.map((g) => [g, z.number().finite().min(0).max(GAS_MAX[g]).optional()]),
) as Record<GasCode, z.ZodOptional<z.ZodNumber>>;

/** Gas station telemetry: any non-empty subset of gases, in the units of GAS_UNIT. */
export const gasTelemetrySchema = z.object({
  ts: tsMs,
  readings: z
    .strictObject(readingsShape)
    .refine((r) => Object.values(r).some((v) => v !== undefined), 'readings must hold at least one gas'),
});
export type GasTelemetry = z.infer<typeof gasTelemetrySchema>;

/**
 * Personnel beacon telemetry. `chainageM` is the distance from the portal of `tunnelId` in metres
 * (DOMAIN.md: positions are one-dimensional). Vitals are optional (helmets and wristbands only).
 */
export const beaconTelemetrySchema = z.object({
  ts: tsMs,
  tunnelId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/),
  chainageM: z.number().finite().min(0).max(100_000),
  battery: z.number().finite().min(0).max(100),
  sos: z.boolean(),
  heartRate: z.number().finite().min(0).max(300).optional(),
  spo2: z.number().finite().min(0).max(100).optional(),
  bodyTempC: z.number().finite().min(25).max(45).optional(),
  sbp: z.number().finite().min(0).max(300).optional(),
  dbp: z.number().finite().min(0).max(250).optional(),
});
export type BeaconTelemetry = z.infer<typeof beaconTelemetrySchema>;

/** Tower crane telemetry (JGJ 332 §3.1.1 quantities). Percentages are of rated values. */
export const towerCraneTelemetrySchema = z.object({
  ts: tsMs,
  radiusM: z.number().finite().min(0).max(120),
  rotationDeg: z.number().finite().min(-720).max(720),
  heightM: z.number().finite().min(-50).max(400),
  momentPct: z.number().finite().min(0).max(300),
  loadT: z.number().finite().min(0).max(200),
  tiltDeg: z.number().finite().min(-15).max(15),
  windSpeedMps: z.number().finite().min(0).max(80),
});
export type TowerCraneTelemetry = z.infer<typeof towerCraneTelemetrySchema>;

/** AI violation kinds an AI box reports (DOMAIN.md "AI video violations"). */
export const ALG_TYPES = [
  'noHelmet',
  'noVest',
  'noHarness',
  'climbing',
  'fall',
  'smoking',
  'openFlame',
  'crowding',
  'intrusion',
  'phoneUse',
  'workAtHeight',
] as const;
export type AlgType = (typeof ALG_TYPES)[number];

/** AI camera violation event. `picUrl` is the capture picture (http(s) URL or a path on the server). */
export const cameraAlarmSchema = z.object({
  ts: tsMs,
  algType: z.enum(ALG_TYPES),
  picUrl: safeText(2048).optional(),
});
export type CameraAlarm = z.infer<typeof cameraAlarmSchema>;

/** Schema per device kind. */
export const DEVICE_MESSAGE_SCHEMA = {
  gas: gasTelemetrySchema,
  beacon: beaconTelemetrySchema,
  towerCrane: towerCraneTelemetrySchema,
  camera: cameraAlarmSchema,
} as const satisfies Record<DeviceKind, z.ZodType>;

/** A validated message, tagged with its kind. */
export type DeviceMessage =
  | { kind: 'gas'; msg: GasTelemetry }
  | { kind: 'beacon'; msg: BeaconTelemetry }
  | { kind: 'towerCrane'; msg: TowerCraneTelemetry }
  | { kind: 'camera'; msg: CameraAlarm };

/** Rejection reasons counted by ingest (visible to administrators). */
export const REJECT_REASONS = [
  'topic-grammar',
  'topic-kind',
  'topic-channel',
  'not-json',
  'schema',
  'unknown-device',
  'wrong-kind',
  'too-large',
  /** Embedded broker only: a device published outside `zhgd/{its projectId}/`; the broker refused it. */
  'topic-forbidden',
  /** Passed every check but could not be stored (a database data error): kept in the dead-letter table. */
  'dead-letter',
  /** Embedded broker only: an MQTT packet above the size limit; the connection was closed. */
  'packet-too-large',
] as const;
export type RejectReason = (typeof REJECT_REASONS)[number];

/** Largest accepted MQTT payload in bytes; real messages are under 1 kB. */
export const MAX_PAYLOAD_BYTES = 16 * 1024;

/**
 * Parses a raw payload for a device kind.
 * @returns the tagged message, or `{ reason, detail }`. Never throws.
 */
export function parseDeviceMessage(
  kind: DeviceKind,
  payload: Uint8Array | string,
): DeviceMessage | { reason: RejectReason; detail: string } {
  const size = typeof payload === 'string' ? payload.length : payload.byteLength;
  if (size > MAX_PAYLOAD_BYTES) return { reason: 'too-large', detail: `${size} bytes` };
  let json: unknown;
  try {
    json = JSON.parse(typeof payload === 'string' ? payload : new TextDecoder().decode(payload));
  } catch (e) {
    return { reason: 'not-json', detail: (e as Error).message };
  }
  const result = DEVICE_MESSAGE_SCHEMA[kind].safeParse(json);
  if (!result.success) {
    const issue = result.error.issues[0];
    return { reason: 'schema', detail: `${issue.path.join('.') || '(root)'}: ${issue.message}` };
  }
  return { kind, msg: result.data } as DeviceMessage;
}
