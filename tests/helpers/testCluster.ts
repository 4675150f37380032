import { Redis } from 'ioredis';
import { leaseKey } from '../../server/cluster/leases';
import { openDatabase, type OpenDatabase } from '../../server/storage';
import { startChildServer, type ChildServer } from './childServer';
import { startTestPostgres, startTestRedis } from './clusterServices';
import { startTestMosquitto, type TestMosquitto } from './mosquitto';

/**
 * The shared services of a test cluster (docs/operations.md "Cluster"): a throwaway PostgreSQL with a
 * database of its own, Redis and Mosquitto, all real (installed from Debian by scripts/services.mjs when
 * missing), and the SiteBoard nodes started on them as child processes.
 */
export interface TestCluster {
  broker: TestMosquitto;
  /** The running nodes by NODE_ID; a test that kills one deletes it. */
  nodes: Map<string, ChildServer>;
  /** Starts node `nodeId` (waits until it listens) and keeps it in {@link nodes}. */
  start(nodeId: string): Promise<ChildServer>;
  /** The NODE_ID holding each partition's lease in Redis (null: free), partition 0 first. */
  holders(): Promise<Array<string | null>>;
  /** The cluster's database, opened on first use (after the nodes created it, if the test wants them to). */
  database(): Promise<OpenDatabase>;
  /** Kills every node (SIGKILL), then stops the services and deletes their folders. */
  close(): Promise<void>;
}

/**
 * Starts the services of a test cluster of `partitions` partitions with leases of `leaseMs`.
 * `name`: the database's name (the test process's pid is appended). `nodeEnv`: more environment for every node.
 * @throws when a service cannot be installed or started.
 */
export async function startTestCluster(o: { name: string; partitions: number; leaseMs: number; nodeEnv?: Record<string, string> }): Promise<TestCluster> {
  const postgres = await startTestPostgres();
  const broker = await startTestMosquitto();
  const redis = await startTestRedis();
  const leases = new Redis(redis.url);
  const databaseUrl = await postgres.createDatabase(`${o.name}_${process.pid}`);
  const nodes = new Map<string, ChildServer>();
  let database: Promise<OpenDatabase> | null = null;
  /** A node's environment: the services, its NODE_ID, the cluster's partitions and lease. */
  const env = (nodeId: string) => ({
    MQTT_URL: broker.url,
    REDIS_URL: redis.url,
    DATABASE_URL: databaseUrl,
    NODE_ID: nodeId,
    CLUSTER_PARTITIONS: String(o.partitions),
    CLUSTER_LEASE_MS: String(o.leaseMs),
    ...o.nodeEnv,
  });
  return {
    broker,
    nodes,
    async start(nodeId) {
      const node = await startChildServer(env(nodeId));
      nodes.set(nodeId, node);
      return node;
    },
    holders: () => leases.mget(...Array.from({ length: o.partitions }, (_, k) => leaseKey(k))),
    database: () => (database ??= openDatabase({ databaseUrl, dataDir: 'unused' })),
    async close() {
      for (const n of nodes.values()) n.process.kill('SIGKILL');
      await Promise.all([...nodes.values()].map((n) => n.exited));
      leases.disconnect();
      await (await database)?.close();
      await broker.close();
      await redis.close();
      await postgres.close();
    },
  };
}
