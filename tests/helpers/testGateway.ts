/**
 * TEST ONLY (imported by streams/*.test.ts, never by app code): a real socket.io server on an ephemeral
 * port that speaks the gateway's subscribe protocol (protocol/socket.ts) and records what clients ask.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';
import { io as ioClient } from 'socket.io-client';
import { roomOf, subscribeMessage, type ClientToServerEvents, type ServerToClientEvents, type SubscribeAck, type SubscribeRefusal } from '../../protocol';
import type { LiveSocket } from '../../streams/connection';

/** A subscribe or unsubscribe the server received. */
export interface GatewayCall {
  event: 'subscribe' | 'unsubscribe';
  projectId: string;
  topic: string;
  socketId: string;
  atMs: number;
}

export interface TestGateway {
  url: string;
  io: Server<ClientToServerEvents, ServerToClientEvents>;
  calls: GatewayCall[];
  /**
   * projectId → refusal message; subscribes to these projects are refused with it, the ack's code being
   * the message's prefix before ':' (e.g. 'FORBIDDEN: …', 'UNAVAILABLE').
   */
  refuse: Map<string, string>;
  /** When set, subscribes are not acknowledged (a stalled server). */
  stallAcks: boolean;
  /** Calls of one event, optionally for one `projectId:topic`. */
  callsOf(event: GatewayCall['event'], key?: string): GatewayCall[];
  /** Socket factory for createLiveConnection with fast reconnects, pointed at this server. */
  socketFactory: (url: string | undefined, o: object) => LiveSocket;
  close(): Promise<void>;
}

export async function startTestGateway(): Promise<TestGateway> {
  const http = createServer();
  const io = new Server<ClientToServerEvents, ServerToClientEvents>(http, { transports: ['websocket'] });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  const gw: TestGateway = {
    url,
    io,
    calls: [],
    refuse: new Map(),
    stallAcks: false,
    callsOf: (event, key) => gw.calls.filter((c) => c.event === event && (key === undefined || `${c.projectId}:${c.topic}` === key)),
    socketFactory: (_url, o) =>
      ioClient(url, { ...o, reconnectionDelay: 20, reconnectionDelayMax: 100, forceNew: true }) as LiveSocket,
    close: async () => {
      io.disconnectSockets(true);
      await new Promise<void>((resolve) => io.close(() => resolve()));
    },
  };
  io.on('connection', (socket) => {
    const handle = (event: GatewayCall['event']) => (msg: unknown, ack: (r: SubscribeAck) => void) => {
      const parsed = subscribeMessage.safeParse(msg);
      if (!parsed.success) return ack({ ok: false, code: 'VALIDATION', error: 'VALIDATION' });
      const { projectId, topic } = parsed.data;
      gw.calls.push({ event, projectId, topic, socketId: socket.id, atMs: Date.now() });
      if (event === 'unsubscribe') {
        void socket.leave(roomOf(projectId, topic));
        return ack({ ok: true });
      }
      const refusal = gw.refuse.get(projectId);
      if (refusal !== undefined) return ack({ ok: false, code: refusal.split(':')[0] as SubscribeRefusal, error: refusal });
      if (gw.stallAcks) return;
      void socket.join(roomOf(projectId, topic));
      ack({ ok: true });
    };
    socket.on('topic.subscribe', handle('subscribe'));
    socket.on('topic.unsubscribe', handle('unsubscribe'));
  });
  return gw;
}
