import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { io as connectSocket, type Socket } from 'socket.io-client';
import { afterEach, describe, expect, it } from 'vitest';
import { decodeTelemetryFrame, frameRows, type SessionUser } from '../../../../protocol';
import { eventually } from '../../../helpers/eventually';
import { EARLY_FLUSH_ITEMS } from '../../../../server/gateway/batcher';
import { startGateway, type Gateway } from '../../../../server/gateway/gateway';

const USER = {
  username: 'admin',
  displayName: 'Admin',
  isAdmin: true,
  projectId: 'p1',
  coId: 'c',
  coName: 'C',
  coLogo: '',
  mid: 'm',
  projects: [{ projectId: 'p1', role: 'safetyOfficer' }],
} as unknown as SessionUser;
const quiet = { warn: () => undefined, error: () => undefined };
const beacon = (i: number) => ({ sn: `BC${i % 200}`, ts: 1_700_000_000_000 + i, tunnelId: 'ZK', chainageM: i, battery: 80, sos: false });

describe('gateway early flush (real socket.io server and client)', () => {
  let http: HttpServer;
  let gateway: Gateway;
  let socket: Socket;
  afterEach(async () => {
    socket?.close();
    await gateway?.close();
    await new Promise<void>((r) => http.close(() => r()));
  });

  async function start(): Promise<number[]> {
    http = createServer();
    await new Promise<void>((r) => http.listen(0, '127.0.0.1', r));
    // a tick far beyond the test: only an early flush can deliver a frame
    gateway = startGateway({ httpServer: http, sessions: { fromCookieHeader: async () => USER }, log: quiet, tickMs: 3_600_000 });
    socket = connectSocket(`http://127.0.0.1:${(http.address() as AddressInfo).port}`, { path: '/socket.io', transports: ['websocket'], forceNew: true, reconnection: false });
    const sizes: number[] = [];
    socket.on('telemetry.frame', (data: ArrayBuffer) => sizes.push(frameRows(decodeTelemetryFrame(data)).length));
    const ack = await socket.timeout(5_000).emitWithAck('topic.subscribe', { projectId: 'p1', topic: 'beacon' });
    expect(ack).toEqual({ ok: true });
    return sizes;
  }

  it('sends a room its frame as soon as the batch holds EARLY_FLUSH_ITEMS items, without waiting for the tick', async () => {
    const sizes = await start();
    for (let i = 0; i < EARLY_FLUSH_ITEMS; i++) gateway.pushTelemetry('p1', 'beacon', beacon(i));
    await eventually(() => sizes.length >= 1, 15_000, 'the first frame');
    expect(sizes).toEqual([EARLY_FLUSH_ITEMS]);
    // a burst pushed within one event-loop turn goes out whole, in one frame
    for (let i = 0; i < EARLY_FLUSH_ITEMS + 10; i++) gateway.pushTelemetry('p1', 'beacon', beacon(i));
    await eventually(() => sizes.length >= 2, 15_000, 'the second frame');
    expect(sizes).toEqual([EARLY_FLUSH_ITEMS, EARLY_FLUSH_ITEMS + 10]);
  });

  it('holds a batch below that size for the tick', async () => {
    const sizes = await start();
    for (let i = 0; i < EARLY_FLUSH_ITEMS - 1; i++) gateway.pushTelemetry('p1', 'beacon', beacon(i));
    // a probe that goes through the same server after the pushes: by its answer, an early frame would be out
    await socket.timeout(5_000).emitWithAck('topic.subscribe', { projectId: 'p1', topic: 'gas' });
    await new Promise((r) => setImmediate(r));
    expect(sizes).toEqual([]);
  });
});
