import { CycleTracker } from '../cycles/tracker';
import type { Kysely } from 'kysely';
import { beijingDayStart, DEAL_REMARK_PRESETS, kindArea, type Alarm, type DeviceMessage } from '../../protocol';
import { loadDevices } from '../rules/deviceStore';
import { RulesEngine } from '../rules/engine';
import type { AlarmDraft, Effects } from '../rules/types';
import { ElevatorTripDetector, insertWorkRecords, LiftDetector, type WorkRecordDraft } from '../rules/workRecords';
import { loadZoneConfig } from '../rules/zoneStore';
import type { PortalCountsOfDay } from '../rules/portalCounts';
import type { Database } from '../storage/schema';
import { insertPortalCrossings, type PortalCrossingRow } from '../storage/portalCrossings';
import { Rng } from './prng';

/**
 * The live rules run over a backfilled past (docs/operations.md "Replay"), so a replay of the demo's
 * history does not contradict itself: the same RulesEngine as server/live.ts (thresholds with hysteresis,
 * SOS, AI events, offline, zone rules) fed the simulated messages at their device time, the same lift and
 * elevator trip detectors, and the zone headcounts and portal counts per hour. Alarms are stored with
 * their past times; a demo safety officer acknowledges and handles them at plausible times with the
 * preset remarks (protocol/api.ts DEAL_REMARK_PRESETS), mirrored into the engine as REST handling is.
 */

/** Who acknowledges and handles the backfilled alarms (`ackedBy`, `dealtBy`). */
export const DEMO_SAFETY_OFFICER = 'demo-safety-officer';

/**
 * Simulated interval between rules ticks (offline detection, end of the AI violation window), ms: 15 s
 * (live: 1 s). Each tick visits every device, so this bounds their share of the backfill's CPU; offline
 * alarms in the past start up to 15 s later than live ones would.
 */
export const BACKFILL_TICK_MS = 15_000;
/** Acknowledgement comes this long after the raise, ms (uniform in the range). */
export const ACK_DELAY_MS: readonly [number, number] = [60_000, 8 * 60_000];
/**
 * Handling comes this long after the acknowledgement for alarms that never clear by themselves (SOS,
 * AI), or after the clear for the others (checked on site first; never before the acknowledgement), ms
 * (uniform in the range).
 */
export const HANDLE_DELAY_MS: readonly [number, number] = [4 * 60_000, 30 * 60_000];
/**
 * Share of the past's AI captures the demo officer handles as misinformation (dealStatus 2): within the
 * 10–30 % docs/domain.md "AI video violations" says a site sees.
 */
export const AI_FALSE_POSITIVE = 0.2;
/** Share of the past's AI captures nobody handled (they stay untreated, acknowledged). */
export const AI_MISSED = 0.08;
/** Closed alarms and work records held before a write (bounded memory; one multi-row INSERT each). */
const MAX_PENDING_ROWS = 500;
const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;

/** When the demo officer acknowledges and handles one alarm (ms); `dealAtMs` null until it is due. */
interface DealPlan {
  ackAtMs: number;
  dealAtMs: number | null;
}

/** What the rules did over a backfill. */
export interface BackfillRulesResult {
  alarms: number;
  workRecords: number;
  zoneHours: number;
  /**
   * The portal counts of the Beijing day holding the backfill's end, as the rules counted them over the
   * past (absent until finished): the live rules add them to theirs (LiveHandle.addPortalCounts), so the
   * crossings of the hours before the start count in "today".
   */
  portal?: PortalCountsOfDay;
}

/** Counts of one zone in the hour under way. */
interface ZoneHour {
  maxHeadcount: number;
  /** The day's portal counts at the hour's start (the zone rules count per Beijing day). */
  portalIn: number;
  portalOut: number;
  dayStartMs: number;
}

/** The remark a safety officer picks for an alarm (one of DEAL_REMARK_PRESETS). */
export function demoRemark(alarm: Pick<Alarm, 'kind' | 'deviceKind'>, rng: Rng): string {
  const r = DEAL_REMARK_PRESETS;
  if (alarm.kind === 'sos') return rng.chance(0.7) ? r[3] : r[2];
  if (alarm.kind === 'ai') return r[4]; // a false positive is handled as misinformation, with r[6] (deal)
  if (alarm.kind === 'offline') return r[5];
  if (alarm.kind === 'threshold' && kindArea(alarm.deviceKind) === 'gasDetection') return rng.chance(0.7) ? r[1] : r[0];
  return r[0];
}

