import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH, DEVICES, type Alarm, type DeviceKey, type SubscribeAck } from '../../protocol';
import type { RunningServer } from '../../server/app';
import { DEMO_PROJECT } from '../../server/seed';
import type { ApiClient } from '../helpers/apiClient';
import { connectDevice } from '../helpers/devices';
import { connectLiveSocket, type LiveSocket } from '../helpers/liveSocket';
import { loggedInClient, startTestServer } from '../helpers/testServer';

const demo = DEMO_PROJECT.projectId;
const RECHECK_MS = 300;

const socketFor = (server: RunningServer, cookie: string | null): Promise<LiveSocket> => connectLiveSocket(server.url, cookie);

const disconnectReason = (socket: LiveSocket) => new Promise<string>((resolve) => socket.once('disconnect', (reason) => resolve(reason)));

const loggedIn = (server: RunningServer): Promise<ApiClient> => loggedInClient(server.url);

describe('a live socket follows its session (logout, expiry, membership)', () => {
  let server: RunningServer;
  const sockets: LiveSocket[] = [];
  const open = async (cookie: string | null) => {
    const s = await socketFor(server, cookie);
    sockets.push(s);
    return s;
  };

  beforeAll(async () => {
    server = await startTestServer({ SOCKET_SESSION_RECHECK_MS: String(RECHECK_MS) });
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await server?.close();
  });

  it('closes the sockets of a session at logout, and only those', async () => {
    const wall = await loggedIn(server);
    const desk = await loggedIn(server);
    const wallSocket = await open(wall.cookie);
    const deskSocket = await open(desk.cookie);
    const ack: SubscribeAck = await wallSocket.timeout(3_000).emitWithAck('topic.subscribe', { projectId: demo, topic: 'alarm' });
    expect(ack).toEqual({ ok: true });
    const reason = disconnectReason(wallSocket);
    const wallCookie = wall.cookie;

    const out = await wall.post(AUTH.logout.path);
    expect(out.body.success).toBe(true);
    // Well inside the recheck period: the logout itself closes the socket.
    expect(await Promise.race([reason, new Promise((r) => setTimeout(() => r('still connected'), RECHECK_MS / 2))])).toBe('io server disconnect');
    expect(deskSocket.connected).toBe(true);
    // The ended session cannot open a new socket either.
    await expect(socketFor(server, wallCookie)).rejects.toThrow('UNAUTHENTICATED');
  });

  it('closes a socket whose session expired without a logout, at the next recheck', async () => {
    const client = await loggedIn(server);
    const socket = await open(client.cookie);
    const reason = disconnectReason(socket);
    await server.db.updateTable('sessions').set({ expires_at_ms: Date.now() - 1 }).execute();
    expect(await reason).toBe('io server disconnect');
  });

  it("stops a project's pushes to a socket when the user stops being a member, keeping the connection", async () => {
    const client = await loggedIn(server);
    const key = await client.post<DeviceKey>(DEVICES.deviceKey.path, { projectId: demo });
    const creds = key.body.data;
    if (!creds) throw new Error(`deviceKey refused: ${key.body.errorMessage}`);
    const device = await connectDevice(server.mqttPort!, creds);
    const socket = await open(client.cookie);
    const alarms: Alarm[] = [];
    socket.on('alarm.changed', (a) => alarms.push(a));
    expect(await socket.timeout(3_000).emitWithAck('topic.subscribe', { projectId: demo, topic: 'alarm' })).toEqual({ ok: true });
    const overLimit = (sn: string) => device.publishAsync(`zhgd/${demo}/gas/${sn}/telemetry`, JSON.stringify({ ts: Date.now(), readings: { CO: 60, O2: 20.9 } }), { qos: 1 });
    try {
      // While a member, an over-limit reading arrives as an alarm (so the silence below means something).
      await overLimit('GAS-LK-E-F');
      await waitFor(() => alarms.some((a) => a.deviceSn === 'GAS-LK-E-F'), 3_000);

      await server.db.deleteFrom('memberships').where('username', '=', 'admin').where('project_id', '=', demo).execute();
      await new Promise((r) => setTimeout(r, RECHECK_MS * 3));
      await overLimit('GAS-RK-E-F');
      await new Promise((r) => setTimeout(r, 1_000));
      expect(alarms.filter((a) => a.deviceSn === 'GAS-RK-E-F')).toEqual([]);
      expect(socket.connected).toBe(true);
    } finally {
      await device.endAsync();
    }
  });
});

async function waitFor(check: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}
