import type { Kysely } from 'kysely';
import {
  gradeAt,
  headingFigures,
  positionProblems,
  positionsAt,
  segmentProblems,
  siteMonthStartMs,
  tunnelFigures,
  type AlarmRecord,
  type CycleRecord,
  type Heading,
  type HeadingPositions,
  type ProgressPositions,
  type ProgressSource,
  type RockSegment,
  type TunnelProgressAt,
  type TunnelInfo,
} from '../../protocol';
import type { AlarmDraft } from '../rules/types';
import { appendProgress, inTransaction, latestProgress, progressEntries, saveHeadings, saveRockSegments, toTunnelInfo, tunnelOfHeading, tunnelRows, type Database } from '../storage';
import { StepAlarms } from './stepAlarms';

/**
 * Tunnel progress (docs/domain.md "Tunnel progress"): the one place a heading's saved positions change.
 * Reports from the site (REST), process devices (MQTT, protocol/kinds/tunnelProgress.ts) and the
 * drill-and-blast cycle ({@link TunnelProgress.advanceFace}) all go through {@link TunnelProgress.report};
 * each change is saved on the bore (`tunnels.headings`, what tunnel/list and the map read) and appended to
 * `tunnel_progress` with when, where from and who (the figures and replay read it), in one transaction.
 * After each change the step distances are judged and their warnings handed to `raise`.
 */

/** Why a change was refused: no such heading or bore, or positions that break a rule (message says which). */
export type ProgressRefusal = { refused: 'NOT_FOUND' | 'VALIDATION'; message: string };

/** A change applied: the bore as saved, the heading, and whether anything moved (an unchanged report writes nothing). */
export interface ProgressApplied {
  tunnel: TunnelInfo;
  heading: Heading;
  changed: boolean;
}

export interface TunnelProgressDeps {
  db: Kysely<Database>;
  /** Persists and pushes alarm changes (the live pipeline's alarm writer). */
  raise(alarms: AlarmDraft[]): void;
  /** Hears of every saved change of a project's positions or rock grades (the cycle tracker re-reads its headings). */
  moved?(projectId: string): void;
  log: { warn(obj: object, msg?: string): void; error(obj: object, msg?: string): void };
}

/** How long a process device's face report makes it the face's measure: closed rounds do not move that face (ms). */
export const MEASURED_FACE_MS = 24 * 3_600_000;

/** Largest accepted clock lead of a report's time over the server's, ms (a phone's clock a few minutes off). */
export const MAX_REPORT_LEAD_MS = 5 * 60_000;

export class TunnelProgress {
  private readonly alarms = new StepAlarms();
  /** Changes of one project run one after the other (a report and a device message never interleave). */
  private readonly queues = new Map<string, Promise<unknown>>();
  /** When a process device last reported each heading's face ("project/heading"; one entry per heading that has one). */
  private readonly measuredFaceAt = new Map<string, number>();

  constructor(private readonly deps: TunnelProgressDeps) {}

  /** True when the step-distance rules own `alarm` (restore it with {@link restore}, not the device rules). */
  owns(alarm: AlarmRecord): boolean {
    return StepAlarms.owns(alarm);
  }

  /** Re-adopts an open step-distance alarm at start. */
  restore(alarm: AlarmRecord): void {
    this.alarms.restore(alarm);
  }

  /** Judges every heading of `projectIds` as saved (at start, after {@link restore}): raises what is over, clears what no longer is. */
  async judgeAll(projectIds: readonly string[], nowMs: number): Promise<void> {
    const out: AlarmDraft[] = [];
    for (const projectId of projectIds) {
      for (const t of (await tunnelRows(this.deps.db, projectId)).map(toTunnelInfo)) out.push(...this.drafts(projectId, t, nowMs));
    }
    if (out.length > 0) this.deps.raise(out);
  }

  /**
   * Moves heading `headingId`'s face `footageM` metres further from its portal (the footage of a closed
   * drill-and-blast cycle), at `atMs`, kept within the bore, saved as the cycle's change by `by`.
   * @returns the change applied, or a refusal (no such heading; footage not a positive number up to 20 m).
   */
  advanceFace(projectId: string, headingId: string, footageM: number, atMs: number, by = 'cycle'): Promise<ProgressApplied | ProgressRefusal> {
    if (!Number.isFinite(footageM) || footageM <= 0 || footageM > 20) return Promise.resolve({ refused: 'VALIDATION', message: `footageM must be > 0 and ≤ 20 m (one round): ${footageM}` });
    return this.change(projectId, headingId, atMs, 'cycle', by, (h, lengthM) => ({ faceM: clamp(h.faceM + (h.portal === 'entry' ? footageM : -footageM), lengthM) }));
  }

