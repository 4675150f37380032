import { createServer as createHttpServer, type IncomingMessage } from 'node:http';
import { createServer, type AddressInfo, type Server as NetServer, type Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { createServer as createTlsServer } from 'node:tls';
import { Aedes, type AuthenticateError, type Client } from 'aedes';
import type { Kysely } from 'kysely';
import { createWebSocketStream, WebSocketServer } from 'ws';
import { isCommandTopic, TOPIC_ROOT } from '../../protocol';
import type { MqttLimits } from '../config';
import type { Database } from '../storage/schema';
import { projectForCredentials } from './credentials';
import type { IngestOutcome } from './handleMessage';
import type { IngestCounter } from './ingestStats';
import { ConnectionGate, type ConnectionAttempt } from './connectionGate';
import { TokenBucket } from './rateLimit';

/** MQTT CONNACK return codes (MQTT 3.1.1 §3.2.2.3); aedes maps them to MQTT 5 reason codes. */
const BAD_USERNAME_OR_PASSWORD = 4;
const SERVER_UNAVAILABLE = 3;
const IDENTIFIER_REJECTED = 2;

/** Options of the embedded broker. */
export interface EmbeddedBrokerOptions {
  db: Kysely<Database>;
  /** TCP port; 0 picks a free one (see `port` of the result). */
  port: number;
  /** Interface every listener binds (HOST); default every interface. */
  host?: string;
  /**
   * Handles a device publication (docs/device-protocol.md): settles once everything durable for it is
   * stored; never rejects. A QoS 1 PUBLISH is acknowledged only then, and not at all when the outcome is
   * `abandoned` (the connection is closed instead, so the device sends it again).
   */
  onMessage(topic: string, payload: Buffer): Promise<IngestOutcome>;
  counter: IngestCounter;
  /** Limits on every listener (server/config.ts MqttLimits); defaults as documented there. */
  limits?: MqttLimits;
  /** MQTT over TLS: port and certificate; omitted: no TLS listener. */
  tls?: { port: number; cert: string; key: string };
  /** MQTT over WebSocket: port and URL path; omitted: no WebSocket listener. */
  ws?: { port: number; path: string };
  log: { info?(obj: object, msg?: string): void; warn(obj: object, msg?: string): void; error(obj: object, msg?: string): void };
}

/** Embedded broker refusals since start (protocol/api.ts IngestStats `broker`). */
export interface BrokerStats {
  connectionsRefused: number;
  packetsTooLarge: number;
  publishesThrottled: number;
}

/** A running embedded broker. */
export interface EmbeddedBroker {
  /** The TCP port actually bound. */
  port: number;
  /** The MQTT over TLS port actually bound, or null without TLS. */
  tlsPort: number | null;
  /** The MQTT over WebSocket port actually bound, or null without it. */
  wsPort: number | null;
  /** The address the listeners are bound to (e.g. 127.0.0.1, or 0.0.0.0 / :: for every interface). */
  address: string;
  /**
   * Closes the connections of every device logged in with project `projectId`'s credentials (after a
   * password rotation: the old password must stop working now, not at each device's next reconnect).
   * @returns how many connections were closed.
   */
  disconnectProject(projectId: string): number;
  /** Refusals since start. */
  stats(): BrokerStats;
  /**
   * Publishes a server message to the devices subscribed to `topic` (QoS 1, not retained: the command
   * downlink, docs/device-protocol.md "Commands"). Settles once aedes has handed it to its subscribers.
   */
  publish(topic: string, payload: string): Promise<void>;
  /** Disconnects every client and stops listening. Idempotent. */
  close(): Promise<void>;
}

/** Defaults of {@link MqttLimits} (docs/configuration.md). */
export const DEFAULT_MQTT_LIMITS: MqttLimits = { maxPacketBytes: 65_536, connectionsPerMinute: 120, deviceConnectionsPerMinute: 6_000, messagesPerSecond: 500 };

/**
 * TLS handshakes and WebSocket upgrade requests must finish within this time (ms), like a CONNECT
 * (Node's defaults are 120 s and 60 s).
 */
const TLS_HANDSHAKE_TIMEOUT_MS = 10_000;

/** The parts of an mqtt-packet 9 parser that the packet size limit hooks into. */
interface PacketParserInternals {
  packet: { length: number };
  _parseLength(): boolean;
  _emitError(err: Error): void;
}

/**
 * Makes `client`'s MQTT parser refuse a packet whose fixed header announces more than `maxBytes` of
 * remaining length (MQTT 3.1.1 §2.2.3), as soon as the length is read and before the body is buffered:
 * the parser errors and aedes closes the connection. aedes 1.2 and mqtt-packet 9 have no such limit
 * (mqtt-packet buffers whatever a header announces, up to 256 MB per connection).
 * @throws at start when the parser does not look as expected (an aedes or mqtt-packet upgrade changed
 *   it), so the limit is never silently off
 */
function limitPacketSize(client: Client, maxBytes: number, onTooLarge: (declaredBytes: number) => void): void {
  const parser = (client as unknown as { _parser?: Partial<PacketParserInternals> })._parser;
  if (!parser || typeof parser._parseLength !== 'function' || typeof parser._emitError !== 'function') {
    throw new Error('aedes client parser internals changed: cannot enforce the MQTT packet size limit');
  }
  const parseLength = parser._parseLength;
  parser._parseLength = function (this: PacketParserInternals): boolean {
    const read = parseLength.call(this);
    if (read && this.packet.length > maxBytes) {
      onTooLarge(this.packet.length);
      this._emitError(new Error(`MQTT packet of ${this.packet.length} bytes exceeds the limit of ${maxBytes}`));
      return false;
    }
    return read;
  };
}

/** Topic levels the broker takes at most (aedes' own ceiling; device topics have 5: docs/device-protocol.md). */
const MAX_TOPIC_LEVELS = 100;

/**
 * What aedes' own PUBLISH refusals (lib/handlers/publish.js, before `authorizePublish`; the connection is
 * closed) mean, by the error message it raises: an empty topic, a wildcard (MQTT 3.1.1 §3.3.2.1: a PUBLISH
 * topic must not contain `#` or `+`), more levels than `maxTopicLevels`. Read off the `clientError` it
 * emits, so accepted messages pay for no second check.
 */
const AEDES_TOPIC_REFUSALS: ReadonlyMap<string, string> = new Map([
  ['empty topic not allowed in PUBLISH', 'empty topic in PUBLISH: connection closed'],
  ['# is not allowed in PUBLISH', 'wildcard (#) in a PUBLISH topic: connection closed'],
  ['+ is not allowed in PUBLISH', 'wildcard (+) in a PUBLISH topic: connection closed'],
  ['topic has too many levels', `more than ${MAX_TOPIC_LEVELS} topic levels: connection closed`],
]);

function authError(message: string, returnCode: number): AuthenticateError {
  return Object.assign(new Error(message), { returnCode }) as AuthenticateError;
}

/**
 * Starts the embedded MQTT broker (aedes) for devices, on TCP and optionally TLS and WebSocket, every
 * listener bound to `host` with the same authentication and limits. A device logs in with its project's
 * credentials (looked up on every CONNECT) and may publish only under `zhgd/{thatProjectId}/`; anything
 * else is refused and the connection closed (aedes behaviour for a refused PUBLISH; MQTT-3.3.5-2) and
 * counted as `topic-forbidden`. The retain flag is dropped: nothing device-side is stored in the broker, so
 * arbitrary topics cannot grow its memory.
 *
 * Publications are handed to `onMessage` from aedes' `authorizePublish` hook, which runs before aedes
 * writes the PUBACK of a QoS 1 PUBLISH (aedes lib/handlers/publish.js): the hook completes only once
 * `onMessage` has settled, so a device is acknowledged only after the alarms its message raised are
 * stored. aedes reads a client's next packets only when the current ones are handled, so a slow write
 * slows that client alone.
 *
 * Limits (docs/device-protocol.md "Limits"): packets above `maxPacketBytes` close the connection before
 * their body is read; per remote address, connection attempts that fail (bad credentials, or no login)
 * beyond `connectionsPerMinute`, and logins beyond `deviceConnectionsPerMinute`, close new connections at
 * once ({@link ConnectionGate}: a site behind NAT reconnects at once, a guesser does not); a client
 * publishing faster than `messagesPerSecond` is slowed down (its publications wait for their turn).
 */
export async function startEmbeddedBroker(opts: EmbeddedBrokerOptions): Promise<EmbeddedBroker> {
  const limits = opts.limits ?? DEFAULT_MQTT_LIMITS;
  const projectOf = new WeakMap<Client, string>();
  /** The topic of each client's last PUBLISH packet, read when aedes refuses it (AEDES_TOPIC_REFUSALS). */
  const lastPublishTopic = new WeakMap<Client, () => string>();
  const publishRate = new WeakMap<Client, TokenBucket>();
  // Connected device clients per project, so a credential rotation can close exactly those.
  const connected = new Map<string, Set<Client>>();
  // The connected client of each client id. MQTT lets a new connection take over a connected client id;
  // across projects that would let one tenant's credentials disconnect another tenant's device (two
  // organisations may register the same serial number, the client id the docs suggest), so only a client
  // of the same project may take it over.
  const byClientId = new Map<string, Client>();
  const gate = new ConnectionGate({ failuresPerMinute: limits.connectionsPerMinute, loginsPerMinute: limits.deviceConnectionsPerMinute });
  // A connection's gate attempt, by its remote address and port while the raw socket is open (a TLS or
  // WebSocket stream is handed to aedes later, on the same address and port), then by its aedes client.
  const attemptsBySocket = new Map<string, ConnectionAttempt>();
  const attemptOf = new WeakMap<Client, ConnectionAttempt>();
  const socketKey = (s: { remoteAddress?: string; remotePort?: number }) => `${s.remoteAddress ?? '?'}|${s.remotePort ?? '?'}`;
  /** Settles a connection's attempt at the gate. @returns whether the connection may go on */
  const settle = (client: Client, loggedIn: boolean): boolean => {
    const attempt = attemptOf.get(client);
    if (!attempt) return loggedIn;
    const ok = gate.settle(attempt, loggedIn, Date.now());
    if (loggedIn && !ok) {
      stats.connectionsRefused++;
      opts.log.warn({ address: attempt.address, refused: stats.connectionsRefused }, 'MQTT device logins per address over their rate: connection refused');
    }
    return ok;
  };
  const stats: BrokerStats = { connectionsRefused: 0, packetsTooLarge: 0, publishesThrottled: 0 };
  const broker = await Aedes.createBroker({ connectTimeout: 10_000, maxClientsIdLength: 128, maxTopicLevels: MAX_TOPIC_LEVELS });

  broker.authenticate = (client, username, password, done) => {
    projectForCredentials(opts.db, username, password).then(
      (projectId) => {
        if (projectId === null) {
          settle(client, false);
          opts.log.warn({ clientId: client.id, username: username?.slice(0, 64) }, 'MQTT login refused: bad device credentials');
          return done(authError('bad device credentials', BAD_USERNAME_OR_PASSWORD), false);
        }
        if (!settle(client, true)) return done(authError('too many logins from this address', SERVER_UNAVAILABLE), false);
        const holder = byClientId.get(client.id);
        const holderProject = holder ? projectOf.get(holder) : undefined;
        if (holderProject !== undefined && holderProject !== projectId) {
          opts.log.warn({ clientId: client.id }, 'MQTT login refused: the client id is in use by a device of another project');
          return done(authError('client id in use by another project', IDENTIFIER_REJECTED), false);
        }
        projectOf.set(client, projectId);
        done(null, true);
      },
      (err: unknown) => {
        opts.log.error({ err }, 'MQTT login: credential lookup failed');
        done(authError('credential lookup failed', SERVER_UNAVAILABLE), false);
      },
    );
  };

  broker.authorizePublish = (client, packet, done) => {
    const projectId = client ? projectOf.get(client) : undefined;
    // command topics are the server's downlink: a device publishing one could switch another device
    if (!client || projectId === undefined || !packet.topic.startsWith(`${TOPIC_ROOT}/${projectId}/`) || isCommandTopic(packet.topic)) {
      opts.counter.countRejected('topic-forbidden', packet.topic, `client ${client?.id ?? '?'} of project ${projectId ?? '?'}`, Date.now());
      return done(new Error(`publishing to ${packet.topic} is not allowed`));
    }
    packet.retain = false;
    const ingest = () => {
      opts.onMessage(packet.topic, packet.payload as Buffer).then(
        (outcome) => done(outcome === 'abandoned' ? new Error('message not stored; the device must send it again') : null),
        (err: unknown) => {
          opts.log.error({ err }, 'device message handler failed');
          done(null);
        },
      );
    };
    let bucket = publishRate.get(client);
    if (!bucket) {
      bucket = new TokenBucket(limits.messagesPerSecond, 2 * limits.messagesPerSecond, Date.now());
      publishRate.set(client, bucket);
    }
    const waitMs = bucket.reserve(Date.now());
    if (waitMs === 0) return ingest();
    stats.publishesThrottled++;
    setTimeout(ingest, waitMs);
  };

  broker.authorizeSubscribe = (client, sub, done) => {
    const projectId = projectOf.get(client);
    if (projectId === undefined || !sub.topic.startsWith(`${TOPIC_ROOT}/${projectId}/`)) {
      return done(new Error(`subscribing to ${sub.topic} is not allowed`), null);
    }
    done(null, sub);
  };

  broker.on('clientReady', (client) => {
    const projectId = projectOf.get(client);
    if (projectId === undefined) return;
    const set = connected.get(projectId) ?? new Set<Client>();
    set.add(client);
    connected.set(projectId, set);
    byClientId.set(client.id, client);
  });
  broker.on('clientDisconnect', (client) => {
    if (byClientId.get(client.id) === client) byClientId.delete(client.id);
    const projectId = projectOf.get(client);
    const set = projectId === undefined ? undefined : connected.get(projectId);
    if (!set) return;
    set.delete(client);
    if (set.size === 0) connected.delete(projectId!);
  });
  broker.on('clientError', (client, err) => {
    // a device's PUBLISH aedes refused before authorizePublish is counted here (as topic-grammar)
    const why = AEDES_TOPIC_REFUSALS.get(err.message);
    if (why && projectOf.has(client)) opts.counter.countRejected('topic-grammar', lastPublishTopic.get(client)?.() ?? '', why, Date.now());
    opts.log.warn({ clientId: client.id, err: err.message }, 'MQTT client error');
  });
  broker.on('connectionError', (_client, err) => opts.log.warn({ err: err.message }, 'MQTT connection error before CONNECT'));

  /** Hands a connection (TCP, TLS or WebSocket stream) to aedes with the packet size limit in place. */
  const handle = (conn: Duplex, req?: IncomingMessage) => {
    const client = broker.handle(conn as Socket, req as never) as unknown as Client;
    const attempt = attemptsBySocket.get(socketKey(req?.socket ?? (conn as Socket)));
    if (attempt) attemptOf.set(client, attempt);
    // the topic of the client's last PUBLISH, for the rejection aedes may raise on it (one assignment a packet)
    let topic = '';
    // before aedes' own listener, which handles the packet (and may refuse it) synchronously
    const parser = (client as unknown as { _parser?: { prependListener?(event: 'packet', listener: (packet: { cmd: string; topic?: unknown }) => void): void } })._parser;
    parser?.prependListener?.('packet', (packet) => {
      if (packet.cmd === 'publish' && typeof packet.topic === 'string') topic = packet.topic;
    });
    lastPublishTopic.set(client, () => topic);
    try {
      limitPacketSize(client, limits.maxPacketBytes, (declared) => {
        stats.packetsTooLarge++;
        opts.counter.countRejected('packet-too-large', '', `${declared} bytes declared (limit ${limits.maxPacketBytes})`, Date.now());
      });
    } catch (err) {
      // fail closed: without the limit one connection could make the server buffer 256 MB
      opts.log.error({ err }, 'MQTT packet size limit unavailable: connection refused');
      conn.destroy();
    }
  };
  /**
   * Closes a new socket at once when its address spent its failure budget or has too many connections
   * waiting for their login; otherwise tracks it until its login (a close before it counts as a failure).
   */
  const admit = (socket: Socket) => {
    const attempt = gate.open(socket.remoteAddress ?? '?', Date.now());
    if (attempt) {
      const key = socketKey(socket);
      attemptsBySocket.set(key, attempt);
      socket.once('close', () => {
        if (attemptsBySocket.get(key) === attempt) attemptsBySocket.delete(key);
        gate.settle(attempt, false, Date.now());
      });
      return true;
    }
    stats.connectionsRefused++;
    if (stats.connectionsRefused % 100 === 1) opts.log.warn({ address: socket.remoteAddress, refused: stats.connectionsRefused }, 'MQTT connection rate limit: connection closed');
    socket.destroy();
    return false;
  };

  const servers: Array<{ close(cb: () => void): unknown }> = [];
  const listen = async (server: NetServer, port: number, name: string): Promise<number> => {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, opts.host, () => {
        server.off('error', reject);
        resolve();
      });
    });
    servers.push(server);
    server.on('error', (err) => opts.log.error({ err }, `MQTT ${name} listener error`));
    return (server.address() as AddressInfo).port;
  };

  let port: number;
  let tlsPort: number | null = null;
  let wsPort: number | null = null;
  let wss: WebSocketServer | null = null;
  try {
    const tcp = createServer((socket) => {
      if (admit(socket)) handle(socket);
    });
    port = await listen(tcp, opts.port, 'TCP');
    if (opts.tls) {
      const tlsServer = createTlsServer({ cert: opts.tls.cert, key: opts.tls.key, handshakeTimeout: TLS_HANDSHAKE_TIMEOUT_MS }, (socket) => handle(socket));
      // 'connection' carries the raw socket before the handshake: refused addresses cost no handshake
      tlsServer.on('connection', admit);
      tlsServer.on('tlsClientError', (err) => opts.log.warn({ err: err.message }, 'MQTT TLS handshake failed'));
      tlsPort = await listen(tlsServer, opts.tls.port, 'TLS');
    }
    if (opts.ws) {
      // the upgrade request must arrive as fast as a CONNECT would (slow-header connections held open)
      const httpServer = createHttpServer({ headersTimeout: TLS_HANDSHAKE_TIMEOUT_MS, requestTimeout: TLS_HANDSHAKE_TIMEOUT_MS }, (_req, res) => {
        res.writeHead(426, { 'content-type': 'text/plain', upgrade: 'websocket' }).end('MQTT over WebSocket: upgrade required\n');
      });
      httpServer.on('connection', admit);
      // a WebSocket frame is buffered whole by ws: cap it near the packet limit (a packet per frame)
      wss = new WebSocketServer({ server: httpServer, path: opts.ws.path, maxPayload: limits.maxPacketBytes + 5 });
      wss.on('connection', (ws, req) => {
        const stream = createWebSocketStream(ws);
        stream.on('error', (err) => opts.log.warn({ err: err.message }, 'MQTT WebSocket stream error'));
        handle(stream, req);
      });
      wss.on('error', (err) => opts.log.error({ err }, 'MQTT WebSocket server error'));
      wsPort = await listen(httpServer, opts.ws.port, 'WebSocket');
    }
  } catch (err) {
    wss?.close();
    for (const server of servers) await new Promise<void>((r) => server.close(() => r()));
    await new Promise<void>((r) => broker.close(() => r()));
    throw err;
  }
  const address = (servers[0] as NetServer).address() as AddressInfo;

  let closing: Promise<void> | null = null;
  return {
    port,
    tlsPort,
    wsPort,
    address: address.address,
    publish(topic, payload) {
      return new Promise<void>((resolve, reject) =>
        broker.publish({ cmd: 'publish', topic, payload: Buffer.from(payload), qos: 1, retain: false, dup: false }, (err?: Error | null) => (err ? reject(err) : resolve())),
      );
    },
    disconnectProject(projectId) {
      const clients = [...(connected.get(projectId) ?? [])];
      connected.delete(projectId);
      for (const client of clients) client.close();
      const closed = clients.length;
      if (closed > 0) opts.log.warn({ projectId, closed }, 'MQTT: closed the project\'s device connections (credentials rotated)');
      return closed;
    },
    stats: () => ({ ...stats }),
    close() {
      closing ??= (async () => {
        await new Promise<void>((r) => broker.close(() => r()));
        for (const client of wss?.clients ?? []) client.terminate();
        await new Promise<void>((r) => (wss ? wss.close(() => r()) : r()));
        await Promise.all(servers.map((server) => new Promise<void>((r) => server.close(() => r()))));
      })();
      return closing;
    },
  };
}
