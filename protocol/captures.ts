import { z } from 'zod';
import { ALG_TYPES, type AlgType } from './kinds';
import { dealStatusSchema } from './status';

/**
 * The AI capture record and the violation analysis (docs/api.md "AI captures"): every AI alarm of a
 * project is one capture record, with the wire names of the smart-site platforms (algTypeName,
 * cameraName, capTime, picture, dealStatus, dealRemark).
 */

const id = z.string().min(1).max(64);

/** English names of the AI violation kinds (docs/domain.md "AI video violations"); the browser translates them. */
export const ALG_TYPE_NAMES: Readonly<Record<AlgType, string>> = {
  noHelmet: 'No helmet',
  noVest: 'No reflective vest',
  noHarness: 'No harness',
  climbing: 'Climbing',
  fall: 'Fall',
  smoking: 'Smoking',
  openFlame: 'Open flame',
  crowding: 'Crowding',
  intrusion: 'Danger zone intrusion',
  phoneUse: 'Phone use',
  workAtHeight: 'Unprotected work at height',
};

/** The English name of an AI alarm's metric (an algType), or the metric itself for one this build does not know. */
export function algTypeName(algType: string): string {
  return (ALG_TYPE_NAMES as Record<string, string>)[algType] ?? algType;
}

/**
 * Where a capture's picture is: `stored` on this server (served at `picture`), `deleted` when this server
 * stored it and retention has pruned it since (docs/operations.md "AI capture pictures"), `external` when
 * the camera gave a URL of its own, `none` when the alarm came without one.
 */
export const PICTURE_STATES = ['stored', 'deleted', 'external', 'none'] as const;
export type PictureState = (typeof PICTURE_STATES)[number];

/** Longest span one capture query or analysis covers (ms): a year. */
export const MAX_CAPTURE_SPAN_MS = 366 * 86_400_000;

/** The filters of capture/list, capture/export and capture/analysis; times are ms since the epoch, inclusive. */
export const captureFilterBody = z.object({
  projectId: id,
  fromMs: z.number().int().optional(),
  toMs: z.number().int().optional(),
  /** One camera (its serial number). */
  cameraSn: id.optional(),
  /** One violation kind. */
  algType: z.enum(ALG_TYPES).optional(),
  dealStatus: dealStatusSchema.optional(),
});
export type CaptureFilterBody = z.input<typeof captureFilterBody>;

/** Most records of one capture/list page. */
export const MAX_CAPTURE_PAGE_SIZE = 100;

/** capture/list: one page (1-based) of the filtered records, newest capture first. */
export const captureListBody = captureFilterBody.extend({
  page: z.number().int().min(1).default(1),
  pageSize: z.number().int().min(1).max(MAX_CAPTURE_PAGE_SIZE).default(20),
});
export type CaptureListBody = z.input<typeof captureListBody>;

/** One capture record: an AI alarm of a camera. */
export const captureRecordSchema = z.object({
  /** The alarm it is (alarm/detail, alarm/deal). */
  alarmId: z.number(),
  cameraSn: z.string(),
  cameraName: z.string(),
  /** The violation kind (one of ALG_TYPES for cameras of this build). */
  algType: z.string(),
  /** Its English name ({@link ALG_TYPE_NAMES}). */
  algTypeName: z.string(),
  /** When the latest capture of this alarm was taken (ms since epoch): the time of `picture`. */
  capTime: z.number(),
  /** When the alarm was first raised (ms); repeats of one violation on one camera count on one record until handled. */
  raisedAtMs: z.number(),
  repeatCount: z.number(),
  /** The picture's URL (this server's alarm/capture, or the camera's own), null without one or once deleted. */
  picture: z.string().nullable(),
  pictureState: z.enum(PICTURE_STATES),
  dealStatus: dealStatusSchema,
  dealRemark: z.string().nullable(),
  dealtBy: z.string().nullable(),
  dealtAtMs: z.number().nullable(),
});
export type CaptureRecord = z.infer<typeof captureRecordSchema>;

/** capture/list data. */
export const capturePageSchema = z.object({
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  list: z.array(captureRecordSchema),
});
export type CapturePage = z.infer<typeof capturePageSchema>;

/** Most rows of one capture export (newest first). */
export const MAX_CAPTURE_EXPORT_ROWS = 50_000;

/** capture/export: the capture/list filter and the file format; answers the file itself. */
export const captureExportBody = captureFilterBody.extend({ format: z.enum(['xlsx', 'csv']) });
export type CaptureExportBody = z.input<typeof captureExportBody>;

/** capture/analysis: the captures raised within [fromMs, toMs], of one camera when given. */
export const captureAnalysisBody = z
  .object({ projectId: id, fromMs: z.number().int(), toMs: z.number().int(), cameraSn: id.optional() })
  .refine((b) => b.toMs >= b.fromMs && b.toMs - b.fromMs <= MAX_CAPTURE_SPAN_MS, { message: 'toMs must be after fromMs, at most 366 days later', path: ['toMs'] });
export type CaptureAnalysisBody = z.input<typeof captureAnalysisBody>;

/** Counts of a group of captures by handling: untreated (0), processed (1), misinformation (2, a false alarm). */
const dealCounts = { count: z.number(), untreated: z.number(), processed: z.number(), falseAlarms: z.number() };

/**
 * capture/analysis data (docs/domain.md "AI video violations"). `falseAlarmRatio` is misinformation over
 * handled captures (0–1, 4 decimals; null when none is handled): what a site compares with its expected
 * 10–30 %. `meanHandleMs` is the mean time from raising to handling over the handled ones (null when none).
 * Days are Beijing calendar days (UTC+8), ascending, days without captures left out.
 */
export const captureAnalysisSchema = z.object({
  total: z.number(),
  untreated: z.number(),
  processed: z.number(),
  falseAlarms: z.number(),
  falseAlarmRatio: z.number().nullable(),
  meanHandleMs: z.number().nullable(),
  /** Per violation kind, most first. */
  byAlgType: z.array(z.object({ algType: z.string(), algTypeName: z.string(), ...dealCounts })),
  /** Per camera, most first. */
  byCamera: z.array(z.object({ cameraSn: z.string(), cameraName: z.string(), ...dealCounts })),
  byDay: z.array(z.object({ day: z.string(), ...dealCounts })),
});
export type CaptureAnalysis = z.infer<typeof captureAnalysisSchema>;

/** Misinformation over handled, 4 decimals, null when nothing is handled (the false-alarm ratio of capture/analysis). */
export function falseAlarmRatio(processed: number, falseAlarms: number): number | null {
  const handled = processed + falseAlarms;
  return handled > 0 ? Math.round((falseAlarms / handled) * 10_000) / 10_000 : null;
}
