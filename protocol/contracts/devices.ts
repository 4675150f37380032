import { z } from 'zod';
import { deviceInfoSchema, deviceKeyBody, deviceKeySchema, deviceListBody, tunnelInfoSchema, tunnelListBody } from '../api';
import { defineContract } from './define';

const tag = 'devices';

/** Devices and tunnels of a project as boards read them (docs/api.md "device/list", "tunnel/list"). */
export const DEVICES = {
  deviceList: defineContract({ tag, path: '/zhgd/device/list', body: deviceListBody, response: z.array(deviceInfoSchema), permission: 'project.read', summary: "A project's devices with their status, latest values and thresholds" }),
  tunnelList: defineContract({ tag, path: '/zhgd/tunnel/list', body: tunnelListBody, response: z.array(tunnelInfoSchema), permission: 'project.read', summary: "A project's tunnel bores and their headings" }),
  /** MQTT credentials of the project's devices; `rotate` issues a new password and disconnects the old one's devices. */
  deviceKey: defineContract({ tag, path: '/zhgd/project/deviceKey', body: deviceKeyBody, response: deviceKeySchema, permission: 'project.admin', errors: ['NOT_FOUND'], summary: "The project's MQTT device credentials (rotate: a new password)" }),
} as const;
