import { GAS_MAX, type GasCode, type Heading } from '../../protocol';
import type { HeadingCycle, StageInterval } from './cycle';
import { Rng } from './prng';
import { HOUR_MS, MINUTE_MS } from './siteClock';

/**
 * Tunnel air at one gas station, as a pure function of the heading's cycle and time (plus seeded sensor
 * noise). Baselines follow the "normal" column of docs/domain.md "Tunnel air". A blast releases a plume that
 * rises within a minute at the face and decays with the blast's time constant; the lining carriage and
 * the portal see it later (carried back by the return air), diluted and smeared. Mucking adds diesel
 * exhaust, shotcreting during initial support adds dust.
 */
export type StationKind = 'face' | 'lining' | 'portal';

/** Where a station sits and what it measures. */
export interface GasStationSpec {
  sn: string;
  station: StationKind;
  gases: readonly GasCode[];
  heading: Heading;
  tunnelLengthM: number;
}

/** Readings keyed by gas, in the units of GAS_UNIT. */
export type GasReadings = Partial<Record<GasCode, number>>;

/** How a plume reaches a station: share of the face concentration, travel delay, rise and extra decay. */
interface Transport {
  share: number;
  dustShare: number;
  riseMs: number;
  extraDecayMs: number;
  /** Share of diesel exhaust and shotcrete dust the station sees (vehicles drive past every station). */
  activityShare: number;
}

const TRANSPORT: Record<StationKind, Transport> = {
  face: { share: 1, dustShare: 1, riseMs: 1 * MINUTE_MS, extraDecayMs: 0, activityShare: 1 },
  lining: { share: 0.3, dustShare: 0.15, riseMs: 3 * MINUTE_MS, extraDecayMs: 3 * MINUTE_MS, activityShare: 0.5 },
  portal: { share: 0.04, dustShare: 0.02, riseMs: 10 * MINUTE_MS, extraDecayMs: 15 * MINUTE_MS, activityShare: 0.2 },
};

/** Return-air speed along the bore (forced ventilation, typical 0.25–0.5 m/s): sets the plume's delay. */
const RETURN_AIR_MPS = 0.4;
/** Plumes older than this no longer matter, even at the portal. */
const PLUME_HORIZON_MS = 6 * HOUR_MS;

/** Per-blast release of the other gases relative to its CO (emulsion explosive fumes, approximate). */
const BLAST_PER_CO: Partial<Record<GasCode, number>> = {
  O2: -0.001, // 400 ppm CO comes with a ~0.4 %vol O2 dip: "O2 dips slightly"
  CO2: 0.0005,
  NH3: 0.015,
  H2S: 0.0015,
  SO2: 0.001,
  H2: 0.00005,
};

/** Diesel exhaust at the face while mucking, per unit of stage intensity. */
const DIESEL: Partial<Record<GasCode, number>> = { CO: 4.5, NO2: 0.4, CO2: 0.03, acrolein: 0.05, dust: 0.8 };
const DIESEL_LAG_MS = 5 * MINUTE_MS;
/** Shotcrete dust at the face during initial support, mg/m³ per unit of intensity. */
const SHOTCRETE_DUST_MGM3 = 3;
/** Wet drilling raises a little dust. */
const DRILLING_DUST_MGM3 = 0.5;
const ACTIVITY_LAG_MS = 4 * MINUTE_MS;

/** Baseline ranges by station ("normal" column of docs/domain.md; the face is slightly dirtier). */
const BASELINE: Record<GasCode, Record<StationKind, [number, number]>> = {
  CO: { face: [1.5, 3], lining: [1, 2.5], portal: [0.5, 1.5] },
  H2S: { face: [0, 0.2], lining: [0, 0.15], portal: [0, 0.1] },
  NH3: { face: [0.3, 1.5], lining: [0.2, 1.2], portal: [0.1, 0.8] },
  O2: { face: [20.75, 20.9], lining: [20.8, 20.95], portal: [20.85, 20.95] },
  CH4: { face: [0.005, 0.03], lining: [0.003, 0.02], portal: [0, 0.01] },
  H2: { face: [0, 0.005], lining: [0, 0.003], portal: [0, 0.002] },
  CO2: { face: [0.06, 0.09], lining: [0.05, 0.08], portal: [0.04, 0.06] },
  dust: { face: [0.8, 1.6], lining: [0.6, 1.3], portal: [0.5, 1.0] },
  NO2: { face: [0.1, 0.3], lining: [0.08, 0.25], portal: [0.05, 0.15] },
  SO2: { face: [0, 0.1], lining: [0, 0.08], portal: [0, 0.05] },
  acrolein: { face: [0, 0.02], lining: [0, 0.015], portal: [0, 0.01] },
};

/** Sensor noise: a floor plus a share of the reading (electrochemical cells are ± a few % of reading). */
const NOISE: Record<GasCode, [floor: number, relative: number]> = {
  CO: [0.2, 0.02],
  H2S: [0.04, 0.03],
  NH3: [0.15, 0.03],
  O2: [0.02, 0],
  CH4: [0.003, 0.02],
  H2: [0.001, 0.02],
  CO2: [0.003, 0.02],
  dust: [0.05, 0.05],
  NO2: [0.02, 0.03],
  SO2: [0.02, 0.03],
  acrolein: [0.003, 0.03],
};

