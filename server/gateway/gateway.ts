import type { Server as HttpServer } from 'node:http';
import { Server, type ServerOptions, type Socket } from 'socket.io';
import {
  TOPIC_PERMISSIONS,
  roleIn,
  userMay,
  type LiveTopic,
  GATEWAY_TICK_MS,
  projectOfRoom,
  roomOf,
  subscribeMessage,
  type Alarm,
  type ClientToServerEvents,
  type ServerToClientEvents,
  type SessionUser,
  type SubscribeAck,
  encodeTelemetryFrame,
} from '../../protocol';
import { z } from 'zod';
import { hashToken, sessionTokenOf } from '../http/sessions';
import { StatusBatcher, TelemetryBatcher, type TelemetryItem, type TelemetryTopic } from './batcher';

/** Resolves the session cookie of a handshake to its user (core's SessionResolver). */
export interface SessionLookup {
  fromCookieHeader(cookieHeader: string | undefined): Promise<SessionUser | null>;
  /** Logout notifications (token hashes); without it, only the periodic recheck closes ended sessions. */
  onEnded?(listener: (tokenHash: string) => void): () => void;
}

/** Options of the gateway. */
export interface GatewayOptions {
  httpServer: HttpServer;
  sessions: SessionLookup;
  log: { warn(obj: object, msg?: string): void; error(obj: object, msg?: string): void };
  /** Telemetry and status flush period (ms); GATEWAY_TICK_MS by default. */
  tickMs?: number;
  /** How often every connected socket's session is checked again (ms); SESSION_RECHECK_MS by default. */
  sessionRecheckMs?: number;
  /** Browser origins besides the server's own that may open a socket (ALLOWED_ORIGINS); none by default. */
  allowedOrigins?: readonly string[];
  /** The sub-path the server answers under (BASE_PATH, '' at the root): socket.io listens at `${basePath}/socket.io`. */
  basePath?: string;
  /**
   * A socket.io adapter spanning several nodes (the Redis adapter of a cluster, docs/operations.md
   * "Cluster"): a room's emit reaches its sockets on every node. Telemetry goes out only for rooms with a
   * member on some node (see {@link CLUSTER_ROOMS_REFRESH_MS}); alarms and statuses always go out.
   */
  adapter?: ServerOptions['adapter'];
  /** With an adapter: how often the rooms of every node are read again (ms); CLUSTER_ROOMS_REFRESH_MS by default. */
  clusterRoomsRefreshMs?: number;
  /**
   * With an adapter: this node's share of a project's live state, answered to another node's
   * {@link Gateway.peerLiveState} (server/cluster/liveShare.ts). Null for a project id that is not valid.
   */
  liveShareOf?: (projectId: string) => unknown;
}

/**
 * With a cluster adapter, the rooms that have members on any node are read with the adapter's `allRooms()`
 * (one request to every node through Redis) this often, ms. A socket joining a room on one node tells the
 * others at once (`serverSideEmit`), so only a room's last member leaving waits for this refresh: until then
 * its telemetry is still encoded and published to Redis for nobody.
 */
export const CLUSTER_ROOMS_REFRESH_MS = 2_000;

/**
 * Longest wait for the other nodes' shares of a project's live state, ms, Redis round trips included:
 * above the adapter's own request timeout (server/cluster/cluster.ts CLUSTER_REQUEST_TIMEOUT_MS, 2 s), which
 * only starts once Redis has counted the nodes.
 */
const PEER_STATE_LIMIT_MS = 3_000;

/** Events between the nodes of a cluster (socket.io serverSideEmit through the adapter). */
interface InterServerEvents {
  /** A socket joined `room` on the sending node. */
  'room.joined': (room: unknown) => void;
  /** Another node asks for this node's share of a project's live state. */
  'live.state': (projectId: unknown, ack: (share: unknown) => void) => void;
}

