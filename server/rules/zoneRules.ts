import { newAlarmDraft } from './newAlarm';
import { BEIJING_OFFSET_MS, FRESH_FIX_MS, PRESENCE_MS, type Alarm, type AlarmLevel, type AlarmRecord, type PortalCrossing, type Zone, type ZoneAlarmMetric } from '../../protocol';
import type { AlarmDraft } from './types';
import { isClosed, mirrorHandling } from './alarmDraft';
import { GATHERING_DEFAULTS, largestGroup, stepGathering, type GatheringOptions, type GatheringState } from './gathering';

/**
 * Personnel zone rules of one project (docs/api.md "People and zones"): danger-zone entry, stay too long,
 * over-headcount, gathering (server/rules/gathering.ts), leave area (a person outside every zone assigned
 * to their team), no movement (possible fall), signal lost and beacon removed (a zone with a
 * signal-lost limit watches both: a silent tag, and a tag that still reports but says it is not worn,
 * `worn: false`), no entry education (a registered person without the three-level education going into
 * the tunnel past a portal, docs/domain.md "Safety education"), evaluated from beacon fixes
 * (bore + chainage, docs/device-protocol.md "beacon") against the project's zones. Low battery and vitals
 * (heart rate, SpO2, body temperature, blood pressure) are per-beacon thresholds (server/rules/deviceMonitor.ts).
 *
 * Alarms follow the alarm lifecycle (docs/api.md "Alarm lifecycle"): at most one open alarm per device and
 * metric (`kind: 'zone'`, side null). It clears when its condition ends; a new occurrence while it is
 * still unhandled re-activates it (repeatCount + 1). Person alarms name the beacon as device; the
 * over-headcount alarm names the zone (deviceKind `zone`, deviceSn = zoneId, deviceName = zone name).
 *
 * Pure in-memory logic: time is passed in, drafts are returned to be persisted and pushed. Memory is
 * bounded by the project's beacons and zones (both bounded in the database).
 */

/**
 * Movement smaller than this (m) is "no movement": UWB fixes scatter 0.1–0.3 m standing still and
 * 0.5–1 m moving (docs/device-protocol.md "beacon"), so 2 m is clearly a step taken.
 */
export const NO_MOVEMENT_TOLERANCE_M = 2;

export { PRESENCE_MS, FRESH_FIX_MS };


/**
 * After the first configuration (a start) the headcount rule waits this long (ms) for the beacons to report, so a server
 * restart does not clear and re-raise an over-headcount alarm before anybody has been counted.
 */
export const HEADCOUNT_WARMUP_MS = 15_000;

/**
 * Zone edge hysteresis (docs/domain.md "Zone edges"): a beacon enters a zone once its fix has been inside for
 * ZONE_EDGE_DWELL_MS and lies at least this far (m) inside the edge; it leaves likewise outside. Above the
 * 0.1–0.3 m scatter of a UWB fix standing still (docs/device-protocol.md "beacon"), so a person standing on
 * an edge stays on the side they came from instead of flipping in and out with every fix.
 */
export const ZONE_EDGE_MARGIN_M = 0.5;

/** Zone edge hysteresis: how long (ms) a fix must stay on the other side of an edge before the crossing counts. */
export const ZONE_EDGE_DWELL_MS = 2_000;

/** How a zone edge is crossed (ZoneRules options; defaults ZONE_EDGE_MARGIN_M and ZONE_EDGE_DWELL_MS). */
export interface ZoneEdgeOptions {
  /** Distance (m) past the edge a fix must reach; at most a quarter of the zone's length is used. */
  marginM: number;
  /** Time (ms) fixes must stay past the edge. */
  dwellMs: number;
}

/** An open alarm's value and last-seen time are written at most this often while nothing else changes (ms). */
export const ZONE_ALARM_REFRESH_MS = 10_000;

