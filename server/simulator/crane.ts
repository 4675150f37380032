import { beijingDayStart, type TowerCraneTelemetry } from '../../protocol';
import { Rng } from './prng';
import { HOUR_MS, MINUTE_MS, beijingHour } from './siteClock';

/**
 * Tower cranes in the portal yards, stepped once per simulated second (docs/domain.md "Cranes and elevators").
 * Each crane does 20–60 lifts a day between 06:30 and 22:00 Beijing time. A lift: slew and trolley to the
 * pick point, rig, hoist, slew to the drop point, lower, unrig, hook up. The load of a lift is chosen as a
 * share of the rated load at the furthest radius of its path: most lifts 30–80 %, about 1.5 % reach ≥ 90 %
 * and a rare one ≥ 100 % (an operator misjudging a load). Wind is a site-wide mean with a diurnal swing,
 * rare windy spells, and per-crane gusts; no lift starts within 10 minutes of a gust ≥ 10.8 m/s.
 */

/** Rated figures of one crane (a simplified constant-moment load chart). */
export interface TowerCraneSpec {
  sn: string;
  /** Jib length, m: the largest trolley radius. */
  jibM: number;
  /** Largest load on the hook, t. */
  maxLoadT: number;
  /** Rated load moment, t·m: rated load at radius r is min(maxLoadT, ratedMomentTm / r). */
  ratedMomentTm: number;
  /** Height under the hook at the top, m. */
  underHookM: number;
}

/** The demo yard cranes: a QTZ125-class (60 m jib) and a QTZ80-class (56 m jib), simplified charts. */
export const DEMO_CRANE_SPECS: Record<string, Omit<TowerCraneSpec, 'sn'>> = {
  'TC-01': { jibM: 60, maxLoadT: 8, ratedMomentTm: 100, underHookM: 40 },
  'TC-02': { jibM: 56, maxLoadT: 6, ratedMomentTm: 80, underHookM: 35 },
};

/** Spec for a crane sn, falling back to the QTZ80 figures for sns the table does not list. */
export function craneSpecFor(sn: string): TowerCraneSpec {
  return { sn, ...(DEMO_CRANE_SPECS[sn] ?? DEMO_CRANE_SPECS['TC-02']) };
}

/** Rated load at radius `radiusM`, t. */
export function ratedLoadT(spec: TowerCraneSpec, radiusM: number): number {
  return Math.min(spec.maxLoadT, spec.ratedMomentTm / Math.max(radiusM, 1));
}

/** Gusts at or above this stop lifting (docs/domain.md: Beaufort 6, wind stoppages at ≥ 10.8 m/s). */
export const WIND_STOP_MPS = 10.8;
const WIND_STOP_HOLD_MS = 10 * MINUTE_MS;
const OPERATING_FROM_H = 6.5;
const OPERATING_TO_H = 22;
const SLEW_DEG_PER_S = 3.6; // 0.6 rpm
const TROLLEY_MPS = 0.6;
const HOIST_LOADED_MPS = 0.5;
const HOIST_EMPTY_MPS = 1.0;
const MAX_PENDING_LIFTS = 3;

/** Site-wide mean wind: an Ornstein–Uhlenbeck process around a diurnal mean, with rare windy spells. */
export class SiteWind {
  private readonly rng: Rng;
  meanMps: number;
  private spellUntilMs = 0;
  private spellBoostMps = 0;

  constructor(seed: number) {
    this.rng = Rng.derive(seed, 'wind');
    this.meanMps = this.rng.uniform(2, 4);
  }

  step(tMs: number, dtS: number): void {
    const r = this.rng;
    // Windy spells: about one every two days, 1–3 h, 4–7 m/s stronger.
    if (tMs >= this.spellUntilMs) {
      this.spellBoostMps = 0;
      if (r.chance((dtS * 1000) / (48 * HOUR_MS))) {
        this.spellUntilMs = tMs + r.uniform(1, 3) * HOUR_MS;
        this.spellBoostMps = r.uniform(4, 7);
      }
    }
    // Afternoon winds are stronger than night winds.
    const diurnal = 3 + 1.2 * Math.sin((2 * Math.PI * (beijingHour(tMs) - 9)) / 24);
    const tauS = 1800;
    const sd = 1.0;
    this.meanMps += ((diurnal + this.spellBoostMps - this.meanMps) * dtS) / tauS + sd * Math.sqrt((2 * dtS) / tauS) * r.normal();
    this.meanMps = Math.max(0.3, this.meanMps);
  }
}