/** Whether handling is what ends the alarm (SOS and AI never clear by themselves; docs/api.md "Alarm lifecycle"). */
function clearsWhenHandled(alarm: Pick<Alarm, 'kind'>): boolean {
  return alarm.kind === 'sos' || alarm.kind === 'ai';
}

/**
 * The rules of one project over a backfill. Feed it the simulated messages in time order (`accept`),
 * let it write what it holds now and then (`flush`), and `finish` at the backfill's end. Memory is bounded
 * by the open alarms (at most one per device, kind, metric and side) and MAX_PENDING_ROWS.
 */
export class BackfillRules {
  private readonly engine: RulesEngine;
  private readonly lifts = new LiftDetector();
  private readonly trips = new ElevatorTripDetector();
  private readonly rng: Rng;
  private readonly open = new Map<AlarmDraft, DealPlan>();
  private closed: AlarmDraft[] = [];
  private records: WorkRecordDraft[] = [];
  private hourRows: Database['zone_hour_counts'][] = [];
  /** Portal crossings the zone rules counted, written with the rest (the crossing log of the past). */
  private crossings: PortalCrossingRow[] = [];
  private readonly zoneHours = new Map<string, ZoneHour>();
  private nextTickMs: number;
  private hourStartMs: number;
  private nextMinuteMs: number;
  private tempId = 0;
  /** The project's zones (their counts are written every hour, zero or not). */
  private zoneIds: string[] = [];
  private readonly result: BackfillRulesResult = { alarms: 0, workRecords: 0, zoneHours: 0 };
  /** Drill-and-blast stages and rounds of the past, found as live (server/cycles/tracker.ts). */
  private cycles: CycleTracker | null = null;

  private constructor(
    private readonly db: Kysely<Database>,
    private readonly projectId: string,
    fromMs: number,
    seed: number,
  ) {
    this.engine = new RulesEngine(fromMs);
    this.rng = Rng.derive(seed, `backfill-officer:${projectId}`);
    this.nextTickMs = fromMs + BACKFILL_TICK_MS;
    this.hourStartMs = Math.floor(fromMs / HOUR_MS) * HOUR_MS;
    this.nextMinuteMs = Math.floor(fromMs / MINUTE_MS) * MINUTE_MS + MINUTE_MS;
  }

  /**
   * The project's devices with their thresholds and its zones and wearers, as the live rules load them
   * (server/rules/deviceStore.ts, zoneStore.ts), each device starting without a past (status unknown).
   */
  static async load(db: Kysely<Database>, projectId: string, fromMs: number, seed: number, log: { warn(msg: string): void }): Promise<BackfillRules> {
    const rules = new BackfillRules(db, projectId, fromMs, seed);
    const devices = (await loadDevices(db, { warn: (o, m) => log.warn(`${m ?? 'device skipped'}: ${JSON.stringify(o)}`) }, projectId)).get(projectId) ?? [];
    rules.engine.setDevices(projectId, devices.map((d) => ({ config: d.config, snapshot: { status: 'unknown', lastSeenMs: null, latest: null } })), fromMs);
    const zones = (await loadZoneConfig(db, projectId)).get(projectId);
    if (zones) {
      rules.engine.setZones(projectId, zones.zones, zones.wearers, fromMs);
      rules.zoneIds = zones.zones.map((z) => z.zoneId);
    }
    rules.startHour(fromMs);
    const say = (o: object, m: string) => log.warn(`${m}: ${JSON.stringify(o)}`);
    rules.cycles = new CycleTracker({ db, log: { warn: say, error: say } });
    // the live run may already have stored its first stages: the past starts without them
    await rules.cycles.load(projectId, false);
    return rules;
  }

  /** A simulated message at device time `tsMs`; `values` its flattened metrics (readings kinds; empty for events). */
  accept(sn: string, message: DeviceMessage, tsMs: number, values: Record<string, number>): void {
    this.advance(tsMs);
    this.apply(this.engine.accept(this.projectId, sn, message, tsMs, values));
    this.cycles?.accept(this.projectId, sn, message, values);
    const lift = this.lifts.accept(this.projectId, sn, message.kind, values, tsMs);
    if (lift) this.records.push(lift);
    for (const trip of this.trips.accept(this.projectId, sn, message.kind, values, tsMs)) this.records.push(trip);
  }

