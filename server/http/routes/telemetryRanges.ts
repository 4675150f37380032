import type { FastifyInstance } from 'fastify';
import {
  ALARM_RANGE_MAX,
  HISTORY,
  MINUTE_MAX_SPAN_MS,
  RAW_MAX_SPAN_MS,
  SERIES_MAX_METRICS,
  TRACKS_MAX_SPAN_MS,
  TRACKS_PAGE_MS,
  type AlarmRangeResponse,
  type HistoryTier,
  type PositionsResponse,
  type SeriesResponse,
  type TracksResponse,
} from '../../../protocol';
import { m4 } from '../../../protocol/m4';
import type { ServerConfig } from '../../config';
import { HOUR_MS, MINUTE_MS, alarmsRaisedIn, beaconSns, mergeStats, readRaw, readRollups } from '../../storage';
import { CompactPages, compactPageEnd } from './compactPages';
import { rawRoute, requireMember, route, sessionUserOf, type HttpDeps } from '../context';
import { assertProjectNamed, markSchemaRoute } from '../authorize';
import { parseBody } from '../validation';
import { ApiError } from '../errors';

const DAY_MS = 86_400_000;
/** Response header saying whether a compact tracks page came from the cache: `hit`, `miss` or `off` (not cacheable). */
export const TRACKS_CACHE_HEADER = 'x-siteboard-cache';

/** Start of the `columnMs`-wide column (counted from `fromMs`) that holds `tMs`; earlier times go to the first. */
function pixelStart(tMs: number, fromMs: number, columnMs: number): number {
  return fromMs + Math.max(0, Math.floor((tMs - fromMs) / columnMs)) * columnMs;
}

/** Days each tier keeps (server/config.ts). */
function retentionDays(config: ServerConfig, tier: HistoryTier): number {
  if (tier === 'raw') return config.telemetryRetentionDays;
  if (tier === 'minute') return config.telemetryMinuteRetentionDays;
  return config.telemetryHourRetentionDays;
}

/** @throws ApiError VALIDATION naming toMs when the range is reversed. */
function checkRange(fromMs: number, toMs: number): void {
  if (toMs < fromMs) throw new ApiError('VALIDATION', 'toMs: must not be before fromMs');
}

/**
 * The tier a series request reads: the one asked for, or the finest whose span limit
 * ({@link RAW_MAX_SPAN_MS}, {@link MINUTE_MAX_SPAN_MS}) and retention cover [fromMs, toMs].
 * @throws ApiError VALIDATION naming the field: `toMs` for a range too long for the tier asked,
 *   `fromMs` for a start before the retention of the tier asked (or of every tier).
 */
export function chooseTier(config: ServerConfig, fromMs: number, toMs: number, nowMs: number, asked?: HistoryTier): HistoryTier {
  const span = toMs - fromMs;
  const fits = (t: HistoryTier) => t === 'hour' || span <= (t === 'raw' ? RAW_MAX_SPAN_MS : MINUTE_MAX_SPAN_MS);
  const kept = (t: HistoryTier) => fromMs >= nowMs - retentionDays(config, t) * DAY_MS;
  if (asked) {
    if (!fits(asked)) {
      const max = asked === 'raw' ? `${RAW_MAX_SPAN_MS / 3_600_000} hours` : `${MINUTE_MAX_SPAN_MS / DAY_MS} days`;
      throw new ApiError('VALIDATION', `toMs: a range of more than ${max} is too long for ${asked} resolution`);
    }
    if (!kept(asked)) throw new ApiError('VALIDATION', `fromMs: before the ${retentionDays(config, asked)}-day retention of ${asked} data`);
    return asked;
  }
  for (const t of ['raw', 'minute', 'hour'] as const) if (fits(t) && kept(t)) return t;
  throw new ApiError('VALIDATION', `fromMs: before the ${config.telemetryHourRetentionDays}-day retention of the hour rollups`);
}

