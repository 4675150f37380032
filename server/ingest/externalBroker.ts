import { connect, type IConnackPacket, type IPublishPacket, type MqttClient } from 'mqtt';
import { TOPIC_ROOT } from '../../protocol';

/** Subscription of the server on an external broker: every device topic of every project. */
export const DEVICE_SUBSCRIPTION = `${TOPIC_ROOT}/+/+/+/+`;

/**
 * How long the external broker keeps this node's session (its subscription and the QoS 1 messages queued
 * for it) after the server disconnects, in seconds (MQTT 5 Session Expiry Interval, MQTT 5.0 §3.1.2.11.2):
 * one day. A server down for longer starts with a fresh session and misses what was published meanwhile.
 */
export const SESSION_EXPIRY_S = 86_400;

/** Default reconnect back-off bounds, ms: after the fast retries, RECONNECT_MIN_MS doubling up to RECONNECT_MAX_MS. */
export const RECONNECT_MIN_MS = 500;
export const RECONNECT_MAX_MS = 15_000;

/**
 * The first FAST_RECONNECT_ATTEMPTS retries after a drop come every FAST_RECONNECT_MS (2 s in all), before
 * the back-off: a broker that restarts is back within a second or two, and devices reconnect within
 * milliseconds. If it lost the server's session, whatever they publish before the server subscribes again
 * is dropped, so the server must be among the first back (docs/operations.md "Broker persistence").
 */
export const FAST_RECONNECT_MS = 50;
export const FAST_RECONNECT_ATTEMPTS = 40;

/** Handled messages remembered to recognise the broker's redelivery (DUP) of one already handled. */
export const RECENT_KEPT = 4_096;

/** Longest wait of close() for messages still being handled, so their PUBACKs go out, ms. */
export const CLOSE_DRAIN_MS = 5_000;

/**
 * Deliveries a session takes before acknowledging the first (MQTT 5 Receive Maximum, MQTT 5.0
 * §3.1.2.11.3, sent in CONNECT; Mosquitto then uses it instead of max_inflight_messages). They are handled
 * as they arrive while their alarm writes are stored, and acknowledged in order.
 */
export const RECEIVE_MAXIMUM = 1_000;

/**
 * Deliveries the sessions of this process start in one event-loop turn, at most. A session with a backlog
 * (a takeover, a restart, a burst) otherwise handled it as one chain of microtasks: its 1,000 deliveries in
 * hand, then the next as each was acknowledged, holding the event loop for 400–800 ms while the gateway's
 * frames and the sockets waited (bench/server/README.md). The rest wait for the next turn as they wait
 * for a slot, and mqtt.js reads no further meanwhile.
 */
export const DELIVERIES_PER_TURN = 256;

const turn = { left: DELIVERIES_PER_TURN, next: null as NodeJS.Immediate | null, blocked: new Set<() => void>() };

/**
 * Takes one delivery of this turn's budget ({@link DELIVERIES_PER_TURN}, shared by every session of the
 * process). False when it is spent: then `release` is called at the next turn, with the budget renewed.
 */
function takeTurn(release: () => void): boolean {
  if (turn.left <= 0) {
    turn.blocked.add(release);
    return false;
  }
  turn.left--;
  turn.next ??= setImmediate(() => {
    turn.next = null;
    turn.left = DELIVERIES_PER_TURN;
    const blocked = [...turn.blocked];
    turn.blocked.clear();
    for (const release of blocked) release();
  });
  return true;
}

/** Topic filters per SUBSCRIBE packet (a partition subscribes each of its devices' topics). */
const SUBSCRIBE_BATCH = 200;

/** MQTT 5 reason code "Unspecified error" (MQTT 5.0 §3.4.2.1): the PUBACK of a message the handler failed on. */
const PUBACK_UNSPECIFIED_ERROR = 0x80;

