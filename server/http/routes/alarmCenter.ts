import type { FastifyInstance } from 'fastify';
import {
  MAX_ALARM_EXPORT_ROWS,
  ALARMS,
  ALARM_GROUPS,
  alarmGroupOf,
  type AlarmGroup,
  type Alarm,
  type AlarmRecord,
  type AlarmTimelineStep,
} from '../../../protocol';
import { registerCaptureRoute } from '../../captures/captureRoute';
import { alarmAnalysisCounts, alarmsBefore, dealAlarms, deviceLocation, findAlarmRow, fromJson, toAlarm } from '../../storage';
import { rawRoute, requireMember, route, sessionUserOf, type HttpDeps } from '../context';
import { ApiError } from '../errors';
import { beijingTime, keysetPages, sendTableExport, stampedFileName, type ExportColumn } from '../tableExport';
import { parseBody } from '../validation';

/** The timeline of an alarm from its lifecycle fields, oldest first (docs/api.md "Alarm lifecycle"). */
export function alarmTimeline(a: AlarmRecord): AlarmTimelineStep[] {
  const steps: AlarmTimelineStep[] = [{ step: 'raised', atMs: a.firstSeenMs, by: null }];
  if (a.lastSeenMs > a.firstSeenMs) steps.push({ step: 'lastSeen', atMs: a.lastSeenMs, by: null });
  if (a.ackedAtMs !== null) steps.push({ step: 'acknowledged', atMs: a.ackedAtMs, by: a.ackedBy });
  if (a.clearedAtMs !== null) steps.push({ step: 'cleared', atMs: a.clearedAtMs, by: null });
  if (a.dealtAtMs !== null) steps.push({ step: 'handled', atMs: a.dealtAtMs, by: a.dealtBy });
  return steps.sort((x, y) => x.atMs - y.atMs);
}

/** Columns of an export: header and the cell of an alarm (times in Beijing time, docs/api.md "alarm/export"). */
const EXPORT_COLUMNS: Array<ExportColumn<AlarmRecord>> = [
  { header: 'Alarm ID', width: 10, cell: (a) => a.alarmId },
  { header: 'Raised (Beijing time)', width: 20, cell: (a) => beijingTime(a.raisedAtMs) },
  { header: 'Device', width: 24, cell: (a) => a.deviceName },
  { header: 'Device SN', width: 14, cell: (a) => a.deviceSn },
  { header: 'Device kind', width: 12, cell: (a) => a.deviceKind },
  { header: 'Alarm kind', width: 10, cell: (a) => a.kind },
  { header: 'Metric', width: 12, cell: (a) => a.metric },
  { header: 'Side', width: 8, cell: (a) => a.side ?? '' },
  { header: 'Level', width: 8, cell: (a) => a.level },
  { header: 'Peak level', width: 10, cell: (a) => a.peakLevel },
  { header: 'Value', width: 8, cell: (a) => a.value },
  { header: 'Peak value', width: 10, cell: (a) => a.peakValue },
  { header: 'Limit', width: 8, cell: (a) => a.threshold },
  { header: 'Unit', width: 8, cell: (a) => a.unit ?? '' },
  { header: 'Repeats', width: 8, cell: (a) => a.repeatCount },
  { header: 'Last seen (Beijing time)', width: 20, cell: (a) => beijingTime(a.lastSeenMs) },
  { header: 'State', width: 8, cell: (a) => a.state },
  { header: 'Cleared (Beijing time)', width: 20, cell: (a) => beijingTime(a.clearedAtMs) },
  { header: 'Acknowledged by', width: 14, cell: (a) => a.ackedBy ?? '' },
  { header: 'Acknowledged (Beijing time)', width: 20, cell: (a) => beijingTime(a.ackedAtMs) },
  { header: 'Handling', width: 14, cell: (a) => (a.dealStatus === 1 ? 'processed' : a.dealStatus === 2 ? 'misinformation' : 'untreated') },
  { header: 'Handled by', width: 14, cell: (a) => a.dealtBy ?? '' },
  { header: 'Handled (Beijing time)', width: 20, cell: (a) => beijingTime(a.dealtAtMs) },
  { header: 'Remark', width: 40, cell: (a) => a.dealRemark ?? '' },
  { header: 'Picture', width: 30, cell: (a) => a.picUrl ?? '' },
  { header: 'Shelved until (Beijing time)', width: 20, cell: (a) => beijingTime(a.shelvedUntilMs ?? null) },
  { header: 'Shelved by', width: 14, cell: (a) => a.shelvedBy ?? '' },
  { header: 'Shelve reason', width: 30, cell: (a) => a.shelveReason ?? '' },
];

/**
 * Alarm center routes (docs/api.md "Alarm center"): alarm/detail, alarm/dealBatch, alarm/analysis,
 * alarm/export and the AI capture pictures (alarm/capture, server/captures).
 * `publish` mirrors a handled alarm into the rules engine and pushes it (alarms.ts).
 */
