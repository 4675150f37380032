/**
 * Seeded pseudo-random numbers for the simulator. The model never touches Math.random: every random
 * choice comes from an `Rng` derived from the run's seed and a stable label (device sn, process name),
 * so one device's draws never shift another's and a run is reproducible from (seed, start time).
 */

/** 32-bit FNV-1a of a string, used to turn labels into sub-seeds. */
function hashLabel(label: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < label.length; i++) {
    h ^= label.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** Finalizer of MurmurHash3: spreads nearby seeds (1, 2, 3…) over the whole 32-bit space. */
function mix32(x: number): number {
  x = Math.imul(x ^ (x >>> 16), 0x85ebca6b);
  x = Math.imul(x ^ (x >>> 13), 0xc2b2ae35);
  return (x ^ (x >>> 16)) >>> 0;
}

/** A mulberry32 generator (period 2^32, good enough for noise and scheduling, not for cryptography). */
export class Rng {
  private state: number;

  /** @param seed any finite number; its integer part (mod 2^32) is used. */
  constructor(seed: number) {
    this.state = mix32(Math.trunc(seed) >>> 0);
  }

  /** A generator for `label` that depends only on (seed, label). */
  static derive(seed: number, label: string): Rng {
    return new Rng(mix32((Math.trunc(seed) >>> 0) ^ hashLabel(label)) ^ hashLabel(`${label}#`));
  }

  /** Uniform in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  }

  /** Uniform in [min, max). */
  uniform(min: number, max: number): number {
    return min + (max - min) * this.next();
  }

  /** Integer uniform in [min, max] (both inclusive). */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  /** True with probability `p`. */
  chance(p: number): boolean {
    return this.next() < p;
  }

  /** Standard normal (Box–Muller); always consumes exactly two draws so call order stays predictable. */
  normal(mean = 0, sd = 1): number {
    const u = 1 - this.next(); // (0, 1]: log(0) would be -Infinity
    const v = this.next();
    return mean + sd * Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  }

  /** Exponential with the given mean. */
  exponential(mean: number): number {
    return -mean * Math.log(1 - this.next());
  }

  /** One element of a non-empty array. Throws RangeError on an empty array. */
  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new RangeError('pick from an empty array');
    return items[Math.floor(this.next() * items.length)];
  }

  /** One key of `weights`, with probability proportional to its (non-negative) weight. */
  weighted<K extends string>(weights: Readonly<Record<K, number>>): K {
    const keys = Object.keys(weights) as K[];
    const total = keys.reduce((s, k) => s + weights[k], 0);
    let r = this.next() * total;
    for (const k of keys) {
      r -= weights[k];
      if (r < 0) return k;
    }
    return keys[keys.length - 1];
  }
}