/** Options of the external-broker consumer. */
export interface ExternalBrokerOptions {
  /** MQTT_URL, e.g. mqtt://user:pass@broker:1883 (credentials of the server's own account). */
  url: string;
  /**
   * This node's id (NODE_ID, docs/configuration.md). The MQTT client id is `siteboard-{nodeId}`: fixed across
   * restarts, so the broker resumes the node's persistent session; unique per node, or two nodes would
   * take each other's session over.
   */
  nodeId: string;
  /**
   * The ingest callback (contract: resolves once what must be durable for the message is persisted, never
   * rejects). A QoS 1 message is acknowledged to the broker only after it resolves. A void return is
   * treated as done at once.
   */
  onMessage(topic: string, payload: Buffer): Promise<void> | void;
  log: { info(obj: object, msg?: string): void; warn(obj: object, msg?: string): void; error(obj: object, msg?: string): void };
  /** Reconnect back-off bounds, ms (defaults RECONNECT_MIN_MS, RECONNECT_MAX_MS). */
  reconnectMinMs?: number;
  reconnectMaxMs?: number;
  /** Longest wait of close() for the messages being handled, ms (default CLOSE_DRAIN_MS). */
  closeDrainMs?: number;
  /**
   * Cluster hooks (server/cluster, docs/operations.md "Cluster"); all optional, unset on a single node.
   * `clientId` replaces {@link externalClientId}(nodeId): the session of a partition, which moves between nodes.
   */
  clientId?: string;
  /** Topic filters subscribed (QoS 1) when the broker has no session; default [DEVICE_SUBSCRIPTION]. */
  subscriptions?: () => string[];
  /**
   * Whether a delivery was already stored by an earlier holder of the session (asked before handling it;
   * `redelivered` is the MQTT DUP flag). True: acknowledged without handling. Must not reject.
   */
  alreadyStored?(topic: string, payload: Buffer, redelivered: boolean): Promise<boolean>;
  /** Asked before each reconnect: false leaves the client disconnected (the session has moved elsewhere). */
  mayReconnect?(): Promise<boolean>;
  /**
   * Whether the broker should already hold this client's session at the first connection (the server
   * consumed through it within SESSION_EXPIRY_S). Later connections always expect it.
   */
  expectSession?: boolean;
  /**
   * The broker answered a connection without the session it should have held (CONNACK Session Present 0,
   * MQTT 5.0 §3.2.2.1.1): it restarted without persistence, or its persistence failed. What it acknowledged
   * to devices while the server was not subscribed is lost. Already logged as a warning; `atMs` is now.
   */
  onSessionLost?(atMs: number): void;
  /** Every connection after the first (the broker or the link came back), once its subscription is sent. */
  onReconnected?(atMs: number): void;
}

/** A running consumer. */
export interface ExternalBroker {
  /** Subscribes more topic filters with QoS 1 (new devices of a partition). @throws when the broker refuses */
  subscribe(filters: string[]): Promise<void>;
  /**
   * Publishes a server message (QoS 1, not retained: the command downlink, docs/device-protocol.md
   * "Commands"). Settles once the broker acknowledged it; rejects when it did not (offline, refused).
   */
  publish(topic: string, payload: string): Promise<void>;
  /** Disconnects (the broker keeps the session for SESSION_EXPIRY_S). Idempotent. */
  close(): Promise<void>;
}

/** The MQTT client id of node `nodeId` on an external broker. */
export function externalClientId(nodeId: string): string {
  return `siteboard-${nodeId}`;
}

/**
 * Delay before reconnect attempt `attempt` (0 = first after a drop), ms: `minMs` doubling per attempt up to
 * `maxMs`, minus up to 20 % jitter so that several nodes do not retry in step.
 * @param random a number in [0, 1) (Math.random in production)
 */
export function reconnectDelayMs(attempt: number, minMs: number, maxMs: number, random: number): number {
  const base = Math.min(maxMs, minMs * 2 ** Math.min(attempt, 30));
  return Math.round(base * (1 - 0.2 * random));
}

