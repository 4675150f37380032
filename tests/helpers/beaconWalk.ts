import type { MqttClient } from 'mqtt';
import { DEVICES, type DeviceKey } from '../../protocol';
import type { RunningServer } from '../../server/app';
import { DEMO_PROJECT } from '../../server/seed';
import type { ApiClient } from './apiClient';
import { connectDevice } from './devices';
import { startServerWithUsers } from './testServer';

/**
 * Walking demo beacons through zones over real MQTT, for the zone and portal tests. Beacons report in the
 * demo project's right bore (`RK`) unless told otherwise.
 */
const demo = DEMO_PROJECT.projectId;

/** Zone fields with every rule off, to spread into a zone/add body beside name, kind, bore and range. */
export const NO_ZONE_RULES = { entryAlarm: false, authorizedTeams: [], maxStayMin: null, maxHeadcount: null, noMovementMin: null, signalLostS: null };

/**
 * A server on `dataDir` (env as startServerWithUsers) with the administrator and bridge users logged in and
 * one MQTT client connected with the demo project's device key.
 */
export async function startWithDevice(dataDir: string): Promise<{ server: RunningServer; admin: ApiClient; bridge: ApiClient; device: MqttClient }> {
  const { server, admin, bridge } = await startServerWithUsers({ DATA_DIR: dataDir });
  const key = await admin.post<DeviceKey>(DEVICES.deviceKey.path, { projectId: demo });
  const device = await connectDevice(server.mqttPort!, key.body.data!);
  return { server, admin, bridge, device };
}

/** One fix of beacon `sn` at `chainageM` (m) in bore `tunnelId`, now, QoS 1. */
export function beaconFix(device: MqttClient, sn: string, chainageM: number, tunnelId = 'RK'): Promise<unknown> {
  return device.publishAsync(`zhgd/${demo}/beacon/${sn}/telemetry`, JSON.stringify({ ts: Date.now(), tunnelId, chainageM, battery: 80, sos: false }), { qos: 1 });
}

/** Reports from `chainageM` for 3 s at 2 Hz: a zone edge counts as crossed after 2 s past it (docs/domain.md). */
export async function beaconStay(device: MqttClient, sn: string, chainageM: number, tunnelId = 'RK'): Promise<void> {
  for (let i = 0; i < 6; i++) {
    await beaconFix(device, sn, chainageM, tunnelId);
    await new Promise((r) => setTimeout(r, 500));
  }
}
