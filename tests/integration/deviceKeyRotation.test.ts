import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVICES, type DeviceKey } from '../../protocol';
import type { RunningServer } from '../../server/app';
import { DEMO_PROJECT, OTHER_PROJECT } from '../../server/seed';
import type { ApiClient } from '../helpers/apiClient';
import { connectDevice } from '../helpers/devices';
import { eventually } from '../helpers/eventually';
import { loggedInClient, startTestServer } from '../helpers/testServer';

const demo = DEMO_PROJECT.projectId;

const until = (check: () => boolean | Promise<boolean>, timeoutMs: number, what: string) => eventually(check, timeoutMs, what, 50);

describe('rotating a project\'s device key revokes the old one at once', () => {
  let server: RunningServer;
  let admin: ApiClient;
  const clients: MqttClient[] = [];
  const connectAs = async (key: DeviceKey) => {
    const c = await connectDevice(server.mqttPort!, key);
    clients.push(c);
    return c;
  };
  const keyOf = async (projectId: string, rotate = false) => {
    const r = await admin.post<DeviceKey>(DEVICES.deviceKey.path, { projectId, rotate });
    if (!r.body.data) throw new Error(`deviceKey refused: ${r.body.errorMessage}`);
    return r.body.data;
  };

  beforeAll(async () => {
    // The demo simulator runs, as on `npm start`: it must follow the rotation by itself.
    server = await startTestServer({ SIMULATOR: 'on' });
    admin = await loggedInClient(server.url);
  });
  afterAll(async () => {
    await Promise.allSettled(clients.map((c) => c.endAsync(true)));
    await server?.close();
  });

  it("closes the project's connected devices, refuses the old password, accepts the new one, and leaves other projects alone", async () => {
    const oldKey = await keyOf(demo);
    const device = await connectAs(oldKey);
    const other = await connectAs(await keyOf(OTHER_PROJECT.projectId));
    const closed = new Promise<void>((resolve) => device.once('close', () => resolve()));

    const newKey = await keyOf(demo, true);
    expect(newKey.password).not.toBe(oldKey.password);
    await closed;
    expect(device.connected).toBe(false);
    expect(other.connected).toBe(true);

    await expect(connectAs(oldKey)).rejects.toThrow(/Bad username or password|Not authorized/i);
    const renewed = await connectAs(newKey);
    await renewed.publishAsync(`zhgd/${demo}/gas/GAS-LK-E-F/telemetry`, JSON.stringify({ ts: Date.now(), readings: { CO: 3, O2: 20.9 } }), { qos: 1 });
    expect(renewed.connected).toBe(true);
  });

  it('the demo simulator reads the rotated key and keeps publishing', async () => {
    const accepted = () => server.live.ingestStats().accepted;
    await until(() => accepted() > 0, 10_000, 'the simulator to publish');
    await keyOf(demo, true);
    // Give the kick a moment, then the count must grow again through a fresh login with the new key.
    await new Promise((r) => setTimeout(r, 500));
    const before = accepted();
    await until(() => accepted() > before + 20, 20_000, 'the simulator to publish again with the new key');
  });
});
