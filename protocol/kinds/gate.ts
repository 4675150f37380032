import { z } from 'zod';
import { TOPIC_SEGMENT, noMetrics, tsMs, type DeviceKindDescriptor } from './descriptor';

/** A pass through a gate: into or out of what the gate closes (the site, or a bore at a tunnel portal). */
export const GATE_DIRECTIONS = ['in', 'out'] as const;
export type GateDirection = (typeof GATE_DIRECTIONS)[number];

const segment = z.string().regex(TOPIC_SEGMENT, { error: 'must be 1–64 of A–Z a–z 0–9 _ -' });

/**
 * One pass reported by a face-recognition turnstile (docs/device-protocol.md "gate"): who (`personId`, the
 * person's id in the project's person register, as the gate was enrolled with it), which way, when. `passId`
 * is the gate's own record number of the pass: a pass sent twice (a retry after a lost acknowledgement, a
 * gate replaying its buffer) carries the same `passId` and is stored once; without one, the same person,
 * direction and `ts` on the same gate is the same pass.
 */
export const gatePassSchema = z.object({
  ts: tsMs,
  personId: segment,
  direction: z.enum(GATE_DIRECTIONS),
  passId: segment.optional(),
});
export type GatePassMessage = z.infer<typeof gatePassSchema>;

/**
 * Face-recognition turnstiles at the site entrance and the tunnel portals (real-name labour management):
 * event-driven (report period 0), no readings, no alarms of their own. Each pass is stored by the server's
 * attendance log (server/attendance); the bore a gate closes is the gate's registered `tunnelId` (none: the
 * site entrance).
 */
export const gateKind = {
  kind: 'gate',
  label: { id: 'kind.gate', message: 'Access gate' },
  channel: 'telemetry',
  schema: gatePassSchema,
  live: null,
  readings: false,
  metrics: [],
  metricFields: noMetrics,
  position: null,
  offline: {
    raisesAlarm: false,
    periods: 3,
    reason: 'event-driven (report period 0): a gate is quiet between shift changes, a quiet gate is not a fault',
    eventOnly: true,
  },
  statuses: [],
  event: null,
  thresholds: [],
  thresholdScope: 'all',
  area: 'personnel',
  attendance: { decode: (m) => ({ personId: m.personId, direction: m.direction, passKey: m.passId ?? `${m.personId}:${m.direction}:${m.ts}` }) },
} satisfies DeviceKindDescriptor<'gate', GatePassMessage>;
