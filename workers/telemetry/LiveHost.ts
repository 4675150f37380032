import type { Subscription } from 'rxjs';
import type { LiveTopic, TelemetryBatch, TelemetryFrame } from '../../protocol';
import type { LiveFeeds, LiveFeedsFactory } from '../../streams/feeds';
import { TelemetryImpl } from './TelemetryImpl';
import type { LiveEvent, LiveSessionApi, PersonnelSnCodes, PersonnelWatch } from './liveTypes';
import type { PersonnelFrame } from './types';

/** Latest readings go to the sessions at most this often (ms); DeviceStore shows them at its own 1 s pace. */
export const LIVE_LATEST_MS = 250;
/** Personnel frames are pushed after every beacon frame and at least this often (ms), so stale fixes drop off. */
export const LIVE_PERSONNEL_MS = 500;
/** Most holds, series and personnel watches one session may register (each map); more are ignored. */
export const MAX_SESSION_ENTRIES = 4096;

/**
 * Most sn codes a session's table holds (PersonnelSnCodes); past it the table starts again (a reset is
 * sent). Far above a site's beacons (a few thousand), so it resets only when beacons come and go for days.
 */
export const MAX_SN_CODES = 100_000;

/** Sends one event to a session's client; `transfer` lists buffers that move instead of being copied. */
export type EmitFn = (event: LiveEvent, transfer: Transferable[]) => void;

/** A session as the host sees it; `stopped` is true after stop(). */
export type LiveSession = LiveSessionApi & { readonly stopped: boolean };

interface SessionState {
  emit: EmitFn;
  project: ProjectFeed | null;
  stopped: boolean;
  holds: Map<number, Subscription>;
  series: Map<number, string>;
  /** Charted devices: sn → how many open series of this session chart it. */
  charted: Map<string, number>;
  watches: Map<number, PersonnelWatch>;
  /** performance-clock ms of each watch's last push (the refresh timer skips watches pushed recently). */
  pushedAt: Map<number, number>;
  /** The session's sn table (PersonnelSnCodes): sn → code. */
  snCodes: Map<string, number>;
}

interface ProjectFeed {
  projectId: string;
  feeds: LiveFeeds;
  sessions: Set<SessionState>;
  subs: Subscription[];
  /** Last connection state seen (for sessions that join later), null before the first. */
  up: boolean | null;
  /** Newest row per device per topic since the last `latest` push. */
  latest: Map<TelemetryBatch['topic'], Map<string, Record<string, unknown>>>;
  latestTimer: ReturnType<typeof setTimeout> | null;
}

/**
 * The live pipeline of a browser, off the main thread: one LiveFeeds per open project (in production one
 * socket.io connection and TopicHub for all of them, streams/feeds.ts), one set of ring buffers
 * (TelemetryImpl), and the sessions of the tabs that show live boards. Binary frames are decoded once
 * (TopicHub), validated and folded into the ring buffers here; a session gets only what its tab draws
 * or shows at human speed (see LiveEvent): versions of the devices it charts, personnel frames of its
 * maps, latest values at most every LIVE_LATEST_MS, statuses, alarms and the connection state.
 *
 * Runs in a SharedWorker or a dedicated worker (live.shared.ts, live.worker.ts) and, for tests and
 * browsers without workers, on the calling thread (Live.ts createInProcessLiveLink).
 *
 * Bounded: sessions come and go with tabs; each holds at most MAX_SESSION_ENTRIES entries per map; the
 * ring buffers are TelemetryImpl's; the per-topic latest rows at most one per device between pushes.
 * When the last session stops, the feeds close (the socket with them) and the ring buffers are dropped.
 */
export class LiveHost {
  readonly telemetry: TelemetryImpl;
  private readonly createFeeds: LiveFeedsFactory;
  private readonly latestEveryMs: number;
  private readonly personnelEveryMs: number;
  private readonly now: () => number;
  private readonly projects = new Map<string, ProjectFeed>();
  private readonly sessions = new Set<SessionState>();
  private personnelTimer: ReturnType<typeof setInterval> | null = null;