/** Levels: an entry or a possible fall needs someone now; the others are early warnings. */
export const ZONE_ALARM_LEVEL: Record<ZoneAlarmMetric, AlarmLevel> = {
  zoneEntry: 'alarm',
  noMovement: 'alarm',
  signalLost: 'alarm',
  beaconRemoved: 'alarm',
  stayTooLong: 'warning',
  overHeadcount: 'warning',
  gathering: 'warning',
  leaveArea: 'warning',
  noEntryEducation: 'warning',
};

/**
 * Leave area: how long (ms) a person may be outside their team's zones before the alarm, so a short errand
 * (the portal, the welfare car) is not an alarm. Convention, docs/domain.md.
 */
export const LEAVE_AREA_MS = 2 * 60_000;

/** ZoneRules options; every field defaults to the constant of the same rule. */
export interface ZoneRulesOptions {
  edge?: Partial<ZoneEdgeOptions>;
  gathering?: Partial<GatheringOptions>;
  /** Leave area grace (ms), LEAVE_AREA_MS. */
  leaveAreaMs?: number;
}

/** Who wears a beacon, as the rules need it (from the person registry). */
export interface ZoneWearer {
  name: string;
  team: string;
  /**
   * Whether a three-level entry education record names the person (docs/domain.md "Safety education");
   * `false` raises `noEntryEducation` when they go into the tunnel past a portal. Absent: not known, no alarm.
   */
  entryEducation?: boolean;
}

/** A portal crossing counted by the rules of one project, waiting to be stored (server/rules/portalCrossings.ts). */
export interface PortalCrossingRecord extends PortalCrossing {
  projectId: string;
  zoneId: string;
}

/**
 * Crossings a project's rules hold until taken (every rules tick live): beyond, the oldest are dropped and
 * counted ({@link ZoneRules.droppedCrossings}). 2 000 is minutes of a shift change at the largest sites.
 */
export const MAX_PENDING_CROSSINGS = 2_000;

/** What the rules know of one beacon. */
interface PersonState {
  deviceName: string;
  deviceKind: string;
  tunnelId: string;
  chainageM: number;
  lastFixMs: number;
  /** Zones the beacon is in (edge hysteresis applied), with the time it entered each. */
  inside: Map<string, number>;
  /** Zones whose edge the beacon is crossing: zone id → since when its fixes are on the other side (ms). */
  crossing: Map<string, number>;
  /** Where the beacon has stood since `stillSinceMs` (within NO_MOVEMENT_TOLERANCE_M). */
  anchorM: number;
  stillSinceMs: number;
  /** Since when the tag reports it is not worn (`worn: false`), null while worn or without a worn sensor. */
  removedSinceMs: number | null;
  /** Since when the beacon is outside every zone assigned to its wearer's team, null while inside (or no such zone). */
  outsideAreaSinceMs: number | null;
}

/** A condition that holds now, with what its alarm shows. */
interface Holding {
  value: number | null;
  threshold: number | null;
  unit: string | null;
}

const PERSON_METRICS: readonly ZoneAlarmMetric[] = ['zoneEntry', 'stayTooLong', 'noMovement', 'signalLost', 'beaconRemoved', 'leaveArea'];
const LEVEL_RANK: Record<AlarmLevel, number> = { warning: 1, alarm: 2 };
const DAY_MS = 86_400_000;

/**
 * Which zones a beacon is in after a fix, with edge hysteresis: membership changes once the fixes have been
 * on the other side of the edge for `edge.dwellMs` and the fix lies `edge.marginM` past it (the margin at most
 * a quarter of the zone's length). A fix back on the old side ends the crossing. Updates `crossing`.
 * @returns zone id → time the beacon entered (the start of the crossing for a new entry)
 */
