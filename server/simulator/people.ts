import type { BeaconTelemetry, Heading } from '../../protocol';
import type { CycleStage, HeadingCycle, StageInterval } from './cycle';
import { Rng } from './prng';
import type { SiteTraffic } from './vehicles';
import { type Crew, HOUR_MS, MINUTE_MS, SHIFT_MS, nextShiftStartMs } from './siteClock';

/**
 * Personnel beacons (UWB tags) of one project, stepped once per simulated second.
 *
 * Each person belongs to a heading and one of two crews (day 07:00–19:00, night 19:00–07:00 Beijing
 * time). A crew member switches the tag on at the portal 20–40 min before the shift, attends the pre-shift
 * briefing there, walks or rides in, works where the heading's stage needs their team, and after the
 * shift walks out and lingers at the portal before docking the tag in the lamp-room charger. That gives
 * the portal surges at shift change (docs/domain.md). **Off shift, a tag publishes nothing** (it is on the
 * charger); the server shows it offline after 3 periods, which is what a docked tag looks like.
 *
 * Positions are chainage in metres from the bore's entry portal: entry-heading people stay within
 * [0, face], exit-heading people within [face, bore length]. During blasting and ventilation nobody is
 * within 200 m of the face; during charging only the shot-firers (blasting team) are, and they retreat
 * in the last 5 minutes of charging, so the face is empty when the blast goes off.
 */
export type Role = 'drilling' | 'blasting' | 'mucking' | 'support' | 'lining' | 'survey' | 'general';

/** What the model needs to know about one tag. */
export interface PersonSpec {
  sn: string;
  tunnelId: string;
  headingId: string;
  role: Role;
  crew: Crew;
  /** Helmet tags report vitals (docs/domain.md: helmet/wristband vitals; about a third of the fleet). */
  hasVitals: boolean;
}

/** A heading as the people model sees it. */
export interface HeadingSite {
  heading: Heading;
  cycle: HeadingCycle;
  tunnelLengthM: number;
}

type Phase = 'off' | 'briefing' | 'working' | 'leaving' | 'lingering';

interface ShiftPlan {
  tagOnMs: number;
  walkInMs: number;
  leaveMs: number;
  /** Through the site entrance gate this long before switching the tag on at the portal. */
  siteLeadMs: number;
  /** The entrance in-pass of this shift is made. */
  siteIn: boolean;
  /** The tag stays in the lamp room this shift (the gates see the person, the positioning does not). */
  forgotTag: boolean;
  /** Slips through the portal gate behind someone this shift (no portal in-pass). */
  tailgates: boolean;
}

/** A gate pass the people model reports (the gate simulator turns it into the gate's message). */
export interface SimGatePass {
  sn: string;
  /** The bore and the portal of the person's heading. */
  tunnelId: string;
  portal: 'entry' | 'exit';
  /** The site entrance gate or the heading's portal gate. */
  gate: 'site' | 'portal';
  direction: 'in' | 'out';
  tsMs: number;
}

/**
 * Per shift, the chance a person leaves the tag in the lamp room, and the chance they follow someone through
 * the portal gate without a pass: with about 200 people a day each happens a couple of times a day, the
 * attendance discrepancies a labour manager sees (docs/domain.md "Labour attendance").
 */
const FORGOT_TAG_CHANCE = 0.01;
const TAILGATE_CHANCE = 0.01;

/** Per-tick view of a heading, computed once per tick for all its people. */
interface HeadingNow {
  iv: StageInterval;
  faceM: number;
  portalM: number;
  /** +1 for a heading driven from the entry portal (the face is at larger chainage than its people). */
  dir: 1 | -1;
  /** Distance from portal to face, m. */
  depthM: number;
  liningBackM: number;
  tunnelLengthM: number;
}

