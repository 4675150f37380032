import type { Kysely } from 'kysely';
import { DEVICE_KIND_REGISTRY, kindArea, stageReportOf, type CycleRecord, type DeviceMessage, type Heading } from '../../protocol';
import { closeOpenSpan, deviceRows, insertCycleRecord, projectsWithTunnels, recentSpans, storeOpenSpanAdvance, storeStageChange, tunnelRows, type Database } from '../storage';
import { FaceCrowd } from './faceCrowd';
import { HeadingTrack, MAX_SPANS_PER_ROUND, type TrackChange } from './headingTrack';
import { StageInference } from './inference';

/**
 * The live side of drill-and-blast cycles (docs/domain.md "Drill-and-blast cycle"): every accepted device
 * message of a project with tunnels passes through `accept`; stage reports (kind `cycleStage`), the face
 * stations' gas readings and the beacons' fixes become each heading's stage spans and closed rounds,
 * stored in order (server/storage/cycles.ts), and `onCycleCompleted` hears of each round once it is
 * stored. Bounded: one track and inference per heading, one fix per beacon (pruned each minute).
 */

/** A gas station is a heading's face station when it is the heading's nearest within this, m (face stations hang 10–50 m back). */
export const FACE_STATION_MAX_M = 150;
/** Headings and stations are re-read this often, ms, for faces and devices changed on another cluster node (this node's changes re-read at once). */
const RELOAD_MS = 10 * 60_000;
const PRUNE_MS = 60_000;

/** Where the tracker reports what it ignored or could not store (the server's logger fits). */
export interface CycleLog {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface CycleTrackerDeps {
  db: Kysely<Database>;
  log: CycleLog;
  /** Called once per closed round after it is stored (tunnel progress advances the face by its footage). */
  onCycleCompleted?: (record: CycleRecord) => void;
}

interface HeadingState {
  heading: Heading;
  tunnelId: string;
  tunnelName: string;
  track: HeadingTrack;
  inference: StageInference;
}

interface ProjectState {
  headings: Map<string, HeadingState>;
  /** Face station sn → heading id. */
  faceStations: Map<string, string>;
  crowd: FaceCrowd;
  lastPruneMs: number;
}

/** Follows the headings of every project with tunnels. */
export class CycleTracker {
  private readonly projects = new Map<string, ProjectState>();
  private writes: Promise<void> = Promise.resolve();
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly deps: CycleTrackerDeps) {}

  /**
   * Reads headings, face stations and the rounds under way. This node's face and device changes re-read a
   * project at once ({@link load}); every RELOAD_MS all are re-read, for changes saved by another cluster node.
   */
  async start(): Promise<void> {
    for (const projectId of await projectsWithTunnels(this.deps.db)) await this.load(projectId);
    this.timer = setInterval(() => {
      for (const projectId of this.projects.keys()) void this.load(projectId).catch((err: unknown) => this.deps.log.error({ err, projectId }, 'cycle tracker reload failed'));
    }, RELOAD_MS);
    this.timer.unref();
  }

  /**
   * (Re-)reads one project's headings and face stations; a heading's track is restored from storage the
   * first time, unless `restore` is false (a backfill of the past starts before whatever is stored).
   */
  async load(projectId: string, restore = true): Promise<void> {
    const [tunnels, devices] = await Promise.all([tunnelRows(this.deps.db, projectId), deviceRows(this.deps.db, projectId)]);
    const known = this.projects.get(projectId);
    const state: ProjectState = known ?? { headings: new Map(), faceStations: new Map(), crowd: new FaceCrowd(), lastPruneMs: 0 };
    const stored = known || !restore ? null : await recentSpans(this.deps.db, projectId, MAX_SPANS_PER_ROUND);
    const headings = new Map<string, HeadingState>();
    for (const t of tunnels) {
      for (const h of t.headings) {
        const prev = state.headings.get(h.headingId);
        if (prev) {
          prev.heading = h;
          prev.track.setRockGrade(h.rockGrade);
          headings.set(h.headingId, prev);
          continue;
        }
        const hs: HeadingState = { heading: h, tunnelId: t.tunnel_id, tunnelName: t.name, track: new HeadingTrack(h.rockGrade), inference: new StageInference() };
        const own = stored?.get(h.headingId);
        if (own) {
          hs.track.restore(own.spans, own.lastReportMs);
          if (hs.track.current) hs.inference.follow(hs.track.current.stage);
        }
        headings.set(h.headingId, hs);
      }
    }
    state.headings = headings;
    state.faceStations = faceStations(devices, [...headings.values()]);
    this.projects.set(projectId, state);
  }

