/**
 * mulberry32 (public domain): a small seeded pseudo-random generator, period 2^32, for reproducible test
 * data, fuzzing and benchmarks (a failing case can be replayed from its seed). Not for cryptography. The
 * simulator has its own labelled generator (server/simulator/prng.ts).
 * @param seed any number; its low 32 bits are the state.
 * @returns a function giving numbers in [0, 1).
 */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
