import type { BridgeGirderErectorTelemetry, ConstructionElevatorTelemetry, GantryCraneTelemetry, YardCraneTelemetry } from '../../protocol';
import type { SiteWind } from './crane';
import { Rng } from './prng';
import { beijingDayStart } from '../../protocol';
import { beijingHour } from './siteClock';

/**
 * Lifting equipment besides tower cranes (docs/device-protocol.md "Equipment"), stepped once per
 * simulated second, deterministic from the seed. Every machine works between 06:30 and 22:00 Beijing time
 * in jobs (a lift, a girder, a trip) that arrive at random at a daily rate and are separated by idle time.
 * Loads are drawn as a share of the rated value: most 30–80 %, about 1.5 % reach ≥ 90 % and a rare one
 * ≥ 100 % (an operator misjudging a load), so the limits of JGJ 332-2014 fire now and then. Wind is the
 * site's mean with per-machine gusts; no job starts within 10 minutes of a gust ≥ 10.8 m/s.
 */

const OPERATING_FROM_H = 6.5;
const OPERATING_TO_H = 22;
const WIND_STOP_MPS = 10.8;
const WIND_STOP_HOLD_MS = 600_000;

const round = (v: number, digits: number) => Math.round(v * 10 ** digits) / 10 ** digits;

function approach(value: number, target: number, maxStep: number): number {
  const gap = target - value;
  return Math.abs(gap) <= maxStep ? target : value + Math.sign(gap) * maxStep;
}

/** A rated-load share for one job, %: the tower cranes' distribution (crane.ts). */
function loadSharePct(r: Rng): number {
  const u = r.next();
  return u < 0.06 ? r.uniform(12, 30) : u < 0.93 ? r.uniform(30, 80) : u < 0.985 ? r.uniform(80, 90) : u < 0.997 ? r.uniform(90, 100) : r.uniform(100, 106);
}

/**
 * What every machine shares: operating hours, a daily job rate, gusty wind and the wind stop. Subclasses
 * start a job when `ready()` says so and advance it themselves.
 */
abstract class Machine {
  protected readonly rng: Rng;
  protected windMps = 0;
  private gust = 0;
  private lastHighGustMs = Number.NEGATIVE_INFINITY;
  private dayStartMs = 0;
  private jobsPerSecond = 0;
  private pending = 0;

  constructor(
    readonly sn: string,
    private readonly wind: SiteWind,
    seed: number,
    startMs: number,
    private readonly jobsPerDay: [number, number],
  ) {
    this.rng = Rng.derive(seed, `equipment:${sn}`);
    this.planDay(startMs);
  }

  /** Advances wind and the job queue; returns whether a new job may start now. */
  protected tickJobs(tMs: number, dtS: number, busy: boolean): boolean {
    const r = this.rng;
    if (beijingDayStart(tMs) !== this.dayStartMs) this.planDay(tMs);
    const tauS = 8;
    this.gust += (-this.gust * dtS) / tauS + 0.18 * Math.sqrt((2 * dtS) / tauS) * r.normal();
    this.windMps = Math.max(0, this.wind.meanMps * (1 + Math.max(-0.6, this.gust)));
    if (this.windMps >= WIND_STOP_MPS) this.lastHighGustMs = tMs;
    const operating = this.operating(tMs);
    if (operating && r.chance(this.jobsPerSecond * dtS)) this.pending = Math.min(3, this.pending + 1);
    if (busy || this.pending === 0 || !operating || tMs - this.lastHighGustMs < WIND_STOP_HOLD_MS) return false;
    this.pending--;
    return true;
  }

  protected operating(tMs: number): boolean {
    const h = beijingHour(tMs);
    return h >= OPERATING_FROM_H && h < OPERATING_TO_H;
  }

  private planDay(tMs: number): void {
    this.dayStartMs = beijingDayStart(tMs);
    this.jobsPerSecond = this.rng.int(this.jobsPerDay[0], this.jobsPerDay[1]) / ((OPERATING_TO_H - OPERATING_FROM_H) * 3600);
  }
}

type LiftPhase = 'toPick' | 'rigging' | 'hoist' | 'carry' | 'lower' | 'unrigging' | 'return';

