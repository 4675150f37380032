import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FLEET, highThreshold, type Alarm } from '../../../protocol';
import { partitionOf } from '../../../server/cluster/partitions';
import { DEMO_PROJECT } from '../../../server/seed';
import { DEMO_CAMERAS as CAMERAS } from '../../helpers/devices';
import type { OpenDatabase } from '../../../server/storage';
import { eventually } from '../../helpers/eventually';
import { connectLiveSocket, type LiveSocket } from '../../helpers/liveSocket';
import { startTestCluster, type TestCluster } from '../../helpers/testCluster';
import { loggedInClient } from '../../helpers/testServer';
import { compareEvents, startCameraPublisher, storedAiEvents, type CameraPublisher } from '../faults/faultKit';

const demo = DEMO_PROJECT.projectId;
/** Small numbers keep the test short: 8 partitions, leases of 2 s (a dead node's partitions move within about 3 s). */
const PARTITIONS = 8;
const LEASE_MS = 2_000;
type NodeId = 'a' | 'b';

/**
 * docs/operations.md "Cluster": two server nodes share one PostgreSQL, one Redis and one Mosquitto (all real, started here;
 * installed from Debian by scripts/services.mjs when missing). AI cameras publish QoS 1 events (each counts
 * on its camera's one open `ai` alarm) at about 250 messages/s, and one node goes away mid-stream: killed
 * with SIGKILL (the other node, then the owner of the watched camera's partition), or stopped cleanly. Every
 * event Mosquitto acknowledged must be counted exactly once (0 lost, 0 duplicated), each camera must keep one
 * alarm row, and a live socket on the surviving node must keep receiving the watched camera's alarm, up to its
 * final count, whichever node ingests it. The node that went away is started again before the next case.
 */