export function zonesAfterFix(
  zones: readonly Zone[],
  inside: ReadonlyMap<string, number>,
  crossing: Map<string, number>,
  tunnelId: string,
  chainageM: number,
  nowMs: number,
  edge: ZoneEdgeOptions,
): Map<string, number> {
  const next = new Map<string, number>();
  for (const z of zones) {
    const enteredAtMs = inside.get(z.zoneId);
    const m = Math.min(edge.marginM, (z.toM - z.fromM) / 4);
    const raw = inZone(z, tunnelId, chainageM);
    const otherSide = enteredAtMs === undefined ? raw : !raw;
    if (!otherSide) {
      crossing.delete(z.zoneId);
      if (enteredAtMs !== undefined) next.set(z.zoneId, enteredAtMs);
      continue;
    }
    const sinceMs = crossing.get(z.zoneId) ?? nowMs;
    const past =
      enteredAtMs === undefined
        ? chainageM >= z.fromM + m && chainageM <= z.toM - m
        : z.tunnelId !== tunnelId || chainageM < z.fromM - m || chainageM > z.toM + m;
    if (past && nowMs - sinceMs >= edge.dwellMs) {
      crossing.delete(z.zoneId);
      if (enteredAtMs === undefined) next.set(z.zoneId, sinceMs);
      continue;
    }
    crossing.set(z.zoneId, sinceMs);
    if (enteredAtMs !== undefined) next.set(z.zoneId, enteredAtMs);
  }
  return next;
}

/** True when a fix at `chainageM` in `tunnelId` lies in `zone` (both ends included). */
export function inZone(zone: Pick<Zone, 'tunnelId' | 'fromM' | 'toM'>, tunnelId: string, chainageM: number): boolean {
  return zone.tunnelId === tunnelId && chainageM >= zone.fromM && chainageM <= zone.toM;
}

function keyOf(deviceSn: string, metric: string): string {
  return `${deviceSn}\u0000${metric}`;
}

/** The rules of one project's zones. */
export class ZoneRules {
  private zones: Zone[] = [];
  private wearers = new Map<string, ZoneWearer>();
  private readonly persons = new Map<string, PersonState>();
  /** Open (not closed) zone alarms by device and metric. */
  private readonly open = new Map<string, AlarmDraft>();
  private readonly queuedAtMs = new WeakMap<AlarmDraft, number>();
  private readonly portal = new Map<string, { in: number; out: number }>();
  private portalDay = -1;
  /** Crossings counted and not yet taken, oldest first (at most MAX_PENDING_CROSSINGS). */
  private pendingCrossings: PortalCrossingRecord[] = [];
  /** Crossings dropped because nobody took them in time. */
  droppedCrossings = 0;
  /** Beacon sn → the Beijing day number its `noEntryEducation` warning was last raised (once per person per day). */
  private readonly uneducatedEntryDay = new Map<string, number>();
  private warmUntilMs: number | null = null;

  /** Gathering episodes by bore (bounded by the project's bores). */
  private readonly gatherings = new Map<string, GatheringState>();
  private readonly edge: ZoneEdgeOptions;
  private readonly gathering: GatheringOptions;
  private readonly leaveAreaMs: number;

  /** `opts`: edge hysteresis, gathering limits and leave-area grace, by default the constants above. */
  constructor(
    readonly projectId: string,
    opts: ZoneRulesOptions = {},
  ) {
    this.edge = { marginM: opts.edge?.marginM ?? ZONE_EDGE_MARGIN_M, dwellMs: opts.edge?.dwellMs ?? ZONE_EDGE_DWELL_MS };
    this.gathering = { ...GATHERING_DEFAULTS, ...opts.gathering };
    this.leaveAreaMs = opts.leaveAreaMs ?? LEAVE_AREA_MS;
  }