/** A rail-mounted gantry crane in a precast or storage yard: pick, hoist, travel along the rails, set down. */
export class GantryCraneModel extends Machine {
  private static readonly RATED_T = 50;
  private static readonly SPAN_M = 30;
  private static readonly RAIL_M = 300;
  private loadT = 0;
  private hookM = 10;
  private trolleyM: number;
  private travelM: number;
  private phase: LiftPhase | null = null;
  private target = { trolley: 0, travel: 0, load: 0, waitUntil: 0 };

  constructor(sn: string, wind: SiteWind, seed: number, startMs: number) {
    super(sn, wind, seed, startMs, [15, 40]);
    this.trolleyM = this.rng.uniform(2, GantryCraneModel.SPAN_M - 2);
    this.travelM = this.rng.uniform(10, GantryCraneModel.RAIL_M - 10);
  }

  step(tMs: number, dtS: number): void {
    const r = this.rng;
    if (this.tickJobs(tMs, dtS, this.phase !== null)) {
      this.phase = 'toPick';
      this.target = { trolley: r.uniform(2, GantryCraneModel.SPAN_M - 2), travel: r.uniform(10, GantryCraneModel.RAIL_M - 10), load: (loadSharePct(r) / 100) * GantryCraneModel.RATED_T, waitUntil: 0 };
    }
    const t = this.target;
    const move = (trolley: number, travel: number, hook: number) => {
      this.trolleyM = approach(this.trolleyM, trolley, 0.5 * dtS);
      this.travelM = approach(this.travelM, travel, 0.8 * dtS);
      this.hookM = approach(this.hookM, hook, (this.loadT > 0 ? 0.1 : 0.2) * dtS);
      return this.trolleyM === trolley && this.travelM === travel && this.hookM === hook;
    };
    switch (this.phase) {
      case 'toPick':
        if (move(t.trolley, t.travel, 1)) [this.phase, t.waitUntil] = ['rigging', tMs + r.uniform(60, 180) * 1000];
        break;
      case 'rigging':
        if (tMs >= t.waitUntil) [this.phase, this.loadT] = ['hoist', t.load];
        break;
      case 'hoist':
        if (move(this.trolleyM, this.travelM, 8)) [this.phase, t.trolley, t.travel] = ['carry', r.uniform(2, GantryCraneModel.SPAN_M - 2), r.uniform(10, GantryCraneModel.RAIL_M - 10)];
        break;
      case 'carry':
        if (move(t.trolley, t.travel, 8)) this.phase = 'lower';
        break;
      case 'lower':
        if (move(t.trolley, t.travel, 1)) [this.phase, t.waitUntil] = ['unrigging', tMs + r.uniform(40, 120) * 1000];
        break;
      case 'unrigging':
        if (tMs >= t.waitUntil) [this.phase, this.loadT] = ['return', 0];
        break;
      case 'return':
        if (move(this.trolleyM, this.travelM, 10)) this.phase = null;
        break;
      default:
        break;
    }
  }

  /** The telemetry payload at `tsMs`; rail clamps hold whenever the crane is not on a job. */
  sample(tsMs: number): GantryCraneTelemetry {
    const load = this.loadT > 0 ? Math.max(0, this.loadT * (1 + this.rng.normal(0, 0.005))) : 0;
    return {
      ts: tsMs,
      loadT: round(load, 2),
      loadPct: round((load / GantryCraneModel.RATED_T) * 100, 1),
      hookHeightM: round(this.hookM, 1),
      trolleyPosM: round(this.trolleyM, 1),
      travelPosM: round(this.travelM, 1),
      windSpeedMps: round(this.windMps, 1),
      railClamp: this.phase === null,
    };
  }
}

type ErectorPhase = 'feeding' | 'hoist' | 'carry' | 'lower' | 'release' | 'launch';

/**
 * A bridge girder erector on the deck: each job places one precast girder (front and rear trolley pick it
 * up together, carry it forward, lower it onto the bearings); after every 6–10 girders the erector
 * launches one span forward with no load.
 */
export class BridgeGirderErectorModel extends Machine {
  private static readonly RATED_T = 100;
  private static readonly SPAN_M = 40;
  private frontT = 0;
  private rearT = 0;
  private frontHookM = 2;
  private rearHookM = 2;
  private travelM = 0;
  private level: number;
  private phase: ErectorPhase | null = null;
  private girders = 0;
  private girdersPerSpan: number;
  private job = { frontT: 0, rearT: 0, until: 0, launchTo: 0 };

