import { ALARMS, HISTORY, SERIES_MAX_DEVICES, SERIES_MAX_WIDTH_PX, TRACKS_COMPACT_PAGE_MS, TRACKS_MAX_SPAN_MS, type Alarm, type SeriesRequest, type TelemetryHistory, type TracksCompactRequest } from '../../protocol';
import { trackPageCursor } from '../../protocol/trackCodec';
import type { RequestFn } from '../api/request';

/**
 * Where a replay gets its history for [fromMs, toMs] (ms since epoch). Today's implementation reads the
 * REST routes of docs/api.md ({@link restHistory}); range APIs with server-side downsampling plug in
 * here without touching the replay source or the panels.
 */
export interface HistoryFetcher {
  /** Column-oriented telemetry of `sns` over [fromMs, toMs] (telemetry/history's shape). */
  telemetry(req: { projectId: string; sns: string[]; fromMs: number; toMs: number }): Promise<TelemetryHistory>;
  /** Alarms raised within [fromMs, toMs], any order, with their current state (cleared/handled times). */
  alarms(req: { projectId: string; fromMs: number; toMs: number }): Promise<Alarm[]>;
  /**
   * Compact personnel tracks of every beacon of the project over [fromMs, toMs]: the bodies of
   * telemetry/tracks/compact (protocol/trackCodec.ts), one per page, in time order, for the replay
   * worker's loadTracks. Optional: without it, beacons come through `telemetry` like other devices.
   */
  tracks?(req: { projectId: string; fromMs: number; toMs: number }): Promise<ArrayBuffer[]>;
  /**
   * Hour-tier series of `sns` over [fromMs, toMs] in telemetry/history's shape: one point per hour (or per
   * pixel column of SERIES_MAX_WIDTH_PX when the range has more hours), stamped at its start, holding the
   * hour's mean (docs/api.md `telemetry/series`). Optional: without it a long replay reads raw readings.
   */
  hourly?(req: { projectId: string; sns: string[]; fromMs: number; toMs: number }): Promise<TelemetryHistory>;
}

/**
 * Most pages of compact tracks per replay: an hour each over the 31 days positions span at most
 * (RAW_REPLAY_MAX_MS, replayTier.ts) and the hour of lookback before them (REPLAY_LOOKBACK_MS), where
 * the last two clock hours, not sealed yet, may each come as six 10-minute pages instead of one.
 */
export const HISTORY_TRACK_PAGES = 31 * 24 + 1 + 2 * 5;

/**
 * Reads every page of compact tracks over [fromMs, toMs] (TRACKS_MAX_SPAN_MS per request, then the next
 * request's range), from the start of `fromMs`'s clock hour: the server cuts pages on clock hours and
 * keeps the sealed ones encoded (docs/api.md "Compact personnel tracks"), so a range starting mid-hour
 * reads that hour's finished page rather than having a partial one encoded while the operator waits.
 * Requests span whole clock hours too (ranges are inclusive: [h, h + 24 h − 1 ms]), so each page is
 * one the server keeps and no request ends in a 1-ms page of the next hour.
 * POSTs JSON with the session cookie and takes the binary body; an error answer's envelope message is
 * thrown as an Error whose `cause` is `{ status }`, the HTTP status (403: the role may not see people).
 */
