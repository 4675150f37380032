import type { AlgType, CameraAlarm } from '../../protocol';
import { renderCapturePng } from './capturePicture';
import { Rng } from './prng';
import { beijingHour } from './siteClock';

/**
 * AI camera violation alarms, project-wide: about 4 an hour during the day shift's working hours
 * (07:00–19:00 Beijing) and 2 an hour at night, each from one of the cameras. The mix follows what AI
 * boxes on tunnel sites flag most (docs/domain.md "AI video violations"): missing helmets and vests dominate;
 * falls and open flames are rare. False alarms are not modelled here: they are a handling outcome
 * (dealStatus 2), decided by people on the server side. Each alarm carries a small rendered capture
 * picture (`pic`, capturePicture.ts) as an AI box uploads one.
 */
export const ALG_MIX: Readonly<Record<AlgType, number>> = {
  noHelmet: 30,
  noVest: 20,
  intrusion: 10,
  smoking: 8,
  phoneUse: 8,
  crowding: 6,
  noHarness: 5,
  workAtHeight: 4,
  climbing: 4,
  openFlame: 3,
  fall: 2,
};

const DAY_RATE_PER_H = 4;
const NIGHT_RATE_PER_H = 2;

/** An alarm of one camera. */
export interface CameraEvent {
  sn: string;
  alarm: CameraAlarm;
}

/** Draws camera alarms second by second. */
export class CameraModel {
  private readonly rng: Rng;
  private readonly sns: readonly string[];

  /** @param sns the cameras that may raise alarms (an empty list raises none). */
  constructor(sns: readonly string[], seed: number) {
    this.sns = sns;
    this.rng = Rng.derive(seed, 'cameras');
  }

  /** Alarms raised during [tMs, tMs + dtS·1000): at most one per step. */
  step(tMs: number, dtS: number): CameraEvent[] {
    const hour = beijingHour(tMs);
    const ratePerH = hour >= 7 && hour < 19 ? DAY_RATE_PER_H : NIGHT_RATE_PER_H;
    if (this.sns.length === 0 || !this.rng.chance((ratePerH * dtS) / 3600)) return [];
    const sn = this.rng.pick(this.sns);
    const ts = tMs + Math.floor(this.rng.uniform(0, dtS * 1000));
    const algType = this.rng.weighted(ALG_MIX);
    // the camera uploads its capture with the alarm; the server stores and serves it (server/captures)
    const pic = Buffer.from(renderCapturePng(algType, this.rng.uniform(0, 1))).toString('base64');
    return [{ sn, alarm: { ts, algType, pic } }];
  }
}