  constructor(sn: string, wind: SiteWind, seed: number, startMs: number) {
    super(sn, wind, seed, startMs, [4, 10]);
    this.level = this.rng.uniform(0.02, 0.06);
    this.girdersPerSpan = this.rng.int(6, 10);
    this.travelM = this.rng.int(2, 8) * BridgeGirderErectorModel.SPAN_M;
  }

  step(tMs: number, dtS: number): void {
    const r = this.rng;
    if (this.tickJobs(tMs, dtS, this.phase !== null)) {
      if (this.girders >= this.girdersPerSpan) {
        this.phase = 'launch';
        this.job.launchTo = this.travelM + BridgeGirderErectorModel.SPAN_M;
      } else {
        const pct = loadSharePct(r) / 100;
        // The girder's weight splits unevenly between the trolleys (its centre of gravity is off-centre).
        const split = r.uniform(0.45, 0.55);
        this.job = { ...this.job, frontT: pct * BridgeGirderErectorModel.RATED_T * 2 * split, rearT: pct * BridgeGirderErectorModel.RATED_T * 2 * (1 - split), until: tMs + r.uniform(300, 600) * 1000 };
        this.phase = 'feeding';
      }
    }
    const hooks = (h: number) => {
      const v = (this.frontT > 0 ? 0.05 : 0.15) * dtS;
      this.frontHookM = approach(this.frontHookM, h, v);
      this.rearHookM = approach(this.rearHookM, h, v);
      return this.frontHookM === h && this.rearHookM === h;
    };
    switch (this.phase) {
      case 'feeding':
        if (tMs >= this.job.until) [this.phase, this.frontT, this.rearT] = ['hoist', this.job.frontT, this.job.rearT];
        break;
      case 'hoist':
        if (hooks(3)) [this.phase, this.job.until] = ['carry', tMs + r.uniform(600, 1200) * 1000];
        break;
      case 'carry':
        if (tMs >= this.job.until) this.phase = 'lower';
        break;
      case 'lower':
        if (hooks(-6)) [this.phase, this.job.until] = ['release', tMs + r.uniform(300, 600) * 1000];
        break;
      case 'release':
        if (tMs >= this.job.until) {
          [this.frontT, this.rearT] = [0, 0];
          if (hooks(2)) [this.phase, this.girders] = [null, this.girders + 1];
        }
        break;
      case 'launch':
        this.travelM = approach(this.travelM, this.job.launchTo, 0.05 * dtS);
        if (this.travelM === this.job.launchTo) [this.phase, this.girders] = [null, 0];
        break;
      default:
        break;
    }
  }

  /** The telemetry payload at `tsMs`; the girder goes out of level with the load imbalance and while launching. */
  sample(tsMs: number): BridgeGirderErectorTelemetry {
    const r = this.rng;
    const rated = BridgeGirderErectorModel.RATED_T;
    const front = this.frontT > 0 ? this.frontT * (1 + r.normal(0, 0.005)) : 0;
    const rear = this.rearT > 0 ? this.rearT * (1 + r.normal(0, 0.005)) : 0;
    const levelness = Math.abs(this.level + (0.04 * (front - rear)) / rated + (this.phase === 'launch' ? 0.05 : 0) + r.normal(0, 0.005));
    return {
      ts: tsMs,
      frontLoadT: round(Math.max(0, front), 1),
      frontLoadPct: round((Math.max(0, front) / rated) * 100, 1),
      rearLoadT: round(Math.max(0, rear), 1),
      rearLoadPct: round((Math.max(0, rear) / rated) * 100, 1),
      frontHookHeightM: round(this.frontHookM, 2),
      rearHookHeightM: round(this.rearHookM, 2),
      windSpeedMps: round(this.windMps, 1),
      levelnessDeg: round(Math.min(10, levelness), 2),
      travelPosM: round(this.travelM, 1),
    };
  }
}

/** A crawler or truck crane in the yard: lifts at a radius set by luffing the boom. */
export class YardCraneModel extends Machine {
  private readonly maxLoadT: number;
  private readonly boomM: number;
  private angleDeg = 70;
  private loadT = 0;
  private outriggers: boolean;
  private phase: LiftPhase | null = null;
  private job = { angle: 0, load: 0, until: 0 };
  private readonly baseTilt: number;

