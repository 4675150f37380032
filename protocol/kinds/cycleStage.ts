import { z } from 'zod';
import { safeText } from '../text';
import { DEFAULT_OFFLINE_PERIODS, TOPIC_SEGMENT, tsMs, noMetrics, type DeviceKindDescriptor } from './descriptor';

/**
 * The stages of one drill-and-blast round, in order (docs/domain.md "Drill-and-blast cycle"): drilling →
 * charging → blasting → ventilation → scaling → mucking → initial support → idle, then the next round's
 * drilling.
 */
export const CYCLE_STAGES = ['drilling', 'charging', 'blasting', 'ventilation', 'scaling', 'mucking', 'support', 'idle'] as const;
export type CycleStage = (typeof CYCLE_STAGES)[number];
export const cycleStageSchema = z.enum(CYCLE_STAGES);

/** Where a cycle is worked: the excavation face, or the second-lining carriage behind it. */
export const WORK_FACE_TYPES = ['excavation', 'lining'] as const;
export type WorkFaceType = (typeof WORK_FACE_TYPES)[number];

/** Largest face advance one round may report, m (a full-face round in grade III is 3–3.5 m; docs/domain.md). */
export const MAX_ROUND_ADVANCE_M = 10;

/**
 * A stage change at one heading, from a process device or the foreman's tablet (docs/device-protocol.md
 * "cycleStage"): the stage that starts at `ts` at heading `headingId`. `advanceM` is the face advance of the
 * round under way once measured (survey after mucking), m; `editor` the person who entered it.
 */
export const cycleStageMessageSchema = z.object({
  ts: tsMs,
  headingId: z.string().regex(TOPIC_SEGMENT, { error: 'must be 1–64 of A–Z a–z 0–9 _ -' }),
  stage: cycleStageSchema,
  advanceM: z.number().finite().min(0).max(MAX_ROUND_ADVANCE_M).optional(),
  editor: safeText(64).optional(),
});
export type CycleStageMessage = z.infer<typeof cycleStageMessageSchema>;

/**
 * Process devices and foremen's tablets reporting drill-and-blast stage changes: event-driven (report period
 * 0, never offline), no readings; the server's cycle tracker (server/cycles) reads them, a reported stage
 * wins over the inferred one (docs/domain.md "Drill-and-blast cycle").
 */
export const cycleStageKind = {
  kind: 'cycleStage',
  label: { id: 'kind.cycleStage', message: 'Process stage reporter' },
  channel: 'telemetry',
  schema: cycleStageMessageSchema,
  live: null,
  readings: false,
  metrics: [],
  metricFields: noMetrics,
  position: null,
  offline: {
    raisesAlarm: false,
    periods: DEFAULT_OFFLINE_PERIODS,
    reason: 'event-driven (report period 0): a stage lasts hours, a quiet tablet is not a fault',
    eventOnly: true,
  },
  statuses: [],
  event: null,
  thresholds: [],
  thresholdScope: 'all',
  area: 'tunnelProcess',
} satisfies DeviceKindDescriptor<'cycleStage', CycleStageMessage>;

/** The stage report a device message is, or null for a message of any other kind. */
export function stageReportOf(kind: string, msg: unknown): CycleStageMessage | null {
  return kind === cycleStageKind.kind ? (msg as CycleStageMessage) : null;
}
