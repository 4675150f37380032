import { createAdapter } from '@socket.io/redis-adapter';
import { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Alarm } from '../../protocol';
import { RECEIVE_MAXIMUM, redact, startExternalBroker, type ExternalBroker } from '../ingest/externalBroker';
import { loadOpenAlarms } from '../rules/alarmPersister';
import { loadDevices } from '../rules/deviceStore';
import type { Effects } from '../rules/types';
import { toAlarm, type Database } from '../storage';
import { RedisLeases } from './leases';
import type { PartitionedRules } from './partitionedRules';
import { partitionClientId, partitionWhere } from './partitions';
import { messageKey, storedKeys } from './receipts';

/** Minimal logger (pino/Fastify compatible). */
interface Log {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

/** Longest wait for Redis at start, ms: a wrong REDIS_URL fails the start instead of retrying silently. */
const REDIS_CONNECT_TIMEOUT_MS = 10_000;

/**
 * Messages of a partition checked against the receipts after a takeover, besides every redelivery (DUP):
 * as many as a broker keeps in flight per session, the Receive Maximum the session announces
 * (server/ingest/externalBroker.ts RECEIVE_MAXIMUM), since the last owner may have stored that many
 * messages it had not acknowledged yet.
 */
export const RECEIPT_CHECKS_AFTER_TAKEOVER = RECEIVE_MAXIMUM;

/**
 * How long a node waits for the others' answers to a request through the socket.io adapter (their rooms,
 * their share of a project's live state), ms. A killed node drops out of Redis at once and is not waited
 * for; this bounds the wait on a stalled one, which a REST read of live state would otherwise sit behind.
 */
export const CLUSTER_REQUEST_TIMEOUT_MS = 2_000;

/** The Redis connections of a node: commands, the socket.io adapter's pair, and the cluster bus subscriber. */
export interface ClusterRedis {
  /** Commands (leases, membership, bus publish). */
  redis: Redis;
  /** The socket.io adapter (GatewayOptions.adapter): rooms span every node. */
  adapter: ReturnType<typeof createAdapter>;
  /** The bus subscriber connection. */
  sub: Redis;
  close(): Promise<void>;
}

/**
 * Connects to REDIS_URL: four connections (commands, the socket.io Redis adapter's publisher and
 * subscriber, the cluster bus subscriber). Errors after the start are logged; ioredis reconnects by itself.
 * @throws when Redis does not answer PING within REDIS_CONNECT_TIMEOUT_MS (every connection is closed again)
 */
export async function connectClusterRedis(url: string, log: Log): Promise<ClusterRedis> {
  const open = (role: string) => {
    const r = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: null });
    r.on('error', (err: Error) => log.error({ role, err: err.message }, 'Redis connection error'));
    return r;
  };
  const redis = open('commands');
  const pub = open('adapter-pub');
  const adapterSub = open('adapter-sub');
  const sub = open('bus');
  const all = [redis, pub, adapterSub, sub];
  const close = async () => {
    await Promise.allSettled(all.map((r) => r.quit()));
    for (const r of all) r.disconnect();
  };
  try {
    await withTimeout(Promise.all(all.map((r) => r.ping())), REDIS_CONNECT_TIMEOUT_MS, `Redis at ${redact(url)}`);
  } catch (err) {
    await close();
    throw err;
  }
  return { redis, adapter: createAdapter(pub, adapterSub, { key: 'siteboard:io', requestsTimeout: CLUSTER_REQUEST_TIMEOUT_MS }), sub, close };
}

/** What the cluster needs from the live pipeline. */
export interface ClusterDeps {
  redis: ClusterRedis;
  db: Kysely<Database>;
  log: Log;
  /** MQTT_URL of the shared external broker. */
  mqttUrl: string;
  nodeId: string;
  /** Lease time to live, ms (CLUSTER_LEASE_MS). */
  leaseMs: number;
  rules: PartitionedRules;
  /** The ingest handler: settles once the message's alarm changes are stored; never rejects. */
  handleMessage(topic: string, payload: Buffer): Promise<unknown>;
  /** Applies rules effects (alarm writes queued, statuses pushed). */
  apply(effects: Effects): void;
  /** Resolves once every alarm write queued so far is stored. */
  flushAlarms(): Promise<void>;
  /** Re-reads devices of one project (or all) on this node only. */
  reloadLocal(projectId?: string): Promise<void>;
  /** Mirrors an alarm handled through REST on another node into this node's rules. */
  dealtLocal(alarm: Alarm): void;
}