  constructor(
    sn: string,
    readonly craneType: 'crawler' | 'truck',
    wind: SiteWind,
    seed: number,
    startMs: number,
  ) {
    super(sn, wind, seed, startMs, [15, 40]);
    this.maxLoadT = craneType === 'crawler' ? 80 : 25;
    this.boomM = craneType === 'crawler' ? 42 : 30;
    this.outriggers = craneType === 'crawler';
    this.baseTilt = this.rng.uniform(0.02, 0.06);
  }

  /** Rated load at radius r, t (a simplified constant-moment chart from 3 m). */
  private rated(radiusM: number): number {
    return Math.min(this.maxLoadT, (this.maxLoadT * 6) / Math.max(radiusM, 1));
  }

  private radius(): number {
    return this.boomM * Math.cos((this.angleDeg * Math.PI) / 180);
  }

  step(tMs: number, dtS: number): void {
    const r = this.rng;
    if (this.tickJobs(tMs, dtS, this.phase !== null)) {
      const angle = r.uniform(30, 78);
      const radiusM = this.boomM * Math.cos((angle * Math.PI) / 180);
      this.job = { angle, load: (loadSharePct(r) / 100) * this.rated(radiusM), until: 0 };
      this.phase = 'toPick';
    }
    // A truck crane stands on its outriggers for the whole working day, and lifts up at night.
    if (this.craneType === 'truck') this.outriggers = this.operating(tMs) || this.phase !== null;
    const luff = (angle: number) => (this.angleDeg = approach(this.angleDeg, angle, 0.5 * dtS)) === angle;
    switch (this.phase) {
      case 'toPick':
        if (luff(this.job.angle)) [this.phase, this.job.until] = ['rigging', tMs + r.uniform(60, 180) * 1000];
        break;
      case 'rigging':
        if (tMs >= this.job.until) [this.phase, this.loadT, this.job.until] = ['carry', this.job.load, tMs + r.uniform(180, 480) * 1000];
        break;
      case 'carry':
        if (tMs >= this.job.until) [this.phase, this.job.until] = ['unrigging', tMs + r.uniform(40, 120) * 1000];
        break;
      case 'unrigging':
        if (tMs >= this.job.until) [this.phase, this.loadT] = ['return', 0];
        break;
      case 'return':
        if (luff(70)) this.phase = null;
        break;
      default:
        break;
    }
  }

  /** The telemetry payload at `tsMs`. */
  sample(tsMs: number): YardCraneTelemetry {
    const r = this.rng;
    const radiusM = this.radius();
    const load = this.loadT > 0 ? Math.max(0, this.loadT * (1 + r.normal(0, 0.005))) : 0;
    const momentPct = (load / this.rated(radiusM)) * 100;
    const tilt = Math.abs(this.baseTilt + 0.06 * (momentPct / 100) + 0.003 * this.windMps + r.normal(0, 0.004));
    return {
      ts: tsMs,
      craneType: this.craneType,
      loadT: round(load, 2),
      radiusM: round(radiusM, 1),
      boomAngleDeg: round(this.angleDeg, 1),
      boomLengthM: this.boomM,
      momentPct: round(momentPct, 1),
      outriggersSet: this.outriggers,
      tiltDeg: round(tilt, 3),
      windSpeedMps: round(this.windMps, 1),
    };
  }
}

interface Cage {
  floor: number;
  heightM: number;
  targetFloor: number;
  speed: number;
  occupants: number;
  cargoT: number;
  doorUntilMs: number;
  limitUntilMs: number;
  driverCard: string | null;
}

/**
 * A twin-cage construction elevator at a shaft or building: each cage carries crews and material between
 * floors (3 m apart), stops with its door open, and rarely trips a limit switch (an over-travel held
 * for half a minute). Drivers log in with their card for the operating hours.
 */
export class ConstructionElevatorModel extends Machine {
  private static readonly RATED_T = 2;
  private static readonly FLOOR_M = 3;
  private static readonly SPEED_MPS = 0.6;
  private readonly floors: number;
  private readonly cages: [Cage, Cage];

  constructor(sn: string, wind: SiteWind, seed: number, startMs: number) {
    super(sn, wind, seed, startMs, [150, 250]);
    this.floors = this.rng.int(12, 30);
    const cage = (): Cage => ({ floor: 0, heightM: 0, targetFloor: 0, speed: 0, occupants: 0, cargoT: 0, doorUntilMs: 0, limitUntilMs: 0, driverCard: null });
    this.cages = [cage(), cage()];
  }

