import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '../../../../protocol';
import { startTestRedis, type TestService } from '../../../helpers/clusterServices';
import { eventually } from '../../../helpers/eventually';
import { gatewayNodes } from '../../../helpers/gatewayNodes';

const quiet = { warn: () => undefined, error: () => undefined };

/**
 * Two gateways sharing a real Redis (two cluster nodes): one asks the other for its share of a project's
 * live state (server/cluster/liveShare.ts carries the shape; the gateway only carries it), and a node
 * whose Redis is away answers with nothing instead of leaving a REST read hanging.
 */
describe('gateway: live state asked of the other nodes (real Redis)', { timeout: 60_000 }, () => {
  let redis: TestService;
  const cluster = gatewayNodes(() => redis.url, { key: 'test:peer', requestsTimeout: 1_000 });

  const node = async (name: string) =>
    (
      await cluster.start({
        sessions: { fromCookieHeader: async () => null as SessionUser | null },
        log: quiet,
        liveShareOf: (projectId) => ({ node: name, projectId }),
      })
    ).gateway;

  beforeAll(async () => {
    redis = await startTestRedis();
  }, 120_000);
  afterAll(async () => {
    await cluster.close();
    await redis?.close();
  });

  it("gets every other node's share for the project asked, and not its own", async () => {
    const a = await node('a');
    await node('b');
    await node('c');
    // a node answers once its adapter has subscribed in Redis, a moment after it started
    let shares: Array<{ node: string; projectId: string }> = [];
    await eventually(async () => (shares = (await a.peerLiveState('p1')) as typeof shares).length === 2, 15_000, 'both other nodes answering');
    expect(shares.map((s) => s.node).sort()).toEqual(['b', 'c']);
    expect(shares.every((s) => s.projectId === 'p1')).toBe(true);
  });

  it('answers with nothing, within its limit, when Redis is away', async () => {
    const a = cluster.gateways[0];
    await redis.close();
    // bounded by the gateway's own limit (3 s): left to Redis's reconnect, it would wait past the test's timeout
    expect(await a.peerLiveState('p1')).toEqual([]);
  });
});
