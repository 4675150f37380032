import type { FastifyInstance } from 'fastify';
import type { HttpDeps } from '../../context';
import { registerAuditRoutes } from './audit';
import { registerDeviceRegistryRoutes } from './devices';
import { registerDeviceTransferRoutes } from './deviceTransfers';
import { registerInvitationRoutes } from './invitations';
import { registerMemberRoutes } from './members';
import { registerOrganisationRoutes } from './organisations';
import { registerPasswordRoutes } from './password';
import { registerProjectRoutes } from './projects';
import { registerUserRoutes } from './users';

export { ADMIN_MESSAGES } from './messages';

/** Organisations, projects, users, memberships and invitations, the device registry, its import and transfer requests, the audit log. */
export function registerAdminRoutes(app: FastifyInstance, deps: HttpDeps): void {
  registerPasswordRoutes(app, deps);
  registerOrganisationRoutes(app, deps);
  registerProjectRoutes(app, deps);
  registerUserRoutes(app, deps);
  registerMemberRoutes(app, deps);
  registerInvitationRoutes(app, deps);
  registerDeviceRegistryRoutes(app, deps);
  registerDeviceTransferRoutes(app, deps);
  registerAuditRoutes(app, deps);
}