  step(tMs: number, dtS: number): void {
    const r = this.rng;
    const arrived = (c: Cage) => c.heightM === c.targetFloor * ConstructionElevatorModel.FLOOR_M;
    const idle = this.cages.find((c) => arrived(c) && tMs >= c.doorUntilMs && tMs >= c.limitUntilMs);
    if (this.tickJobs(tMs, dtS, idle === undefined) && idle) {
      // A trip: from the ground up with a crew or material, or back down nearly empty.
      const up = idle.floor === 0;
      idle.targetFloor = up ? r.int(1, this.floors) : 0;
      const share = up ? loadSharePct(r) / 100 : r.uniform(0, 0.15);
      idle.occupants = up ? r.int(0, 12) : r.int(0, 3);
      idle.cargoT = Math.max(0, share * ConstructionElevatorModel.RATED_T - idle.occupants * 0.075);
    }
    const operating = this.operating(tMs);
    this.cages.forEach((c, i) => {
      // The driver's card is in the cage's reader while the cage works (or is still up the mast).
      c.driverCard = operating || c.floor !== 0 ? `DC-${this.sn}-${i + 1}` : null;
      if (tMs < c.doorUntilMs || tMs < c.limitUntilMs || arrived(c)) {
        c.speed = 0;
        return;
      }
      const goal = c.targetFloor * ConstructionElevatorModel.FLOOR_M;
      const next = approach(c.heightM, goal, ConstructionElevatorModel.SPEED_MPS * dtS);
      c.speed = (next - c.heightM) / dtS;
      c.heightM = next;
      c.floor = Math.round(c.heightM / ConstructionElevatorModel.FLOOR_M);
      if (c.heightM === goal) {
        c.floor = c.targetFloor;
        c.speed = 0;
        c.doorUntilMs = tMs + r.uniform(20, 60) * 1000;
        // Unloaded at the floor: the crew and material leave the cage.
        if (c.floor !== 0) [c.occupants, c.cargoT] = [0, 0];
        if (r.chance(0.003)) c.limitUntilMs = tMs + 30_000;
      }
    });
  }

  private cage(c: Cage, tsMs: number) {
    const load = c.occupants * 0.075 + c.cargoT;
    return {
      LoadT: round(load, 2),
      LoadPct: round((load / ConstructionElevatorModel.RATED_T) * 100, 1),
      HeightM: round(c.heightM, 1),
      Floor: c.floor,
      SpeedMps: round(c.speed, 2),
      DoorOpen: tsMs < c.doorUntilMs,
      Occupants: c.occupants,
      LimitSwitch: tsMs < c.limitUntilMs,
      TiltDeg: round(Math.abs(0.03 + 0.02 * (load / ConstructionElevatorModel.RATED_T) + this.rng.normal(0, 0.003)), 3),
      DriverCard: c.driverCard,
    };
  }

  /** The telemetry payload at `tsMs`. */
  sample(tsMs: number): ConstructionElevatorTelemetry {
    const [l, r] = [this.cage(this.cages[0], tsMs), this.cage(this.cages[1], tsMs)];
    return {
      ts: tsMs,
      leftLoadT: l.LoadT,
      leftLoadPct: l.LoadPct,
      leftHeightM: l.HeightM,
      leftFloor: l.Floor,
      leftSpeedMps: l.SpeedMps,
      leftDoorOpen: l.DoorOpen,
      leftOccupants: l.Occupants,
      leftLimitSwitch: l.LimitSwitch,
      leftTiltDeg: l.TiltDeg,
      leftDriverCard: l.DriverCard,
      rightLoadT: r.LoadT,
      rightLoadPct: r.LoadPct,
      rightHeightM: r.HeightM,
      rightFloor: r.Floor,
      rightSpeedMps: r.SpeedMps,
      rightDoorOpen: r.DoorOpen,
      rightOccupants: r.Occupants,
      rightLimitSwitch: r.LimitSwitch,
      rightTiltDeg: r.TiltDeg,
      rightDriverCard: r.DriverCard,
      windSpeedMps: round(this.windMps, 1),
    };
  }
}
