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

/** AI camera violation event. `picUrl` is the capture picture (http(s) URL or a path on the server). */
export const cameraAlarmSchema = z.object({
  ts: tsMs,
  algType: z.enum(ALG_TYPES),
  // NUL, control characters and lone surrogates are refused here: a NUL passed and then failed the alarm INSERT
  picUrl: safeText(2048).optional(),
});
export type CameraAlarm = z.infer<typeof cameraAlarmSchema>;

/** AI cameras: event-driven, every message is a violation alarm (docs/device-protocol.md "camera"). */
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
  },
  statuses: [],
  event: { alarm: { kind: 'ai', level: 'alarm' }, decode: (m) => ({ metric: m.algType, picUrl: m.picUrl ?? null }) },
  thresholds: [],
  thresholdScope: 'all',
} satisfies DeviceKindDescriptor<'camera', CameraAlarm>;
