import { z } from 'zod';
import { DEFAULT_OFFLINE_PERIODS, TOPIC_SEGMENT, noMetrics, tsMs, type DeviceKindDescriptor, type MetricDescriptor } from './descriptor';

/** Longest bore a position may name, metres (protocol/tunnelProgress.ts MAX_BORE_M). */
const MAX_POSITION_M = 100_000;
const position = z.number().finite().min(0).max(MAX_POSITION_M);

/**
 * A tunnel process device's progress report (docs/device-protocol.md "tunnelProgress"): the heading it is
 * about and at least one of its positions, metres from the bore's entry portal: the excavation face, the end
 * of the invert, of the second lining, of the waterproofing and rebar.
 */
export const tunnelProgressSchema = z
  .object({
    ts: tsMs,
    headingId: z.string().regex(TOPIC_SEGMENT, { error: '1–64 characters of A–Z, a–z, 0–9, _ or -' }),
    faceM: position.optional(),
    invertM: position.optional(),
    liningM: position.optional(),
    waterproofM: position.optional(),
  })
  .refine((m) => m.faceM !== undefined || m.invertM !== undefined || m.liningM !== undefined || m.waterproofM !== undefined, {
    error: 'at least one of faceM, invertM, liningM, waterproofM',
  });
export type TunnelProgressMessage = z.infer<typeof tunnelProgressSchema>;

/** The step distances behind the face the server judges (protocol/tunnelProgress.ts stepLimits), metres. */
const STEP_METRICS: readonly MetricDescriptor[] = [
  { key: 'invertToFace', unit: 'm', digits: 1, range: { min: 0, max: MAX_POSITION_M }, label: { id: 'metric.tunnelProgress.invertToFace', message: 'Invert to face distance' } },
  { key: 'liningToFace', unit: 'm', digits: 1, range: { min: 0, max: MAX_POSITION_M }, label: { id: 'metric.tunnelProgress.liningToFace', message: 'Lining to face distance' } },
];

/**
 * Tunnel process devices (a heading's profile scanner or process terminal): no readings of their own; each
 * message moves the heading's saved positions. The step distances behind the face are judged by the server
 * (server/tunnel/progress.ts) and their warnings carry the two metrics below, on the heading.
 */
export const tunnelProgressKind = {
  kind: 'tunnelProgress',
  label: { id: 'kind.tunnelProgress', message: 'Tunnel progress' },
  channel: 'telemetry',
  schema: tunnelProgressSchema,
  live: null,
  readings: false,
  metrics: STEP_METRICS,
  metricFields: noMetrics,
  position: null,
  offline: {
    raisesAlarm: false,
    periods: DEFAULT_OFFLINE_PERIODS,
    reason: 'progress moves a few times a day: a quiet process device delays the figures, it endangers nobody',
  },
  statuses: [],
  event: null,
  thresholds: [],
  thresholdScope: 'all',
  area: 'tunnelWorks',
  progress: { decode: (m) => m },
} satisfies DeviceKindDescriptor<'tunnelProgress', TunnelProgressMessage>;
