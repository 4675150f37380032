import type { FastifyInstance } from 'fastify';
import { ROUTES, deviceKeyBody, deviceListBody, tunnelListBody, type DeviceInfo, type DeviceKey, type TunnelInfo } from '../../../protocol';
import { deviceCredentials, deviceRows, setDevicePassword, toDeviceInfo, toTunnelInfo, tunnelRows } from '../../storage';
import { postRoute, requireMember, type HttpDeps } from '../context';
import { ApiError, ERROR_MESSAGES } from '../errors';
import { randomPassword } from '../passwords';

/** device/list, tunnel/list, project/deviceKey. */
export function registerDeviceRoutes(app: FastifyInstance, deps: HttpDeps): void {
  postRoute(app, deps, ROUTES.deviceList, deviceListBody, async ({ body, user }): Promise<DeviceInfo[]> => {
    requireMember(user, body.projectId);
    const rows = await deviceRows(deps.db, body.projectId, body.kind);
    const live = (await deps.live().liveState(body.projectId)).devices;
    return rows.map((row) => toDeviceInfo(row, live.get(row.sn)));
  });

  postRoute(app, deps, ROUTES.tunnelList, tunnelListBody, async ({ body, user }): Promise<TunnelInfo[]> => {
    requireMember(user, body.projectId);
    const rows = await tunnelRows(deps.db, body.projectId);
    return rows.map(toTunnelInfo);
  });

  // Rotating the password also closes the devices connected with the old one: a rotation is a revocation.
  postRoute(app, deps, ROUTES.deviceKey, deviceKeyBody, async ({ body, user }): Promise<DeviceKey> => {
    requireMember(user, body.projectId);
    const row = body.rotate ? await setDevicePassword(deps.db, body.projectId, randomPassword(24)) : await deviceCredentials(deps.db, body.projectId);
    if (!row) throw new ApiError('NOT_FOUND', ERROR_MESSAGES.notFound);
    if (body.rotate) deps.live().disconnectDevices(body.projectId);
    return { username: row.mqtt_username, password: row.mqtt_password };
  });
}