  /**
   * Sets the zones and the registry's wearers (start, or after an edit). Alarms of removed zones and
   * conditions that no longer hold clear on the next evaluation, which runs here.
   * @returns alarms changed by the new configuration
   */
  configure(zones: readonly Zone[], wearers: ReadonlyMap<string, ZoneWearer>, nowMs: number): AlarmDraft[] {
    this.zones = [...zones];
    this.wearers = new Map(wearers);
    // only at the first configuration (a start): an edit keeps counting the beacons already known
    this.warmUntilMs ??= nowMs + HEADCOUNT_WARMUP_MS;
    for (const p of this.persons.values()) {
      const inside = new Map<string, number>();
      for (const z of this.zones) if (inZone(z, p.tunnelId, p.chainageM)) inside.set(z.zoneId, p.inside.get(z.zoneId) ?? nowMs);
      p.inside = inside;
      p.crossing.clear();
    }
    for (const id of [...this.portal.keys()]) if (!this.zones.some((z) => z.zoneId === id)) this.portal.delete(id);
    const out: AlarmDraft[] = [];
    // zones that no longer exist: their over-headcount alarms clear
    for (const a of [...this.open.values()]) {
      if (a.metric === 'overHeadcount' && !this.zones.some((z) => z.zoneId === a.deviceSn)) this.release(a.deviceSn, 'overHeadcount', nowMs, out);
    }
    // a three-level record added (or the person left the registry): their warning clears
    for (const a of [...this.open.values()]) {
      if (a.metric === 'noEntryEducation' && this.wearers.get(a.deviceSn)?.entryEducation !== false) this.release(a.deviceSn, 'noEntryEducation', nowMs, out);
    }
    for (const [sn, p] of this.persons) this.evaluatePerson(sn, p, nowMs, out);
    return unique(out);
  }

  /**
   * A beacon fix received at `nowMs`: updates zone membership (at once on a beacon's first fix, then with
   * edge hysteresis, zonesAfterFix), portal counts and movement, then the
   * beacon's rules. `deviceName` names the device when the registry has nobody for it. `worn` is the tag's
   * worn sensor (false: taken off); undefined for tags without one.
   * @returns alarms raised, changed or cleared
   */
  fix(sn: string, device: { name: string; kind: string }, tunnelId: string, chainageM: number, nowMs: number, worn?: boolean): AlarmDraft[] {
    const out: AlarmDraft[] = [];
    let p = this.persons.get(sn);
    if (!p) {
      const inside = new Map<string, number>();
      for (const z of this.zones) if (inZone(z, tunnelId, chainageM)) inside.set(z.zoneId, nowMs);
      p = { deviceName: device.name, deviceKind: device.kind, tunnelId, chainageM, lastFixMs: nowMs, inside, crossing: new Map(), anchorM: chainageM, stillSinceMs: nowMs, removedSinceMs: null, outsideAreaSinceMs: null };
      this.persons.set(sn, p);
    } else {
      const inside = zonesAfterFix(this.zones, p.inside, p.crossing, tunnelId, chainageM, nowMs, this.edge);
      if (nowMs - p.lastFixMs < PRESENCE_MS && this.countPortal(sn, p, inside, nowMs)) this.enteredTunnel(sn, device, chainageM, nowMs, out);
      const moved = p.tunnelId !== tunnelId || Math.abs(chainageM - p.anchorM) > NO_MOVEMENT_TOLERANCE_M;
      p.deviceName = device.name;
      p.deviceKind = device.kind;
      p.tunnelId = tunnelId;
      p.chainageM = chainageM;
      p.lastFixMs = nowMs;
      p.inside = inside;
      if (moved) {
        p.anchorM = chainageM;
        p.stillSinceMs = nowMs;
      }
    }
    if (worn === false) p.removedSinceMs ??= nowMs;
    else p.removedSinceMs = null;
    this.evaluatePerson(sn, p, nowMs, out);
    return unique(out);
  }

