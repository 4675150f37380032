import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVICES, PEOPLE, type DeviceInfo, type Zone, type ZoneRow } from '../../../protocol';
import { partitionOf } from '../../../server/cluster/partitions';
import { DEMO_DEVICES, DEMO_PROJECT } from '../../../server/seed';
import type { OpenDatabase } from '../../../server/storage';
import { eventually } from '../../helpers/eventually';
import { startTestCluster, type TestCluster } from '../../helpers/testCluster';
import { loggedInClient } from '../../helpers/testServer';

const demo = DEMO_PROJECT.projectId;
const PARTITIONS = 8;
const LEASE_MS = 2_000;
type NodeId = 'a' | 'b';
/** 12 of the demo's beacons: spread by device over 8 partitions they fall on both nodes (about 1 in 2,000 chance not). */
const BEACONS = Array.from({ length: 12 }, (_, i) => `BC${String(i + 1).padStart(4, '0')}`);
const NO_RULES = { entryAlarm: false, authorizedTeams: [], maxStayMin: null, maxHeadcount: null, noMovementMin: null, signalLostS: null };

/**
 * docs/operations.md "Cluster": two cluster nodes (real PostgreSQL, Redis and Mosquitto) started at the same time, on an empty
 * database. They must end with every partition owned exactly once, and a project's zone rules must see all
 * of its people: an over-headcount alarm counts every beacon of the project, whichever node ingests them.
 */
