import { io as connectSocket, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeTelemetryFrame, frameRows, type SessionUser } from '../../../../protocol';
import { startTestRedis, type TestService } from '../../../helpers/clusterServices';
import { eventually } from '../../../helpers/eventually';
import { gatewayNodes } from '../../../helpers/gatewayNodes';
import type { Gateway } from '../../../../server/gateway/gateway';

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
const TICK_MS = 50;

/**
 * docs/operations.md "Cluster": two gateways sharing a real Redis through the socket.io Redis adapter (two cluster nodes). A
 * telemetry room with no member on any node must not be encoded and published; once a socket on the other
 * node joins it, that node's socket receives the telemetry pushed on the first; after it leaves, it stops.
 */
describe('gateway in a cluster: telemetry only for rooms with members somewhere (real Redis)', { timeout: 60_000 }, () => {
  let redis: TestService;
  const cluster = gatewayNodes(() => redis.url, { key: 'test:io' });
  let socket: Socket | null = null;

  const node = () =>
    cluster.start({ sessions: { fromCookieHeader: async () => USER }, log: quiet, tickMs: TICK_MS, clusterRoomsRefreshMs: 100 });

  beforeAll(async () => {
    redis = await startTestRedis();
  }, 120_000);
  afterAll(async () => {
    socket?.close();
    await cluster.close();
    await redis?.close();
  });

  /** Pushes a few items on `gateway` and waits two ticks. @returns the frames it emitted meanwhile */
  const framesOfAPush = async (gateway: Gateway, from: number): Promise<number> => {
    const before = gateway.framesSent();
    for (let i = from; i < from + 5; i++) gateway.pushTelemetry('p1', 'beacon', beacon(i));
    await new Promise((r) => setTimeout(r, 2 * TICK_MS));
    return gateway.framesSent() - before;
  };

  it('emits no frame for a room nobody joined, reaches a socket that joins on the other node, stops after it leaves', async () => {
    const a = await node();
    const b = await node();
    let i = 0;
    // nobody listens anywhere: once the nodes know each other's rooms, a's pushes make no frame
    await eventually(async () => (await framesOfAPush(a.gateway, (i += 5))) === 0, 10_000, 'no frame for a room without members');

    socket = connectSocket(b.url, { path: '/socket.io', transports: ['websocket'], forceNew: true, reconnection: false });
    const got: number[] = [];
    socket.on('telemetry.frame', (data: ArrayBuffer) => got.push(frameRows(decodeTelemetryFrame(data)).length));
    expect(await socket.timeout(5_000).emitWithAck('topic.subscribe', { projectId: 'p1', topic: 'beacon' })).toEqual({ ok: true });
    // the join is announced over Redis: once a knows of it, a push makes one frame that reaches the socket on b
    // (how soon depends on Redis pub/sub and the machine's load, so it is awaited rather than timed)
    await eventually(async () => (await framesOfAPush(a.gateway, (i += 5))) === 1, 10_000, 'one frame per push once b has a member');
    await eventually(() => got.length >= 1, 15_000, 'the frame pushed on a at the socket on b');
    expect(got[0]).toBe(5);

    expect(await socket.timeout(5_000).emitWithAck('topic.unsubscribe', { projectId: 'p1', topic: 'beacon' })).toEqual({ ok: true });
    await eventually(async () => (await framesOfAPush(a.gateway, (i += 5))) === 0, 10_000, 'no frame once the room is empty again');
  });
});