  /** Time passing: stay, no movement, signal lost, leave area, headcounts and gatherings. O(beacons × zones + beacons log beacons). */
  tick(nowMs: number): AlarmDraft[] {
    const out: AlarmDraft[] = [];
    for (const [sn, p] of this.persons) this.evaluatePerson(sn, p, nowMs, out);
    if (this.warmUntilMs !== null && nowMs >= this.warmUntilMs) {
      const counts = this.headcounts(nowMs);
      for (const z of this.zones) {
        const n = counts.get(z.zoneId) ?? 0;
        if (z.maxHeadcount !== null && n > z.maxHeadcount) {
          this.hold(z.zoneId, { name: z.name, kind: 'zone' }, 'overHeadcount', { value: n, threshold: z.maxHeadcount, unit: null }, nowMs, out);
        } else this.release(z.zoneId, 'overHeadcount', nowMs, out);
      }
      this.tickGatherings(nowMs, out);
    }
    return unique(out);
  }

  /**
   * Gathering per bore: the largest group of fresh fixes (FRESH_FIX_MS) outside gathering-allowed zones;
   * one alarm per bore (deviceKind `tunnel`, deviceSn = tunnelId) once a group of the minimum has stood
   * together for the time, cleared when the episode ends.
   */
  private tickGatherings(nowMs: number, out: AlarmDraft[]): void {
    const byBore = new Map<string, number[]>();
    for (const p of this.persons.values()) {
      if (nowMs - p.lastFixMs >= FRESH_FIX_MS) continue;
      if (this.zones.some((z) => z.gatheringAllowed && p.inside.has(z.zoneId))) continue;
      const list = byBore.get(p.tunnelId);
      if (list) list.push(p.chainageM);
      else byBore.set(p.tunnelId, [p.chainageM]);
    }
    const bores = new Set([...byBore.keys(), ...this.gatherings.keys()]);
    for (const bore of bores) {
      const sorted = (byBore.get(bore) ?? []).sort((a, b) => a - b);
      const state = stepGathering(this.gatherings.get(bore) ?? null, largestGroup(sorted, this.gathering.spanM), this.gathering, nowMs);
      if (state) this.gatherings.set(bore, state);
      else this.gatherings.delete(bore);
      if (state && nowMs - state.sinceMs >= this.gathering.minutes * 60_000) {
        this.hold(bore, { name: bore, kind: 'tunnel' }, 'gathering', { value: state.group.count, threshold: this.gathering.minPeople, unit: null }, nowMs, out);
      } else this.release(bore, 'gathering', nowMs, out);
    }
    // restored alarms of bores nobody stands in any more
    for (const a of [...this.open.values()]) if (a.metric === 'gathering' && !bores.has(a.deviceSn)) this.release(a.deviceSn, 'gathering', nowMs, out);
  }

  /** Re-adopts an open zone alarm read from the database (call after configure, in alarm id order). */
  restore(alarm: AlarmRecord): void {
    const draft: AlarmDraft = { ...alarm };
    if (isClosed(draft)) return;
    this.open.set(keyOf(draft.deviceSn, draft.metric), draft);
    if (draft.metric === 'noEntryEducation') this.uneducatedEntryDay.set(draft.deviceSn, Math.floor((draft.lastSeenMs + BEIJING_OFFSET_MS) / DAY_MS));
  }

  /** Mirrors a handling or acknowledgement made through REST; a handled alarm that is cleared is forgotten. */
  dealt(alarm: Alarm): void {
    for (const [key, mine] of this.open) {
      if (mine.alarmId !== alarm.alarmId) continue;
      mirrorHandling(mine, alarm);
      if (isClosed(mine)) this.open.delete(key);
      return;
    }
  }

  /** People per zone who are in it (edge hysteresis applied) with a recent fix (PRESENCE_MS). */
  headcounts(nowMs: number): Map<string, number> {
    const out = new Map<string, number>();
    for (const p of this.persons.values()) {
      if (nowMs - p.lastFixMs >= PRESENCE_MS) continue;
      for (const id of p.inside.keys()) out.set(id, (out.get(id) ?? 0) + 1);
    }
    return out;
  }

