import { randomBytes, timingSafeEqual } from 'node:crypto';
import { hashPool } from './hashPool';

/**
 * Password hashing with scrypt (node:crypto), run in the bounded pool of server/http/hashPool.ts, never on
 * libuv's I/O threads. Every function here may reject with `HashPoolFull` when the pool's queue is full. Stored as `scrypt$N$r$p$saltB64$hashB64` so the cost can be
 * raised later without invalidating existing hashes: verification reads the parameters from the hash.
 */

/** Cost parameters: N = 2^15, r = 8, p = 1 (the OWASP password-storage minimum for scrypt). */
const N = 2 ** 15;
const R = 8;
const P = 1;
const KEY_BYTES = 32;
const SALT_BYTES = 16;
/** Upper bound on the parameters accepted from a stored hash, so a tampered row cannot exhaust memory. */
const MAX_N = 2 ** 20;

function derive(password: string, salt: Buffer, n: number, r: number, p: number, keyBytes: number): Promise<Buffer> {
  // scrypt needs 128·N·r bytes; Node's default cap (32 MiB) is exactly that for N = 2^15, r = 8, so leave room.
  return hashPool().derive({ password: password.normalize('NFKC'), salt, keyBytes, N: n, r, p, maxmem: 256 * n * r + 1024 * 1024 });
}

/** Hashes a password with a fresh random salt. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, N, R, P, KEY_BYTES);
  return `scrypt$${N}$${R}$${P}$${salt.toString('base64')}$${key.toString('base64')}`;
}

/**
 * Checks a password against a stored hash in constant time. A malformed hash verifies as false
 * (never throws), so a broken row locks that account instead of crashing login.
 */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [n, r, p] = parts.slice(1, 4).map(Number);
  if (![n, r, p].every(Number.isInteger) || n < 2 || n > MAX_N || (n & (n - 1)) !== 0 || r < 1 || r > 32 || p < 1 || p > 16) {
    return false;
  }
  const salt = Buffer.from(parts[4], 'base64');
  const expected = Buffer.from(parts[5], 'base64');
  if (salt.length === 0 || expected.length < 16 || expected.length > 128) return false;
  const actual = await derive(password, salt, n, r, p, expected.length);
  return timingSafeEqual(actual, expected);
}

let dummyHash: Promise<string> | null = null;

/**
 * Spends the time of one verification without a stored hash, so that a login for an unknown user takes as
 * long as one with a wrong password (user names cannot be probed by timing).
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword('dummy-password-never-matches').catch((err: unknown) => {
    dummyHash = null; // a refusal (pool full) must not stick: the next login tries again
    throw err;
  });
  await verifyPassword(password, await dummyHash);
  return false;
}

/** A random password of `length` URL-safe characters (6 bits each), for generated credentials. */
export function randomPassword(length = 24): string {
  return randomBytes(Math.ceil((length * 3) / 4))
    .toString('base64url')
    .slice(0, length);
}
