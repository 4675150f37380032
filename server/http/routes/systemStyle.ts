import type { FastifyInstance } from 'fastify';
import { BOARDS, type SystemStyle } from '../../../protocol';
import { systemStyleRow, toSystemStyle, writeSystemStyle } from '../../storage';
import { route, requireMember, type HttpDeps } from '../context';
import { ApiError } from '../errors';

/** The CONFLICT message of a stale style edit. */
export function staleStyleMessage(current: number, base: number): string {
  return (
    `The system style was changed by someone else (it is now at version ${current}; your change was based on version ${base}). ` +
    'Reload it and make your change again.'
  );
}

/** systemStyle/details and systemStyle/edit: theme, primary colour and title per project (docs/product.md "Board model", "Constants"). */
export function registerSystemStyleRoutes(app: FastifyInstance, deps: HttpDeps): void {
  route(app, deps, BOARDS.systemStyleDetails, async ({ body, user }): Promise<SystemStyle> => {
    requireMember(user, body.projectId);
    const row = await systemStyleRow(deps.db, body.projectId);
    return toSystemStyle(body.projectId, row);
  });

  // Each statement is guarded by the version it expects, so two editors racing (even on the very first
  // edit, when there is no row yet) end with one success and one CONFLICT, never a lost update.
  route(app, deps, BOARDS.systemStyleEdit, async ({ body, user }): Promise<SystemStyle> => {
    requireMember(user, body.projectId);
    const row = await systemStyleRow(deps.db, body.projectId);
    const current = toSystemStyle(body.projectId, row);
    if (current.version !== body.baseVersion) throw new ApiError('CONFLICT', staleStyleMessage(current.version, body.baseVersion));
    const next: SystemStyle = {
      projectId: body.projectId,
      theme: body.theme ?? current.theme,
      primaryColor: body.primaryColor ?? current.primaryColor,
      title: body.title ?? current.title,
      version: current.version + 1,
    };
    const written = await writeSystemStyle(deps.db, next, body.baseVersion, !row, user.username, Date.now());
    if (!written) {
      const now = await systemStyleRow(deps.db, body.projectId);
      throw new ApiError('CONFLICT', staleStyleMessage(Number(now?.version ?? 0), body.baseVersion));
    }
    return next;
  });
}
