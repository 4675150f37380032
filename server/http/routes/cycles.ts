import type { FastifyInstance } from 'fastify';
import {
  beijingDayStart,
  CYCLES,
  DEFAULT_CYCLE_PRESET_HOURS,
  MAX_CYCLE_EXPORT_ROWS,
  MAX_TIMELINE_SPANS,
  nextStageOf,
  previousStageOf,
  type CyclePresets,
  type CycleRecord,
  type CycleStageSpan,
  type CycleState,
  type HeadingCycleState,
  type RockGrade,
} from '../../../protocol';
import { analyseCycles, round2 } from '../../cycles/analysis';
import { cyclePresets, cycleRecordPage, cycleRecordsBefore, cycleRecordsEnded, setCyclePresets, spansBetween, tunnelRows, type StoredCycleRecord } from '../../storage';
import { rawRoute, requireMember, route, sessionUserOf, type HttpDeps } from '../context';
import { beijingTime, keysetPages, sendTableExport, stampedFileName, type ExportColumn } from '../tableExport';
import { parseBody } from '../validation';

const DAY_MS = 86_400_000;
/** The stage lengths a heading's countdown is taken from: its spans of the last 3 days. */
const HISTORY_MS = 3 * DAY_MS;

type Grade = Exclude<RockGrade, null>;

/** Names of the headings and bores of a project, by heading id. */
async function headingNames(deps: HttpDeps, projectId: string): Promise<Map<string, { headingName: string; tunnelName: string }>> {
  const out = new Map<string, { headingName: string; tunnelName: string }>();
  for (const t of await tunnelRows(deps.db, projectId)) for (const h of t.headings) out.set(h.headingId, { headingName: h.name, tunnelName: t.name });
  return out;
}

function named(r: StoredCycleRecord, names: Map<string, { headingName: string; tunnelName: string }>): CycleRecord {
  return { ...r, headingName: names.get(r.headingId)?.headingName ?? r.headingId, tunnelName: names.get(r.headingId)?.tunnelName ?? r.tunnelId };
}

/** The median of closed spans' lengths, ms, or null without any. */
function medianLength(spans: readonly CycleStageSpan[]): number | null {
  const ms = spans.filter((s) => s.endMs !== null).map((s) => s.endMs! - s.startMs).sort((a, b) => a - b);
  return ms.length === 0 ? null : ms[Math.floor(ms.length / 2)];
}

/** The preset round hours of a project: the defaults (docs/domain.md) with the administrators' edits. */
async function presetsOf(deps: HttpDeps, projectId: string): Promise<CyclePresets> {
  const set = await cyclePresets(deps.db, projectId);
  return {
    presets: (Object.keys(DEFAULT_CYCLE_PRESET_HOURS) as Grade[]).map((g) => ({ rockGrade: g, hours: set.get(g) ?? DEFAULT_CYCLE_PRESET_HOURS[g], isDefault: !set.has(g) })),
  };
}

/** Process record export columns (times UTC+8). */
const EXPORT_COLUMNS: Array<ExportColumn<CycleRecord>> = [
  { header: 'Index', width: 8, cell: (r) => r.index },
  { header: 'Editors', width: 20, cell: (r) => r.editors.join(', ') },
  { header: 'Tunnel area', width: 24, cell: (r) => `${r.tunnelName} / ${r.headingName}` },
  { header: 'Work face', width: 12, cell: (r) => r.workFace },
  { header: 'Date (UTC+8)', width: 12, cell: (r) => beijingTime(r.startMs).slice(0, 10) },
  { header: 'Started (UTC+8)', width: 20, cell: (r) => beijingTime(r.startMs) },
  { header: 'Ended (UTC+8)', width: 20, cell: (r) => beijingTime(r.endMs) },
  { header: 'Rock grade', width: 10, cell: (r) => r.rockGrade ?? '' },
  { header: 'Blast time (UTC+8)', width: 20, cell: (r) => (r.blastMs === null ? '' : beijingTime(r.blastMs)) },
  { header: 'Effective hours', width: 14, cell: (r) => r.effectiveHours },
  { header: 'Excavation cycles', width: 16, cell: () => 1 },
  { header: 'Footage (m)', width: 12, cell: (r) => r.footageM },
  { header: 'Footage source', width: 14, cell: (r) => r.footageSource },
  { header: 'Stages', width: 60, cell: (r) => r.stages.map((s) => `${s.stage} ${beijingTime(s.startMs).slice(11, 16)}–${beijingTime(s.endMs).slice(11, 16)} (${s.source})`).join('; ') },
];