  /**
   * Takes back counts stored before a restart (server/rules/portalCounts.ts): counts of the day holding
   * `nowMs` for portal zones of this configuration, each count the larger of the stored and the one in
   * memory (a reload after a zone edit loses nothing counted since the last write). Other days are ignored.
   */
  restorePortalCounts(day: { dayStartMs: number; counts: ReadonlyMap<string, { in: number; out: number }> }, nowMs: number): void {
    this.rollDay(nowMs);
    if (day.dayStartMs !== this.portalDay * DAY_MS - BEIJING_OFFSET_MS) return;
    for (const [zoneId, c] of day.counts) {
      if (!this.zones.some((z) => z.zoneId === zoneId && z.kind === 'portal')) continue;
      const mine = this.portal.get(zoneId) ?? { in: 0, out: 0 };
      this.portal.set(zoneId, { in: Math.max(mine.in, c.in), out: Math.max(mine.out, c.out) });
    }
  }

  /**
   * Adds crossings counted elsewhere on the day holding `nowMs` (the demo backfill's rules over the hours
   * before the start, server/simulator/backfillRules.ts) to the counts of this configuration's portal
   * zones; counts of another day or of zones that are not portals are ignored.
   */
  addPortalCounts(day: { dayStartMs: number; counts: ReadonlyMap<string, { in: number; out: number }> }, nowMs: number): void {
    this.rollDay(nowMs);
    if (day.dayStartMs !== this.portalDay * DAY_MS - BEIJING_OFFSET_MS) return;
    for (const [zoneId, c] of day.counts) {
      if (!this.zones.some((z) => z.zoneId === zoneId && z.kind === 'portal')) continue;
      const mine = this.portal.get(zoneId) ?? { in: 0, out: 0 };
      this.portal.set(zoneId, { in: mine.in + c.in, out: mine.out + c.out });
    }
  }

  /** Entries into and exits from the tunnel per portal zone since 00:00 Beijing time. */
  portalCounts(nowMs: number): Map<string, { in: number; out: number }> {
    this.rollDay(nowMs);
    return new Map([...this.portal].map(([k, v]) => [k, { ...v }]));
  }

  /**
   * The crossings counted since the last call, oldest first (who passed which portal zone, when and which
   * way; the wearer's name and team as the registry has them now); the rules keep none of them after.
   */
  takeCrossings(): PortalCrossingRecord[] {
    const out = this.pendingCrossings;
    this.pendingCrossings = [];
    return out;
  }

  /** Where a beacon was last seen by the rules, or undefined before its first fix. */
  position(sn: string): { tunnelId: string; chainageM: number; lastFixMs: number; zoneIds: string[] } | undefined {
    const p = this.persons.get(sn);
    return p ? { tunnelId: p.tunnelId, chainageM: p.chainageM, lastFixMs: p.lastFixMs, zoneIds: [...p.inside.keys()] } : undefined;
  }

  /** Drops what the rules know of beacons that are no longer devices of the project (their alarms stay as they are in the database). */
  forget(keep: ReadonlySet<string>): void {
    for (const sn of [...this.persons.keys()]) if (!keep.has(sn)) this.persons.delete(sn);
    for (const sn of [...this.uneducatedEntryDay.keys()]) if (!keep.has(sn)) this.uneducatedEntryDay.delete(sn);
  }

