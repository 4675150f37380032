import type { FastifyInstance } from 'fastify';
import { algTypeName, CAPTURES, falseAlarmRatio, MAX_CAPTURE_EXPORT_ROWS, type CaptureRecord } from '../../../protocol';
import { captureAnalysisCounts, capturesBefore, listCaptures } from '../../storage';
import { rawRoute, requireMember, route, sessionUserOf, type HttpDeps } from '../context';
import { beijingTime, keysetPages, sendTableExport, stampedFileName, type ExportColumn } from '../tableExport';
import { parseBody } from '../validation';

/** The handling of a capture in an export (docs/api.md "AI captures"). */
const DEAL_TEXT: Record<number, string> = { 0: 'untreated', 1: 'processed', 2: 'misinformation' };

/** What an export says of a picture pruned by retention (the platforms' wording). */
export const PICTURE_DELETED_TEXT = 'The image has been deleted';

/** Columns of a capture export: header and cell (times in Beijing time). */
const EXPORT_COLUMNS: Array<ExportColumn<CaptureRecord>> = [
  { header: 'Alarm ID', width: 10, cell: (c) => c.alarmId },
  { header: 'Capture time (Beijing time)', width: 20, cell: (c) => beijingTime(c.capTime) },
  { header: 'Camera', width: 24, cell: (c) => c.cameraName },
  { header: 'Camera SN', width: 14, cell: (c) => c.cameraSn },
  { header: 'Violation', width: 24, cell: (c) => c.algTypeName },
  { header: 'Raised (Beijing time)', width: 20, cell: (c) => beijingTime(c.raisedAtMs) },
  { header: 'Captures', width: 9, cell: (c) => c.repeatCount },
  { header: 'Handling', width: 14, cell: (c) => DEAL_TEXT[c.dealStatus] },
  { header: 'Handled by', width: 14, cell: (c) => c.dealtBy ?? '' },
  { header: 'Handled (Beijing time)', width: 20, cell: (c) => beijingTime(c.dealtAtMs) },
  { header: 'Remark', width: 40, cell: (c) => c.dealRemark ?? '' },
  { header: 'Picture', width: 40, cell: (c) => (c.pictureState === 'deleted' ? PICTURE_DELETED_TEXT : (c.picture ?? '')) },
];

const DAY_MS = 86_400_000;

/**
 * The AI capture record and violation analysis (docs/api.md "AI captures"): capture/list, capture/export
 * and capture/analysis, to members of the project whose role has `alarm.view`.
 */
export function registerCaptureRoutes(app: FastifyInstance, deps: HttpDeps): void {
  route(app, deps, CAPTURES.captureList, async ({ body, user }) => {
    requireMember(user, body.projectId);
    const { page, pageSize, ...filter } = body;
    const { total, list } = await listCaptures(deps.db, filter, page, pageSize);
    return { total, page, pageSize, list };
  });

  route(app, deps, CAPTURES.captureAnalysis, async ({ body, user }) => {
    requireMember(user, body.projectId);
    const c = await captureAnalysisCounts(deps.db, body);
    return {
      total: c.count,
      untreated: c.untreated,
      processed: c.processed,
      falseAlarms: c.falseAlarms,
      falseAlarmRatio: falseAlarmRatio(c.processed, c.falseAlarms),
      meanHandleMs: c.meanHandleMs,
      byAlgType: c.byAlgType.map((r) => ({ ...r, algTypeName: algTypeName(r.algType) })),
      byCamera: c.byCamera,
      byDay: c.byDay.map(({ dayIndex, ...r }) => ({ day: new Date(dayIndex * DAY_MS).toISOString().slice(0, 10), ...r })),
    };
  });

  // The file itself (not an envelope), newest first, at most MAX_CAPTURE_EXPORT_ROWS (server/http/tableExport.ts).
  rawRoute(app, CAPTURES.captureExport, async (req, reply) => {
    const user = sessionUserOf(req);
    const { format, ...filter } = parseBody(CAPTURES.captureExport.body, req.body);
    requireMember(user, filter.projectId);
    const pages = keysetPages((beforeId: number | null, limit) => capturesBefore(deps.db, filter, beforeId, limit), (c) => c.alarmId, MAX_CAPTURE_EXPORT_ROWS);
    return sendTableExport(req, reply, { format, fileName: stampedFileName(`captures-${filter.projectId}`, format), sheetName: 'Captures', columns: EXPORT_COLUMNS, pages });
  });
}
