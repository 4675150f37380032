import { z } from 'zod';

/**
 * Range APIs over stored telemetry and alarms (docs/api.md "History and time ranges"): their bodies and
 * answers; the routes are the contracts of protocol/contracts/history.ts.
 */

/** Storage tiers a range read comes from: raw readings, per-minute or per-hour rollups. */
export const HISTORY_TIERS = ['raw', 'minute', 'hour'] as const;
export type HistoryTier = (typeof HISTORY_TIERS)[number];

/** Devices per series request. */
export const SERIES_MAX_DEVICES = 50;
/** Metrics per series request. */
export const SERIES_MAX_METRICS = 16;
/** Pixel width limits of a series request. */
export const SERIES_MAX_WIDTH_PX = 4_000;
/** Longest range served at raw resolution (ms): 6 hours; longer ranges read rollups. */
export const RAW_MAX_SPAN_MS = 6 * 3_600_000;
/** Longest range served from minute rollups (ms): 7 days; longer ranges read hour rollups. */
export const MINUTE_MAX_SPAN_MS = 7 * 86_400_000;
/** Time span of one page of personnel tracks (ms): 5 minutes of every beacon of a tunnel. */
export const TRACKS_PAGE_MS = 5 * 60_000;
/** Longest range of one tracks request (ms): 24 hours, read page by page. */
export const TRACKS_MAX_SPAN_MS = 24 * 3_600_000;
/** Alarms per alarm-range answer; more are reported with `truncated` and a cursor. */
export const ALARM_RANGE_MAX = 2_000;

const id = z.string().min(1).max(64);
const ms = z.number().int().min(0).max(8.64e15);

export const seriesBody = z.object({
  projectId: id,
  sns: z.array(id).min(1).max(SERIES_MAX_DEVICES),
  /** Metric keys (protocol/kinds); all the devices have when omitted (at most SERIES_MAX_METRICS). */
  metrics: z.array(z.string().min(1).max(64)).min(1).max(SERIES_MAX_METRICS).optional(),
  fromMs: ms,
  toMs: ms,
  /** Pixel columns the chart draws; the answer holds at most ~4 points per column and series. */
  widthPx: z.number().int().min(1).max(SERIES_MAX_WIDTH_PX),
  /** Forces a tier; the default is the finest whose span limit and retention cover the range. */
  tier: z.enum(HISTORY_TIERS).optional(),
});
export type SeriesRequest = z.infer<typeof seriesBody>;

/**
 * Downsampled series. `tier` says where the points come from and `resolutionMs` how far apart they may
 * be at best: raw readings thinned with M4 (protocol/m4.ts; the first, last, minimum and maximum of each
 * pixel column of each metric kept) at one pixel's time span, or rollup buckets (one point per bucket at
 * its start, with min/max/mean/last of each metric; when there are more buckets than pixel columns, the
 * buckets of a column merged into one point at the column start). Nothing is cut silently: `readings` is
 * how many readings or buckets the range held, `points` how many are returned.
 */
export interface SeriesResponse {
  fromMs: number;
  toMs: number;
  widthPx: number;
  tier: HistoryTier;
  /** Time span of one pixel column (raw, merged rollups) or one bucket (rollups), ms. */
  resolutionMs: number;
  /** True when raw readings were thinned by M4 or rollup buckets merged per pixel column. */
  downsampled: boolean;
  series: Array<{
    sn: string;
    /** Readings (raw) or buckets (rollups) in the range before downsampling. */
    readings: number;
    points: number;
    /** Ascending ms; raw: the reading's time, rollups: the bucket start. */
    ts: number[];
    /** Raw: each metric aligned with `ts` (null = absent). Rollups: the bucket mean. */
    values: Record<string, Array<number | null>>;
    /** Rollups only: per metric min, max and last of each bucket, aligned with `ts`. */
    stats?: Record<string, { min: Array<number | null>; max: Array<number | null>; last: Array<number | null> }>;
  }>;
}

export const tracksBody = z.object({
  projectId: id,
  tunnelId: id,
  fromMs: ms,
  toMs: ms,
  /** `nextCursor` of the previous page; absent for the first. */
  cursor: z.string().regex(/^\d{1,16}$/).optional(),
});
export type TracksRequest = z.infer<typeof tracksBody>;

