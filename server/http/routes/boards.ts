import type { FastifyInstance } from 'fastify';
import { ROUTES, boardListBody, boardScreenBody, type BoardList, type BoardScreen } from '../../../protocol';
import { toBoard } from '../../storage';
import { postRoute, requireMember, type HttpDeps } from '../context';
import { ApiError, ERROR_MESSAGES } from '../errors';

/** board/list (SPEC §7: `result '0'`, `data.board[]`) and board/screen. */
export function registerBoardRoutes(app: FastifyInstance, deps: HttpDeps): void {
  // dataRange is accepted for compatibility with the original client (it sends 2) and does not filter.
  postRoute(app, deps, ROUTES.boardList, boardListBody, async ({ body, user }): Promise<BoardList> => {
    requireMember(user, body.projectId);
    const rows = await deps.db
      .selectFrom('boards')
      .select(['board_id', 'name', 'version'])
      .where('project_id', '=', body.projectId)
      .orderBy('created_at_ms')
      .orderBy('board_id')
      .execute();
    return { result: '0', board: rows.map((r) => ({ boardId: r.board_id, name: r.name, version: Number(r.version) })) };
  });

  postRoute(app, deps, ROUTES.boardScreen, boardScreenBody, async ({ body, user }): Promise<BoardScreen> => {
    const row = await deps.db.selectFrom('boards').selectAll().where('board_id', '=', body.boardId).executeTakeFirst();
    if (!row) throw new ApiError('NOT_FOUND', ERROR_MESSAGES.notFound);
    requireMember(user, row.project_id);
    return toBoard(row);
  });
}