  /**
   * @param opts.createFeeds opens a project's feeds (production: socketFeeds() over one socket).
   * @param opts.latestEveryMs coalescing of `latest` events (default LIVE_LATEST_MS; 0 sends each frame's rows at once).
   * @param opts.personnelEveryMs refresh of personnel watches without new fixes (default LIVE_PERSONNEL_MS).
   * @param opts.now the clock of personnel frames (ms since epoch; default Date.now).
   */
  constructor(opts: { createFeeds: LiveFeedsFactory; latestEveryMs?: number; personnelEveryMs?: number; now?: () => number; telemetry?: TelemetryImpl }) {
    this.createFeeds = opts.createFeeds;
    this.latestEveryMs = Math.max(0, opts.latestEveryMs ?? LIVE_LATEST_MS);
    this.personnelEveryMs = Math.max(16, opts.personnelEveryMs ?? LIVE_PERSONNEL_MS);
    this.now = opts.now ?? Date.now;
    this.telemetry = opts.telemetry ?? new TelemetryImpl();
  }

  /** Sessions not stopped (diagnostics and tests). */
  get sessionCount(): number {
    return this.sessions.size;
  }

  /** Projects with open feeds (diagnostics and tests). */
  openProjects(): string[] {
    return [...this.projects.keys()];
  }

  /** A new session whose events go to `emit`. */
  session(emit: EmitFn): LiveSession {
    const s: SessionState = { emit, project: null, stopped: false, holds: new Map(), series: new Map(), charted: new Map(), watches: new Map(), pushedAt: new Map(), snCodes: new Map() };
    this.sessions.add(s);
    const telemetry = this.telemetry;
    const alive = () => {
      if (s.stopped) throw new Error('live session stopped');
    };
    return {
      get stopped() {
        return s.stopped;
      },
      start: (projectId) => {
        if (s.stopped || s.project || typeof projectId !== 'string' || projectId === '') return;
        this.join(s, projectId);
      },
      stop: () => this.stopSession(s),
      hold: (id, topic) => {
        const p = s.project;
        if (s.stopped || !p || s.holds.has(id) || s.holds.size >= MAX_SESSION_ENTRIES || typeof topic !== 'string') return;
        const sub = p.feeds.telemetry$(topic).subscribe({
          error: (e: unknown) => {
            if (!s.stopped) s.emit({ type: 'refused', topic, message: e instanceof Error ? e.message : String(e) }, []);
          },
        });
        s.holds.set(id, sub);
      },
      release: (id) => {
        s.holds.get(id)?.unsubscribe();
        s.holds.delete(id);
      },
      openSeries: (id, sn) => {
        if (s.stopped || s.series.has(id) || s.series.size >= MAX_SESSION_ENTRIES || typeof sn !== 'string') return;
        s.series.set(id, sn);
        s.charted.set(sn, (s.charted.get(sn) ?? 0) + 1);
      },
      closeSeries: (id) => {
        const sn = s.series.get(id);
        if (sn === undefined) return;
        s.series.delete(id);
        const n = (s.charted.get(sn) ?? 1) - 1;
        if (n > 0) s.charted.set(sn, n);
        else s.charted.delete(sn);
      },
      watchPersonnel: (id, watch) => {
        if (s.stopped || s.watches.has(id) || s.watches.size >= MAX_SESSION_ENTRIES) return;
        s.watches.set(id, watch);
        this.pushPersonnel(s, id, watch);
        this.ensurePersonnelTimer();
      },
      unwatchPersonnel: (id) => {
        s.watches.delete(id);
        s.pushedAt.delete(id);
        this.ensurePersonnelTimer();
      },
      window: async (req) => {
        alive();
        return telemetry.window(req);
      },
      personnel: async (req) => {
        alive();
        return telemetry.personnel(req);
      },
      fill: async (sn, history) => {
        alive();
        return telemetry.fill(sn, history);
      },
    };
  }