/** Keep out of this distance from the face while the round is charged, blasted and ventilated (docs/domain.md). */
export const BLAST_CLEARANCE_M = 200;
/** Evacuation spots are drawn beyond this, leaving margin for positioning noise. */
const EVACUATE_MIN_M = 230;
const EVACUATE_MAX_M = 400;
/** Shot-firers leave the face this long before charging ends. */
const SHOT_FIRER_RETREAT_MS = 5 * MINUTE_MS;
/** Shuttle cars and muck trucks in the bore (tunnel speed limits are around 15–20 km/h). */
const VEHICLE_MPS: [number, number] = [4, 6];
/** UWB error (docs/domain.md: 0.1–0.3 m static, 0.5–1 m moving). */
const UWB_SD_STATIC_M = 0.15;
const UWB_SD_MOVING_M = 0.6;
/** Project-wide SOS rate: about one every three hours; each lasts 1–3 min. */
const SOS_MEAN_INTERVAL_MS = 3 * HOUR_MS;
/**
 * Personnel incidents the zone rules catch (server/rules/zoneRules.ts), project-wide about one every 40
 * minutes: a lining-crew worker walking into the face zone (danger-zone entry), a fall (lying still past
 * the 30-minute no-movement limit), a tag going silent underground for a few minutes (signal lost), a
 * worker taking the tag off and leaving it on a bench for a few minutes (beacon removed: it keeps reporting
 * `worn: false` from one spot), a worker staying 90 minutes past the shift (stay too long underground).
 */
const INCIDENT_MEAN_INTERVAL_MS = 40 * MINUTE_MS;
export type Incident = 'intrusion' | 'fall' | 'signalLost' | 'overtime' | 'removed';
const INCIDENTS: readonly Incident[] = ['intrusion', 'fall', 'signalLost', 'overtime', 'removed'];
/**
 * Tag-reported events (docs/device-protocol.md "beacon"), project-wide about one every 90 minutes, so each kind
 * a few times a day: a tag's case opened (tamper, 1–3 min), a cap lamp failing until it is swapped (lamp
 * fault, 10–40 min), a helmet's Bluetooth link failing (5–20 min), a weak cell sagging under load
 * (supply 3.30–3.45 V for 5–15 min: under-voltage while the battery % still reads fine), and a group of
 * 10–12 workers of a heading standing together behind the lining for 8–12 min (gathering). Falls raise
 * the tag's own fall flag for the first 1–2 minutes on helmets (most falls), and a fallen
 * worker's tag reports static after 10 minutes lying still.
 */
const TAG_EVENT_MEAN_INTERVAL_MS = 90 * MINUTE_MS;
export type TagEvent = 'tamper' | 'lampFault' | 'bluetoothFault' | 'underVoltage' | 'gathering';
const TAG_EVENTS: readonly TagEvent[] = ['tamper', 'lampFault', 'bluetoothFault', 'underVoltage', 'gathering'];
/** A tag's motion sensor reports static after this long without motion (vendor setting). */
const STATIC_AFTER_MS = 10 * MINUTE_MS;
/** Cap-lamp cell voltage (V) at 0 and 100 % battery, as the tag reports it: 3.6–4.15 V in normal use. */
const CELL_V: [number, number] = [3.6, 4.15];

/** Stages in which a worker may wander to the face (never while it is being charged, blasted or ventilated). */
const WANDER_STAGES: ReadonlySet<CycleStage> = new Set(['drilling', 'scaling', 'mucking', 'support', 'idle']);
/** Lamp-room chargers refill a tag at about 30 % an hour. */
const CHARGE_PCT_PER_H = 30;

/** d-ranges (metres back from the face) where each team works in each non-evacuated stage. */
const WORK_ZONE: Record<Exclude<CycleStage, 'blasting' | 'ventilation'>, Partial<Record<Role, [number, number]>>> = {
  drilling: { drilling: [2, 12], support: [5, 40], blasting: [10, 60], mucking: [60, 250], general: [5, 150] },
  charging: { blasting: [1, 10] },
  scaling: { drilling: [2, 15], support: [20, 80], blasting: [30, 150], mucking: [40, 200], general: [20, 200] },
  mucking: { mucking: [3, 20], support: [20, 80], drilling: [30, 150], blasting: [50, 250], general: [20, 200] },
  support: { support: [1, 15], drilling: [3, 25], blasting: [20, 100], mucking: [40, 250], general: [10, 150] },
  idle: { drilling: [10, 300], support: [10, 300], blasting: [10, 300], mucking: [10, 300], general: [10, 300] },
};

function clamp(v: number, lo: number, hi: number): number {
  return v < lo ? lo : v > hi ? hi : v;
}

class Person {
  readonly spec: PersonSpec;
  private readonly rng: Rng;
  private readonly gateRng: Rng;
  /** The portal of the person's heading (their way in and out of the bore). */
  private readonly portal: 'entry' | 'exit';
  private readonly walkMps: number;
  private readonly drainPctPerH: number;
  /** About half the mucking team drives muck trucks between the face and the portal. */
  private readonly driver: boolean;
  private readonly vitals: { hr: number; spo2: number; tempC: number; sbp: number; dbp: number } | null;