  /**
   * A closed drill-and-blast round (server/cycles): its surveyed advance moves the heading's face, unless a
   * process device reported that face within {@link MEASURED_FACE_MS} (the device measures it; both would
   * move it twice). A grade's nominal advance is an estimate and never moves a face. A refusal is logged.
   */
  async roundClosed(record: CycleRecord): Promise<void> {
    if (record.footageSource !== 'reported') return;
    const measuredAt = this.measuredFaceAt.get(`${record.projectId}/${record.headingId}`);
    if (measuredAt !== undefined && record.endMs - measuredAt < MEASURED_FACE_MS) return;
    try {
      const r = await this.advanceFace(record.projectId, record.headingId, record.footageM, record.endMs, record.editors[0] ?? 'cycle');
      if ('refused' in r) this.deps.log.warn({ headingId: record.headingId, reason: r.message }, 'a closed round did not move the face');
    } catch (err) {
      this.deps.log.error({ err, headingId: record.headingId }, 'face not advanced by a closed round');
    }
  }

  /**
   * Sets some of heading `headingId`'s positions (metres from the entry portal) as reported at `atMs` by
   * `by` from `source`. Refused when a position lies past the bore or the invert, lining or waterproofing
   * would stand ahead of the face, and when `atMs` is older than the heading's last saved state or more
   * than {@link MAX_REPORT_LEAD_MS} ahead of the server's clock.
   */
  report(projectId: string, headingId: string, positions: ProgressPositions, atMs: number, source: ProgressSource, by: string): Promise<ProgressApplied | ProgressRefusal> {
    return this.change(projectId, headingId, atMs, source, by, () => positions);
  }

  /**
   * Replaces bore `tunnelId`'s rock segments (each heading's grade follows from its face) and judges its
   * headings against the new grades. Refused when the segments overlap or run past the bore.
   */
  setRockSegments(projectId: string, tunnelId: string, segments: readonly RockSegment[]): Promise<TunnelInfo | ProgressRefusal> {
    return this.queued(projectId, async () => {
      const row = (await tunnelRows(this.deps.db, projectId)).find((r) => r.tunnel_id === tunnelId);
      if (!row) return { refused: 'NOT_FOUND', message: `no bore ${tunnelId} in project ${projectId}` };
      const problems = segmentProblems(segments, row.length_m);
      if (problems.length > 0) return { refused: 'VALIDATION', message: problems.map((p) => p.message).join('; ') };
      const sorted = [...segments].sort((a, b) => a.fromM - b.fromM);
      await saveRockSegments(this.deps.db, projectId, tunnelId, sorted);
      const tunnel = toTunnelInfo({ ...row, rock_segments: sorted });
      this.judge(projectId, tunnel, Date.now());
      this.deps.moved?.(projectId);
      return tunnel;
    });
  }

  /**
   * Every bore of `projectId` as of `atMs` (positions from the saved states then; the current ones when none
   * is older) with its figures: today, this month (site days, UTC+8), total, % of design, step distances.
   */
  async figures(projectId: string, atMs: number): Promise<TunnelProgressAt[]> {
    const tunnels = (await tunnelRows(this.deps.db, projectId)).map(toTunnelInfo);
    const entries = await progressEntries(this.deps.db, projectId, siteMonthStartMs(atMs), atMs);
    return tunnels.map((t) => {
      const headings = t.headings.map((h) => {
        const mine = entries.filter((e) => e.headingId === h.headingId);
        const then = mine.some((e) => e.atMs <= atMs) ? positionsAt(mine, atMs) : null;
        const positioned: Heading = then ? { ...h, ...then } : h;
        return { heading: { ...positioned, rockGrade: gradeAt(t.rockSegments ?? [], positioned.faceM) ?? h.rockGrade }, mine };
      });
      const figures = headings.map(({ heading, mine }) => headingFigures(t, heading, mine, t.rockSegments ?? [], atMs));
      return { tunnel: { ...t, headings: headings.map((x) => x.heading) }, figures: tunnelFigures(t, figures) };
    });
  }