/** Range routes of protocol/history.ts: series, tracks, positions and alarms in a range. */
export function registerTelemetryRangeRoutes(app: FastifyInstance, deps: HttpDeps): void {
  const compactPages = deps.tracks ?? new CompactPages({ ...deps, log: app.log }, 0);
  route(app, deps, HISTORY.series, async ({ body, user }): Promise<SeriesResponse> => {
    checkRange(body.fromMs, body.toMs);
    requireMember(user, body.projectId);
    const tier = chooseTier(deps.config, body.fromMs, body.toMs, Date.now(), body.tier);
    const sns = [...new Set(body.sns)];
    const series: SeriesResponse['series'] = [];
    if (tier === 'raw') {
      const raw = await readRaw(deps.db, body.projectId, { sns }, body.fromMs, body.toMs);
      let downsampled = false;
      for (const sn of sns) {
        const s = raw.get(sn);
        if (!s) {
          series.push({ sn, readings: 0, points: 0, ts: [], values: {} });
          continue;
        }
        const metrics = (body.metrics ?? Object.keys(s.values)).slice(0, SERIES_MAX_METRICS);
        const ts = Float64Array.from(s.ts);
        const ys = metrics.map((m) => Float64Array.from(s.values[m] ?? [], (v) => (v === null ? NaN : v)));
        const keep = metrics.length === 0 ? new Uint32Array(0) : m4(ts, ys.map((y) => (y.length === 0 ? new Float64Array(ts.length).fill(NaN) : y)), body.fromMs, body.toMs, body.widthPx);
        if (keep.length < s.ts.length) downsampled = true;
        const values: Record<string, Array<number | null>> = {};
        for (const m of metrics) {
          const column = s.values[m];
          values[m] = Array.from(keep, (i) => (column ? column[i] : null));
        }
        series.push({ sn, readings: s.ts.length, points: keep.length, ts: Array.from(keep, (i) => s.ts[i]), values });
      }
      const resolutionMs = Math.max(1, Math.ceil((body.toMs - body.fromMs) / body.widthPx));
      return { fromMs: body.fromMs, toMs: body.toMs, widthPx: body.widthPx, tier, resolutionMs, downsampled, series };
    }
    const rollups = await readRollups(deps.db, body.projectId, sns, tier, body.fromMs, body.toMs);
    const bucketMs = tier === 'minute' ? MINUTE_MS : HOUR_MS;
    // more buckets than pixel columns: the buckets of each column are merged (min of minima, max of
    // maxima, mean over all readings, the newest last), so every column keeps its extremes
    const columnMs = Math.max(bucketMs, Math.ceil((body.toMs - body.fromMs + 1) / body.widthPx));
    let downsampled = false;
    for (const sn of sns) {
      const buckets = rollups.get(sn) ?? [];
      const merged: typeof buckets = [];
      for (const b of buckets) {
        const prev = merged.at(-1);
        const col = columnMs === bucketMs ? b.bucketMs : pixelStart(b.bucketMs, body.fromMs, columnMs);
        if (prev && prev.bucketMs === col) {
          prev.stats = mergeStats(prev.stats, b.stats);
          downsampled = true;
        } else merged.push({ bucketMs: col, stats: b.stats });
      }
      const metrics = body.metrics ?? [...new Set(merged.flatMap((b) => Object.keys(b.stats)))].slice(0, SERIES_MAX_METRICS);
      const values: Record<string, Array<number | null>> = {};
      const stats: NonNullable<SeriesResponse['series'][number]['stats']> = {};
      for (const m of metrics) {
        values[m] = merged.map((b) => (b.stats[m] ? b.stats[m].sum / b.stats[m].count : null));
        stats[m] = {
          min: merged.map((b) => b.stats[m]?.min ?? null),
          max: merged.map((b) => b.stats[m]?.max ?? null),
          last: merged.map((b) => b.stats[m]?.last ?? null),
        };
      }
      series.push({ sn, readings: buckets.length, points: merged.length, ts: merged.map((b) => b.bucketMs), values, stats });
    }
    return { fromMs: body.fromMs, toMs: body.toMs, widthPx: body.widthPx, tier, resolutionMs: columnMs, downsampled, series };
  });

  route(app, deps, HISTORY.tracks, async ({ body, user }): Promise<TracksResponse> => {
    checkRange(body.fromMs, body.toMs);
    requireMember(user, body.projectId);
    const { pageFromMs, pageToMs } = tracksPage(deps, body, (from) => from + TRACKS_PAGE_MS - 1);
    const raw = await readRaw(deps.db, body.projectId, { tunnelId: body.tunnelId }, pageFromMs, pageToMs);
    const tracks = [...raw.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([sn, s]) => ({ sn, ts: s.ts, values: s.values }));
    return { tunnelId: body.tunnelId, pageFromMs, pageToMs, nextCursor: pageToMs < body.toMs ? String(pageToMs + 1) : null, tracks };
  });

  // Compact tracks answer with the binary body itself (application/octet-stream, protocol/trackCodec.ts);
  // errors keep the JSON envelope of every route.
  markSchemaRoute(HISTORY.tracksCompact.path);
  rawRoute(app, HISTORY.tracksCompact, async (req, reply) => {
    const user = sessionUserOf(req);
    const body = parseBody(HISTORY.tracksCompact.body, req.body);
    assertProjectNamed(req);
    checkRange(body.fromMs, body.toMs);
    requireMember(user, body.projectId);
    // pages end on clock hours (10-minute slices in the hour not sealed yet), so every replay over an hour
    // reads the same page, and the one warmed ahead of it
    const { pageFromMs, pageToMs: cutToMs } = tracksPage(deps, body, (from) => compactPageEnd(from, Date.now()));
    // hours nobody's beacon was heard in come as one empty page up to the hour of the next fix
    const beacons = await beaconSns(deps.db, body.projectId);
    const quietTo = await compactPages.quietUntil(body.projectId, beacons, pageFromMs, body.toMs);
    const quiet = quietTo !== null && quietTo > cutToMs;
    const pageToMs = quiet ? quietTo : cutToMs;
    const nextCursor = pageToMs < body.toMs ? pageToMs + 1 : null;
    const { bytes, source } = await compactPages.page({ projectId: body.projectId, tunnelId: body.tunnelId, pageFromMs, pageToMs, nextCursor, toleranceM: body.toleranceM, gapMs: body.gapMs }, { beacons, quiet });
    reply.header(TRACKS_CACHE_HEADER, source);
    return reply.type('application/octet-stream').send(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  });

  route(app, deps, HISTORY.positions, async ({ body, user }): Promise<PositionsResponse> => {
    requireMember(user, body.projectId);
    chooseTier(deps.config, body.atMs - body.lookbackMs, body.atMs, Date.now(), 'raw');
    const sns = await beaconSns(deps.db, body.projectId, body.tunnelId);
    const raw = await readRaw(deps.db, body.projectId, { sns }, body.atMs - body.lookbackMs, body.atMs);
    const positions: PositionsResponse['positions'] = [];
    for (const [sn, s] of [...raw.entries()].sort(([a], [b]) => (a < b ? -1 : 1))) {
      const i = s.ts.length - 1;
      if (i < 0) continue;
      if (body.tunnelId && s.tunnelId[i] !== null && s.tunnelId[i] !== body.tunnelId) continue;
      const values: Record<string, number | null> = {};
      for (const [m, column] of Object.entries(s.values)) values[m] = column[i];
      positions.push({ sn, tsMs: s.ts[i], tunnelId: s.tunnelId[i], values });
    }
    return { atMs: body.atMs, positions };
  });

  route(app, deps, HISTORY.alarmRange, async ({ body, user }): Promise<AlarmRangeResponse> => {
    checkRange(body.fromMs, body.toMs);
    requireMember(user, body.projectId);
    // cursor: the last alarm id of the previous page (ordered by time, then id)
    const rows = await alarmsRaisedIn(deps.db, body.projectId, body.fromMs, body.toMs, body.cursor === undefined ? undefined : Number(body.cursor), ALARM_RANGE_MAX + 1);
    if (!rows) throw new ApiError('VALIDATION', 'cursor: not a page of this range');
    const truncated = rows.length > ALARM_RANGE_MAX;
    const page = rows.slice(0, ALARM_RANGE_MAX);
    return {
      alarms: page.map((r) => ({
        alarmId: r.alarm_id,
        sn: r.device_sn,
        deviceKind: r.device_kind,
        kind: r.kind,
        level: r.level,
        metric: r.metric,
        value: r.value,
        raisedAtMs: r.raised_at_ms,
        clearedAtMs: r.cleared_at_ms,
        state: r.state,
      })),
      truncated,
      nextCursor: truncated ? String(page.at(-1)!.alarm_id) : null,
    };
  });
}

/**
 * The page of a tracks request (JSON or compact) the cursor points at: `[pageFromMs, pageToMs]`, ending at
 * `pageEndOf(pageFromMs)` (a fixed length for JSON pages, the clock for compact ones) or at `toMs`. The range is checked by the caller (checkRange).
 * @throws ApiError VALIDATION naming `toMs` when the range is longer than TRACKS_MAX_SPAN_MS, or `cursor`
 * when it is not a page of this range; the retention error of chooseTier when raw fixes are gone.
 */
function tracksPage(deps: HttpDeps, body: { fromMs: number; toMs: number; cursor?: string }, pageEndOf: (pageFromMs: number) => number): { pageFromMs: number; pageToMs: number } {
  if (body.toMs - body.fromMs > TRACKS_MAX_SPAN_MS) throw new ApiError('VALIDATION', `toMs: tracks cover at most ${TRACKS_MAX_SPAN_MS / 3_600_000} hours per request`);
  chooseTier(deps.config, body.fromMs, body.fromMs, Date.now(), 'raw');
  const pageFromMs = body.cursor === undefined ? body.fromMs : Number(body.cursor);
  if (pageFromMs < body.fromMs || pageFromMs > body.toMs) throw new ApiError('VALIDATION', 'cursor: not a page of this range');
  return { pageFromMs, pageToMs: Math.min(body.toMs, pageEndOf(pageFromMs)) };
}