  private evaluatePerson(sn: string, p: PersonState, nowMs: number, out: AlarmDraft[]): void {
    const holding = new Map<ZoneAlarmMetric, Holding>();
    const team = this.wearers.get(sn)?.team ?? '';
    const silentMs = nowMs - p.lastFixMs;
    let stay: Holding | null = null;
    let stillLimitMin = Infinity;
    let lostLimitS = Infinity;
    for (const z of this.zones) {
      const enteredAtMs = p.inside.get(z.zoneId);
      if (enteredAtMs === undefined) continue;
      if (z.entryAlarm && !z.authorizedTeams.includes(team) && silentMs < PRESENCE_MS) {
        holding.set('zoneEntry', { value: round1(p.chainageM), threshold: null, unit: 'm' });
      }
      if (z.maxStayMin !== null && silentMs < PRESENCE_MS) {
        const stayedMin = (nowMs - enteredAtMs) / 60_000;
        if (stayedMin >= z.maxStayMin && (stay === null || stayedMin - z.maxStayMin > (stay.value ?? 0) - (stay.threshold ?? 0))) {
          stay = { value: round1(stayedMin), threshold: z.maxStayMin, unit: 'min' };
        }
      }
      if (z.noMovementMin !== null) stillLimitMin = Math.min(stillLimitMin, z.noMovementMin);
      if (z.signalLostS !== null) lostLimitS = Math.min(lostLimitS, z.signalLostS);
    }
    if (stay) holding.set('stayTooLong', stay);
    // leave area: outside every zone assigned to the wearer's team (teams no zone names move freely)
    const areas = team === '' ? [] : this.zones.filter((z) => z.assignedTeams.includes(team));
    if (areas.length > 0 && silentMs < PRESENCE_MS && !areas.some((z) => p.inside.has(z.zoneId))) {
      p.outsideAreaSinceMs ??= p.lastFixMs;
      if (nowMs - p.outsideAreaSinceMs >= this.leaveAreaMs) holding.set('leaveArea', { value: round1(p.chainageM), threshold: null, unit: 'm' });
    } else p.outsideAreaSinceMs = null;
    const stillMin = (nowMs - p.stillSinceMs) / 60_000;
    // a tag taken off lies still without saying anything of its wearer: beacon removed, not a possible fall
    const removed = p.removedSinceMs !== null && silentMs < FRESH_FIX_MS;
    if (stillMin >= stillLimitMin && silentMs < FRESH_FIX_MS && !removed) holding.set('noMovement', { value: round1(stillMin), threshold: stillLimitMin, unit: 'min' });
    if (silentMs >= lostLimitS * 1000) holding.set('signalLost', { value: Math.round(silentMs / 1000), threshold: lostLimitS, unit: 's' });
    // beacon removed: the tag still reports (not signal lost) and says it is not worn, in a zone watching its beacons
    if (removed && lostLimitS !== Infinity) holding.set('beaconRemoved', { value: Math.round((nowMs - p.removedSinceMs!) / 1000), threshold: null, unit: 's' });

    const device = { name: this.wearers.get(sn)?.name ?? p.deviceName, kind: p.deviceKind };
    for (const metric of PERSON_METRICS) {
      const h = holding.get(metric);
      if (h) this.hold(sn, device, metric, h, nowMs, out);
      else this.release(sn, metric, nowMs, out);
    }
  }

  /**
   * A beacon went into the tunnel past a portal: a wearer the registry knows without the three-level entry
   * education raises `noEntryEducation` (a warning), at most once per Beijing day; it stays until a record
   * names them (configure) or someone handles it.
   */
  private enteredTunnel(sn: string, device: { name: string; kind: string }, chainageM: number, nowMs: number, out: AlarmDraft[]): void {
    const wearer = this.wearers.get(sn);
    if (wearer?.entryEducation !== false) return;
    const day = Math.floor((nowMs + BEIJING_OFFSET_MS) / DAY_MS);
    if (this.uneducatedEntryDay.get(sn) === day) return;
    this.uneducatedEntryDay.set(sn, day);
    this.hold(sn, { name: wearer.name, kind: device.kind }, 'noEntryEducation', { value: round1(chainageM), threshold: null, unit: 'm' }, nowMs, out);
  }

