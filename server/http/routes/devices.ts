import type { FastifyInstance } from 'fastify';
import { DEVICES } from '../../../protocol';
import { deviceCredentials, deviceRows, setDevicePassword, toDeviceInfo, toTunnelInfo, tunnelRows } from '../../storage';
import { requireMember, route, type HttpDeps } from '../context';
import { ApiError, ERROR_MESSAGES } from '../errors';
import { randomPassword } from '../passwords';

/** device/list, tunnel/list, project/deviceKey. */
export function registerDeviceRoutes(app: FastifyInstance, deps: HttpDeps): void {
  route(app, deps, DEVICES.deviceList, async ({ body, user }) => {
    requireMember(user, body.projectId);
    const rows = await deviceRows(deps.db, body.projectId, body.kind);
    const live = (await deps.live().liveState(body.projectId)).devices;
    return rows.map((row) => toDeviceInfo(row, live.get(row.sn)));
  });

  route(app, deps, DEVICES.tunnelList, async ({ body, user }) => {
    requireMember(user, body.projectId);
    const rows = await tunnelRows(deps.db, body.projectId);
    return rows.map(toTunnelInfo);
  });

  // Rotating the password also closes the devices connected with the old one: a rotation is a revocation.
  route(app, deps, DEVICES.deviceKey, async ({ body, user }) => {
    requireMember(user, body.projectId);
    const row = body.rotate ? await setDevicePassword(deps.db, body.projectId, randomPassword(24)) : await deviceCredentials(deps.db, body.projectId);
    if (!row) throw new ApiError('NOT_FOUND', ERROR_MESSAGES.notFound);
    if (body.rotate) deps.live().disconnectDevices(body.projectId);
    return { username: row.mqtt_username, password: row.mqtt_password };
  });
}