  phase: Phase = 'off';
  private plan: ShiftPlan;
  /** Chainage from the entry portal, m. */
  x = 0;
  private targetD = 0;
  private speedMps = 1;
  moving = false;
  private stageStartMs = -1;
  private nextRetargetMs = 0;
  private lingerUntilMs = 0;
  private dwellMs = 0;
  private truckLegToFace = true;
  battery = 100;
  sosUntilMs = 0;
  /** Lying still (a fall) until then. */
  frozenUntilMs = 0;
  /** The tag publishes nothing until then (signal lost underground). */
  silentUntilMs = 0;
  /** Until when the tag lies taken off (reports `worn: false` from where it was left). */
  removedUntilMs = 0;
  /** Since when the person lies still (a fall), for the tag's static state. */
  frozenSinceMs = 0;
  /** Tag-reported states: on until then (fall: the tag's own fall flag). */
  fallFlagUntilMs = 0;
  tamperUntilMs = 0;
  lampFaultUntilMs = 0;
  bluetoothFaultUntilMs = 0;
  /** The cell sags to `sagV` until then (under-voltage). */
  sagUntilMs = 0;
  sagV = 0;
  private heartRate = 75;
  /** Passes made since the model last collected them. */
  readonly passes: SimGatePass[] = [];
  /** When the person passes the site entrance gate out, after docking the tag (0: not pending). */
  private siteOutAtMs = 0;

  constructor(spec: PersonSpec, ordinal: number, seed: number, startMs: number, now: HeadingNow) {
    this.spec = spec;
    this.rng = Rng.derive(seed, `beacon:${spec.sn}`);
    this.gateRng = Rng.derive(seed, `gate:${spec.sn}`);
    this.portal = now.dir === 1 ? 'entry' : 'exit';
    const r = this.rng;
    this.walkMps = r.uniform(1.0, 1.4);
    this.drainPctPerH = r.chance(0.03) ? r.uniform(6.5, 8) : r.uniform(2.5, 4);
    // ordinal alternates crews (see model.ts), so pair up: 0,1 loaders, 2,3 drivers, …
    this.driver = spec.role === 'mucking' && Math.floor(ordinal / 2) % 2 === 1;
    if (spec.hasVitals) {
      const hypertensive = r.chance(0.02);
      this.vitals = {
        hr: r.uniform(62, 82),
        spo2: r.uniform(96, 99),
        tempC: r.uniform(36.2, 36.8),
        // normal resting pressure stays under 140/90 with the effort added in sample() (+10/+4 mmHg)
        sbp: hypertensive ? r.uniform(136, 146) : r.uniform(105, 124),
        dbp: hypertensive ? r.uniform(86, 94) : r.uniform(65, 80),
      };
      this.heartRate = this.vitals.hr;
    } else this.vitals = null;

    // Place the person as if the simulation had always been running.
    const arrivalWindowMs = 40 * MINUTE_MS;
    const upcoming = nextShiftStartMs(spec.crew, startMs);
    const shiftStart = upcoming - startMs <= arrivalWindowMs ? upcoming : upcoming - 24 * HOUR_MS;
    this.plan = this.drawPlan(shiftStart);
    if (startMs >= this.plan.leaveMs) this.plan = this.drawPlan(upcoming);
    if (startMs < this.plan.tagOnMs) {
      this.phase = 'off';
      this.battery = r.uniform(40, 100);
      this.x = now.portalM;
    } else if (startMs < this.plan.walkInMs) {
      this.switchOn(now);
      this.battery = r.uniform(90, 100);
      this.passStartedShift();
    } else {
      this.passStartedShift();
      this.phase = 'working';
      this.battery = clamp(100 - ((startMs - this.plan.tagOnMs) / HOUR_MS) * this.drainPctPerH - r.uniform(0, 5), 1, 100);
      this.retarget(startMs, now);
      this.x = this.xOf(this.targetD, now);
    }
  }

  /** True when the tag is on and has battery left. */
  get publishing(): boolean {
    return this.phase !== 'off' && this.battery > 0 && !this.plan.forgotTag;
  }

