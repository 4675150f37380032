import { connectAsync, type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVICES, type DeviceKey } from '../../protocol';
import type { RunningServer } from '../../server/app';
import { eventually } from '../helpers/eventually';
import { loggedInClient, startTestServer } from '../helpers/testServer';

/**
 * A client id belongs to one project's device: a connection with the client id of a connected device of
 * another project (another tenant registering the same serial number) is refused and cannot knock that
 * device off; the same project's device still takes its own id over after a reboot.
 */
describe('MQTT client ids across projects', () => {
  let server: RunningServer;
  const keys: Record<string, DeviceKey> = {};
  const open: MqttClient[] = [];

  const connect = async (projectId: string, clientId: string) => {
    const c = await connectAsync(`mqtt://127.0.0.1:${server.mqttPort}`, { ...keys[projectId], clientId, reconnectPeriod: 0, connectTimeout: 5_000 });
    open.push(c);
    return c;
  };

  beforeAll(async () => {
    server = await startTestServer();
    const admin = await loggedInClient(server.url);
    for (const projectId of ['demo-tunnel', 'demo-bridge']) keys[projectId] = (await admin.post<DeviceKey>(DEVICES.deviceKey.path, { projectId })).body.data!;
  }, 60_000);

  afterAll(async () => {
    await Promise.all(open.map((c) => c.endAsync(true).catch(() => undefined)));
    await server?.close();
  });

  it("refuses another project's connection with a connected device's client id, and the device stays connected", async () => {
    const device = await connect('demo-tunnel', 'GAS-SHARED-1');
    let closed = false;
    device.on('close', () => (closed = true));
    await expect(connect('demo-bridge', 'GAS-SHARED-1')).rejects.toThrow(/identifier rejected|Identifier rejected|client identifier not valid/i);
    await new Promise((r) => setTimeout(r, 300));
    expect(closed).toBe(false);
    expect(device.connected).toBe(true);
  });

  it('lets a device of the same project take its own client id over (a reboot replaces the stale connection)', async () => {
    const stale = await connect('demo-tunnel', 'GAS-SHARED-2');
    let closed = false;
    stale.on('close', () => (closed = true));
    const rebooted = await connect('demo-tunnel', 'GAS-SHARED-2');
    await eventually(() => closed && rebooted.connected, 5_000, 'the stale connection closed and the new one connected');
  });
});
