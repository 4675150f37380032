import { ROUTES, type Alarm, type AlarmPage, type TelemetryHistory } from '../../protocol';
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
}

/** Most sns per telemetry/history request (docs/api.md). */
export const HISTORY_SNS_PER_REQUEST = 50;
/** Alarm pages read per replay (pageSize 500 each, newest first): at most 2000 alarms. */
export const HISTORY_ALARM_PAGES = 4;

/**
 * History over today's REST routes: telemetry/history in requests of at most 50 sns (at most 20 000 rows
 * per sn, the newest, as documented), alarm/list raised within the range, up to 4 pages of 500.
 */
export function restHistory(request: RequestFn): HistoryFetcher {
  return {
    async telemetry({ projectId, sns, fromMs, toMs }) {
      const series: TelemetryHistory['series'] = [];
      for (let i = 0; i < sns.length; i += HISTORY_SNS_PER_REQUEST) {
        const part = await request<TelemetryHistory>(ROUTES.telemetryHistory, {
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
        const p = await request<AlarmPage>(ROUTES.alarmList, { projectId, fromMs: Math.floor(fromMs), toMs: Math.ceil(toMs), page, pageSize: 500 });
        const list = Array.isArray(p?.list) ? p.list : [];
        out.push(...list);
        if (list.length < 500) break;
      }
      return out;
    },
  };
}