  /** True while working in the bore (a candidate for an SOS). */
  get atWork(): boolean {
    return this.phase === 'working' && this.battery > 0;
  }

  step(tMs: number, dtS: number, now: HeadingNow): void {
    if (this.phase === 'off') {
      this.battery = Math.min(100, this.battery + (CHARGE_PCT_PER_H * dtS) / 3600);
      if (this.siteOutAtMs > 0 && tMs >= this.siteOutAtMs) {
        this.pass('site', 'out', Math.round(this.siteOutAtMs));
        this.siteOutAtMs = 0;
      }
      if (!this.plan.siteIn && tMs >= this.plan.tagOnMs - this.plan.siteLeadMs) {
        this.pass('site', 'in', Math.round(this.plan.tagOnMs - this.plan.siteLeadMs));
        this.plan.siteIn = true;
      }
      if (tMs >= this.plan.tagOnMs) {
        this.switchOn(now);
        if (!this.plan.tailgates) this.pass('portal', 'in', Math.round(this.plan.tagOnMs));
      }
      return;
    }
    this.battery = Math.max(0, this.battery - (this.drainPctPerH * dtS) / 3600);
    switch (this.phase) {
      case 'briefing':
        if (tMs >= this.plan.walkInMs) {
          this.phase = 'working';
          this.retarget(tMs, now);
        }
        break;
      case 'working':
        if (tMs >= this.plan.leaveMs) {
          this.phase = 'leaving';
          this.setTarget(now.depthM - this.rng.uniform(3, 25), now, false);
        } else if (this.needsRetarget(tMs, now)) {
          this.retarget(tMs, now);
        }
        break;
      case 'leaving':
        if (!this.moving && Math.abs(this.x - this.xOf(this.targetD, now)) < 0.5) {
          this.phase = 'lingering';
          this.lingerUntilMs = tMs + this.rng.uniform(2, 10) * MINUTE_MS;
        }
        break;
      case 'lingering':
        if (tMs >= this.lingerUntilMs) {
          // out through the portal gate, the tag docked in the lamp room, out through the site gate a few minutes later
          this.pass('portal', 'out', tMs);
          this.siteOutAtMs = tMs + this.rng.uniform(3, 10) * MINUTE_MS;
          this.phase = 'off';
          this.x = now.portalM;
          this.plan = this.drawPlan(nextShiftStartMs(this.spec.crew, tMs));
        }
        return;
    }
    this.move(tMs, dtS, now);
  }

  /** The beacon payload at `tsMs` (position with UWB noise, vitals for helmet tags). */
  sample(tsMs: number, now: HeadingNow): BeaconTelemetry {
    const r = this.rng;
    const [lo, hi] = now.dir === 1 ? [0, now.faceM] : [now.faceM, now.tunnelLengthM];
    const x = clamp(this.x + r.normal(0, this.moving ? UWB_SD_MOVING_M : UWB_SD_STATIC_M), lo, hi);
    const msg: BeaconTelemetry = {
      ts: tsMs,
      tunnelId: this.spec.tunnelId,
      chainageM: Math.round(x * 100) / 100,
      battery: Math.round(this.battery),
      sos: this.sosUntilMs > tsMs,
      // these tags have a worn sensor (strap clasp): false while the tag lies taken off
      worn: this.removedUntilMs <= tsMs,
      tamper: this.tamperUntilMs > tsMs,
      static: this.frozenUntilMs > tsMs && this.removedUntilMs <= tsMs && tsMs - this.frozenSinceMs >= STATIC_AFTER_MS,
    };
    const v = this.vitals;
    if (!v) {
      // cap-lamp tags: the lamp's state and its cell's voltage
      msg.lampFault = this.lampFaultUntilMs > tsMs;
      const cellV = CELL_V[0] + ((CELL_V[1] - CELL_V[0]) * this.battery) / 100;
      msg.voltageV = Math.round((this.sagUntilMs > tsMs ? this.sagV : cellV) * 100) / 100;
    }
    if (v) {
      // helmets: fall detection and the Bluetooth link of the vitals sensors
      msg.fall = this.fallFlagUntilMs > tsMs;
      msg.bluetoothFault = this.bluetoothFaultUntilMs > tsMs;
      const exertion = (this.heartRate - v.hr) / 25; // 0 at rest, ~1 walking hard
      msg.heartRate = Math.round(this.heartRate + r.normal(0, 1.5));
      msg.spo2 = Math.round(clamp(v.spo2 + r.normal(0, 0.5), 85, 100));
      msg.bodyTempC = Math.round((v.tempC + 0.2 * exertion + r.normal(0, 0.05)) * 10) / 10;
      msg.sbp = Math.round(v.sbp + 10 * exertion + r.normal(0, 2));
      msg.dbp = Math.round(v.dbp + 4 * exertion + r.normal(0, 1.5));
    }
    return msg;
  }