/**
 * Connects to an external MQTT broker as a client with a persistent session and consumes every device topic
 * (DEVICE_SUBSCRIPTION, QoS 1). The external broker authenticates devices and restricts each to its project
 * (docs/operations.md).
 *
 * Nothing the broker acknowledged to a device is lost while this node is away (broker restart, network drop,
 * server restart within SESSION_EXPIRY_S):
 * - MQTT 5, fixed client id {@link externalClientId}, Clean Start off and a session expiry of SESSION_EXPIRY_S:
 *   the broker keeps the subscription and queues QoS 1 messages while the node is disconnected, and sends
 *   them when it comes back;
 * - each QoS 1 message is acknowledged (PUBACK) only after `onMessage` resolved, so a message the server took
 *   but had not persisted when it went away is delivered again (at least once: a message persisted just
 *   before a drop may be handled twice);
 * - a redelivery (DUP flag) of a message this process already handled and stored, whose PUBACK was lost with
 *   the connection, is acknowledged without handling it again (the last RECENT_KEPT messages are remembered);
 * - close() waits (up to 5 s) for the messages being handled, so their PUBACKs go out before DISCONNECT;
 * - a handler that rejects (which the contract rules out) is logged and acknowledged with reason code 0x80,
 *   so one bad message never stalls the session;
 * - messages are handled in arrival order as they arrive, up to RECEIVE_MAXIMUM unacknowledged (announced to
 *   the broker in CONNECT; beyond it mqtt.js reads no further, so the socket applies back-pressure), and
 *   acknowledged in arrival order once stored: a message waiting for its alarm commit holds back only the
 *   PUBACKs after it, not the handling of the messages after it.
 * Reconnects every FAST_RECONNECT_MS for FAST_RECONNECT_ATTEMPTS tries, then with a bounded exponential
 * back-off (reconnectMinMs doubling up to reconnectMaxMs) forever, and subscribes again whenever the broker
 * has no session for it; a session the broker should have kept and did not is a warning and `onSessionLost`. The first connection is waited for, so a wrong
 * URL fails the start instead of retrying silently.
 * @throws the connection error when the first connection or subscription fails
 */
