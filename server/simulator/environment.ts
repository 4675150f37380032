import { isNoiseNight, type DataFlag, type EnvironmentTelemetry } from '../../protocol';
import type { CycleStage, HeadingCycle } from './cycle';
import type { SiteWind } from './crane';
import { Rng } from './prng';
import { beijingHour } from './siteClock';

/**
 * An environment monitor at a tunnel portal (docs/domain.md "What the demo simulates"): dust rises while
 * its heading mucks out (loaders and trucks at the portal) and shotcretes (the support stage), and with the
 * blast fumes the ventilation pushes out; the wind thins it, and a fog cannon spraying at the monitor washes out a third of it. Noise follows the day (55 dB(A) background,
 * 45 at night), the machines of each stage and a blast's minute. Temperature, humidity and pressure follow
 * the day. At 03:00 Beijing time the particulate sensors zero-calibrate for ten minutes (flag C).
 */
export class EnvironmentStation {
  private readonly rng: Rng;
  /** Slow background drift of the particulates, µg/m³ of PM10. */
  private background = 30;
  private directionDeg: number;

  constructor(
    readonly sn: string,
    private readonly cycle: HeadingCycle,
    private readonly wind: SiteWind,
    seed: number,
    /** Monitors whose fog cannon sprays now (SimSite.spraying). */
    private readonly spraying: ReadonlySet<string> = new Set(),
  ) {
    this.rng = Rng.derive(seed, `environment:${sn}`);
    this.directionDeg = this.rng.uniform(90, 180);
  }

  /** One simulated step of `dtS` seconds ending at `tMs`: background dust and wind direction wander. */
  step(_tMs: number, dtS: number): void {
    const r = this.rng;
    const tauS = 3 * 3600;
    this.background += ((30 - this.background) * dtS) / tauS + 8 * Math.sqrt((2 * dtS) / tauS) * r.normal();
    this.background = Math.max(15, this.background);
    this.directionDeg = (this.directionDeg + 2 * Math.sqrt(dtS) * r.normal() + 360) % 360;
  }

  /** The monitor's readings at `ts` (ms), as the MQTT payload of the environment kind. */
  sample(ts: number): EnvironmentTelemetry {
    const r = this.rng;
    const iv = this.cycle.intervalAt(ts);
    const { lastBlastMs } = this.cycle.stateAt(ts);
    const sinceBlastMs = lastBlastMs === null ? Infinity : ts - lastBlastMs;
    const windMps = Math.max(0, this.wind.meanMps + 0.6 * r.normal());
    // activity dust, thinned by the wind (a calm portal keeps its dust)
    const thinning = 0.6 + windMps / 4;
    const stageDust = STAGE_DUST[iv.stage] * iv.intensity;
    const blastDust = sinceBlastMs >= 0 && sinceBlastMs < 3 * 3_600_000 ? 120 * Math.exp(-sinceBlastMs / (30 * 60_000)) : 0;
    // a fog cannon spraying at the monitor washes out part of the activity dust (our figure: a third)
    const sprayed = this.spraying.has(this.sn) ? SPRAY_REMAINS : 1;
    const pm10 = Math.max(5, this.background + ((stageDust + blastDust) * sprayed) / thinning + 6 * r.normal());
    const pm25 = Math.max(3, pm10 * r.uniform(0.45, 0.6));
    const tsp = (pm10 * r.uniform(2.4, 2.9)) / 1000;
    const blastMinute = sinceBlastMs >= 0 && sinceBlastMs < 60_000;
    const noise = (isNoiseNight(ts) ? 45 : 55) + STAGE_NOISE[iv.stage] * iv.intensity + (blastMinute ? 24 : 0) + 1.5 * r.normal();
    const h = beijingHour(ts);
    const diurnal = Math.sin((2 * Math.PI * (h - 9)) / 24);
    const calibrating = h >= 3 && h < 3 + 1 / 6;
    const flags: Partial<Record<'pm25' | 'pm10' | 'tsp', DataFlag>> = calibrating ? { pm25: 'C', pm10: 'C', tsp: 'C' } : {};
    return {
      ts,
      pm25: Math.round(pm25),
      pm10: Math.round(pm10),
      tsp: Math.round(tsp * 1000) / 1000,
      noise: Math.round(Math.min(120, noise) * 10) / 10,
      temperature: Math.round((14 + 6 * diurnal + 0.3 * r.normal()) * 10) / 10,
      humidity: Math.round(Math.min(100, Math.max(10, 65 - 18 * diurnal + 2 * r.normal()))),
      windSpeed: Math.round(windMps * 10) / 10,
      windDirection: Math.round(this.directionDeg) % 360,
      pressure: Math.round((95.3 + 0.2 * Math.sin((2 * Math.PI * h) / 12)) * 10) / 10,
      ...(calibrating ? { flags } : {}),
    };
  }
}

/** The share of the activity dust left while a fog cannon sprays at the monitor. */
const SPRAY_REMAINS = 2 / 3;

/** Dust each stage adds at the portal, µg/m³ of PM10 in a light wind (mucking trucks, the shotcrete plant). */
const STAGE_DUST: Record<CycleStage, number> = {
  drilling: 10,
  charging: 0,
  blasting: 0,
  ventilation: 15,
  scaling: 10,
  mucking: 35,
  support: 60,
  idle: 0,
};

/** Noise each stage adds at the portal, dB(A) over the background (loaders, trucks, the shotcrete pump). */
const STAGE_NOISE: Record<CycleStage, number> = {
  drilling: 6,
  charging: 0,
  blasting: 0,
  ventilation: 5,
  scaling: 3,
  mucking: 11,
  support: 8,
  idle: 0,
};