  private drawPlan(shiftStartMs: number): ShiftPlan {
    const r = this.rng;
    const plan = {
      tagOnMs: shiftStartMs - r.uniform(20, 40) * MINUTE_MS,
      walkInMs: shiftStartMs - r.uniform(0, 10) * MINUTE_MS,
      leaveMs: shiftStartMs + SHIFT_MS + r.uniform(0, 20) * MINUTE_MS,
    };
    // its own stream, so the gates leave the positions' random sequence as it was
    const g = this.gateRng;
    return { ...plan, siteLeadMs: g.uniform(3, 15) * MINUTE_MS, siteIn: false, forgotTag: g.chance(FORGOT_TAG_CHANCE), tailgates: g.chance(TAILGATE_CHANCE) };
  }

  /** Records a pass through the site entrance or the heading's portal gate. */
  private pass(gate: SimGatePass['gate'], direction: SimGatePass['direction'], tsMs: number): void {
    this.passes.push({ sn: this.spec.sn, tunnelId: this.spec.tunnelId, portal: this.portal, gate, direction, tsMs });
  }

  /**
   * A person placed at the start in a shift already under way: their in-passes at the times they were made
   * (before the start: the gates report them as a gate flushes its buffer).
   */
  private passStartedShift(): void {
    this.pass('site', 'in', Math.round(this.plan.tagOnMs - this.plan.siteLeadMs));
    this.plan.siteIn = true;
    if (!this.plan.tailgates) this.pass('portal', 'in', Math.round(this.plan.tagOnMs));
  }

  private switchOn(now: HeadingNow): void {
    this.phase = 'briefing';
    this.targetD = now.depthM - this.rng.uniform(5, 40);
    this.x = this.xOf(this.targetD, now);
    this.moving = false;
  }

  private isEvacuated(tMs: number, iv: StageInterval): boolean {
    if (iv.stage === 'blasting' || iv.stage === 'ventilation') return true;
    if (iv.stage !== 'charging') return false;
    return this.spec.role !== 'blasting' || tMs >= iv.endMs - SHOT_FIRER_RETREAT_MS;
  }

  private needsRetarget(tMs: number, now: HeadingNow): boolean {
    // Evacuation spots near the portal (or a face closer than the clearance) count as far enough.
    if (this.isEvacuated(tMs, now.iv) && this.targetD < Math.min(EVACUATE_MIN_M, now.depthM - 30)) return true;
    if (now.iv.startMs !== this.stageStartMs) {
      this.stageStartMs = now.iv.startMs;
      // Staying evacuated from one stage to the next needs no move.
      return !(this.isEvacuated(tMs, now.iv) && this.targetD >= EVACUATE_MIN_M);
    }
    return tMs >= this.nextRetargetMs;
  }

  private retarget(tMs: number, now: HeadingNow): void {
    const r = this.rng;
    const { iv } = now;
    this.stageStartMs = iv.startMs;
    this.dwellMs = 0;
    this.nextRetargetMs = tMs + r.uniform(3, 15) * MINUTE_MS;
    let d: number;
    let hurry = false;
    if (this.isEvacuated(tMs, iv)) {
      d = r.chance(0.3) ? now.depthM - r.uniform(0, 30) : r.uniform(EVACUATE_MIN_M, EVACUATE_MAX_M);
      hurry = true;
    } else if (this.spec.role === 'lining') {
      d = now.liningBackM + r.uniform(-15, 15);
    } else if (this.spec.role === 'survey') {
      d = r.uniform(0, Math.min(now.depthM, 600));
    } else if (this.driver && iv.stage === 'mucking') {
      this.truckLegToFace = !this.truckLegToFace;
      d = this.truckLegToFace ? r.uniform(5, 20) : now.depthM - r.uniform(0, 20);
      this.dwellMs = (this.truckLegToFace ? r.uniform(2, 4) : r.uniform(1, 2)) * MINUTE_MS;
      this.nextRetargetMs = Number.POSITIVE_INFINITY; // set on arrival
      this.setTarget(d, now, false, true);
      return;
    } else {
      const zone = WORK_ZONE[iv.stage as keyof typeof WORK_ZONE][this.spec.role] ?? [10, 200];
      d = r.uniform(zone[0], zone[1]);
    }
    this.setTarget(d, now, hurry);
  }