/** cycles/* (protocol/contracts/cycles.ts, docs/api.md "Drill-and-blast cycles"). */
export function registerCycleRoutes(app: FastifyInstance, deps: HttpDeps): void {
  const { db } = deps;

  route(app, deps, CYCLES.state, async ({ body, user }): Promise<CycleState> => {
    requireMember(user, body.projectId);
    const atMs = body.atMs ?? Date.now();
    const dayStartMs = beijingDayStart(atMs);
    const [tunnels, { spans }, today] = await Promise.all([
      tunnelRows(db, body.projectId),
      spansBetween(db, body.projectId, undefined, atMs - HISTORY_MS, atMs, MAX_TIMELINE_SPANS),
      cycleRecordsEnded(db, body.projectId, undefined, dayStartMs, atMs),
    ]);
    const headings: HeadingCycleState[] = [];
    for (const t of tunnels) {
      for (const h of t.headings) {
        const own = spans.filter((s) => s.headingId === h.headingId); // spansBetween: started by atMs
        const i = own.findLastIndex((s) => s.endMs === null || s.endMs > atMs);
        const cur = i >= 0 ? own[i] : null;
        const length = cur ? medianLength(own.filter((s) => s.stage === cur.stage && s !== cur && s.endMs !== null && s.endMs <= atMs)) : null;
        const done = today.filter((r) => r.headingId === h.headingId);
        headings.push({
          headingId: h.headingId,
          headingName: h.name,
          tunnelId: t.tunnel_id,
          tunnelName: t.name,
          rockGrade: h.rockGrade,
          faceM: h.faceM,
          liningM: h.liningM,
          stage: cur?.stage ?? null,
          source: cur?.source ?? null,
          confidence: cur?.confidence ?? null,
          stageStartMs: cur?.startMs ?? null,
          previousStage: cur ? (i > 0 ? own[i - 1].stage : previousStageOf(cur.stage)) : null,
          nextStage: cur ? nextStageOf(cur.stage) : null,
          expectedNextStartMs: cur && length !== null ? cur.startMs + length : null,
          cycleStartMs: own.slice(0, i + 1).findLast((s) => s.stage === 'drilling')?.startMs ?? null,
          cyclesToday: done.length,
          footageTodayM: round2(done.reduce((sum, r) => sum + r.footageM, 0)),
        });
      }
    }
    return { atMs, headings };
  });

  route(app, deps, CYCLES.timeline, async ({ body, user }) => {
    requireMember(user, body.projectId);
    return spansBetween(db, body.projectId, body.headingId, body.fromMs, body.toMs, MAX_TIMELINE_SPANS);
  });

  route(app, deps, CYCLES.records, async ({ body, user }) => {
    requireMember(user, body.projectId);
    const [{ total, list }, names] = await Promise.all([cycleRecordPage(db, body, body.page, body.pageSize), headingNames(deps, body.projectId)]);
    return { total, page: body.page, pageSize: body.pageSize, list: list.map((r) => named(r, names)) };
  });

  route(app, deps, CYCLES.analysis, async ({ body, user }) => {
    requireMember(user, body.projectId);
    const atMs = body.atMs ?? Date.now();
    const [records, presets] = await Promise.all([cycleRecordsEnded(db, body.projectId, body.headingId, atMs - 7 * DAY_MS, atMs), presetsOf(deps, body.projectId)]);
    const hours = Object.fromEntries(presets.presets.map((p) => [p.rockGrade, p.hours])) as Record<Grade, number>;
    return analyseCycles(records, hours, atMs);
  });

  route(app, deps, CYCLES.presets, async ({ body, user }) => {
    requireMember(user, body.projectId);
    return presetsOf(deps, body.projectId);
  });

  route(app, deps, CYCLES.presetSet, async ({ body, user }) => {
    requireMember(user, body.projectId);
    await setCyclePresets(db, body.projectId, body.presets);
    return presetsOf(deps, body.projectId);
  });

  // The file itself (not an envelope): the filtered records, newest first, at most MAX_CYCLE_EXPORT_ROWS.
  rawRoute(app, CYCLES.export, async (req, reply) => {
    const user = sessionUserOf(req);
    const body = parseBody(CYCLES.export.body, req.body);
    requireMember(user, body.projectId);
    const names = await headingNames(deps, body.projectId);
    const pages = keysetPages(
      async (before: { startMs: number; cycleId: number } | null, limit) => (await cycleRecordsBefore(db, body, before, limit)).map((r) => named(r, names)),
      (r: CycleRecord) => ({ startMs: r.startMs, cycleId: r.cycleId }),
      MAX_CYCLE_EXPORT_ROWS,
    );
    return sendTableExport(req, reply, { format: 'xlsx', fileName: stampedFileName('process-records', 'xlsx'), sheetName: 'Process records', columns: EXPORT_COLUMNS, pages });
  });
}
