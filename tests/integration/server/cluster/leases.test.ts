import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestRedis, type TestService } from '../../../helpers/clusterServices';
import { eventually } from '../../../helpers/eventually';
import { RedisLeases } from '../../../../server/cluster/leases';

describe('RedisLeases (real Redis)', { timeout: 60_000 }, () => {
  let redis: TestService;
  let a: Redis;
  let b: Redis;
  beforeAll(async () => {
    redis = await startTestRedis();
    a = new Redis(redis.url);
    b = new Redis(redis.url);
  }, 120_000);
  afterAll(async () => {
    a?.disconnect();
    b?.disconnect();
    await redis?.close();
  });

  it('gives a partition to one node at a time; only the holder renews or releases it', async () => {
    const na = new RedisLeases(a, 'na', 60_000, 'test1');
    const nb = new RedisLeases(b, 'nb', 60_000, 'test1');
    expect(await na.tryAcquire(3)).toBe(true);
    expect(await nb.tryAcquire(3)).toBe(false);
    expect(await nb.renew(3)).toBe(false);
    await nb.release(3);
    expect(await na.holder(3)).toBe('na');
    expect(await na.renew(3)).toBe(true);
    await na.release(3);
    expect(await na.holder(3)).toBeNull();
    expect(await nb.tryAcquire(3)).toBe(true);
  });

  it('frees the partition of a node that stops renewing once its lease runs out', async () => {
    const dead = new RedisLeases(a, 'dead', 300, 'test2');
    const alive = new RedisLeases(b, 'alive', 300, 'test2');
    expect(await dead.tryAcquire(0)).toBe(true);
    expect(await alive.tryAcquire(0)).toBe(false);
    await eventually(() => alive.tryAcquire(0), 15_000, 'the lease to expire', 50);
    expect(await dead.renew(0)).toBe(false);
  });

  it('counts the live nodes by their heartbeats', async () => {
    const na = new RedisLeases(a, 'na', 300, 'test3');
    const nb = new RedisLeases(b, 'nb', 300, 'test3');
    await na.heartbeat(Date.now());
    expect((await nb.heartbeat(Date.now())).sort()).toEqual(['na', 'nb']);
    await nb.leave();
    expect(await na.heartbeat(Date.now())).toEqual(['na']);
    // na stops beating: it drops out once its mark is past
    await new Promise((r) => setTimeout(r, 400));
    expect(await nb.heartbeat(Date.now())).toEqual(['nb']);
  });
});