/** A room name from another node: a live topic room is `{projectId}:{topic}`, far below this. */
const clusterRoomName = z.string().min(1).max(200);
/** A project id from another node. */
const clusterProjectId = z.string().min(1).max(64);

/**
 * Whether a handshake's `Origin` may open a live socket: no Origin (not a browser, or a same-origin
 * request a browser sends without one), the server's own origin (the Origin's host and port equal the
 * request's Host header; the scheme may differ behind a TLS proxy), or one of `allowed`. Without this
 * check, a page on any other origin (even another port of the same host) could open a socket with the
 * victim's cookie and receive live data.
 */
export function originAllowed(origin: string | undefined, host: string | undefined, allowed: readonly string[]): boolean {
  if (origin === undefined) return true;
  let parsed: URL;
  try {
    parsed = new URL(origin);
  } catch {
    return false;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return false;
  if (allowed.includes(parsed.origin)) return true;
  if (!host) return false;
  const defaultPort = parsed.protocol === 'https:' ? '443' : '80';
  const originHostPort = `${parsed.hostname}:${parsed.port || defaultPort}`.toLowerCase();
  const hostHeader = host.toLowerCase();
  const withPort = /:\d+$/.test(hostHeader) && !hostHeader.endsWith(']') ? hostHeader : `${hostHeader}:${defaultPort}`;
  return originHostPort === withPort;
}

/**
 * Period of the session recheck of connected sockets: an expired session or a removed membership stops
 * the stream within this time even when the browser never subscribes again (a wall screen runs for days).
 */
export const SESSION_RECHECK_MS = 60_000;

/** The live gateway as the pipeline uses it. */
export interface Gateway {
  /** Queues one telemetry item for the project's topic room (dropped when nobody listens). */
  pushTelemetry(projectId: string, topic: TelemetryTopic, item: TelemetryItem): void;
  /** Queues a device status change for the project's deviceStatus room. */
  pushStatus(projectId: string, sn: string, status: import('../../protocol').DeviceStatus, atMs: number, online?: boolean): void;
  /** Emits an alarm (already persisted) to the project's alarm room at once: alarms are not batched. */
  pushAlarm(alarm: Alarm): void;
  /** Socket.io frames emitted so far (telemetry and status batches, alarms). */
  framesSent(): number;
  /**
   * The other nodes' shares of a project's live state (unchecked: the caller parses them), one per node
   * that answered within the adapter's request timeout (server/cluster/cluster.ts
   * CLUSTER_REQUEST_TIMEOUT_MS); empty without an adapter, when this is the only node, or when Redis does
   * not answer within PEER_STATE_LIMIT_MS.
   */
  peerLiveState(projectId: string): Promise<unknown[]>;
  /** Disconnects every client and stops the tick; leaves the HTTP server to its owner. Idempotent. */
  close(): Promise<void>;
}

/** Per-socket state: the session's user and the SHA-256 of its cookie token (to match a logout). */
interface SocketData {
  user: SessionUser;
  tokenHash: string;
}

type LiveSocket = Socket<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;

/** Messages from browsers are tiny (subscribe/unsubscribe); anything larger is hostile. */
const MAX_CLIENT_MESSAGE_BYTES = 16 * 1024;

/**
 * Attaches socket.io (path /socket.io) to the HTTP server. The handshake is authenticated by the
 * session cookie (connect error `UNAUTHENTICATED` without a valid session). `topic.subscribe` joins the
 * room of a project and live topic after checking membership against a fresh read of the session, so a
 * logout or a removed membership takes effect on the next subscribe. Telemetry and status changes go
 * out batched once per tick per room (telemetry as one binary `telemetry.frame` per room, see
 * protocol/telemetryFrame.ts); alarms go out as soon as they are persisted.
 */
export function startGateway(opts: GatewayOptions): Gateway {
  const io = new Server<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>(opts.httpServer, {
    path: `${opts.basePath ?? ''}/socket.io`,
    serveClient: false,
    maxHttpBufferSize: MAX_CLIENT_MESSAGE_BYTES,
    ...(opts.adapter ? { adapter: opts.adapter } : {}),
    // Checked on every handshake request (polling and websocket upgrade) before any session lookup.
    allowRequest: (req, callback) => {
      const ok = originAllowed(req.headers.origin, req.headers.host, opts.allowedOrigins ?? []);
      if (!ok) opts.log.warn({ origin: req.headers.origin }, 'socket handshake refused: origin not allowed');
      callback(ok ? null : 'FORBIDDEN_ORIGIN', ok);
    },
  });
  const telemetry = new TelemetryBatcher();
  const statuses = new StatusBatcher();
  let frames = 0;

  io.use((socket, next) => {
    opts.sessions.fromCookieHeader(socket.handshake.headers.cookie).then(
      (user) => {
        if (!user) return next(new Error('UNAUTHENTICATED'));
        socket.data.user = user;
        socket.data.tokenHash = hashToken(sessionTokenOf(socket.handshake.headers.cookie ?? '') ?? '');
        next();
      },
      (err: unknown) => {
        opts.log.error({ err }, 'socket handshake: session lookup failed');
        next(new Error('INTERNAL'));
      },
    );
  });

  io.on('connection', (socket: LiveSocket) => {
    socket.on('topic.subscribe', (msg, ack) => {
      void handleSubscribe(socket, msg, ack, true);
    });
    socket.on('topic.unsubscribe', (msg, ack) => {
      void handleSubscribe(socket, msg, ack, false);
    });
  });

  async function handleSubscribe(socket: LiveSocket, raw: unknown, ack: unknown, join: boolean): Promise<void> {
    const reply = (r: SubscribeAck) => {
      if (typeof ack === 'function') ack(r);
    };
    try {
      const parsed = subscribeMessage.safeParse(raw);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        return reply({ ok: false, code: 'VALIDATION', error: `VALIDATION: ${issue.path.join('.') || '(root)'}: ${issue.message}` });
      }
      const { projectId, topic } = parsed.data;
      const room = roomOf(projectId, topic);
      if (!join) {
        await socket.leave(room);
        return reply({ ok: true });
      }
      let user: Awaited<ReturnType<typeof opts.sessions.fromCookieHeader>>;
      try {
        user = await opts.sessions.fromCookieHeader(socket.handshake.headers.cookie);
      } catch (err) {
        // The session store could not answer (e.g. the database is briefly away): the client retries.
        opts.log.error({ err }, 'topic subscription: session lookup failed');
        return reply({ ok: false, code: 'UNAVAILABLE', error: 'UNAVAILABLE: the session could not be checked, try again' });
      }
      if (!user) {
        reply({ ok: false, code: 'UNAUTHENTICATED', error: 'UNAUTHENTICATED' });
        socket.disconnect(true);
        return;
      }
      socket.data.user = user;
      if (!userMay(user, projectId, TOPIC_PERMISSIONS[topic])) {
        const role = roleIn(user, projectId);
        const why = role === null ? `not a member of project ${projectId}` : `the role ${role} may not see ${topic} in project ${projectId}`;
        return reply({ ok: false, code: 'FORBIDDEN', error: `FORBIDDEN: ${why}` });
      }
      await socket.join(room);
      if (opts.adapter) {
        clusterRooms.add(room);
        io.serverSideEmit('room.joined', room);
      }
      reply({ ok: true });
    } catch (err) {
      opts.log.error({ err }, 'topic subscription failed');
      reply({ ok: false, code: 'INTERNAL', error: 'INTERNAL' });
    }
  }

  // Logout closes that session's sockets at once; the client does not reconnect after a server-side disconnect.
  const stopEnded = opts.sessions.onEnded?.((tokenHash) => {
    for (const socket of io.sockets.sockets.values()) {
      if (socket.data.tokenHash === tokenHash) socket.disconnect(true);
    }
  });

  // Expiry and membership changes have no event: recheck each distinct session of the connected sockets.
  let rechecking = false;
  const recheck = setInterval(() => {
    if (rechecking) return;
    rechecking = true;
    void recheckSessions()
      .catch((err: unknown) => opts.log.error({ err }, 'socket session recheck failed'))
      .finally(() => (rechecking = false));
  }, opts.sessionRecheckMs ?? SESSION_RECHECK_MS);
  recheck.unref();

  async function recheckSessions(): Promise<void> {
    const byToken = new Map<string, LiveSocket[]>();
    for (const socket of io.sockets.sockets.values()) {
      const list = byToken.get(socket.data.tokenHash);
      if (list) list.push(socket);
      else byToken.set(socket.data.tokenHash, [socket]);
    }
    for (const sockets of byToken.values()) {
      const user = await opts.sessions.fromCookieHeader(sockets[0].handshake.headers.cookie);
      for (const socket of sockets) {
        if (!user) {
          socket.disconnect(true);
          continue;
        }
        socket.data.user = user;
        for (const room of socket.rooms) {
          const projectId = projectOfRoom(room);
          if (projectId !== null && !userMay(user, projectId, TOPIC_PERMISSIONS[room.slice(projectId.length + 1) as LiveTopic] ?? 'project.admin')) {
            await socket.leave(room);
          }
        }
      }
    }
  }

  function hasListeners(room: string): boolean {
    if (opts.adapter) return true;
    return (io.sockets.adapter.rooms.get(room)?.size ?? 0) > 0;
  }

  // Cluster: rooms with a member on any node, so telemetry nobody listens to is neither encoded nor
  // published through Redis. Null until the first answer (and after a failed one): every room counts then.
  let clusterRooms = new Set<string>();
  let clusterRoomsKnown = false;
  /** Rooms joined on some node since the refresh in flight started, kept over its (older) answer. */
  let joinedDuringRefresh: Set<string> | null = null;
  if (opts.adapter) {
    io.on('live.state', (raw, ack) => {
      const projectId = clusterProjectId.safeParse(raw);
      if (typeof ack !== 'function') return;
      try {
        ack(projectId.success && opts.liveShareOf ? opts.liveShareOf(projectId.data) : null);
      } catch (err) {
        opts.log.error({ err }, 'live state for another node failed');
        ack(null);
      }
    });
    io.on('room.joined', (raw) => {
      const room = clusterRoomName.safeParse(raw);
      if (!room.success) return opts.log.warn({ issue: room.error.issues[0]?.message }, 'room.joined from another node ignored');
      clusterRooms.add(room.data);
      joinedDuringRefresh?.add(room.data);
    });
  }
  let refreshingRooms = false;
  const refreshRooms = async (): Promise<void> => {
    if (refreshingRooms) return;
    refreshingRooms = true;
    joinedDuringRefresh = new Set();
    try {
      // @socket.io/redis-adapter 8: allRooms() asks every node (PUBSUB NUMSUB counts them) for its rooms
      const adapter = io.of('/').adapter as unknown as { allRooms?: () => Promise<Set<string>> };
      if (typeof adapter.allRooms !== 'function') throw new Error('the adapter has no allRooms()');
      const rooms = await adapter.allRooms();
      for (const room of joinedDuringRefresh) rooms.add(room);
      clusterRooms = rooms;
      clusterRoomsKnown = true;
    } catch (err) {
      // a node that does not answer (dying, or Redis away): emit everything until an answer comes
      clusterRoomsKnown = false;
      opts.log.warn({ err: (err as Error).message }, 'cluster rooms not read; telemetry goes to every room');
    } finally {
      joinedDuringRefresh = null;
      refreshingRooms = false;
    }
  };
  const roomsTimer = opts.adapter ? setInterval(() => void refreshRooms(), opts.clusterRoomsRefreshMs ?? CLUSTER_ROOMS_REFRESH_MS) : null;
  roomsTimer?.unref();
  if (opts.adapter) void refreshRooms();

  /** Whether a telemetry room has a member: here, or (cluster) on any node as last read. */
  function hasTelemetryListeners(room: string): boolean {
    if ((io.sockets.adapter.rooms.get(room)?.size ?? 0) > 0) return true;
    if (!opts.adapter) return false;
    return !clusterRoomsKnown || clusterRooms.has(room);
  }

  function emitTelemetry(batches: ReturnType<TelemetryBatcher['drain']>): void {
    for (const batch of batches) {
      const room = roomOf(batch.projectId, batch.topic);
      if (!hasTelemetryListeners(room)) continue;
      // Binary columnar frame (protocol/telemetryFrame.ts): the browser decodes typed-array views, not JSON.
      const bytes = encodeTelemetryFrame(batch);
      io.to(room).emit('telemetry.frame', Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
      frames++;
    }
  }

  // A batch that reached EARLY_FLUSH_ITEMS goes out after the current I/O callbacks instead of at the tick.
  let earlyFlush: NodeJS.Immediate | null = null;
  const flushFull = () => {
    earlyFlush = null;
    try {
      emitTelemetry(telemetry.takeFull());
    } catch (err) {
      opts.log.error({ err }, 'gateway early flush failed');
    }
  };

  const timer = setInterval(() => {
    try {
      emitTelemetry(telemetry.drain());
      for (const batch of statuses.drain()) {
        const room = roomOf(batch.projectId, 'deviceStatus');
        if (!hasListeners(room)) continue;
        io.to(room).emit('device.status', batch);
        frames++;
      }
    } catch (err) {
      opts.log.error({ err }, 'gateway tick failed');
    }
  }, opts.tickMs ?? GATEWAY_TICK_MS);
  timer.unref();

  let closing: Promise<void> | null = null;
  return {
    pushTelemetry(projectId, topic, item) {
      if (hasTelemetryListeners(roomOf(projectId, topic)) && telemetry.add(projectId, topic, item)) earlyFlush ??= setImmediate(flushFull);
    },
    pushStatus(projectId, sn, status, atMs, online) {
      if (hasListeners(roomOf(projectId, 'deviceStatus'))) statuses.add(projectId, sn, status, atMs, online);
    },
    pushAlarm(alarm) {
      const room = roomOf(alarm.projectId, 'alarm');
      if (!hasListeners(room)) return;
      io.to(room).emit('alarm.changed', alarm);
      frames++;
    },
    framesSent: () => frames,
    peerLiveState(projectId) {
      if (!opts.adapter) return Promise.resolve([]);
      return new Promise<unknown[]>((resolve) => {
        // the adapter counts the nodes in Redis before its own timeout starts: with Redis away that count
        // waits for the reconnect, so the whole exchange has a limit of its own
        const limit = setTimeout(() => {
          opts.log.warn({}, 'live state: no answer from the other nodes (Redis away?); serving this node\'s own');
          resolve([]);
        }, PEER_STATE_LIMIT_MS);
        limit.unref();
        io.serverSideEmit('live.state', projectId, (err: Error | null, responses: unknown[]) => {
          clearTimeout(limit);
          // a node that did not answer in time (stalled): the figures of those that did
          if (err) opts.log.warn({ err: err.message }, 'live state: not every node answered');
          resolve((responses ?? []).filter((r) => r !== null));
        });
      });
    },
    close() {
      closing ??= (async () => {
        clearInterval(timer);
        if (roomsTimer) clearInterval(roomsTimer);
        if (earlyFlush) clearImmediate(earlyFlush);
        clearInterval(recheck);
        stopEnded?.();
        // Not io.close(): that would also close the HTTP server, which belongs to Fastify.
        // local: with a cluster adapter io.disconnectSockets would disconnect every node's sockets
        io.local.disconnectSockets(true);
        io.engine.close();
      })();
      return closing;
    },
  };
}
