import { scryptSync } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { HashPool, HashPoolFull } from './hashPool';

const job = (password: string) => ({ password, salt: Buffer.from('salt-salt-salt-1'), keyBytes: 32, N: 2 ** 14, r: 8, p: 1, maxmem: 64 * 1024 * 1024 });

describe('HashPool', () => {
  const pool = new HashPool({ workers: 1, queue: 2 });
  afterAll(() => pool.close());

  it('derives the same key as scrypt on the main thread', async () => {
    const key = await pool.derive(job('secret'));
    expect(key.equals(scryptSync('secret', Buffer.from('salt-salt-salt-1'), 32, { N: 2 ** 14, r: 8, p: 1, maxmem: 64 * 1024 * 1024 }))).toBe(true);
  });

  it('runs one job per worker, queues up to `queue`, and refuses the rest at once', async () => {
    const results = await Promise.allSettled(Array.from({ length: 6 }, (_, i) => pool.derive(job(`p${i}`))));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(refused).toHaveLength(3);
    for (const r of refused) expect(r.reason).toBeInstanceOf(HashPoolFull);
    expect(pool.load).toBe(0);
  });

  it('reports a failing derivation as an error and keeps working', async () => {
    await expect(pool.derive({ ...job('x'), N: 3 })).rejects.toThrow();
    expect((await pool.derive(job('again'))).length).toBe(32);
  });
});
