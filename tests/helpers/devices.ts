import { connect as tcpConnect } from 'node:net';
import { MqttClient } from 'mqtt';
import type { DeviceKey } from '../../protocol';
import { DEMO_DEVICES } from '../../server/seed/demoProject';

/** The AI cameras of the demo project, by sn. */
export const DEMO_CAMERAS = DEMO_DEVICES.filter((d) => d.kind === 'camera').map((d) => d.sn);

/**
 * Connects an MQTT device to a broker on 127.0.0.1:`port` with a project's device key, over TCP, no
 * reconnects. Built from MqttClient rather than mqtt.connect so it also works under jsdom, where mqtt.js
 * believes it runs in a browser and would pick its WebSocket transport and a Web Worker keepalive timer.
 * @throws the broker's refusal (e.g. "Bad username or password"), or when the connection closes first.
 */
export function connectDevice(port: number, key: Pick<DeviceKey, 'username' | 'password'>, connectTimeoutMs = 5_000): Promise<MqttClient> {
  const client = new MqttClient(() => tcpConnect(port, '127.0.0.1'), {
    protocol: 'mqtt',
    timerVariant: 'native',
    username: key.username,
    password: key.password,
    reconnectPeriod: 0,
    connectTimeout: connectTimeoutMs,
  });
  return new Promise((resolve, reject) => {
    const fail = (err: Error) => {
      client.end(true);
      reject(err);
    };
    client.once('connect', () => resolve(client));
    client.once('error', fail);
    client.once('close', () => {
      if (!client.connected) fail(new Error('MQTT connection closed before CONNACK'));
    });
  });
}


/** The demo tunnel project as seeded (server/seed), for browser tests that may not import server/ themselves. */
export { DEMO_PROJECT } from '../../server/seed';
