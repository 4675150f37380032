import { z } from 'zod';
import { MAX_CAPTURE_BASE64_CHARS } from './camera';
import { TOPIC_SEGMENT, noMetrics, tsMs, type DeviceKindDescriptor } from './descriptor';


const segment = z.string().regex(TOPIC_SEGMENT, { error: 'must be 1–64 of A–Z a–z 0–9 _ -' });

/**
 * One clock-in at a face-recognition terminal in the cab of a piece of lifting equipment (docs/device-protocol.md
 * "cabFace"): which machine (`machineSn`, the equipment's sn in the project), who (`driverId`, the driver's id in
 * the project's driver register as the terminal was enrolled with it, or `idNumber`, the GB 11643 ID number; at
 * least one), when, whether the face matched the enrolled one (`matched`, with the terminal's `score` 0–100
 * when it gives one) and the photo (base64 JPEG, at most MAX_CAPTURE_BASE64_CHARS characters, about 9 KB: a face crop that fits the
 * 16 KiB payload limit; stored like an AI capture). `clockInId`
 * is the terminal's own record number: the same record sent twice is stored once.
 */
export const cabFaceClockInSchema = z
  .object({
    ts: tsMs,
    machineSn: segment,
    driverId: segment.optional(),
    idNumber: z
      .string()
      .regex(/^[0-9]{17}[0-9Xx]$/, { error: 'must be 18 characters: 17 digits and a digit or X' })
      .transform((s) => s.toUpperCase())
      .optional(),
    matched: z.boolean(),
    score: z.number().min(0).max(100).optional(),
    photo: z
      .string()
      .max(MAX_CAPTURE_BASE64_CHARS)
      .regex(/^\/9j\/[A-Za-z0-9+/]*={0,2}$/, { error: 'base64 (RFC 4648) of a JPEG' })
      .optional(),
    clockInId: segment.optional(),
  })
  .refine((m) => m.driverId !== undefined || m.idNumber !== undefined, { message: 'driverId or idNumber is required', path: ['driverId'] });
export type CabFaceClockIn = z.infer<typeof cabFaceClockInSchema>;

/**
 * Face-recognition clock-in terminals in the cab (tower cranes, gantry and girder erectors) or the cage
 * (construction elevators): event-driven (report period 0), no readings. Each clock-in is stored by the
 * server's driver register (server/lifting), which raises an alarm on the machine when the driver is not
 * assigned to it, the certificate has expired, the face did not match or the driver is unknown.
 */
export const cabFaceKind = {
  kind: 'cabFace',
  label: { id: 'kind.cabFace', message: 'Cab clock-in terminal' },
  channel: 'telemetry',
  schema: cabFaceClockInSchema,
  live: null,
  readings: false,
  metrics: [],
  metricFields: noMetrics,
  position: null,
  offline: {
    raisesAlarm: false,
    periods: 3,
    reason: 'event-driven (report period 0): a terminal speaks only at a clock-in, a quiet one is not a fault',
    eventOnly: true,
  },
  statuses: [],
  event: null,
  thresholds: [],
  thresholdScope: 'all',
  area: 'lifting',
  clockIn: {
    decode: (m) => ({
      machineSn: m.machineSn,
      driverId: m.driverId ?? null,
      idNumber: m.idNumber ?? null,
      matched: m.matched,
      score: m.score ?? null,
      photoBase64: m.photo ?? null,
      key: m.clockInId ?? `${m.driverId ?? m.idNumber}:${m.ts}`,
    }),
  },
} satisfies DeviceKindDescriptor<'cabFace', CabFaceClockIn>;