describe('cluster: nodes started together, zones whole', { timeout: 180_000 }, () => {
  let cluster: TestCluster | null = null;
  let database: OpenDatabase | null = null;

  beforeAll(async () => {
    cluster = await startTestCluster({ name: 'cluster_zones', partitions: PARTITIONS, leaseMs: LEASE_MS, nodeEnv: { LOG_LEVEL: 'info' } });
  }, 180_000);

  afterAll(async () => {
    await cluster?.close();
  });

  /** Partitions each node holds now, from its own log (taken minus handed over). */
  const ownedByLog = (id: NodeId): Set<number> => {
    const owned = new Set<number>();
    for (const line of cluster!.nodes.get(id)!.output().split('\n')) {
      if (!line.startsWith('{')) continue;
      let entry: { msg?: string; partition?: number };
      try {
        entry = JSON.parse(line) as typeof entry;
      } catch {
        continue;
      }
      if (entry.msg === 'partition taken') owned.add(entry.partition!);
      else if (entry.msg === 'partition handed over') owned.delete(entry.partition!);
    }
    return owned;
  };
  const holders = () => cluster!.holders();

  it('starts two nodes at the same time on an empty database; every partition ends owned exactly once', async () => {
    await Promise.all([cluster!.start('a'), cluster!.start('b')]);
    await eventually(
      async () => {
        const h = await holders();
        const [ownA, ownB] = [ownedByLog('a'), ownedByLog('b')];
        const overlap = [...ownA].filter((k) => ownB.has(k));
        // the leases and the nodes' own views agree: each partition held by one node, both nodes holding some
        return (
          overlap.length === 0 &&
          ownA.size + ownB.size === PARTITIONS &&
          ownA.size > 0 &&
          ownB.size > 0 &&
          h.every((x, k) => x === (ownA.has(k) ? 'a' : ownB.has(k) ? 'b' : null))
        );
      },
      30_000,
      'every partition owned by exactly one node, as its lease says',
      200,
    );
    // the demo was seeded once
    database = await cluster!.database();
    const projects = await database!.db.selectFrom('projects').select('project_id').where('project_id', '=', demo).execute();
    expect(projects).toHaveLength(1);
  });

  it('raises one over-headcount alarm counting every beacon of the project, whichever node ingests them', async () => {
    const admin = await loggedInClient(cluster!.nodes.get('a')!.url);
    const added = await admin.post<Zone>(PEOPLE.zoneAdd.path, {
      projectId: demo,
      zone: { name: 'Face crew', kind: 'work', tunnelId: 'RK', fromM: 100, toM: 200, ...NO_RULES, maxHeadcount: 10 },
    });
    expect(added.body.errorMessage).toBeUndefined();
    const zoneId = added.body.data!.zoneId;
    const device = await mqtt.connectAsync(cluster!.broker.url, { clientId: 'cluster-beacons' });
    const overHeadcount = () =>
      database!.db.selectFrom('alarms').select(['value', 'threshold', 'repeat_count', 'state']).where('device_sn', '=', zoneId).where('metric', '=', 'overHeadcount').execute();
    try {
      // every beacon fixes inside the zone once a second (after the headcount warm-up of 15 s the alarm is raised)
      await eventually(
        async () => {
          for (const sn of BEACONS) {
            await device.publishAsync(`zhgd/${demo}/beacon/${sn}/telemetry`, JSON.stringify({ ts: Date.now(), tunnelId: 'RK', chainageM: 150, battery: 80, sos: false }), { qos: 1 });
          }
          return (await overHeadcount()).length > 0;
        },
        45_000,
        'an over-headcount alarm of the zone',
        1_000,
      );
      // a few more rounds: a second rules engine counting part of the people would raise or rewrite it
      for (let round = 0; round < 3; round++) {
        for (const sn of BEACONS) {
          await device.publishAsync(`zhgd/${demo}/beacon/${sn}/telemetry`, JSON.stringify({ ts: Date.now(), tunnelId: 'RK', chainageM: 150, battery: 80, sos: false }), { qos: 1 });
        }
        await new Promise((r) => setTimeout(r, 1_000));
      }
    } finally {
      await device.endAsync(true);
    }
    const rows = await overHeadcount();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ value: BEACONS.length, threshold: 10, repeat_count: 1, state: 'active' });
  });

  it('answers the same live figures on both nodes: the headcount of the zone, and each device\'s status and latest reading', async () => {
    const clients = { a: await loggedInClient(cluster!.nodes.get('a')!.url), b: await loggedInClient(cluster!.nodes.get('b')!.url) };
    // one gas station on each node: each node holds the live state of its own partitions only
    const h = await holders();
    const gas = DEMO_DEVICES.filter((d) => d.kind === 'gas').map((d) => d.sn);
    const stationOf = (node: NodeId) => gas.find((sn) => h[partitionOf(demo, 'gas', sn, PARTITIONS)] === node)!;
    const stations = [stationOf('a'), stationOf('b')];
    expect(stations.every(Boolean)).toBe(true);
    const device = await mqtt.connectAsync(cluster!.broker.url, { clientId: 'cluster-live-state' });
    try {
      const publishAll = async () => {
        for (const [i, sn] of stations.entries()) {
          await device.publishAsync(`zhgd/${demo}/gas/${sn}/telemetry`, JSON.stringify({ ts: Date.now(), readings: { CO: 3 + i, O2: 20.9 } }), { qos: 1 });
        }
        for (const sn of BEACONS) {
          await device.publishAsync(`zhgd/${demo}/beacon/${sn}/telemetry`, JSON.stringify({ ts: Date.now(), tunnelId: 'RK', chainageM: 150, battery: 80, sos: false }), { qos: 1 });
        }
      };
      for (const node of ['a', 'b'] as const) {
        const client = clients[node];
        await eventually(
          async () => {
            await publishAll();
            const devices = (await client.post<DeviceInfo[]>(DEVICES.deviceList.path, { projectId: demo })).body.data ?? [];
            const live = stations.map((sn) => devices.find((d) => d.sn === sn));
            const zones = (await client.post<ZoneRow[]>(PEOPLE.zoneList.path, { projectId: demo, tunnelId: 'RK' })).body.data ?? [];
            const crew = zones.find((z) => z.name === 'Face crew');
            return live.every((d, i) => d?.status === 'online' && d.latest?.CO === 3 + i) && crew?.headcount === BEACONS.length;
          },
          15_000,
          `node ${node}: both stations online with their reading, and 12 people in the zone`,
          500,
        );
      }
    } finally {
      await device.endAsync(true);
    }
  });

  it('writes the zone hours on the node owning the project partition, counting every beacon of the project', async () => {
    const owner = (await holders())[partitionOf(demo, 'zone', '', PARTITIONS)] as NodeId;
    expect(owner === 'a' || owner === 'b').toBe(true);
    database ??= await cluster!.database();
    const crew = await database.db.selectFrom('zones').select('zone_id').where('project_id', '=', demo).where('name', '=', 'Face crew').executeTakeFirstOrThrow();
    // a clean stop writes the hour so far (docs/api.md "zone/hours")
    const node = cluster!.nodes.get(owner)!;
    node.process.kill('SIGTERM');
    expect(await node.exited).toBe(0);
    cluster!.nodes.delete(owner);
    const rows = await database.db
      .selectFrom('zone_hour_counts')
      .selectAll()
      .where('project_id', '=', demo)
      .where('zone_id', '=', crew.zone_id)
      .where('hour_start_ms', '>=', Date.now() - 2 * 3_600_000)
      .orderBy('hour_start_ms', 'desc')
      .execute();
    // the beacons were ingested by both nodes; the project partition's rules counted all 12
    expect(rows[0]).toMatchObject({ headcount: BEACONS.length });
    expect(rows[0].max_headcount).toBeGreaterThanOrEqual(BEACONS.length);
  });
});