  /** Time passing up to `tMs`: rules ticks, the officer's acknowledgements and handling, zone figures per minute and hour. */
  advance(tMs: number): void {
    while (this.nextTickMs <= tMs) {
      const t = this.nextTickMs;
      this.apply(this.engine.tick(t));
      this.deal(t);
      while (this.nextMinuteMs <= t) {
        this.sampleMinute(this.nextMinuteMs);
        this.nextMinuteMs += MINUTE_MS;
      }
      this.nextTickMs += BACKFILL_TICK_MS;
    }
  }

  /** Whether enough is held to be worth a write (takes the rules' crossings first: they hold a bounded number). */
  get due(): boolean {
    this.crossings.push(...this.engine.takeCrossings());
    return this.closed.length + this.records.length + this.hourRows.length + this.crossings.length >= MAX_PENDING_ROWS;
  }

  /** Writes the closed alarms, work records and finished zone hours held now (one INSERT per table). */
  async flush(): Promise<void> {
    const closed = this.closed;
    const records = this.records;
    const hours = this.hourRows;
    const crossings = [...this.crossings, ...this.engine.takeCrossings()];
    this.crossings = [];
    this.closed = [];
    this.records = [];
    this.hourRows = [];
    if (closed.length) await insertAlarmDrafts(this.db, closed);
    if (records.length) await insertWorkRecords(this.db, records);
    if (hours.length) {
      await this.db
        .insertInto('zone_hour_counts')
        .values(hours)
        .onConflict((oc) => oc.columns(['project_id', 'zone_id', 'hour_start_ms']).doNothing())
        .execute();
    }
    for (let i = 0; i < crossings.length; i += MAX_PENDING_ROWS) await insertPortalCrossings(this.db, crossings.slice(i, i + MAX_PENDING_ROWS));
    this.result.alarms += closed.length;
    this.result.workRecords += records.length;
    this.result.zoneHours += hours.length;
  }

  /**
   * Ends the backfill at `toMs` (where live data takes over): alarms still active are written cleared
   * at `toMs` and left unhandled (the live rules raise their own if the condition holds), open cleared
   * ones unhandled as they are; the hour under way is written too. @returns what was written in all
   */
  async finish(toMs: number): Promise<BackfillRulesResult> {
    this.advance(toMs);
    this.sampleMinute(toMs);
    this.endHour(toMs);
    for (const draft of this.open.keys()) {
      if (draft.state === 'active' && !clearsWhenHandled(draft)) {
        draft.state = 'cleared';
        draft.clearedAtMs = toMs;
      }
      this.closed.push(draft);
    }
    this.open.clear();
    this.closed.sort((a, b) => a.raisedAtMs - b.raisedAtMs);
    await this.flush();
    // the past's last stages end where the live run takes over
    await this.cycles?.endOpenSpans(this.projectId);
    const counts = this.engine.zoneStats(this.projectId, toMs).portal;
    return { ...this.result, portal: { dayStartMs: beijingDayStart(toMs), counts } };
  }

  private apply(effects: Effects): void {
    for (const draft of effects.alarms) {
      if (draft.alarmId !== null) continue; // a known draft changed in place
      // the engine matches handling by id: a stand-in until the row is written
      draft.alarmId = -++this.tempId;
      this.open.set(draft, { ackAtMs: draft.raisedAtMs + this.rng.uniform(ACK_DELAY_MS[0], ACK_DELAY_MS[1]), dealAtMs: null });
    }
  }

