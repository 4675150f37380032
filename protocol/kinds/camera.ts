import { z } from 'zod';
import { safeText } from '../text';
import { DEFAULT_OFFLINE_PERIODS, tsMs, noMetrics, type DeviceKindDescriptor } from './descriptor';

/** AI violation kinds an AI box reports (docs/device-protocol.md "camera"). */
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

/**
 * Longest `pic` (base64 characters) a camera alarm may carry: 12 000 characters are 9 000 bytes of JPEG or
 * PNG, which fits the 16 KiB MQTT payload limit (MAX_PAYLOAD_BYTES) with the other fields.
 */
export const MAX_CAPTURE_BASE64_CHARS = 12_000;

/**
 * AI camera violation event. `picUrl` is the capture picture (http(s) URL or a path on the server); `pic`
 * is the capture itself, a base64 JPEG or PNG that the server stores and serves (docs/device-protocol.md
 * "camera"); with `pic` the server sets `picUrl` to its own capture route.
 */
export const cameraAlarmSchema = z.object({
  ts: tsMs,
  algType: z.enum(ALG_TYPES),
  // NUL, control characters and lone surrogates are refused here: a NUL passed and then failed the alarm INSERT
  picUrl: safeText(2048).optional(),
  pic: z
    .string()
    .max(MAX_CAPTURE_BASE64_CHARS)
    .regex(/^[A-Za-z0-9+/]+={0,2}$/, { error: 'base64 (RFC 4648) of a JPEG or PNG' })
    .optional(),
});
export type CameraAlarm = z.infer<typeof cameraAlarmSchema>;

/**
 * AI cameras: event-driven, every message is a violation alarm (docs/device-protocol.md "camera"); each may
 * have a video stream (docs/architecture.md "Video").
 */
export const cameraKind = {
  kind: 'camera',
  label: { id: 'kind.camera', message: 'Camera' },
  channel: 'alarm',
  schema: cameraAlarmSchema,
  live: null,
  readings: false,
  metrics: [],
  metricFields: noMetrics,
  position: null,
  offline: {
    raisesAlarm: false,
    periods: DEFAULT_OFFLINE_PERIODS,
    reason: 'event-driven (report period 0): a quiet camera saw nothing, it never goes silent',
    eventOnly: true,
  },
  statuses: [],
  event: { alarm: { kind: 'ai', level: 'alarm' }, decode: (m) => ({ metric: m.algType, picUrl: m.picUrl ?? null }), capture: true },
  thresholds: [],
  thresholdScope: 'all',
  area: 'aiVideo',
  video: { demoSource: true },
} satisfies DeviceKindDescriptor<'camera', CameraAlarm>;
