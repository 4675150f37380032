import type { Server as HttpServer } from 'node:http';
import { Server, type Socket } from 'socket.io';
import {
  GATEWAY_TICK_MS,
  roomOf,
  subscribeMessage,
  type Alarm,
  type ClientToServerEvents,
  type ServerToClientEvents,
  type SessionUser,
  type SubscribeAck,
} from '../../protocol';
import { StatusBatcher, TelemetryBatcher, type TelemetryItem, type TelemetryTopic } from './batcher';

/** Resolves the session cookie of a handshake to its user (core's SessionResolver). */
export interface SessionLookup {
  fromCookieHeader(cookieHeader: string | undefined): Promise<SessionUser | null>;
}

/** Options of the gateway. */
export interface GatewayOptions {
  httpServer: HttpServer;
  sessions: SessionLookup;
  log: { warn(obj: object, msg?: string): void; error(obj: object, msg?: string): void };
  /** Telemetry and status flush period (ms); GATEWAY_TICK_MS by default. */
  tickMs?: number;
}

/** The live gateway as the pipeline uses it. */
export interface Gateway {
  /** Queues one telemetry item for the project's topic room (dropped when nobody listens). */
  pushTelemetry(projectId: string, topic: TelemetryTopic, item: TelemetryItem): void;
  /** Queues a device status change for the project's deviceStatus room. */
  pushStatus(projectId: string, sn: string, status: import('../../protocol').DeviceStatus, atMs: number): void;
  /** Emits an alarm (already persisted) to the project's alarm room at once: alarms are not batched. */
  pushAlarm(alarm: Alarm): void;
  /** Socket.io frames emitted so far (telemetry and status batches, alarms). */
  framesSent(): number;
  /** Disconnects every client and stops the tick; leaves the HTTP server to its owner. Idempotent. */
  close(): Promise<void>;
}

type LiveSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, { user: SessionUser }>;

/** Messages from browsers are tiny (subscribe/unsubscribe); anything larger is hostile. */
const MAX_CLIENT_MESSAGE_BYTES = 16 * 1024;

/**
 * Attaches socket.io (path /socket.io) to the HTTP server. The handshake is authenticated by the
 * session cookie (connect error `UNAUTHENTICATED` without a valid session). `topic.subscribe` joins the
 * room of a project and live topic after checking membership against a fresh read of the session, so a
 * logout or a removed membership takes effect on the next subscribe. Telemetry and status changes go
 * out batched once per tick per room; alarms go out as soon as they are persisted.
 */
export function startGateway(opts: GatewayOptions): Gateway {
  const io = new Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, { user: SessionUser }>(opts.httpServer, {
    path: '/socket.io',
    serveClient: false,
    maxHttpBufferSize: MAX_CLIENT_MESSAGE_BYTES,
  });
  const telemetry = new TelemetryBatcher();
  const statuses = new StatusBatcher();
  let frames = 0;

  io.use((socket, next) => {
    opts.sessions.fromCookieHeader(socket.handshake.headers.cookie).then(
      (user) => {
        if (!user) return next(new Error('UNAUTHENTICATED'));
        socket.data.user = user;
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
        return reply({ ok: false, error: `VALIDATION: ${issue.path.join('.') || '(root)'}: ${issue.message}` });
      }
      const { projectId, topic } = parsed.data;
      const room = roomOf(projectId, topic);
      if (!join) {
        await socket.leave(room);
        return reply({ ok: true });
      }
      const user = await opts.sessions.fromCookieHeader(socket.handshake.headers.cookie);
      if (!user) {
        reply({ ok: false, error: 'UNAUTHENTICATED' });
        socket.disconnect(true);
        return;
      }
      socket.data.user = user;
      if (!user.projects.some((p) => p.projectId === projectId)) {
        return reply({ ok: false, error: `FORBIDDEN: not a member of project ${projectId}` });
      }
      await socket.join(room);
      reply({ ok: true });
    } catch (err) {
      opts.log.error({ err }, 'topic subscription failed');
      reply({ ok: false, error: 'INTERNAL' });
    }
  }

  function hasListeners(room: string): boolean {
    return (io.sockets.adapter.rooms.get(room)?.size ?? 0) > 0;
  }

  const timer = setInterval(() => {
    try {
      for (const batch of telemetry.drain()) {
        const room = roomOf(batch.projectId, batch.topic);
        if (!hasListeners(room)) continue;
        io.to(room).emit('telemetry.batch', batch);
        frames++;
      }
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
      if (hasListeners(roomOf(projectId, topic))) telemetry.add(projectId, topic, item);
    },
    pushStatus(projectId, sn, status, atMs) {
      if (hasListeners(roomOf(projectId, 'deviceStatus'))) statuses.add(projectId, sn, status, atMs);
    },
    pushAlarm(alarm) {
      const room = roomOf(alarm.projectId, 'alarm');
      if (!hasListeners(room)) return;
      io.to(room).emit('alarm.changed', alarm);
      frames++;
    },
    framesSent: () => frames,
    close() {
      closing ??= (async () => {
        clearInterval(timer);
        // Not io.close(): that would also close the HTTP server, which belongs to Fastify.
        io.disconnectSockets(true);
        io.engine.close();
      })();
      return closing;
    },
  };
}