/** A node's part of the cluster. */
export interface Cluster {
  /** Partitions this node owns now, ascending. */
  owned(): number[];
  /** Tells every node to re-read devices (thresholds or devices changed through REST here). */
  broadcastReload(projectId?: string): Promise<void>;
  /** Tells the owner of an alarm's device that it was handled through REST here. */
  broadcastDealt(alarm: Alarm): Promise<void>;
  /** Subscribes the topics of devices added to owned partitions since they were taken (after a reload). */
  subscribeNewDevices(): Promise<void>;
  /** Hands every partition over (drained, alarms flushed, leases released) and leaves. Idempotent. */
  close(): Promise<void>;
}

const busMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('reload'), from: z.string(), projectId: z.string().min(1).max(64).optional() }),
  z.object({ type: z.literal('dealt'), from: z.string(), alarmId: z.number().int().min(1) }),
]);
type BusMessage = z.infer<typeof busMessage>;

interface Held {
  client: ExternalBroker;
  /** Topic filters subscribed in the partition's session. */
  subscribed: Set<string>;
  /** Last successful lease renewal, ms. */
  renewedAtMs: number;
  /** Messages still to check against the receipts (a takeover's redeliveries). */
  checksLeft: number;
}

/**
 * Joins the cluster (docs/operations.md "Cluster"): every lease period / 4 the node marks itself alive,
 * renews its leases, and moves towards its fair share ceil(partitions / live nodes): it takes free
 * partitions (SET NX) while below, and hands its surplus over while above. Taking partition k: its devices and
 * open alarms are read from the database into a fresh engine (PartitionedRules.adopt), then the
 * partition's MQTT session `siteboard-p{k}` is resumed on the external broker (queued and unacknowledged
 * messages arrive; a redelivery the dead owner had stored is recognised by its receipt) and every device
 * topic of the partition is subscribed. Handing over: the session is closed after the messages in hand are
 * stored and acknowledged, queued alarm writes are flushed, then the lease is released. A lease this node
 * cannot renew for 60 % of its time to live is given up the same way before anyone else can take it.
 */
