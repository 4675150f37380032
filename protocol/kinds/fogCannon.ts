import { z } from 'zod';
import { DEFAULT_OFFLINE_PERIODS, TOPIC_SEGMENT, flatMetrics, tsMs, type DeviceKindDescriptor, type MetricDescriptor } from './descriptor';

/**
 * A fog cannon or spray system (docs/domain.md "Spray linkage"): it reports whether it sprays and its water
 * tank, and acknowledges the server's on/off commands (docs/device-protocol.md "Commands") in the same
 * telemetry message, naming the command it carried out (`ack.ok`) or refused (an empty tank, a local
 * lockout: `ack.ok` false).
 */
export const fogCannonTelemetrySchema = z.strictObject({
  ts: tsMs,
  spraying: z.boolean(),
  waterLevelPct: z.number().finite().min(0).max(100).optional(),
  ack: z.strictObject({ commandId: z.string().regex(TOPIC_SEGMENT, { error: '1–64 characters of A–Z, a–z, 0–9, _ or -' }), ok: z.boolean() }).optional(),
});
export type FogCannonTelemetry = z.infer<typeof fogCannonTelemetrySchema>;

const METRICS: readonly MetricDescriptor[] = [
  { key: 'spraying', unit: '', digits: 0, range: { min: 0, max: 1 }, label: { id: 'metric.fogCannon.spraying', message: 'Spraying' } },
  { key: 'waterLevelPct', unit: '%', digits: 0, range: { min: 0, max: 100 }, label: { id: 'metric.fogCannon.waterLevelPct', message: 'Water tank' } },
];

/** Fog cannons and spray systems: switched by the server's spray linkage (server/spray) or by hand from the environment screen. */
export const fogCannonKind = {
  kind: 'fogCannon',
  label: { id: 'kind.fogCannon', message: 'Fog cannon' },
  channel: 'telemetry',
  schema: fogCannonTelemetrySchema,
  live: { store: 'series', permission: 'project.read' },
  readings: true,
  metrics: METRICS,
  metricFields: flatMetrics(['ack']),
  position: null,
  offline: {
    raisesAlarm: true,
    periods: DEFAULT_OFFLINE_PERIODS,
    reason: 'a silent fog cannon cannot be switched on when the dust rises',
  },
  statuses: [],
  event: null,
  thresholds: [],
  thresholdScope: 'all',
  area: 'environment',
  commands: {
    on: (m) => m.spraying,
    ack: (m) => m.ack ?? null,
  },
} satisfies DeviceKindDescriptor<'fogCannon', FogCannonTelemetry>;