  /** Reads one accepted device message (any kind; only stage reports, face stations and person tags matter). */
  accept(projectId: string, sn: string, message: DeviceMessage, values: Record<string, number>): void {
    const p = this.projects.get(projectId);
    if (!p) return;
    const report = stageReportOf(message.kind, message.msg);
    if (report) {
      const h = p.headings.get(report.headingId);
      if (!h) {
        this.deps.log.warn({ projectId, sn, headingId: report.headingId }, 'stage report for an unknown heading: ignored');
        return;
      }
      const change = h.track.offer({ stage: report.stage, startMs: report.ts, source: 'reported', confidence: 'high', editor: report.editor ?? sn, advanceM: report.advanceM ?? null });
      h.inference.follow(h.track.current?.stage ?? report.stage);
      if (change) this.store(projectId, h, change);
      else if (report.advanceM !== undefined) this.queue(() => storeOpenSpanAdvance(this.deps.db, projectId, report.headingId, report.advanceM!), sn);
      return;
    }
    const position = DEVICE_KIND_REGISTRY.get(message.kind)?.position;
    if (position) {
      const m = message.msg as unknown as Record<string, unknown>;
      const tunnelId = m[position.tunnelIdField];
      const chainageM = m[position.chainageMField];
      if (typeof tunnelId === 'string' && typeof chainageM === 'number') p.crowd.fix(sn, tunnelId, chainageM, message.msg.ts);
      return;
    }
    const headingId = p.faceStations.get(sn);
    if (headingId === undefined) return;
    const h = p.headings.get(headingId)!;
    const t = message.msg.ts;
    if (t - p.lastPruneMs > PRUNE_MS) {
      p.crowd.prune(t);
      p.lastPruneMs = t;
    }
    const inferred = h.inference.accept({ tMs: t, co: values.CO, no2: values.NO2, dust: values.dust, ...p.crowd.around(h.tunnelId, h.heading.faceM, t) });
    if (!inferred) return;
    const change = h.track.offer({ ...inferred, source: 'inferred' });
    if (change) this.store(projectId, h, change);
    // a reporting heading keeps its reported stage: the inference follows it again
    else if (h.track.current) h.inference.follow(h.track.current.stage);
  }

  /**
   * Hands over to the live run once the writes so far are done (a backfill of the past): each track's
   * open span ends where the live run's first span of the heading starts; a heading the live run has not
   * identified yet keeps it as its current stage.
   */
  endOpenSpans(projectId: string): Promise<void> {
    for (const h of this.projects.get(projectId)?.headings.values() ?? []) {
      const open = h.track.current;
      if (open) this.queue(() => closeOpenSpan(this.deps.db, projectId, h.heading.headingId, open.startMs), h.heading.headingId);
    }
    return this.writes;
  }

  /** Writes pending on the database (the tests wait for them). */
  flushed(): Promise<void> {
    return this.writes;
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  private store(projectId: string, h: HeadingState, change: TrackChange): void {
    const { opened, round } = change;
    const headingId = h.heading.headingId;
    this.queue(() => storeStageChange(this.deps.db, projectId, headingId, opened), headingId);
    if (!round) return;
    const grade = h.heading.rockGrade;
    this.queue(async () => {
      const row = { projectId, headingId, tunnelId: h.tunnelId, workFace: 'excavation' as const, rockGrade: grade, ...round };
      const { cycleId, index } = await insertCycleRecord(this.deps.db, row);
      const record: CycleRecord = { ...row, cycleId, index, headingName: h.heading.name, tunnelName: h.tunnelName };
      try {
        this.deps.onCycleCompleted?.(record);
      } catch (err) {
        this.deps.log.error({ err, headingId }, 'onCycleCompleted failed');
      }
    }, headingId);
  }

  /** Runs database writes one after another, in the order the changes happened; a failure is logged and the next runs. */
  private queue(write: () => Promise<unknown>, what: string): void {
    this.writes = this.writes.then(write).then(
      () => undefined,
      (err: unknown) => this.deps.log.error({ err, what }, 'cycle write failed'),
    );
  }
}

/**
 * The face station of each heading: the gas station (area `gasDetection`) of the heading's bore with a
 * registered chainage nearest to its face, within FACE_STATION_MAX_M. @returns station sn → heading id.
 */
function faceStations(
  devices: ReadonlyArray<{ sn: string; kind: string; tunnel_id: string | null; chainage_m: number | null }>,
  headings: ReadonlyArray<{ heading: Heading; tunnelId: string }>,
): Map<string, string> {
  const out = new Map<string, string>();
  const stations = devices.filter((d) => kindArea(d.kind) === 'gasDetection' && d.tunnel_id !== null && d.chainage_m !== null);
  for (const { heading, tunnelId } of headings) {
    let best: { sn: string; d: number } | null = null;
    for (const s of stations) {
      if (s.tunnel_id !== tunnelId) continue;
      const d = Math.abs(s.chainage_m! - heading.faceM);
      if (d <= FACE_STATION_MAX_M && (!best || d < best.d)) best = { sn: s.sn, d };
    }
    if (best) out.set(best.sn, heading.headingId);
  }
  return out;
}