type LiftPhase = 'toPick' | 'rigging' | 'hoist' | 'travel' | 'lower' | 'unrigging' | 'return';

interface Lift {
  phase: LiftPhase;
  loadT: number;
  pickDeg: number;
  pickR: number;
  pickH: number;
  dropDeg: number;
  dropR: number;
  dropH: number;
  travelH: number;
  parkH: number;
  waitUntilMs: number;
}

/** Moves `value` towards `target` by at most `maxStep`; returns the new value. */
function approach(value: number, target: number, maxStep: number): number {
  const gap = target - value;
  return Math.abs(gap) <= maxStep ? target : value + Math.sign(gap) * maxStep;
}

/** Shortest signed angle from `from` to `to`, degrees in (−180, 180]. */
function angleGap(from: number, to: number): number {
  const d = (((to - from) % 360) + 540) % 360 - 180;
  return d === -180 ? 180 : d;
}

/** One tower crane. */
export class TowerCrane {
  readonly spec: TowerCraneSpec;
  private readonly rng: Rng;
  private readonly wind: SiteWind;
  private readonly baseTiltDeg: number;
  private rotationDeg: number;
  private radiusM: number;
  private heightM: number;
  private gust = 0;
  private windMps = 0;
  private lastHighGustMs = Number.NEGATIVE_INFINITY;
  private loadT = 0;
  private lift: Lift | null = null;
  private pending = 0;
  private dayStartMs = 0;
  private liftsPerSecond = 0;
  /** Its own stream, so the statuses leave the lifts' random sequence as it was. */
  private readonly statusRng: Rng;
  /** Until when each safety-monitor status is on (ms). */
  private readonly statusUntil = { antiCollision: 0, limitSwitch: 0, restrictedZone: 0 };

  constructor(spec: TowerCraneSpec, wind: SiteWind, seed: number, startMs: number) {
    this.spec = spec;
    this.wind = wind;
    this.rng = Rng.derive(seed, `crane:${spec.sn}`);
    this.statusRng = Rng.derive(seed, `crane-status:${spec.sn}`);
    this.baseTiltDeg = this.rng.uniform(0.02, 0.06);
    this.rotationDeg = this.rng.uniform(0, 360);
    this.radiusM = this.rng.uniform(10, 20);
    this.heightM = spec.underHookM - this.rng.uniform(3, 8);
    this.planDay(startMs);
  }

  step(tMs: number, dtS: number): void {
    const r = this.rng;
    if (beijingDayStart(tMs) !== this.dayStartMs) this.planDay(tMs);
    const hour = beijingHour(tMs);
    const operating = hour >= OPERATING_FROM_H && hour < OPERATING_TO_H;

    const tauS = 8;
    this.gust += (-this.gust * dtS) / tauS + 0.18 * Math.sqrt((2 * dtS) / tauS) * r.normal();
    this.windMps = Math.max(0, this.wind.meanMps * (1 + Math.max(-0.6, this.gust)));
    if (this.windMps >= WIND_STOP_MPS) this.lastHighGustMs = tMs;

    if (operating && r.chance(this.liftsPerSecond * dtS)) this.pending = Math.min(MAX_PENDING_LIFTS, this.pending + 1);
    const windStopped = tMs - this.lastHighGustMs < WIND_STOP_HOLD_MS;
    if (!this.lift && this.pending > 0 && operating && !windStopped) {
      this.pending--;
      this.lift = this.planLift();
    }
    if (this.lift) {
      this.advanceLift(this.lift, tMs, dtS);
      // During lifts, now and then: anti-collision slows a slew towards the neighbouring crane (about one
      // lift in 20), the hook swings into a restricted zone, a limit switch trips at the end of a travel.
      const s = this.statusRng;
      const u = this.statusUntil;
      if (tMs >= u.antiCollision && s.chance(dtS / 3_600)) u.antiCollision = tMs + s.uniform(10, 30) * 1_000;
      if (tMs >= u.restrictedZone && s.chance(dtS / 10_800)) u.restrictedZone = tMs + s.uniform(15, 40) * 1_000;
      if (tMs >= u.limitSwitch && s.chance(dtS / 14_400)) u.limitSwitch = tMs + s.uniform(5, 20) * 1_000;
    }
  }