/**
 * One page of personnel tracks: every fix of every beacon in the tunnel over [pageFromMs, pageToMs], at
 * raw resolution. `nextCursor` is null on the last page of [fromMs, toMs].
 */
export interface TracksResponse {
  tunnelId: string;
  pageFromMs: number;
  pageToMs: number;
  nextCursor: string | null;
  tracks: Array<{ sn: string; ts: number[]; values: Record<string, Array<number | null>> }>;
}

/** Time span of one page of compact tracks (ms): 1 hour of every beacon. */
export const TRACKS_COMPACT_PAGE_MS = 3_600_000;
/**
 * Default chainage tolerance of compact tracks (m): a fix is dropped when the line between the kept fixes
 * around it passes within 0.5 m of it. UWB fixes scatter 0.1–0.3 m standing still (docs/device-protocol.md), so a
 * person standing still reads as a line, not as noise.
 */
export const TRACKS_DEFAULT_TOLERANCE_M = 0.5;
/** Largest chainage tolerance a compact tracks request may ask (m). */
export const TRACKS_MAX_TOLERANCE_M = 10;
/** Default gap (ms) from which two fixes of a beacon are not bridged in compact tracks: 30 s. */
export const TRACKS_DEFAULT_GAP_MS = 30_000;

/**
 * Compact personnel tracks over [fromMs, toMs]: every beacon of the project (or of `tunnelId`), one
 * page of TRACKS_COMPACT_PAGE_MS per request, as the binary body of protocol/trackCodec.ts.
 */
export const tracksCompactBody = z.object({
  projectId: id,
  /** Only beacons whose fixes in the page are in this tunnel (the answer keeps each fix's tunnel). */
  tunnelId: id.optional(),
  fromMs: ms,
  toMs: ms,
  /** Largest chainage error of a dropped fix (m), 0 to TRACKS_MAX_TOLERANCE_M; default TRACKS_DEFAULT_TOLERANCE_M. */
  toleranceM: z.number().min(0).max(TRACKS_MAX_TOLERANCE_M).default(TRACKS_DEFAULT_TOLERANCE_M),
  /** Fixes this far apart (ms) or more are not bridged; 1 s to 10 minutes, default TRACKS_DEFAULT_GAP_MS. */
  gapMs: z.number().int().min(1_000).max(600_000).default(TRACKS_DEFAULT_GAP_MS),
  /** `nextCursor` of the previous page (the page start, ms); absent for the first. */
  cursor: z.string().regex(/^\d{1,16}$/).optional(),
});
export type TracksCompactRequest = z.input<typeof tracksCompactBody>;

export const positionsBody = z.object({
  projectId: id,
  atMs: ms,
  /** How far back a fix still counts as the position (ms, default 60 000, at most 10 minutes). */
  lookbackMs: z.number().int().min(1_000).max(600_000).default(60_000),
  /** Only this tunnel's beacons. */
  tunnelId: id.optional(),
});
export type PositionsRequest = z.infer<typeof positionsBody>;

/** Everyone's last fix at or before `atMs` (within the lookback), one entry per beacon. */
export interface PositionsResponse {
  atMs: number;
  positions: Array<{ sn: string; tsMs: number; tunnelId: string | null; values: Record<string, number | null> }>;
}

export const alarmRangeBody = z.object({
  projectId: id,
  fromMs: ms,
  toMs: ms,
  /** `nextCursor` of the previous page. */
  cursor: z.string().regex(/^\d{1,16}$/).optional(),
});
export type AlarmRangeRequest = z.infer<typeof alarmRangeBody>;

/** Alarms raised in [fromMs, toMs], oldest first, for timeline markers; `truncated` with a cursor when more. */
export interface AlarmRangeResponse {
  alarms: Array<{
    alarmId: number;
    sn: string;
    deviceKind: string;
    kind: string;
    level: string;
    metric: string;
    value: number | null;
    raisedAtMs: number;
    clearedAtMs: number | null;
    state: string;
  }>;
  truncated: boolean;
  nextCursor: string | null;
}