  private join(s: SessionState, projectId: string): void {
    let p = this.projects.get(projectId);
    if (!p) {
      const feeds = this.createFeeds(projectId);
      const created: ProjectFeed = { projectId, feeds, sessions: new Set(), subs: [], up: null, latest: new Map(), latestTimer: null };
      p = created;
      this.projects.set(projectId, created);
      const each = (event: LiveEvent) => {
        for (const x of created.sessions) x.emit(event, []);
      };
      const refused = (topic: LiveTopic) => (e: unknown) => each({ type: 'refused', topic, message: e instanceof Error ? e.message : String(e) });
      created.sessions.add(s);
      s.project = created;
      created.subs.push(
        feeds.connected$.subscribe((up) => {
          created.up = up;
          each({ type: 'connected', up });
        }),
        feeds.reconnected$.subscribe((count) => each({ type: 'reconnected', count })),
        feeds.telemetryFrames$.subscribe((f) => this.handleFrame(created, f)),
        feeds.deviceStatus$().subscribe({ next: (batch) => each({ type: 'status', batch }), error: refused('deviceStatus') }),
        feeds.alarmsJoined$.subscribe(() => each({ type: 'alarmsJoined' })),
        feeds.alarms$().subscribe({ next: (alarm) => each({ type: 'alarm', alarm }), error: refused('alarm') }),
      );
      return;
    }
    p.sessions.add(s);
    s.project = p;
    if (p.up !== null) s.emit({ type: 'connected', up: p.up }, []);
  }

  private stopSession(s: SessionState): void {
    if (s.stopped) return;
    s.stopped = true;
    for (const sub of s.holds.values()) sub.unsubscribe();
    s.holds.clear();
    s.series.clear();
    s.charted.clear();
    s.watches.clear();
    s.pushedAt.clear();
    this.sessions.delete(s);
    const p = s.project;
    s.project = null;
    if (p) {
      p.sessions.delete(s);
      if (p.sessions.size === 0) {
        for (const sub of p.subs.splice(0)) sub.unsubscribe();
        if (p.latestTimer !== null) clearTimeout(p.latestTimer);
        this.projects.delete(p.projectId);
        p.feeds.close();
      }
    }
    this.ensurePersonnelTimer();
    // The last tab left (or logged out): no live data outlives its sessions.
    if (this.sessions.size === 0) void this.telemetry.reset();
  }

  /** A frame of a held topic: folded into the ring buffers, then what each session needs of it. */
  private handleFrame(p: ProjectFeed, frame: TelemetryFrame): void {
    let folded: ReturnType<TelemetryImpl['foldFrame']>;
    try {
      folded = this.telemetry.foldFrame(frame);
    } catch {
      return; // a frame that does not decode or whose topic is unknown changes nothing
    }
    if (folded.store === 'positions') {
      const nowMs = monotonicMs();
      for (const s of p.sessions) {
        for (const [id, watch] of s.watches) if (!watch.everyMs || (s.pushedAt.get(id) ?? -Infinity) <= nowMs - watch.everyMs) this.pushPersonnel(s, id, watch);
      }
      return;
    }
    const topic = frame.topic as TelemetryBatch['topic'];
    let newest = p.latest.get(topic);
    if (!newest) p.latest.set(topic, (newest = new Map()));
    const sns = new Set<string>();
    for (const row of folded.rows) {
      const sn = row.sn;
      if (typeof sn !== 'string') continue;
      sns.add(sn);
      const prev = newest.get(sn);
      if (!prev || !((prev.ts as number) > (row.ts as number))) newest.set(sn, row);
    }
    for (const s of p.sessions) {
      if (s.charted.size === 0) continue;
      const changed: string[] = [];
      for (const sn of s.charted.keys()) if (sns.has(sn)) changed.push(sn);
      if (changed.length > 0) s.emit({ type: 'versions', sns: changed }, []);
    }
    if (this.latestEveryMs === 0) this.flushLatest(p);
    else if (p.latestTimer === null) {
      p.latestTimer = setTimeout(() => {
        p.latestTimer = null;
        this.flushLatest(p);
      }, this.latestEveryMs);
    }
  }

