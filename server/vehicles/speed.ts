/**
 * A vehicle's speed along its bore from successive tag fixes (docs/domain.md "Vehicles in the tunnel").
 *
 * The speed is the least-squares slope of chainage over time across the fixes of the last
 * {@link SPEED_WINDOW_MS}: a fit over about ten 1 Hz fixes averages the ±1 m jitter of UWB/BLE tunnel
 * positioning (a standard error near 0.4 km/h at 1 Hz, where a difference of two fixes one second apart
 * would swing by 5 km/h). It needs {@link MIN_FIXES} fixes spanning {@link MIN_SPAN_MS}; a change of bore,
 * a silence longer than {@link MAX_GAP_MS} or a fix older than the last starts the window again. Bounded:
 * fixes closer than {@link MIN_STEP_MS} to the last kept are skipped, so at most {@link MAX_FIXES} are kept.
 */

/** Fixes older than this before the newest one are left out of the fit, ms. */
export const SPEED_WINDOW_MS = 10_000;
/** Fewest fixes a speed is fitted on. */
export const MIN_FIXES = 3;
/** Shortest time the fixes of a fit span, ms. */
export const MIN_SPAN_MS = 2_000;
/** A silence longer than this restarts the window (the vehicle left coverage), ms. */
export const MAX_GAP_MS = 30_000;
/** A fix closer than this to the last one kept is not fitted (a tag reporting faster than 4 Hz is thinned), ms. */
export const MIN_STEP_MS = 250;
/** Most fixes kept per vehicle: the window at the thinned rate. */
export const MAX_FIXES = SPEED_WINDOW_MS / MIN_STEP_MS + 1;
/** A vehicle at or above this fitted speed is moving, km/h (below: standing, the fit's noise). */
export const MOVING_KMH = 1;

/** m/ms → km/h: × 1000 ms/s × 3.6 (km/h)/(m/s). */
const KMH_PER_M_PER_MS = 3_600;

/** One fix of a vehicle's tag: its time (ms), bore and chainage (m from the bore's entry portal). */
export interface VehicleFix {
  tMs: number;
  tunnelId: string;
  chainageM: number;
}

/** The speed of one vehicle, fed fix by fix. */
export class SpeedEstimator {
  private readonly t: number[] = [];
  private readonly x: number[] = [];
  private tunnelId: string | null = null;
  private last = 0;

  /**
   * Takes the next fix. @returns the fitted speed in km/h (never negative: towards the face or the
   * portal alike), the last one for a fix that restarts nothing but is too early to fit, or 0 after a
   * restart until the window holds enough fixes.
   */
  accept(fix: VehicleFix): number {
    const n = this.t.length;
    const restart = this.tunnelId !== fix.tunnelId || (n > 0 && (fix.tMs <= this.t[n - 1] || fix.tMs - this.t[n - 1] > MAX_GAP_MS));
    if (restart) {
      this.t.length = 0;
      this.x.length = 0;
      this.tunnelId = fix.tunnelId;
      this.last = 0;
    } else if (n > 0 && fix.tMs - this.t[n - 1] < MIN_STEP_MS) {
      return this.last;
    }
    this.t.push(fix.tMs);
    this.x.push(fix.chainageM);
    let drop = 0;
    while (drop < this.t.length - 1 && (fix.tMs - this.t[drop] > SPEED_WINDOW_MS || this.t.length - drop > MAX_FIXES)) drop++;
    if (drop > 0) {
      this.t.splice(0, drop);
      this.x.splice(0, drop);
    }
    if (this.t.length >= MIN_FIXES && fix.tMs - this.t[0] >= MIN_SPAN_MS) this.last = Math.abs(slopeMPerMs(this.t, this.x)) * KMH_PER_M_PER_MS;
    return this.last;
  }

  /** The last speed returned, km/h. */
  get speedKmh(): number {
    return this.last;
  }
}

/** Least-squares slope of x over t (m per ms); 0 when every t is the same. */
function slopeMPerMs(t: readonly number[], x: readonly number[]): number {
  const n = t.length;
  let mt = 0;
  let mx = 0;
  for (let i = 0; i < n; i++) {
    mt += t[i];
    mx += x[i];
  }
  mt /= n;
  mx /= n;
  let num = 0;
  let den = 0;
  for (let i = 0; i < n; i++) {
    num += (t[i] - mt) * (x[i] - mx);
    den += (t[i] - mt) ** 2;
  }
  return den === 0 ? 0 : num / den;
}