  /**
   * Portal zones: leaving one counts an entry into the tunnel, coming into one from outside an exit.
   * @returns true when the beacon went into the tunnel past a portal
   */
  private countPortal(sn: string, p: PersonState, next: Map<string, number>, nowMs: number): boolean {
    this.rollDay(nowMs);
    let entered = false;
    const wearer = this.wearers.get(sn);
    for (const z of this.zones) {
      if (z.kind !== 'portal' || z.tunnelId !== p.tunnelId) continue;
      const was = p.inside.has(z.zoneId);
      const is = next.has(z.zoneId);
      if (was === is) continue;
      const c = this.portal.get(z.zoneId) ?? { in: 0, out: 0 };
      if (was) c.in++;
      else c.out++;
      entered ||= was;
      this.portal.set(z.zoneId, c);
      if (this.pendingCrossings.length >= MAX_PENDING_CROSSINGS) {
        this.pendingCrossings.shift();
        this.droppedCrossings++;
      }
      const direction = was ? 'in' : 'out';
      this.pendingCrossings.push({ projectId: this.projectId, zoneId: z.zoneId, atMs: nowMs, sn, name: wearer?.name ?? p.deviceName, team: wearer?.team ?? '', direction });
    }
    return entered;
  }

  private rollDay(nowMs: number): void {
    const day = Math.floor((nowMs + BEIJING_OFFSET_MS) / DAY_MS);
    if (day !== this.portalDay) {
      this.portalDay = day;
      this.portal.clear();
    }
  }

  /**
   * The condition (device, metric) holds: raises a new alarm, re-activates a cleared unhandled one
   * (repeatCount + 1), or refreshes an active one (written at most every ZONE_ALARM_REFRESH_MS unless its
   * level rose).
   */
  private hold(deviceSn: string, device: { name: string; kind: string }, metric: ZoneAlarmMetric, h: Holding, nowMs: number, out: AlarmDraft[]): void {
    const key = keyOf(deviceSn, metric);
    const level = ZONE_ALARM_LEVEL[metric];
    const a = this.open.get(key);
    if (!a || isClosed(a)) {
      const raised = newAlarmDraft(
        { projectId: this.projectId, deviceSn, deviceKind: device.kind, deviceName: device.name, kind: 'zone', level, metric, value: h.value, threshold: h.threshold, unit: h.unit },
        nowMs,
      );
      this.open.set(key, raised);
      this.queuedAtMs.set(raised, nowMs);
      out.push(raised);
      return;
    }
    a.value = h.value;
    a.threshold = h.threshold;
    a.unit = h.unit;
    a.lastSeenMs = nowMs;
    if (h.value !== null && (a.peakValue === null || h.value > a.peakValue)) a.peakValue = h.value;
    if (a.state === 'cleared') {
      a.state = 'active';
      a.clearedAtMs = null;
      a.repeatCount++;
      a.level = level;
      if (LEVEL_RANK[level] > LEVEL_RANK[a.peakLevel]) a.peakLevel = level;
      this.queuedAtMs.set(a, nowMs);
      out.push(a);
      return;
    }
    if (nowMs - (this.queuedAtMs.get(a) ?? 0) >= ZONE_ALARM_REFRESH_MS) {
      this.queuedAtMs.set(a, nowMs);
      out.push(a);
    }
  }

  /** The condition (device, metric) no longer holds: clears its active alarm; a handled one is forgotten. */
  private release(deviceSn: string, metric: ZoneAlarmMetric, nowMs: number, out: AlarmDraft[]): void {
    const key = keyOf(deviceSn, metric);
    const a = this.open.get(key);
    if (!a || a.state !== 'active') return;
    a.state = 'cleared';
    a.clearedAtMs = nowMs;
    if (isClosed(a)) this.open.delete(key);
    out.push(a);
  }
}

function round1(v: number): number {
  return Math.round(v * 10) / 10;
}

function unique(drafts: AlarmDraft[]): AlarmDraft[] {
  return [...new Set(drafts)];
}
