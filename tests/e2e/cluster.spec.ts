import { expect, test } from '@playwright/test';
import mqtt from 'mqtt';
import { partitionOf } from '../../server/cluster/partitions';
import { DEMO_PROJECT } from '../../server/seed/demoProject';
import { DEMO_CAMERAS as CAMERAS } from '../helpers/devices';
import { startTestCluster, type TestCluster } from '../helpers/testCluster';
import { TEST_ADMIN_PASSWORD } from '../helpers/testServer';
import { e2eStaticDir } from './global-setup';
import { logIn } from './session';

const demo = DEMO_PROJECT.projectId;
const PARTITIONS = 8;
const LEASE_MS = 2_000;

/**
 * The cluster (docs/operations.md "Cluster") in Chromium: a wall screen's browser on node b of a two-node cluster (real PostgreSQL, Redis and
 * Mosquitto; docs/operations.md "Cluster") shows the AI alarms of cameras whose partition node a owns,
 * keeps showing new ones after a is killed with SIGKILL (b takes the partitions over), without a reload
 * or a new login. tests/integration/cluster/clusterKill.test.ts counts every event under load; this spec
 * checks what the user sees.
 */
test.describe('a browser on the surviving node of a cluster', () => {
  test.describe.configure({ timeout: 180_000 });
  let cluster: TestCluster | null = null;

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    cluster = await startTestCluster({
      name: 'e2e_cluster',
      partitions: PARTITIONS,
      leaseMs: LEASE_MS,
      nodeEnv: {
        STATIC_DIR: e2eStaticDir(),
        SEED_LOCALE: 'en',
        DEMO_BACKFILL: 'off',
        RATE_LIMIT_AUTH_PER_MINUTE: '0',
        RATE_LIMIT_API_PER_MINUTE: '0',
      },
    });
    // one after the other: the first start seeds the database
    await cluster.start('a');
    await cluster.start('b');
    await expect.poll(async () => new Set(await cluster!.holders()), { timeout: 30_000 }).toEqual(new Set(['a', 'b']));
  });

  test.afterAll(async () => {
    await cluster?.close();
  });

  test('keeps receiving the alarms of the killed node’s devices, on the same page', async ({ page }) => {
    const c = cluster!;
    const held = await c.holders();
    const ofA = CAMERAS.filter((sn) => held[partitionOf(demo, 'camera', sn, PARTITIONS)] === 'a');
    expect(ofA.length, 'cameras in partitions of node a').toBeGreaterThanOrEqual(2);
    const [before, after] = ofA;
    const device = await mqtt.connectAsync(c.broker.url, { clientId: 'e2e-cluster-cameras' });
    const raise = (sn: string) => device.publishAsync(`zhgd/${demo}/camera/${sn}/alarm`, JSON.stringify({ ts: Date.now(), algType: 'noHelmet' }), { qos: 1 });
    try {
      const b = c.nodes.get('b')!;
      await page.goto(`${b.url}/`);
      await logIn(page, 'admin', TEST_ADMIN_PASSWORD);
      await page.goto(`${b.url}/#/dataV/viewBoard?boardId=demo-live`);
      await expect(page.locator('[data-panel-type="alarmFeed"]')).toBeVisible({ timeout: 20_000 });
      await page.evaluate(() => ((window as unknown as { samePage: boolean }).samePage = true));

      // node a ingests it; the browser on b hears of it through the Redis adapter
      await raise(before);
      const banner = page.locator('[data-alarm-banner]');
      await expect(banner).toHaveAttribute('data-alarm-count', '1', { timeout: 15_000 });

      c.nodes.get('a')!.process.kill('SIGKILL');
      await c.nodes.get('a')!.exited;
      c.nodes.delete('a');
      await expect.poll(async () => (await c.holders()).every((x) => x === 'b'), { timeout: 30_000 }).toBe(true);

      // now b ingests the other camera of a's former partitions itself
      await raise(after);
      await expect(banner).toHaveAttribute('data-alarm-count', '2', { timeout: 15_000 });
      await expect(page.locator('[data-panel-type="alarmFeed"] li[data-kind="ai"]')).toHaveCount(2);
      expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true);
    } finally {
      await device.endAsync(true);
    }
  });
});