/** Decimals published per gas (what a station display shows). */
const DECIMALS: Record<GasCode, number> = {
  CO: 1, H2S: 2, NH3: 1, O2: 2, CH4: 3, H2: 3, CO2: 3, dust: 2, NO2: 2, SO2: 2, acrolein: 3,
};

/** O2 stays within what tunnel air can physically hold (no oxygen source underground). */
const O2_RANGE: [number, number] = [17, 21.2];

/** Response of a first-order lag to a box input that was on during [startMs, endMs). */
function boxLag(tMs: number, startMs: number, endMs: number, tauMs: number): number {
  if (tMs <= startMs) return 0;
  if (tMs < endMs) return 1 - Math.exp(-(tMs - startMs) / tauMs);
  return (1 - Math.exp(-(endMs - startMs) / tauMs)) * Math.exp(-(tMs - endMs) / tauMs);
}

/** Plume shape after a release: rises with `riseMs`, decays with `decayMs`; 0 before arrival. */
function plume(sinceMs: number, riseMs: number, decayMs: number): number {
  if (sinceMs <= 0) return 0;
  return (1 - Math.exp(-sinceMs / riseMs)) * Math.exp(-sinceMs / decayMs);
}

function round(value: number, decimals: number): number {
  const f = 10 ** decimals;
  return Math.round(value * f) / f;
}

/** One gas station of the demo fleet. */
export class GasStation {
  readonly spec: GasStationSpec;
  private readonly cycle: HeadingCycle;
  private readonly rng: Rng;
  private readonly baseline: GasReadings = {};
  private readonly transport: Transport;

  /** @param seed run seed; the station's draws depend only on (seed, sn). */
  constructor(spec: GasStationSpec, cycle: HeadingCycle, seed: number) {
    this.spec = spec;
    this.cycle = cycle;
    this.rng = Rng.derive(seed, `gas:${spec.sn}`);
    this.transport = TRANSPORT[spec.station];
    for (const g of spec.gases) {
      const [lo, hi] = BASELINE[g][spec.station];
      this.baseline[g] = this.rng.uniform(lo, hi);
    }
  }

  /** Noise-free concentrations at `tMs` (exposed for tests and for reasoning about alarms). */
  trueReadings(tMs: number): GasReadings {
    const out: GasReadings = { ...this.baseline };
    const add = (g: GasCode, v: number) => {
      if (out[g] !== undefined) out[g] = out[g] + v;
    };
    const tr = this.transport;
    for (const iv of this.cycle.intervalsBetween(tMs - PLUME_HORIZON_MS, tMs)) {
      if (iv.blast) this.addBlast(iv, tMs, add);
      if (iv.stage === 'mucking') {
        const k = tr.activityShare * iv.intensity * boxLag(tMs, iv.startMs, iv.endMs, DIESEL_LAG_MS);
        if (k > 0) for (const [g, v] of Object.entries(DIESEL) as [GasCode, number][]) add(g, v * k);
      } else if (iv.stage === 'support') {
        add('dust', SHOTCRETE_DUST_MGM3 * tr.activityShare * iv.intensity * boxLag(tMs, iv.startMs, iv.endMs, ACTIVITY_LAG_MS));
      } else if (iv.stage === 'drilling') {
        add('dust', DRILLING_DUST_MGM3 * tr.activityShare * iv.intensity * boxLag(tMs, iv.startMs, iv.endMs, ACTIVITY_LAG_MS));
      }
    }
    return out;
  }

  /** A published reading at `tMs`: true value plus sensor noise, clamped to physics and rounded. */
  sample(tMs: number): GasReadings {
    const truth = this.trueReadings(tMs);
    const out: GasReadings = {};
    for (const g of this.spec.gases) {
      const v = truth[g] ?? 0;
      const [floor, rel] = NOISE[g];
      let noisy = v + this.rng.normal(0, floor + rel * Math.abs(v));
      noisy = g === 'O2' ? Math.min(O2_RANGE[1], Math.max(O2_RANGE[0], noisy)) : Math.min(GAS_MAX[g], Math.max(0, noisy));
      out[g] = round(noisy, DECIMALS[g]);
    }
    return out;
  }

  private addBlast(iv: StageInterval, tMs: number, add: (g: GasCode, v: number) => void): void {
    const blast = iv.blast!;
    const tr = this.transport;
    const stationM = this.spec.station === 'face' ? iv.faceM : this.stationPositionM();
    const distanceM = Math.abs(iv.faceM - stationM);
    const delayMs = this.spec.station === 'face' ? 0 : (distanceM / RETURN_AIR_MPS) * 1_000;
    const since = tMs - blast.detonationMs - delayMs;
    const decay = blast.decayMs + tr.extraDecayMs;
    const k = plume(since, tr.riseMs, decay);
    if (k <= 0) return;
    const co = blast.coPpm * tr.share * k;
    add('CO', co);
    add('NO2', blast.no2Ppm * tr.share * k);
    for (const [g, perCo] of Object.entries(BLAST_PER_CO) as [GasCode, number][]) add(g, co * perCo);
    // Dust settles faster than gas disperses.
    add('dust', blast.dustMgM3 * tr.dustShare * plume(since, tr.riseMs, decay * 0.7));
  }

  private stationPositionM(): number {
    const h = this.spec.heading;
    if (this.spec.station === 'lining') return h.liningM;
    return h.portal === 'entry' ? 0 : this.spec.tunnelLengthM;
  }
}
