import type { Redis } from 'ioredis';

/** Renews a lease only while this node still holds it (a compare-and-expire, atomic in Redis). */
const RENEW_SCRIPT = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) else return 0 end`;
/** Releases a lease only while this node still holds it. */
const RELEASE_SCRIPT = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end`;

/**
 * Partition leases and node membership in Redis (docs/operations.md "Cluster"). A lease is the key
 * `{prefix}:lease:{k}` holding the owner's NODE_ID with a time to live of `leaseMs`: set only when absent
 * (SET NX PX), renewed and released only by its holder (compare-and-set scripts), so a dead node's
 * partitions become free `leaseMs` after its last renewal. Live nodes are the members of the sorted set
 * `{prefix}:nodes` whose score (ms since epoch, Redis clock of the writer) lies in the future.
 */
/** The Redis key of partition `k`'s lease under `prefix` (RedisLeases; tests read the holders with it). */
export function leaseKey(k: number, prefix = 'siteboard:cluster'): string {
  return `${prefix}:lease:${k}`;
}

export class RedisLeases {
  constructor(
    private readonly redis: Redis,
    readonly nodeId: string,
    readonly leaseMs: number,
    private readonly prefix = 'siteboard:cluster',
  ) {}

  private key(k: number): string {
    return leaseKey(k, this.prefix);
  }

  /** Takes partition `k` when nobody holds it. @returns whether this node holds it now */
  async tryAcquire(k: number): Promise<boolean> {
    return (await this.redis.set(this.key(k), this.nodeId, 'PX', this.leaseMs, 'NX')) === 'OK';
  }

  /** Extends this node's lease on `k` by leaseMs. @returns false when another node holds it (or nobody) */
  async renew(k: number): Promise<boolean> {
    return Number(await this.redis.eval(RENEW_SCRIPT, 1, this.key(k), this.nodeId, String(this.leaseMs))) === 1;
  }

  /** Gives `k` up, when this node holds it. */
  async release(k: number): Promise<void> {
    await this.redis.eval(RELEASE_SCRIPT, 1, this.key(k), this.nodeId);
  }

  /** The NODE_ID holding `k`, or null. */
  async holder(k: number): Promise<string | null> {
    return await this.redis.get(this.key(k));
  }

  /** Marks this node alive for leaseMs and drops expired members. @returns the live nodes, this one included */
  async heartbeat(nowMs: number): Promise<string[]> {
    const nodes = `${this.prefix}:nodes`;
    const [, , members] = (await this.redis
      .multi()
      .zadd(nodes, String(nowMs + this.leaseMs), this.nodeId)
      .zremrangebyscore(nodes, '-inf', String(nowMs))
      .zrange(nodes, '0', '-1')
      .exec()) ?? [[null], [null], [null, []]];
    const list = members?.[1];
    return Array.isArray(list) ? list.map(String) : [this.nodeId];
  }

  /** Leaves the set of live nodes (a clean stop: the others take up its share at once). */
  async leave(): Promise<void> {
    await this.redis.zrem(`${this.prefix}:nodes`, this.nodeId);
  }
}