export async function startCluster(deps: ClusterDeps): Promise<Cluster> {
  const { db, log, rules, nodeId } = deps;
  const leases = new RedisLeases(deps.redis.redis, nodeId, deps.leaseMs);
  const held = new Map<number, Held>();
  const leaving = new Set<number>();
  let closing: Promise<void> | null = null;
  const channel = 'siteboard:cluster:bus';
  /** Renewal and balancing period: a quarter of the lease. */
  const periodMs = Math.max(100, Math.floor(deps.leaseMs / 4));

  const receiptChecks = receiptBatcher((keys) => storedKeys(db, keys));

  const take = async (k: number): Promise<void> => {
    // only the partition's rows: a takeover costs its share of the devices, not all of them
    const [devices, open] = await Promise.all([loadDevices(db, log, undefined, partitionWhere('devices', k, rules.count)), loadOpenAlarms(db, partitionWhere('alarms', k, rules.count))]);
    deps.apply(rules.adopt(k, devices, open, Date.now()));
    const entry: Held = { client: null as unknown as ExternalBroker, subscribed: new Set(), renewedAtMs: Date.now(), checksLeft: RECEIPT_CHECKS_AFTER_TAKEOVER };
    try {
      entry.client = await startExternalBroker({
        url: deps.mqttUrl,
        nodeId,
        clientId: partitionClientId(k),
        subscriptions: () => rules.filters(k),
        onMessage: (topic, payload) => deps.handleMessage(topic, payload).then(() => undefined),
        alreadyStored: async (topic, payload, redelivered) => {
          if (!redelivered && entry.checksLeft <= 0) return false;
          entry.checksLeft--;
          try {
            return await receiptChecks.has(messageKey(topic, payload));
          } catch (err) {
            log.error({ err, partition: k }, 'receipt check failed; handling the message');
            return false;
          }
        },
        mayReconnect: async () => held.has(k) && !leaving.has(k) && (await leases.holder(k)) === nodeId,
        log,
      });
      const filters = rules.filters(k);
      await entry.client.subscribe(filters);
      for (const f of filters) entry.subscribed.add(f);
    } catch (err) {
      rules.drop(k);
      await leases.release(k).catch(() => undefined);
      throw err;
    }
    held.set(k, entry);
    log.info({ nodeId, partition: k, devices: entry.subscribed.size }, 'partition taken');
  };

  /** Closes partition k's session (messages in hand stored and acknowledged), flushes alarms, forgets it, releases the lease. */
  const handOver = async (k: number, why: string): Promise<void> => {
    const entry = held.get(k);
    if (!entry || leaving.has(k)) return;
    leaving.add(k);
    try {
      await entry.client.close();
      await deps.flushAlarms();
      rules.drop(k);
      held.delete(k);
      await leases.release(k).catch((err: unknown) => log.warn({ err, partition: k }, 'lease release failed; it expires by itself'));
      log.info({ nodeId, partition: k, why }, 'partition handed over');
    } finally {
      leaving.delete(k);
    }
  };

  let balancing = false;
  const balance = async (): Promise<void> => {
    if (balancing || closing) return;
    balancing = true;
    try {
      const live = await withTimeout(leases.heartbeat(Date.now()), periodMs);
      const target = Math.ceil(rules.count / Math.max(1, live.length));
      const mine = [...held.keys()].filter((k) => !leaving.has(k));
      if (mine.length > target) {
        // every surplus partition in one round (nodes started together settle within a round or two)
        const surplus = mine.sort((a, b) => b - a).slice(0, mine.length - target);
        for (const k of surplus) await handOver(k, `rebalance to ${target} of ${rules.count} over ${live.length} nodes`);
        return;
      }
      const free = shuffle(Array.from({ length: rules.count }, (_, k) => k).filter((k) => !held.has(k)));
      for (const k of free) {
        if (held.size >= target || closing) break;
        // a timed-out SET that did succeed leaves a lease nobody uses: it expires within a lease period
        if (!(await withTimeout(leases.tryAcquire(k), periodMs))) continue;
        try {
          await take(k);
        } catch (err) {
          log.error({ err, partition: k }, 'taking a partition failed');
        }
      }
    } catch (err) {
      log.warn({ err }, 'cluster balancing failed');
    } finally {
      balancing = false;
    }
  };

  let renewing = false;
  const renew = async (): Promise<void> => {
    if (renewing) return;
    renewing = true;
    try {
      await renewHeld();
    } finally {
      renewing = false;
    }
  };
  const renewHeld = async (): Promise<void> => {
    for (const [k, entry] of held) {
      let still: boolean | null = null;
      try {
        // bounded: while Redis is away ioredis queues commands, and the overdue check below must still run
        still = await withTimeout(leases.renew(k), periodMs);
      } catch (err) {
        log.warn({ err: (err as Error).message, partition: k }, 'lease renewal failed');
      }
      if (still) entry.renewedAtMs = Date.now();
      // a partition being handed over keeps its lease renewed until it is released
      if (leaving.has(k)) continue;
      if (still === false || Date.now() - entry.renewedAtMs > deps.leaseMs * 0.6) {
        log.error({ nodeId, partition: k, heldElsewhere: still === false }, 'partition lease lost: giving the partition up');
        void handOver(k, 'lease lost').catch((err: unknown) => log.error({ err, partition: k }, 'giving a partition up failed'));
      }
    }
  };

  const onBus = (ch: string, raw: string) => {
    if (ch !== channel) return;
    let msg: BusMessage;
    try {
      const parsed = busMessage.safeParse(JSON.parse(raw));
      if (!parsed.success) throw new Error(parsed.error.issues[0]?.message);
      msg = parsed.data;
    } catch (err) {
      log.warn({ err: (err as Error).message }, 'cluster bus message ignored');
      return;
    }
    if (msg.from === nodeId) return;
    if (msg.type === 'reload') {
      void deps
        .reloadLocal(msg.projectId)
        .then(() => cluster.subscribeNewDevices())
        .catch((err: unknown) => log.error({ err }, 'device reload from the cluster bus failed'));
    } else {
      void db
        .selectFrom('alarms')
        .selectAll()
        .where('alarm_id', '=', msg.alarmId)
        .executeTakeFirst()
        .then((row) => row && deps.dealtLocal(toAlarm(row)))
        .catch((err: unknown) => log.error({ err }, 'alarm handling from the cluster bus failed'));
    }
  };
  deps.redis.sub.on('message', onBus);
  await deps.redis.sub.subscribe(channel);

  const renewTimer = setInterval(() => void renew(), periodMs);
  const balanceTimer = setInterval(() => void balance(), periodMs);
  renewTimer.unref();
  balanceTimer.unref();
  await balance();

  const publish = (msg: BusMessage) => deps.redis.redis.publish(channel, JSON.stringify(msg)).then(() => undefined);
  const cluster: Cluster = {
    owned: () => [...held.keys()].sort((a, b) => a - b),
    broadcastReload: (projectId) => publish({ type: 'reload', from: nodeId, projectId }),
    broadcastDealt: (alarm) => publish({ type: 'dealt', from: nodeId, alarmId: alarm.alarmId }),
    async subscribeNewDevices() {
      for (const [k, entry] of held) {
        const fresh = rules.filters(k).filter((f) => !entry.subscribed.has(f));
        if (fresh.length === 0) continue;
        await entry.client.subscribe(fresh);
        for (const f of fresh) entry.subscribed.add(f);
      }
    },
    close() {
      closing ??= (async () => {
        clearInterval(renewTimer);
        clearInterval(balanceTimer);
        while (balancing) await new Promise((r) => setTimeout(r, 20));
        deps.redis.sub.off('message', onBus);
        await leases.leave().catch(() => undefined);
        for (const k of [...held.keys()]) await handOver(k, 'node stopping').catch((err: unknown) => log.error({ err, partition: k }, 'hand-over at stop failed'));
      })();
      return closing;
    },
  };
  return cluster;
}

