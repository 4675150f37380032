import type { FastifyInstance } from 'fastify';
import { DEVICES } from '../../../protocol';
import { toDeviceInfo, toTunnelInfo } from '../../storage';
import { requireMember, route, type HttpDeps } from '../context';
import { ApiError, ERROR_MESSAGES } from '../errors';
import { randomPassword } from '../passwords';

/** device/list, tunnel/list, project/deviceKey. */
export function registerDeviceRoutes(app: FastifyInstance, deps: HttpDeps): void {
  route(app, deps, DEVICES.deviceList, async ({ body, user }) => {
    requireMember(user, body.projectId);
    let query = deps.db.selectFrom('devices').selectAll().where('project_id', '=', body.projectId);
    if (body.kind) query = query.where('kind', '=', body.kind);
    const rows = await query.orderBy('kind').orderBy('sn').execute();
    const live = (await deps.live().liveState(body.projectId)).devices;
    return rows.map((row) => toDeviceInfo(row, live.get(row.sn)));
  });

  route(app, deps, DEVICES.tunnelList, async ({ body, user }) => {
    requireMember(user, body.projectId);
    const rows = await deps.db
      .selectFrom('tunnels')
      .selectAll()
      .where('project_id', '=', body.projectId)
      .orderBy('tunnel_id')
      .execute();
    return rows.map(toTunnelInfo);
  });

  // Rotating the password also closes the devices connected with the old one: a rotation is a revocation.
  route(app, deps, DEVICES.deviceKey, async ({ body, user }) => {
    requireMember(user, body.projectId);
    const query = body.rotate
      ? deps.db
          .updateTable('projects')
          .set({ mqtt_password: randomPassword(24) })
          .where('project_id', '=', body.projectId)
          .returning(['mqtt_username', 'mqtt_password'])
      : deps.db.selectFrom('projects').select(['mqtt_username', 'mqtt_password']).where('project_id', '=', body.projectId);
    const row = await query.executeTakeFirst();
    if (!row) throw new ApiError('NOT_FOUND', ERROR_MESSAGES.notFound);
    if (body.rotate) deps.live().disconnectDevices(body.projectId);
    return { username: row.mqtt_username, password: row.mqtt_password };
  });
}