  /** The telemetry payload at `tsMs`. */
  sample(tsMs: number): TowerCraneTelemetry {
    const r = this.rng;
    const load = this.loadT > 0 ? Math.max(0, this.loadT * (1 + r.normal(0, 0.005))) : 0;
    const momentPct = (load / ratedLoadT(this.spec, this.radiusM)) * 100;
    const tilt =
      this.baseTiltDeg +
      0.05 * (momentPct / 100) * Math.cos((this.rotationDeg * Math.PI) / 180) +
      0.003 * this.windMps +
      r.normal(0, 0.004);
    return {
      ts: tsMs,
      radiusM: Math.round(this.radiusM * 10) / 10,
      rotationDeg: (Math.round(this.rotationDeg * 10) / 10) % 360, // 359.96 rounds to 0, not 360
      heightM: Math.round(this.heightM * 10) / 10,
      momentPct: Math.round(momentPct * 10) / 10,
      loadT: Math.round(load * 100) / 100,
      tiltDeg: Math.round(tilt * 1000) / 1000,
      windSpeedMps: Math.round(this.windMps * 10) / 10,
      antiCollision: tsMs < this.statusUntil.antiCollision,
      limitSwitch: tsMs < this.statusUntil.limitSwitch,
      restrictedZone: tsMs < this.statusUntil.restrictedZone,
    };
  }

  private planDay(tMs: number): void {
    this.dayStartMs = beijingDayStart(tMs);
    const lifts = this.rng.int(20, 60);
    this.liftsPerSecond = lifts / ((OPERATING_TO_H - OPERATING_FROM_H) * 3600);
  }

  private planLift(): Lift {
    const r = this.rng;
    const s = this.spec;
    const pickR = r.uniform(8, s.jibM - 2);
    const dropR = r.uniform(8, s.jibM - 2);
    const u = r.next();
    const pct =
      u < 0.06 ? r.uniform(12, 30) : u < 0.93 ? r.uniform(30, 80) : u < 0.985 ? r.uniform(80, 90) : u < 0.997 ? r.uniform(90, 100) : r.uniform(100, 106);
    return {
      phase: 'toPick',
      loadT: (pct / 100) * ratedLoadT(s, Math.max(pickR, dropR)),
      pickDeg: r.uniform(0, 360),
      pickR,
      pickH: r.uniform(0, 3),
      dropDeg: r.uniform(0, 360),
      dropR,
      dropH: r.uniform(0, 25),
      travelH: s.underHookM - r.uniform(3, 10),
      parkH: s.underHookM - r.uniform(3, 8),
      waitUntilMs: 0,
    };
  }

  private advanceLift(l: Lift, tMs: number, dtS: number): void {
    const r = this.rng;
    const hoistMps = this.loadT > 0 ? HOIST_LOADED_MPS : HOIST_EMPTY_MPS;
    const moveTo = (deg: number, radius: number, height: number): boolean => {
      const gap = angleGap(this.rotationDeg, deg);
      const slew = Math.abs(gap) <= SLEW_DEG_PER_S * dtS ? gap : Math.sign(gap) * SLEW_DEG_PER_S * dtS;
      this.rotationDeg = (this.rotationDeg + slew + 360) % 360;
      this.radiusM = approach(this.radiusM, radius, TROLLEY_MPS * dtS);
      this.heightM = approach(this.heightM, height, hoistMps * dtS);
      return Math.abs(angleGap(this.rotationDeg, deg)) < 0.05 && this.radiusM === radius && this.heightM === height;
    };
    switch (l.phase) {
      case 'toPick':
        if (moveTo(l.pickDeg, l.pickR, l.pickH)) {
          l.phase = 'rigging';
          l.waitUntilMs = tMs + r.uniform(60, 180) * 1_000;
        }
        break;
      case 'rigging':
        if (tMs >= l.waitUntilMs) {
          l.phase = 'hoist';
          this.loadT = l.loadT;
        }
        break;
      case 'hoist':
        if (moveTo(this.rotationDeg, this.radiusM, l.travelH)) l.phase = 'travel';
        break;
      case 'travel':
        if (moveTo(l.dropDeg, l.dropR, l.travelH)) l.phase = 'lower';
        break;
      case 'lower':
        if (moveTo(l.dropDeg, l.dropR, l.dropH)) {
          l.phase = 'unrigging';
          l.waitUntilMs = tMs + r.uniform(40, 120) * 1_000;
        }
        break;
      case 'unrigging':
        if (tMs >= l.waitUntilMs) {
          l.phase = 'return';
          this.loadT = 0;
        }
        break;
      case 'return':
        if (moveTo(this.rotationDeg, this.radiusM, l.parkH)) this.lift = null;
        break;
    }
  }
}