  private flushLatest(p: ProjectFeed): void {
    for (const [topic, rows] of p.latest) {
      if (rows.size === 0) continue;
      const batch = { projectId: p.projectId, topic, items: [...rows.values()] } as unknown as TelemetryBatch;
      rows.clear();
      for (const s of p.sessions) s.emit({ type: 'latest', batch }, []);
    }
  }

  private pushPersonnel(s: SessionState, id: number, watch: PersonnelWatch): void {
    let out: ReturnType<TelemetryImpl['personnelNow']>;
    const { everyMs: _everyMs, ...req } = watch;
    try {
      out = this.telemetry.personnelNow({ ...req, nowMs: this.now() });
    } catch {
      return; // a malformed watch draws nothing
    }
    s.pushedAt.set(id, monotonicMs());
    const sns = encodeSns(s.snCodes, out.frame);
    s.emit({ type: 'personnel', id, frame: out.frame, sns }, [...out.transferables, ...sns.codes.map((c) => c.buffer)]);
  }

  private ensurePersonnelTimer(): void {
    let watching = false;
    for (const s of this.sessions) if (s.watches.size > 0) watching = true;
    if (watching && this.personnelTimer === null) {
      // Refreshes only watches not pushed within their period (beacon frames usually came meanwhile).
      this.personnelTimer = setInterval(() => {
        const nowMs = monotonicMs();
        for (const s of this.sessions) {
          for (const [id, watch] of s.watches) {
            const due = nowMs - Math.max(this.personnelEveryMs, watch.everyMs ?? 0) + 20;
            if ((s.pushedAt.get(id) ?? -Infinity) <= due) this.pushPersonnel(s, id, watch);
          }
        }
      }, this.personnelEveryMs);
    } else if (!watching && this.personnelTimer !== null) {
      clearInterval(this.personnelTimer);
      this.personnelTimer = null;
    }
  }
}

/**
 * Replaces the `sns` of every tunnel of `frame` by codes in the session's table `table` (sn → code),
 * adding the sns it has not sent yet; starts the table again past MAX_SN_CODES. See PersonnelSnCodes.
 */
export function encodeSns(table: Map<string, number>, frame: PersonnelFrame): PersonnelSnCodes {
  let reset = false;
  let fresh = 0;
  for (const t of frame.tunnels) for (const sn of t.sns) if (!table.has(sn)) fresh++;
  if (table.size + fresh > MAX_SN_CODES) {
    table.clear();
    reset = true;
  }
  const added: string[] = [];
  const codes = frame.tunnels.map((t) => {
    const out = new Uint32Array(t.sns.length);
    for (let i = 0; i < t.sns.length; i++) {
      const sn = t.sns[i];
      let code = table.get(sn);
      if (code === undefined) {
        code = table.size;
        table.set(sn, code);
        added.push(sn);
      }
      out[i] = code;
    }
    t.sns = [];
    return out;
  });
  return { reset, added, codes };
}

/**
 * The receiving end of {@link encodeSns}: updates `table` (code → sn) and puts every tunnel's `sns` back
 * into `frame`. A code outside the table (a message lost, which a MessagePort does not do) reads as ''.
 */
export function decodeSns(table: string[], frame: PersonnelFrame, sns: PersonnelSnCodes): void {
  if (sns.reset) table.length = 0;
  for (const sn of sns.added) table.push(sn);
  frame.tunnels.forEach((t, k) => {
    const codes = sns.codes[k];
    const out = new Array<string>(codes ? codes.length : 0);
    for (let i = 0; i < out.length; i++) out[i] = table[codes[i]] ?? '';
    t.sns = out;
  });
}

function monotonicMs(): number {
  return typeof performance !== 'undefined' ? performance.now() : Date.now();
}