  private setTarget(d: number, now: HeadingNow, hurry: boolean, vehicle = false): void {
    const r = this.rng;
    this.targetD = clamp(d, 0.5, now.depthM);
    const distance = Math.abs(this.xOf(this.targetD, now) - this.x);
    if (vehicle || (distance > 300 && r.chance(0.5))) this.speedMps = r.uniform(VEHICLE_MPS[0], VEHICLE_MPS[1]);
    else this.speedMps = hurry ? Math.max(1.3, this.walkMps) : this.walkMps;
  }

  /** Walks to `d` metres back from the face and stays there until `untilMs` (a gathering). */
  gatherAt(d: number, untilMs: number, now: HeadingNow): void {
    this.setTarget(d, now, false);
    this.nextRetargetMs = untilMs;
  }

  /** Helmet tags carry the vitals sensors, fall detection and a Bluetooth link; the others are cap lamps. */
  get helmet(): boolean {
    return this.vitals !== null;
  }

  /** Walks into the face zone for 3–6 minutes (a worker of a team not authorised there). */
  intrude(tMs: number, now: HeadingNow): void {
    this.setTarget(this.rng.uniform(5, 30), now, false);
    this.nextRetargetMs = tMs + this.rng.uniform(3, 6) * MINUTE_MS;
  }

  /** Stays `extraMs` past the end of the shift. */
  stayLonger(extraMs: number): void {
    this.plan = { ...this.plan, leaveMs: this.plan.leaveMs + extraMs };
  }

  /** Distance from the face, m. */
  depthFromFace(now: HeadingNow): number {
    return Math.abs(now.faceM - this.x);
  }

  /** Distance from the portal, m. */
  depthFromPortal(now: HeadingNow): number {
    return Math.abs(this.x - now.portalM);
  }

  private move(tMs: number, dtS: number, now: HeadingNow): void {
    if (this.sosUntilMs > tMs || this.frozenUntilMs > tMs) {
      this.moving = false; // a person in distress stays put
      return;
    }
    const target = this.xOf(this.targetD, now);
    const gap = target - this.x;
    const stepM = this.speedMps * dtS;
    if (Math.abs(gap) <= stepM) {
      if (this.moving && this.dwellMs > 0) this.nextRetargetMs = tMs + this.dwellMs;
      this.x = target;
      this.moving = false;
    } else {
      this.x += Math.sign(gap) * stepM;
      this.moving = true;
    }
    if (this.vitals) {
      const effort = this.moving ? (this.speedMps > 2 ? 5 : 22) : this.targetD < 30 && now.iv.stage !== 'idle' ? 12 : 0;
      const targetHr = this.vitals.hr + effort;
      this.heartRate += (targetHr - this.heartRate) * (1 - Math.exp(-dtS / 60));
    }
  }

  /** Chainage of a point `d` metres back from the face towards this heading's portal. */
  private xOf(d: number, now: HeadingNow): number {
    return now.faceM - now.dir * d;
  }
}

/** All beacons of a project. */
export class PeopleModel {
  private readonly people: Person[] = [];
  private readonly sites = new Map<string, HeadingSite>();
  private readonly now = new Map<string, HeadingNow>();
  private readonly sosRng: Rng;
  private readonly incidentRng: Rng;
  /** Its own stream, so the tag events leave the incidents' random sequence as it was. */
  private readonly tagEventRng: Rng;

  /**
   * @param specs one entry per tag; `headingId` must name a heading in `sites`
   * @throws Error when a tag names an unknown heading
   */
  /** `traffic`: the site's vehicles, which people step aside for (vehicles.ts); absent, no vehicles. */
  constructor(specs: readonly PersonSpec[], sites: readonly HeadingSite[], seed: number, startMs: number, private readonly traffic?: SiteTraffic) {
    for (const s of sites) this.sites.set(s.heading.headingId, s);
    this.refreshHeadings(startMs);
    this.sosRng = Rng.derive(seed, 'sos');
    this.incidentRng = Rng.derive(seed, 'incident');
    this.tagEventRng = Rng.derive(seed, 'tagEvent');
    const perHeading = new Map<string, number>();
    for (const spec of specs) {
      const now = this.now.get(spec.headingId);
      if (!now) throw new Error(`beacon ${spec.sn}: unknown heading ${spec.headingId}`);
      const key = `${spec.headingId}:${spec.role}`;
      const ordinal = perHeading.get(key) ?? 0;
      perHeading.set(key, ordinal + 1);
      this.people.push(new Person(spec, ordinal, seed, startMs, now));
    }
  }