  /** The officer's round at `tMs`: acknowledges what is due, handles what is due. */
  private deal(tMs: number): void {
    for (const [draft, plan] of this.open) {
      if (draft.ackedAtMs === null && tMs >= plan.ackAtMs) {
        draft.ackedBy = DEMO_SAFETY_OFFICER;
        draft.ackedAtMs = Math.round(plan.ackAtMs);
      }
      if (plan.dealAtMs === null) {
        // SOS and AI: handled after the acknowledgement; the others once cleared (a new crossing postpones it)
        const from = clearsWhenHandled(draft) ? plan.ackAtMs : draft.state === 'cleared' ? (draft.clearedAtMs ?? tMs) : null;
        // now and then an AI capture is missed in the shift's rush and stays untreated (docs/domain.md "AI video violations")
        if (from !== null) plan.dealAtMs = draft.kind === 'ai' && this.rng.chance(AI_MISSED) ? Infinity : Math.max(from, plan.ackAtMs) + this.rng.uniform(HANDLE_DELAY_MS[0], HANDLE_DELAY_MS[1]);
        continue;
      }
      if (!clearsWhenHandled(draft) && draft.state === 'active') {
        plan.dealAtMs = null;
        continue;
      }
      if (tMs < plan.dealAtMs) continue;
      const at = Math.round(plan.dealAtMs);
      draft.dealStatus = draft.kind === 'ai' && this.rng.chance(AI_FALSE_POSITIVE) ? 2 : 1;
      draft.dealRemark = draft.dealStatus === 2 ? DEAL_REMARK_PRESETS[6] : demoRemark(draft, this.rng);
      draft.dealtBy = DEMO_SAFETY_OFFICER;
      draft.dealtAtMs = at;
      if (clearsWhenHandled(draft)) {
        draft.state = 'cleared';
        draft.clearedAtMs ??= at;
      }
      this.open.delete(draft);
      this.closed.push(draft);
      this.engine.alarmDealt(draft as Alarm, tMs);
    }
  }

  private startHour(tMs: number): void {
    this.hourStartMs = Math.floor(tMs / HOUR_MS) * HOUR_MS;
    const stats = this.engine.zoneStats(this.projectId, tMs);
    const dayStartMs = beijingDayStart(tMs);
    this.zoneHours.clear();
    for (const zoneId of this.zoneIds) {
      const p = stats.portal.get(zoneId);
      this.zoneHours.set(zoneId, { maxHeadcount: stats.headcount.get(zoneId) ?? 0, portalIn: p?.in ?? 0, portalOut: p?.out ?? 0, dayStartMs });
    }
  }

  private sampleMinute(tMs: number): void {
    if (tMs >= this.hourStartMs + HOUR_MS) {
      this.endHour(this.hourStartMs + HOUR_MS);
      this.startHour(tMs);
    }
    for (const [zoneId, n] of this.engine.zoneStats(this.projectId, tMs).headcount) {
      const h = this.zoneHours.get(zoneId);
      if (h) h.maxHeadcount = Math.max(h.maxHeadcount, n);
    }
  }

  /** Writes the hour under way as of `endMs` (its end, or the backfill's end). */
  private endHour(endMs: number): void {
    const stats = this.engine.zoneStats(this.projectId, endMs);
    const newDay = beijingDayStart(endMs - 1);
    for (const [zoneId, h] of this.zoneHours) {
      const n = stats.headcount.get(zoneId) ?? 0;
      const p = stats.portal.get(zoneId) ?? { in: 0, out: 0 };
      // the day's counts start again at 00:00 Beijing time: within such an hour, count from zero
      const sameDay = h.dayStartMs === newDay;
      this.hourRows.push({
        project_id: this.projectId,
        zone_id: zoneId,
        hour_start_ms: this.hourStartMs,
        headcount: n,
        max_headcount: Math.max(h.maxHeadcount, n),
        portal_in: Math.max(0, p.in - (sameDay ? h.portalIn : 0)),
        portal_out: Math.max(0, p.out - (sameDay ? h.portalOut : 0)),
      });
    }
  }
}

/** Inserts finished alarm drafts as they stand (one multi-row INSERT); their stand-in ids are not written. */
async function insertAlarmDrafts(db: Kysely<Database>, drafts: readonly AlarmDraft[]): Promise<void> {
  await db
    .insertInto('alarms')
    .values(
      drafts.map((d) => ({
        project_id: d.projectId,
        device_sn: d.deviceSn,
        device_kind: d.deviceKind,
        device_name: d.deviceName,
        kind: d.kind,
        level: d.level,
        metric: d.metric,
        value: d.value,
        threshold: d.threshold,
        unit: d.unit,
        raised_at_ms: d.raisedAtMs,
        cleared_at_ms: d.clearedAtMs,
        state: d.state,
        deal_status: d.dealStatus,
        deal_remark: d.dealRemark,
        dealt_by: d.dealtBy,
        dealt_at_ms: d.dealtAtMs,
        pic_url: d.picUrl,
        side: d.side,
        repeat_count: d.repeatCount,
        first_seen_ms: d.firstSeenMs,
        last_seen_ms: d.lastSeenMs,
        peak_value: d.peakValue,
        peak_level: d.peakLevel,
        acked_by: d.ackedBy,
        acked_at_ms: d.ackedAtMs,
      })),
    )
    .execute();
}
