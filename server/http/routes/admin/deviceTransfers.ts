import type { FastifyInstance } from 'fastify';
import { TENANCY } from '../../../../protocol';
import { closeTransfer, inTransaction, removeDevices, transfersOf } from '../../../storage';
import { route, type HttpDeps } from '../../context';
import { ApiError, ERROR_MESSAGES } from '../../errors';

/**
 * Requests to release a serial number the project holds to another organisation's project (made by
 * device/add and device/import, docs/api.md "Device serials across organisations"): the holder's list,
 * approval (the holder's registration ends; its history stays with the holder) and refusal (nothing changes).
 */
export function registerDeviceTransferRoutes(app: FastifyInstance, deps: HttpDeps): void {
  const { db } = deps;

  route(app, deps, TENANCY.transferList, async ({ body }) => transfersOf(db, body.projectId, Date.now()));

  route(app, deps, TENANCY.transferDecide, async ({ body, user }) => {
    await inTransaction(db, async (tx) => {
      const t = await closeTransfer(tx, body.projectId, body.transferId, body.approve ? 'approved' : 'refused', user.username, Date.now());
      if (!t) throw new ApiError('NOT_FOUND', ERROR_MESSAGES.notFound);
      if (body.approve) await removeDevices(tx, body.projectId, [t.sn]);
    });
    if (body.approve) await deps.live().reloadDevices(body.projectId);
    return null;
  });
}