  /** Advances every person by `dtS` seconds to `tMs`. */
  step(tMs: number, dtS: number): void {
    this.refreshHeadings(tMs);
    for (const p of this.people) p.step(tMs, dtS, this.now.get(p.spec.headingId)!);
    if (this.sosRng.chance((dtS * 1000) / SOS_MEAN_INTERVAL_MS)) {
      const candidates = this.people.filter((p) => p.atWork && p.sosUntilMs <= tMs);
      if (candidates.length > 0) this.sosRng.pick(candidates).sosUntilMs = tMs + this.sosRng.uniform(60, 180) * 1_000;
    }
    if (this.incidentRng.chance((dtS * 1000) / INCIDENT_MEAN_INTERVAL_MS)) this.startIncident(this.incidentRng.pick(INCIDENTS), tMs);
    if (this.tagEventRng.chance((dtS * 1000) / TAG_EVENT_MEAN_INTERVAL_MS)) this.startTagEvent(this.tagEventRng.pick(TAG_EVENTS), tMs);
  }

  /**
   * Starts tag event `kind` at `tMs` on a suitable person (a gathering: on 10–12 workers of one heading,
   * behind its lining), if anyone fits.
   * @returns the sns involved (empty when nobody fits now)
   */
  startTagEvent(kind: TagEvent, tMs: number): string[] {
    const r = this.tagEventRng;
    const at = this.people.filter((p) => p.atWork && p.sosUntilMs <= tMs && p.frozenUntilMs <= tMs && p.silentUntilMs <= tMs && p.removedUntilMs <= tMs);
    const minutes = (lo: number, hi: number) => tMs + r.uniform(lo, hi) * MINUTE_MS;
    let candidates: Person[];
    switch (kind) {
      case 'tamper':
        candidates = at;
        break;
      case 'lampFault':
      case 'underVoltage':
        candidates = at.filter((p) => !p.helmet);
        break;
      case 'bluetoothFault':
        candidates = at.filter((p) => p.helmet);
        break;
      case 'gathering': {
        const byHeading = new Map<string, Person[]>();
        for (const p of at) {
          const now = this.now.get(p.spec.headingId)!;
          if (WANDER_STAGES.has(now.iv.stage)) byHeading.set(p.spec.headingId, [...(byHeading.get(p.spec.headingId) ?? []), p]);
        }
        const headings = [...byHeading].filter(([, ps]) => ps.length >= 12);
        if (headings.length === 0) return [];
        const [headingId, ps] = r.pick(headings);
        const now = this.now.get(headingId)!;
        // behind the lining carriage, clear of the face zone and of the portal (where gathering is allowed)
        const d = Math.min(now.liningBackM + r.uniform(40, 80), now.depthM - 80);
        const untilMs = minutes(8, 12);
        const n = 10 + r.int(0, 2);
        const first = r.int(0, ps.length - n);
        const group = ps.slice(first, first + n);
        group.forEach((p, i) => p.gatherAt(d + (i % 4) - 1.5, untilMs, now));
        return group.map((p) => p.spec.sn);
      }
    }
    if (candidates.length === 0) return [];
    const p = r.pick(candidates);
    switch (kind) {
      case 'tamper':
        p.tamperUntilMs = minutes(1, 3);
        break;
      case 'lampFault':
        p.lampFaultUntilMs = minutes(10, 40);
        break;
      case 'bluetoothFault':
        p.bluetoothFaultUntilMs = minutes(5, 20);
        break;
      case 'underVoltage':
        p.sagUntilMs = minutes(5, 15);
        p.sagV = r.uniform(3.3, 3.45);
        break;
    }
    return [p.spec.sn];
  }