export function registerAlarmCenterRoutes(app: FastifyInstance, deps: HttpDeps, publish: (alarm: Alarm, log: { error(obj: object, msg?: string): void }) => Alarm): void {
  registerCaptureRoute(app, deps);

  route(app, deps, ALARMS.alarmDetail, async ({ body, user }) => {
    const row = await findAlarmRow(deps.db, body.alarmId);
    if (!row) throw new ApiError('NOT_FOUND', 'Alarm not found');
    requireMember(user, row.project_id);
    const alarm = toAlarm(row);
    const device = await deviceLocation(deps.db, row.project_id, row.device_sn);
    // the live state first: the row holds what was last persisted, which may lag
    const live = (await deps.live().liveState(row.project_id)).devices.get(row.device_sn)?.latest ?? null;
    const latest = live ?? (device?.latest ? fromJson<Record<string, number>>(device.latest) : null);
    const chainageM = latest && typeof latest.chainageM === 'number' ? latest.chainageM : null;
    return {
      alarm,
      location: { position: device?.position ?? '', tunnelId: device?.tunnel_id ?? null, chainageM },
      timeline: alarmTimeline(alarm),
    };
  });

  // Same one-way rule as alarm/deal, per alarm: the first handling stays; SOS and AI alarms are cleared.
  route(app, deps, ALARMS.alarmDealBatch, async ({ body, user, req }) => {
    const ids = [...new Set(body.alarmIds)];
    const member = new Set(user.projects.map((p) => p.projectId));
    const nowMs = Date.now();
    const rows = await dealAlarms(deps.db, ids, [...member], body, user.username, nowMs);
    const handled = rows.map((a) => publish(a, req.log));
    const done = new Set(handled.map((a) => a.alarmId));
    return { handled, skipped: ids.filter((id) => !done.has(id)) };
  });

  // Counts by kind and Beijing day, top devices, mean time to acknowledge and to handle (one query each).
  route(app, deps, ALARMS.alarmAnalysis, async ({ body, user }) => {
    requireMember(user, body.projectId);
    const counts = await alarmAnalysisCounts(deps.db, body);
    const { byDay, gasByDay } = counts;
    const kinds = new Map<string, number>();
    for (const r of byDay) kinds.set(r.kind, (kinds.get(r.kind) ?? 0) + r.count);
    const nowMs = Date.now();
    const day = (index: unknown) => new Date(Number(index) * 86_400_000).toISOString().slice(0, 10);
    const total = counts.total;
    const perGroup = new Map<AlarmGroup, number>();
    for (const r of counts.byKindAndDevice) {
      const g = alarmGroupOf(r.kind, r.deviceKind);
      perGroup.set(g, (perGroup.get(g) ?? 0) + r.count);
    }
    const groups = ALARM_GROUPS.map((group) => {
      const count = perGroup.get(group) ?? 0;
      return { group, count, ratio: total > 0 ? Math.round((count / total) * 10_000) / 10_000 : 0 };
    });
    return {
      groups,
      gas: {
        byDay: gasByDay.map((r) => ({ metric: r.metric, day: day(r.dayIndex), deviceSn: r.deviceSn, deviceName: r.deviceName, count: r.count })),
        overLimit: counts.gasOverLimit.map(({ alarm: a, position }) => {
          return {
            alarmId: a.alarmId,
            deviceSn: a.deviceSn,
            deviceName: a.deviceName,
            position,
            metric: a.metric,
            side: a.side,
            peakValue: a.peakValue,
            threshold: a.threshold,
            unit: a.unit,
            startMs: a.firstSeenMs,
            durationMs: Math.max(0, (a.clearedAtMs ?? nowMs) - a.firstSeenMs),
            state: a.state,
            dealStatus: a.dealStatus,
          };
        }),
      },
      total: counts.total,
      byDay: byDay.map((r) => ({ day: new Date(r.dayIndex * 86_400_000).toISOString().slice(0, 10), kind: r.kind, count: r.count })),
      byKind: [...kinds].map(([kind, count]) => ({ kind, count })),
      topDevices: counts.topDevices,
      meanAckMs: counts.meanAckMs,
      meanHandleMs: counts.meanHandleMs,
    };
  });

  // The file itself (not an envelope): xlsx written by exceljs' streaming writer, or CSV (UTF-8 with BOM
  // so that spreadsheets read Chinese names). Newest first, at most MAX_ALARM_EXPORT_ROWS.
  rawRoute(app, ALARMS.alarmExport, async (req, reply) => {
    const user = sessionUserOf(req);
    const body = parseBody(ALARMS.alarmExport.body, req.body);
    requireMember(user, body.projectId);
    const fileName = stampedFileName(`alarms-${body.projectId}`, body.format);
    const pages = keysetPages(
      (beforeId: number | null, limit) => alarmsBefore(deps.db, body, beforeId, limit),
      (a) => a.alarmId,
      MAX_ALARM_EXPORT_ROWS,
    );

    return sendTableExport(req, reply, { format: body.format, fileName, sheetName: 'Alarms', columns: EXPORT_COLUMNS, pages });
  });
}