  /** Settles once every change queued so far is saved (server stop). */
  async drain(): Promise<void> {
    await Promise.all([...this.queues.values()]);
  }

  private change(
    projectId: string,
    headingId: string,
    atMs: number,
    source: ProgressSource,
    by: string,
    next: (h: Heading, lengthM: number) => ProgressPositions,
  ): Promise<ProgressApplied | ProgressRefusal> {
    return this.queued(projectId, async () => {
      if (atMs > Date.now() + MAX_REPORT_LEAD_MS) return { refused: 'VALIDATION', message: `atMs ${new Date(atMs).toISOString()} is in the future` };
      const result = await inTransaction(this.deps.db, async (tx): Promise<ProgressApplied | ProgressRefusal> => {
        const row = await tunnelOfHeading(tx, projectId, headingId);
        if (!row) return { refused: 'NOT_FOUND', message: `no heading ${headingId} in project ${projectId}` };
        const tunnel = toTunnelInfo(row);
        const heading = tunnel.headings.find((h) => h.headingId === headingId)!;
        const change = next(heading, tunnel.lengthM);
        if (source === 'device' && change.faceM !== undefined) this.measuredFaceAt.set(`${projectId}/${headingId}`, atMs);
        const [newest] = await latestProgress(tx, projectId, headingId, 1);
        if (newest && newest.atMs > atMs) return { refused: 'VALIDATION', message: `older than the heading's last saved state (${new Date(newest.atMs).toISOString()})` };
        const p: HeadingPositions = {
          faceM: change.faceM ?? heading.faceM,
          invertM: change.invertM ?? heading.invertM,
          liningM: change.liningM ?? heading.liningM,
          waterproofM: change.waterproofM ?? heading.waterproofM ?? null,
        };
        const problems = positionProblems(heading, p, tunnel.lengthM);
        if (problems.length > 0) return { refused: 'VALIDATION', message: problems.join('; ') };
        const changed = p.faceM !== heading.faceM || p.invertM !== heading.invertM || p.liningM !== heading.liningM || p.waterproofM !== (heading.waterproofM ?? null);
        const moved: Heading = { ...heading, ...p, rockGrade: gradeAt(tunnel.rockSegments ?? [], p.faceM) ?? heading.rockGrade };
        if (!changed) return { tunnel, heading, changed };
        const headings = tunnel.headings.map((h) => (h.headingId === headingId ? moved : h));
        await saveHeadings(tx, projectId, tunnel.tunnelId, headings);
        await appendProgress(tx, [{ projectId, tunnelId: tunnel.tunnelId, headingId, atMs, source, by, ...p }]);
        return { tunnel: { ...tunnel, headings }, heading: moved, changed };
      });
      if ('tunnel' in result && result.changed) {
        this.judge(projectId, result.tunnel, Date.now());
        this.deps.moved?.(projectId);
      }
      return result;
    });
  }

  private judge(projectId: string, tunnel: TunnelInfo, nowMs: number): void {
    const out = this.drafts(projectId, tunnel, nowMs);
    if (out.length > 0) this.deps.raise(out);
  }

  /** The step-distance alarm changes of every heading of `tunnel`, each judged against the grade at its face. */
  private drafts(projectId: string, tunnel: TunnelInfo, nowMs: number): AlarmDraft[] {
    return tunnel.headings.flatMap((h) => this.alarms.judge(projectId, h, gradeAt(tunnel.rockSegments ?? [], h.faceM), nowMs));
  }

  private queued<T>(projectId: string, work: () => Promise<T>): Promise<T> {
    const prev = this.queues.get(projectId) ?? Promise.resolve();
    const run = prev.then(work, work);
    const settled = run.then(
      () => undefined,
      () => undefined,
    );
    this.queues.set(projectId, settled);
    // the map holds at most one entry per project; the last one drops itself once settled
    void settled.then(() => {
      if (this.queues.get(projectId) === settled) this.queues.delete(projectId);
    });
    return run;
  }
}

function clamp(v: number, lengthM: number): number {
  return Math.min(lengthM, Math.max(0, Math.round(v * 100) / 100));
}