/** Receipt keys asked per query at most. */
export const RECEIPT_CHECK_BATCH = 500;

/**
 * Batches receipt checks: the keys asked within one event-loop turn (the deliveries of one socket read)
 * go to `lookUp` together, RECEIPT_CHECK_BATCH per query. After a takeover every delivery of the first
 * RECEIPT_CHECKS_AFTER_TAKEOVER is checked; one query each made the partition's first thousand messages
 * wait for a thousand round trips.
 * @param lookUp the keys found among those given; its rejection rejects the checks of its batch
 */
export function receiptBatcher(lookUp: (keys: string[]) => Promise<Set<string>>): { has(key: string): Promise<boolean> } {
  let batch: Array<{ key: string; resolve: (v: boolean) => void; reject: (e: unknown) => void }> = [];
  const run = () => {
    const all = batch;
    batch = [];
    for (let i = 0; i < all.length; i += RECEIPT_CHECK_BATCH) {
      const part = all.slice(i, i + RECEIPT_CHECK_BATCH);
      lookUp(part.map((c) => c.key)).then(
        (found) => part.forEach((c) => c.resolve(found.has(c.key))),
        (err: unknown) => part.forEach((c) => c.reject(err)),
      );
    }
  };
  return {
    has(key) {
      if (batch.length === 0) setImmediate(run);
      return new Promise((resolve, reject) => batch.push({ key, resolve, reject }));
    },
  };
}

/** `p`, or a rejection after `ms` naming `what` (default: no subject). */
function withTimeout<T>(p: Promise<T>, ms: number, what = 'no answer'): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const message = what === 'no answer' ? `no answer within ${ms} ms` : `${what} did not answer within ${ms} ms`;
  return Promise.race([p, new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(message)), ms)))]).finally(() => clearTimeout(timer));
}

function shuffle<T>(list: T[]): T[] {
  for (let i = list.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [list[i], list[j]] = [list[j], list[i]];
  }
  return list;
}