export async function startExternalBroker(opts: ExternalBrokerOptions): Promise<ExternalBroker> {
  const minMs = opts.reconnectMinMs ?? RECONNECT_MIN_MS;
  const maxMs = opts.reconnectMaxMs ?? RECONNECT_MAX_MS;
  const where = { url: redact(opts.url), clientId: opts.clientId ?? externalClientId(opts.nodeId) };
  const filters = opts.subscriptions ?? (() => [DEVICE_SUBSCRIPTION]);

  const handle = async (topic: string, payload: Buffer): Promise<boolean> => {
    try {
      await opts.onMessage(topic, payload);
      return true;
    } catch (err) {
      opts.log.error({ err, topic: topic.slice(0, 256) }, 'device message handler failed');
      return false;
    }
  };

  // Handled messages by packet identifier, oldest first: the broker redelivers an unacknowledged message with
  // its packet identifier and DUP set (MQTT 5.0 §4.4), so the identifier finds it; topic, length and a
  // checksum of the payload make sure it is the same message (SHA-1 of every message was 3 % of a node's CPU).
  // `outcome` settles with the message's PUBACK reason code: a redelivery that arrives while the first
  // delivery is still being stored waits for it instead of handling the message a second time.
  const recent = new Map<number, { topic: string; length: number; sum: number; outcome: Promise<number> }>();
  const inFlight = new Set<Promise<unknown>>();

  /**
   * Starts handling one delivery; resolves once the handler was called (the rules saw the message), with
   * `{ outcome }`, the PUBACK reason code once what must be durable is stored.
   */
  const start = async (topic: string, payload: Buffer, packet: IPublishPacket): Promise<{ outcome: Promise<number> }> => {
    const id = packet.messageId;
    if (packet.dup && id !== undefined) {
      const seen = recent.get(id);
      if (seen && seen.topic === topic && seen.length === payload.length && seen.sum === checksum(payload)) {
        if ((await seen.outcome) === 0) return { outcome: Promise.resolve(0) };
      }
    }
    if (opts.alreadyStored && (await opts.alreadyStored(topic, payload, packet.dup))) return { outcome: Promise.resolve(0) };
    const outcome = handle(topic, payload).then((ok) => (ok ? 0 : PUBACK_UNSPECIFIED_ERROR));
    if (id !== undefined) {
      recent.delete(id);
      recent.set(id, { topic, length: payload.length, sum: checksum(payload), outcome });
      if (recent.size > RECENT_KEPT) recent.delete(recent.keys().next().value!);
    }
    return { outcome };
  };

  // Pipelined deliveries (RECEIVE_MAXIMUM at most): each is handled as soon as it arrives, in arrival order,
  // while the PUBACKs of earlier ones still wait for their storage; PUBACKs go out in arrival order (MQTT
  // 5.0 §4.6), each once its own message and every earlier one are stored. Handling one message at a time,
  // one awaited alarm commit held every later message of the session back (docs/operations.md "Cluster").
  interface Delivery {
    /** The connection it arrived on: a PUBACK is never sent on a later connection (the broker redelivers). */
    connection: number;
    /** The PUBACK mqtt.js built for it, held back until `code` is known and every earlier one went out. */
    puback: { cmd: string; reasonCode?: number } | null;
    sendPuback: ((packet: object) => void) | null;
    /** Its reason code once settled, else null. */
    code: number | null;
  }
  const deliveries: Delivery[] = [];
  /**
   * Deliveries waiting for a free slot (more than RECEIVE_MAXIMUM unacknowledged) or for the next turn
   * ({@link DELIVERIES_PER_TURN}): mqtt.js reads no further meanwhile.
   */
  const waitingForSlot: Array<() => void> = [];
  let connection = 0;
  let startChain: Promise<unknown> = Promise.resolve();
  /** Set while mqtt.js builds a delivery's PUBACK (inside ack()): the PUBACK is held back on it. */
  let capturing: Delivery | null = null;

  const sendSettledAcks = () => {
    while (deliveries.length > 0 && deliveries[0].code !== null) {
      const d = deliveries.shift()!;
      if (d.connection === connection && d.puback && d.sendPuback) {
        corkAcks();
        if (d.code) d.puback.reasonCode = d.code;
        d.sendPuback(d.puback);
      }
    }
    releaseWaiting();
  };

  /** Starts the waiting deliveries while there are free slots and this turn's budget lasts. */
  const releaseWaiting = (): void => {
    while (waitingForSlot.length > 0 && deliveries.length < RECEIVE_MAXIMUM && takeTurn(releaseWaiting)) waitingForSlot.shift()!();
  };

  const deliver = (topic: string, payload: Buffer, packet: IPublishPacket, ack: (error: Error | number, reasonCode?: number) => void) => {
    const d: Delivery = { connection, puback: null, sendPuback: null, code: null };
    deliveries.push(d);
    const started = startChain.then(() => start(topic, payload, packet));
    startChain = started.catch(() => undefined);
    const done = started
      .then(({ outcome }) => outcome)
      .catch((err: unknown) => {
        opts.log.error({ err, topic: topic.slice(0, 256) }, 'device message check failed');
        return PUBACK_UNSPECIFIED_ERROR;
      })
      .then((code) => {
        d.code = code;
        sendSettledAcks();
      });
    inFlight.add(done);
    void done.finally(() => inFlight.delete(done));
    // mqtt.js writes the PUBACK inside ack() and reads the next packet once it is written: it is held back
    // here (written by sendSettledAcks) so that the next delivery is read at once
    capturing = d;
    try {
      ack(0, 0);
    } finally {
      capturing = null;
    }
  };

  // PUBACKs of one event-loop turn go out in one write: the socket is corked at the first and uncorked after
  // the turn's I/O (one syscall per PUBACK was the largest single cost of a node on an external broker).
  let corked = false;
  const corkAcks = () => {
    const stream = client.stream as unknown as { cork?(): void; uncork?(): void } | undefined;
    if (corked || !stream?.cork || !stream.uncork) return;
    stream.cork();
    corked = true;
    setImmediate(() => {
      corked = false;
      stream.uncork!();
    });
  };

  const client: MqttClient = connect(opts.url, {
    clientId: where.clientId,
    protocolVersion: 5,
    clean: false,
    // the broker keeps at most this many deliveries unacknowledged on the connection (MQTT 5.0 §3.1.2.11.3)
    properties: { sessionExpiryInterval: SESSION_EXPIRY_S, receiveMaximum: RECEIVE_MAXIMUM },
    reconnectPeriod: 0, // reconnects are ours: mqtt.js only knows a fixed period
    connectTimeout: 10_000,
    resubscribe: false, // the broker keeps the subscription in the session; subscribeIfNoSession covers a lost one
    customHandleAcks: (topic, payload, packet: IPublishPacket, ack) => {
      // QoS 1 and 2 only (mqtt.js calls this for acknowledged deliveries); the PUBACK waits for the handler
      const go = () => deliver(topic, payload, packet, ack);
      if (waitingForSlot.length === 0 && deliveries.length < RECEIVE_MAXIMUM && takeTurn(releaseWaiting)) go();
      else waitingForSlot.push(go);
    },
  });
  // the held-back PUBACKs (see deliver): mqtt.js goes on reading at once, the packet is written later.
  // mqtt.js has no public way to hold a PUBACK back, so this wraps its private _sendPacket (mqtt is pinned
  // to an exact version in package.json; tests/integration/server/ingest/externalBroker.test.ts fails if
  // the wrap stops working).
  const internal = client as unknown as { _sendPacket?: unknown };
  if (typeof internal._sendPacket !== 'function') {
    client.end(true);
    throw new Error('mqtt.js has no _sendPacket: this version cannot hold PUBACKs back until a message is stored');
  }
  const sendPacket = (client as unknown as { _sendPacket: (packet: { cmd: string }, cb?: () => void, ...rest: unknown[]) => void })._sendPacket.bind(client);
  (client as unknown as { _sendPacket: typeof sendPacket })._sendPacket = (packet, cb, ...rest) => {
    const d = capturing;
    if (d && packet.cmd === 'puback') {
      capturing = null;
      d.puback = packet;
      d.sendPuback = (p) => sendPacket(p as { cmd: string });
      if (d.code !== null) sendSettledAcks();
      cb?.();
      return;
    }
    sendPacket(packet, cb, ...rest);
  };
  const firstConnack = await new Promise<IConnackPacket>((resolve, reject) => {
    const settle = () => {
      client.off('connect', onConnect);
      client.off('error', fail);
      client.off('close', onClose);
    };
    const onConnect = (connack: IConnackPacket) => {
      settle();
      resolve(connack);
    };
    const fail = (err: Error) => {
      settle();
      client.end(true);
      reject(err);
    };
    const onClose = () => fail(new Error(`MQTT connection to ${where.url} closed before CONNACK`));
    client.on('connect', onConnect);
    client.on('error', fail);
    client.on('close', onClose);
  });

  let closing: Promise<void> | null = null;
  let attempt = 0;
  let retry: NodeJS.Timeout | null = null;

  /** Subscribes `list` with QoS 1 in packets of at most SUBSCRIBE_BATCH filters. @throws when one is not granted QoS 1 */
  const subscribeAll = async (list: string[]): Promise<void> => {
    for (let i = 0; i < list.length; i += SUBSCRIBE_BATCH) {
      const part = list.slice(i, i + SUBSCRIBE_BATCH);
      const granted = await client.subscribeAsync(part, { qos: 1 });
      const bad = granted.find((g) => g.qos !== 1);
      if (bad) throw new Error(`broker granted QoS ${bad.qos} instead of 1 on ${bad.topic}`);
    }
  };

  const subscribeIfNoSession = async (connack: IConnackPacket): Promise<void> => {
    if (connack.sessionPresent) return;
    try {
      await subscribeAll(filters());
    } catch (err) {
      opts.log.error({ ...where, err }, 'subscribing failed');
      if (!closing) client.stream.destroy(); // reconnect and try again
    }
  };

  /** The broker has no session although it should have kept it: said aloud (warning, counter). */
  const sessionLost = () => {
    opts.log.warn(
      { ...where, sessionPresent: false },
      'MQTT broker lost this server\'s persistent session: what it acknowledged to devices while the server was not subscribed is lost; ' +
        'give the broker persistence (docs/operations.md "Broker persistence"). Subscribing again.',
    );
    opts.onSessionLost?.(Date.now());
  };

  // QoS 0 deliveries bypass customHandleAcks and arrive here; QoS 1/2 ones were handled before the ack
  client.on('message', (topic, payload, packet) => {
    // behind the QoS 1 deliveries before it (handled in arrival order)
    if (packet.qos === 0) startChain = startChain.then(() => void handle(topic, payload));
  });
  client.on('connect', (connack) => {
    attempt = 0;
    // subscribe first: devices reconnected to a broker that lost the session publish into nothing until then
    void subscribeIfNoSession(connack);
    if (connack.sessionPresent) opts.log.info({ ...where, sessionPresent: true }, 'MQTT connected');
    else sessionLost();
    opts.onReconnected?.(Date.now());
  });
  client.on('close', () => {
    // deliveries of the lost connection are never acknowledged on the next one: the broker redelivers them
    // (DUP), and `recent` or the receipts recognise those already stored
    connection++;
    deliveries.length = 0;
    waitingForSlot.length = 0;
    if (closing || retry) return;
    const n = attempt++;
    const delay = n < FAST_RECONNECT_ATTEMPTS ? FAST_RECONNECT_MS : reconnectDelayMs(n - FAST_RECONNECT_ATTEMPTS, minMs, maxMs, Math.random());
    if (n === 0 || n >= FAST_RECONNECT_ATTEMPTS) opts.log.warn({ ...where, delayMs: delay, attempt: n }, 'MQTT connection lost; reconnecting');
    retry = setTimeout(() => {
      void (async () => {
        const may = opts.mayReconnect ? await opts.mayReconnect().catch(() => false) : true;
        retry = null;
        if (closing) return;
        if (may) client.reconnect();
        else opts.log.warn(where, 'MQTT session moved to another node; not reconnecting');
      })();
    }, delay);
  });
  client.on('error', (err) => opts.log.error({ ...where, err: err.message }, 'MQTT client error'));

  if (!firstConnack.sessionPresent) {
    try {
      await subscribeAll(filters());
    } catch (err) {
      closing = client.endAsync(true).then(() => undefined);
      throw err;
    }
    if (opts.expectSession) sessionLost();
  }

  return {
    subscribe: subscribeAll,
    async publish(topic, payload) {
      await client.publishAsync(topic, payload, { qos: 1, retain: false });
    },
    close() {
      closing ??= (async () => {
        if (retry) clearTimeout(retry);
        retry = null;
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([Promise.allSettled([...inFlight]), new Promise((r) => (timer = setTimeout(r, opts.closeDrainMs ?? CLOSE_DRAIN_MS)))]);
        clearTimeout(timer);
        await client.endAsync();
      })();
      return closing;
    },
  };
}

/** The URL without its password, for logs. */
/** `url` for logs: the password replaced by `***`; `(invalid url)` when it does not parse. */
export function redact(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return '(invalid url)';
  }
}

/** FNV-1a (32 bit) of `bytes`: a cheap checksum telling a redelivery from another message with the same packet identifier. */
function checksum(bytes: Uint8Array): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < bytes.length; i++) h = Math.imul(h ^ bytes[i], 0x01000193) >>> 0;
  return h;
}