export async function fetchCompactTracks(req: { projectId: string; fromMs: number; toMs: number }, fetchImpl: typeof fetch = fetch): Promise<ArrayBuffer[]> {
  const pages: ArrayBuffer[] = [];
  const fromMs = Math.floor(req.fromMs / TRACKS_COMPACT_PAGE_MS) * TRACKS_COMPACT_PAGE_MS;
  const toMs = Math.ceil(req.toMs);
  let rangeFrom = fromMs;
  let cursor: string | undefined;
  while (pages.length < HISTORY_TRACK_PAGES) {
    const rangeTo = Math.min(toMs, rangeFrom + TRACKS_MAX_SPAN_MS - 1);
    const body: TracksCompactRequest = { projectId: req.projectId, fromMs: rangeFrom, toMs: rangeTo, ...(cursor ? { cursor } : {}) };
    const res = await fetchImpl(HISTORY.tracksCompact.path, { method: 'POST', credentials: 'same-origin', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    if (!(res.headers.get('content-type') ?? '').startsWith('application/octet-stream')) {
      const env = (await res.json().catch(() => null)) as { errorMessage?: string } | null;
      throw new Error(env?.errorMessage ?? `tracks: HTTP ${res.status}`, { cause: { status: res.status } });
    }
    const page = await res.arrayBuffer();
    pages.push(page);
    const next = trackPageCursor(new Uint8Array(page));
    if (next !== null) cursor = String(next);
    else if (rangeTo < toMs) {
      rangeFrom = rangeTo + 1;
      cursor = undefined;
    } else break;
  }
  return pages;
}

/**
 * What a replay does when {@link fetchCompactTracks} fails: null, so the beacons come from their raw fixes instead. A refusal
 * (403: the role may not see people) is expected and silent; any other failure is said on the console,
 * since the replay then reads every fix as JSON, much slower, and nothing else would show why.
 */
export function tracksFailed(e: unknown): null {
  const status = e instanceof Error ? (e.cause as { status?: number } | undefined)?.status : undefined;
  if (status !== 403) console.warn('replay: compact tracks failed, reading raw beacon fixes instead', e);
  return null;
}

/** Most sns per telemetry/history request (docs/api.md). */
export const HISTORY_SNS_PER_REQUEST = 50;
/** Alarm pages read per replay (pageSize 500 each, newest first): at most 2000 alarms. */
export const HISTORY_ALARM_PAGES = 4;

/**
 * History over today's REST routes: telemetry/history in requests of at most 50 sns (at most 20 000 rows
 * per sn, the newest, as documented), alarm/list raised within the range, up to 4 pages of 500, the
 * beacons' compact tracks (telemetry/tracks/compact, {@link fetchCompactTracks}), and hour-tier series
 * (telemetry/series with `tier: 'hour'`, 50 sns per request) for long ranges.
 */
export function restHistory(request: RequestFn, fetchImpl?: typeof fetch): HistoryFetcher {
  return {
    tracks: (req) => fetchCompactTracks(req, fetchImpl),
    async hourly({ projectId, sns, fromMs, toMs }) {
      const series: TelemetryHistory['series'] = [];
      for (let i = 0; i < sns.length; i += SERIES_MAX_DEVICES) {
        const body: SeriesRequest = { projectId, sns: sns.slice(i, i + SERIES_MAX_DEVICES), fromMs: Math.floor(fromMs), toMs: Math.ceil(toMs), widthPx: SERIES_MAX_WIDTH_PX, tier: 'hour' };
        const part = await request(HISTORY.series, body);
        for (const s of Array.isArray(part?.series) ? part.series : []) series.push({ sn: s.sn, ts: s.ts, values: s.values, readings: s.readings });
      }
      return { series };
    },
    async telemetry({ projectId, sns, fromMs, toMs }) {
      const series: TelemetryHistory['series'] = [];
      for (let i = 0; i < sns.length; i += HISTORY_SNS_PER_REQUEST) {
        const part = await request(HISTORY.telemetryHistory, {
          projectId,
          sns: sns.slice(i, i + HISTORY_SNS_PER_REQUEST),
          fromMs: Math.floor(fromMs),
          toMs: Math.ceil(toMs),
        });
        if (Array.isArray(part?.series)) series.push(...part.series);
      }
      return { series };
    },
    async alarms({ projectId, fromMs, toMs }) {
      const out: Alarm[] = [];
      for (let page = 1; page <= HISTORY_ALARM_PAGES; page++) {
        const p = await request(ALARMS.alarmList, { projectId, fromMs: Math.floor(fromMs), toMs: Math.ceil(toMs), page, pageSize: 500 });
        const list = Array.isArray(p?.list) ? p.list : [];
        out.push(...list);
        if (list.length < 500) break;
      }
      return out;
    },
  };
}
