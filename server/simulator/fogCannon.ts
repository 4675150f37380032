import type { FogCannonTelemetry, SprayCommand } from '../../protocol';

/** Water a cannon sprays, % of its tank per second (a 10 m³ tank lasts about 40 min). */
const DRAIN_PCT_PER_S = 0.04;
/** Under this the demo's water truck refills the tank to full. */
const REFILL_BELOW_PCT = 10;

/**
 * A fog cannon of the demo (docs/domain.md "What the demo simulates"): it answers each command on its
 * command topic in the next simulated second with its state and the command's acknowledgement (a command
 * repeated with the same id is answered again, as a real device does after a lost answer), sprays while
 * on (its tank drains, then a water truck refills it), and while it sprays its linked monitor's dust is
 * lower (`spraying`, read by EnvironmentStation).
 */
export class FogCannonModel {
  spraying = false;
  private waterPct = 100;
  private answer: { commandId: string; ok: boolean } | null = null;

  constructor(
    readonly sn: string,
    /** The environment monitor it stands by (its linkage), or null. */
    readonly station: string | null,
  ) {}

  /** A command received on its topic, carried out at once. */
  command(c: SprayCommand): void {
    this.spraying = c.action === 'on';
    this.answer = { commandId: c.commandId, ok: true };
  }

  /** One simulated step of `dtS` seconds: the tank drains while spraying. @returns the answer to send now, if any */
  step(_tMs: number, dtS: number): { commandId: string; ok: boolean } | null {
    if (this.spraying) this.waterPct -= DRAIN_PCT_PER_S * dtS;
    if (this.waterPct < REFILL_BELOW_PCT) this.waterPct = 100;
    const a = this.answer;
    this.answer = null;
    return a;
  }

  /** Its report at `ts`, with `ack` when it answers a command. */
  sample(ts: number, ack?: { commandId: string; ok: boolean }): FogCannonTelemetry {
    return { ts, spraying: this.spraying, waterLevelPct: Math.round(this.waterPct), ...(ack ? { ack } : {}) };
  }
}
