import type { SprayAction, SprayLinkage } from '../../protocol';

/**
 * The linkage rule of one fog cannon (docs/domain.md "Spray linkage"), pure: fed the valid readings of the
 * linked metric (HJ 212 flag `N` only) and what the cannon was last told, it says when to command it.
 *
 * - A reading over `onAbove` asks for `on` unless the cannon is already told to spray.
 * - While it sprays, readings at or under the limit start the hold; once they have stayed there for
 *   `holdS` (from the first such reading to the current one), it asks for `off`. A reading over the limit
 *   in between restarts the hold, so a value hovering at the limit never switches it on and off each
 *   minute: the cannon goes off at most once per hold time after the dust last rose.
 */
export class LinkageRule {
  /** When the readings went under the limit while the cannon was on (ms), or null. */
  private underSinceMs: number | null = null;

  constructor(private linkage: SprayLinkage) {}

  /** The linkage now in force; changing it restarts the hold. */
  get config(): SprayLinkage {
    return this.linkage;
  }

  set config(linkage: SprayLinkage) {
    this.linkage = linkage;
    this.underSinceMs = null;
  }

  /** Forgets the hold (the cannon was switched by hand, or set back to automatic). */
  reset(): void {
    this.underSinceMs = null;
  }

  /**
   * A valid reading `value` (in the linked metric's unit) at `atMs` (ms since epoch; the rule's clock),
   * while the cannon is told to spray (`toldOn`) or not.
   * @returns the command to send now, or null
   */
  reading(value: number, atMs: number, toldOn: boolean): SprayAction | null {
    if (value > this.linkage.onAbove) {
      this.underSinceMs = null;
      return toldOn ? null : 'on';
    }
    if (!toldOn) {
      this.underSinceMs = null;
      return null;
    }
    this.underSinceMs ??= atMs;
    if (atMs - this.underSinceMs < this.linkage.holdS * 1000) return null;
    this.underSinceMs = null;
    return 'off';
  }
}