describe('cluster: a node goes away under load', { timeout: 180_000 }, () => {
  let cluster: TestCluster | null = null;
  let database: OpenDatabase | null = null;
  let nodes: TestCluster['nodes'];
  let publisher: CameraPublisher | null = null;
  let socket: LiveSocket | null = null;
  let round = 0;

  const holders = () => cluster!.holders();
  const split = () =>
    eventually(
      async () => {
        const h = await holders();
        return h.every((x) => x !== null) && h.includes('a') && h.includes('b');
      },
      30_000,
      'every partition held, by both nodes',
      100,
    );
  const start = (id: NodeId) => cluster!.start(id);

  beforeAll(async () => {
    cluster = await startTestCluster({ name: 'cluster', partitions: PARTITIONS, leaseMs: LEASE_MS });
    nodes = cluster.nodes;
    // one after the other: the first start seeds the database
    await start('a');
    await start('b');
    await split();
    database = await cluster.database();
  }, 180_000);

  afterAll(async () => {
    socket?.close();
    await publisher?.stop();
    await cluster?.close();
  });

  /**
   * Publishes under load, takes `victim` away (`signal`) after 300 acknowledged events, publishes 600 more,
   * and checks the verdict on this round's events. `watched` is the camera whose alarm a socket on the
   * survivor follows. Starts the victim again afterwards. @returns pushes of the watched camera seen before
   * the victim went away
   */
  const goAwayUnderLoad = async (victimId: NodeId, signal: 'SIGKILL' | 'SIGTERM', watched: string, label: string): Promise<number> => {
    const survivorId: NodeId = victimId === 'a' ? 'b' : 'a';
    const survivor = nodes.get(survivorId)!;
    const victim = nodes.get(victimId)!;
    const baseline = await storedAiEvents(database!.db);
    const admin = await loggedInClient(survivor.url);
    socket = await connectLiveSocket(survivor.url, admin.cookie);
    expect(await socket.timeout(10_000).emitWithAck('topic.subscribe', { projectId: demo, topic: 'alarm' })).toEqual({ ok: true });
    const seen: Alarm[] = [];
    socket.on('alarm.changed', (a: Alarm) => {
      if (a.deviceSn === watched) seen.push(a);
    });

    publisher = await startCameraPublisher(cluster!.broker.url, { clientId: `cluster-cameras-${++round}`, everyMs: 4, max: 8_000 });
    const pub = publisher;
    await eventually(() => pub.acked.size >= 300, 30_000, '300 acknowledged before the node goes away');
    victim.process.kill(signal);
    const exit = await victim.exited;
    if (signal === 'SIGTERM') expect(exit).toBe(0); // a clean stop hands every partition over and exits 0
    nodes.delete(victimId);
    const atKill = pub.acked.size;
    const seenAtKill = seen.length;
    await eventually(() => pub.acked.size >= atKill + 600, 30_000, '600 acknowledged after the node went away');
    await pub.stop();
    publisher = null;

    // the survivor holds every partition...
    await eventually(async () => (await holders()).every((x) => x === survivorId), 30_000, `every partition held by ${survivorId}`, 100);
    // ...and every acknowledged event of this round is counted exactly once
    const stored = async () => {
      const now = await storedAiEvents(database!.db);
      return new Map([...now].map(([sn, n]) => [sn, n - (baseline.get(sn) ?? 0)]));
    };
    let verdict = { lost: -1, extra: -1 };
    await eventually(
      async () => {
        verdict = compareEvents(pub.ackedBySn, await stored());
        return verdict.lost === 0;
      },
      30_000,
      'every acknowledged event stored',
      200,
    ).catch(() => undefined);
    expect(verdict).toEqual({ lost: 0, extra: 0 });
    const rows = await database!.db.selectFrom('alarms').select(['device_sn', 'repeat_count']).where('kind', '=', 'ai').execute();
    expect(rows).toHaveLength(CAMERAS.length); // one alarm row per camera: none raised twice
    expect(new Set(rows.map((r) => r.device_sn)).size).toBe(CAMERAS.length);

    // the browser on the survivor kept receiving the watched camera's alarm, up to its stored count
    const finalCount = Number(rows.find((r) => r.device_sn === watched)!.repeat_count);
    await eventually(() => seen.at(-1)?.repeatCount === finalCount, 10_000, `the socket on ${survivorId} to see ${watched} at ${finalCount}`).catch((err: Error) => {
      throw new Error(`${err.message}; it saw ${seen.map((x) => `${x.alarmId}:${x.repeatCount}`).slice(-12).join(' ')}`);
    });
    expect(seen.length).toBeGreaterThan(seenAtKill);
    console.log(
      `[cluster: ${label}] sent ${pub.sent()}, acknowledged ${pub.acked.size} (${atKill} before ${signal}), lost 0, duplicated 0; ` +
        `the socket on ${survivorId} saw ${seenAtKill} pushes of ${watched} before and ${seen.length - seenAtKill} after`,
    );
    socket.close();
    socket = null;

    // the node comes back and gets its share again
    await start(victimId);
    await split();
    return seenAtKill;
  };

  /** A camera whose partition `owner` holds now. */
  const cameraOf = async (owner: NodeId): Promise<string> => {
    const h = await holders();
    const sn = CAMERAS.find((c) => h[partitionOf(demo, 'camera', c, PARTITIONS)] === owner);
    expect(sn).toBeDefined();
    return sn!;
  };

  it('applies a threshold set through one node on the node that owns the device', async () => {
    const h = await holders();
    const gas = await database!.db.selectFrom('devices').select('sn').where('project_id', '=', demo).where('kind', '=', 'gas').execute();
    const sn = gas.map((g) => g.sn).find((x) => h[partitionOf(demo, 'gas', x, PARTITIONS)] === 'b');
    expect(sn).toBeDefined();
    // through a, which does not own the device: b must hear of it (cluster bus) before the next reading
    const admin = await loggedInClient(nodes.get('a')!.url);
    const set = await admin.post(FLEET.thresholdSet.path, { projectId: demo, target: { sn }, thresholds: [highThreshold('CO', 'ppm', 1, 2, 0.9)] });
    expect(set.body).toMatchObject({ success: true });
    const device = await mqtt.connectAsync(cluster!.broker.url, { clientId: 'cluster-gas' });
    try {
      // 5 ppm: normal under the default CO limits, an alarm under the new ones
      await eventually(
        async () => {
          await device.publishAsync(`zhgd/${demo}/gas/${sn}/telemetry`, JSON.stringify({ ts: Date.now(), readings: { CO: 5, O2: 20.9 } }), { qos: 1 });
          return await database!.db.selectFrom('alarms').select('level').where('device_sn', '=', sn!).where('metric', '=', 'CO').where('level', '=', 'alarm').executeTakeFirst();
        },
        10_000,
        `a CO alarm of ${sn} raised by b under the threshold set through a`,
        500,
      );
    } finally {
      await device.endAsync(true);
    }
  });

  it('loses and duplicates no alarm when a node is killed, and a browser on the survivor keeps receiving', async () => {
    // b is killed; the watched camera belongs to a partition the survivor a owns
    await goAwayUnderLoad('b', 'SIGKILL', await cameraOf('a'), 'a node killed');
  });

  it('loses and duplicates no alarm when a node stops cleanly and hands its partitions over', async () => {
    await goAwayUnderLoad('b', 'SIGTERM', await cameraOf('b'), 'a node stopped');
  });

  it('loses and duplicates no alarm when the partition owner of the watched device is killed', async () => {
    // a owns the watched camera's partition and is killed; the browser is on b
    const seenBeforeKill = await goAwayUnderLoad('a', 'SIGKILL', await cameraOf('a'), 'the owner killed');
    // until the kill only a ingested the watched camera: the browser on b got its alarm through the Redis adapter
    expect(seenBeforeKill).toBeGreaterThan(0);
  });
});