  /**
   * Starts incident `kind` on a suitable person at `tMs`, if anyone fits. Falls happen away from the face
   * (beyond the blast clearance, so they never keep anybody at a face about to be blasted).
   * @returns the person's sn, or null when nobody fits now
   */
  startIncident(kind: Incident, tMs: number): string | null {
    const r = this.incidentRng;
    const nowOf = (p: Person) => this.now.get(p.spec.headingId)!;
    const free = (p: Person) => p.atWork && p.sosUntilMs <= tMs && p.frozenUntilMs <= tMs && p.silentUntilMs <= tMs && p.removedUntilMs <= tMs;
    let candidates: Person[];
    switch (kind) {
      case 'intrusion':
        candidates = this.people.filter((p) => free(p) && p.spec.role === 'lining' && WANDER_STAGES.has(nowOf(p).iv.stage));
        break;
      case 'fall':
        candidates = this.people.filter((p) => free(p) && p.depthFromFace(nowOf(p)) >= EVACUATE_MIN_M && p.depthFromPortal(nowOf(p)) > 60);
        break;
      case 'signalLost':
      case 'overtime':
      case 'removed':
        candidates = this.people.filter((p) => free(p) && p.depthFromPortal(nowOf(p)) > 60);
        break;
    }
    if (candidates.length === 0) return null;
    const p = r.pick(candidates);
    switch (kind) {
      case 'intrusion':
        p.intrude(tMs, nowOf(p));
        break;
      case 'fall':
        p.frozenUntilMs = tMs + r.uniform(32, 40) * MINUTE_MS;
        p.frozenSinceMs = tMs;
        // helmets detect most falls themselves (a slump is not always a fall to the sensor)
        if (p.helmet && this.tagEventRng.chance(0.8)) p.fallFlagUntilMs = tMs + this.tagEventRng.uniform(1, 2) * MINUTE_MS;
        break;
      case 'signalLost':
        p.silentUntilMs = tMs + r.uniform(3, 6) * MINUTE_MS;
        break;
      case 'removed':
        // the tag stays where it was taken off (frozen) while it reports not worn
        p.removedUntilMs = tMs + r.uniform(3, 6) * MINUTE_MS;
        p.frozenUntilMs = p.removedUntilMs;
        break;
      case 'overtime':
        p.stayLonger(90 * MINUTE_MS);
        break;
    }
    return p.spec.sn;
  }

  /** The payload of tag `index` at `tsMs`, or null while the tag is off (docked or flat) or its signal is lost. */
  sample(index: number, tsMs: number): BeaconTelemetry | null {
    const p = this.people[index];
    if (!p.publishing || p.silentUntilMs > tsMs) return null;
    const now = this.now.get(p.spec.headingId)!;
    const msg = p.sample(tsMs, now);
    if (this.traffic) msg.chainageM = Math.round(this.traffic.keepClear(msg.tunnelId, msg.chainageM, tsMs, now.tunnelLengthM) * 100) / 100;
    return msg;
  }

  /** The gate passes made since the last call (site entrance and portal gates), oldest first; each is returned once. */
  drainPasses(): SimGatePass[] {
    const out: SimGatePass[] = [];
    for (const p of this.people) {
      if (p.passes.length === 0) continue;
      out.push(...p.passes);
      p.passes.length = 0;
    }
    return out.sort((a, b) => a.tsMs - b.tsMs);
  }

  /** Number of tags. */
  get size(): number {
    return this.people.length;
  }

  private refreshHeadings(tMs: number): void {
    for (const [id, s] of this.sites) {
      const iv = s.cycle.intervalAt(tMs);
      const dir = s.heading.portal === 'entry' ? 1 : -1;
      const portalM = dir === 1 ? 0 : s.tunnelLengthM;
      this.now.set(id, {
        iv,
        faceM: iv.faceM,
        portalM,
        dir,
        depthM: Math.abs(iv.faceM - portalM),
        liningBackM: Math.abs(iv.faceM - s.heading.liningM),
        tunnelLengthM: s.tunnelLengthM,
      });
    }
  }
}

/**
 * Team of a demo tag, read from its position label ("Drilling team, LK-E", see server/seed/demoProject.ts).
 * Labels without a known team give 'general'.
 */
export function roleFromPosition(position: string): Role {
  const p = position.toLowerCase();
  for (const role of ['drilling', 'blasting', 'mucking', 'support', 'lining', 'survey'] as const) {
    if (p.includes(role)) return role;
  }
  return 'general';
}
