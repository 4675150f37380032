import type { FastifyInstance } from 'fastify';
import {
  BOARDS,
  MAX_RELEASES_PER_BOARD,
  type Board,
  type BoardHistory,
  type BoardReleaseInfo,
} from '../../../protocol';
import { fromJson, toBoardReleaseInfo, toJson } from '../../storage';
import { route, type HttpDeps } from '../context';
import { ApiError } from '../errors';
import { lockBoard, mutateBoard, readBoard } from './boardsStore';

/**
 * board/release (publish a snapshot of the draft), board/history (the kept releases) and board/restore
 * (copy a release back into the draft as a new version).
 */
export function registerReleaseRoutes(app: FastifyInstance, deps: HttpDeps): void {
  // Publishing does not change the draft, so the draft keeps its version; baseVersion makes sure the
  // snapshot is the draft the user looked at, not one someone else changed meanwhile.
  route(app, deps, BOARDS.boardRelease, async ({ body, user }): Promise<BoardReleaseInfo> => {
    return deps.db.transaction().execute(async (tx) => {
      const board = await lockBoard(tx, user, body.boardId, body.baseVersion);
      const last = await tx
        .selectFrom('board_releases')
        .select((eb) => eb.fn.max('release_no').as('last'))
        .where('board_id', '=', body.boardId)
        .executeTakeFirst();
      const releaseNo = Number(last?.last ?? 0) + 1;
      const row = await tx
        .insertInto('board_releases')
        .values({
          board_id: board.boardId,
          release_no: releaseNo,
          version: board.version,
          name: board.name,
          layout: toJson(board.layout),
          pages: toJson(board.pages),
          note: body.note || null,
          released_at_ms: Date.now(),
          released_by: user.username,
        })
        .returning(['board_id', 'release_no', 'version', 'name', 'note', 'released_at_ms', 'released_by'])
        .executeTakeFirstOrThrow();
      await tx
        .deleteFrom('board_releases')
        .where('board_id', '=', body.boardId)
        .where('release_no', '<=', releaseNo - MAX_RELEASES_PER_BOARD)
        .execute();
      return toBoardReleaseInfo(row);
    });
  });

  route(app, deps, BOARDS.boardHistory, async ({ body, user }): Promise<BoardHistory> => {
    await readBoard(deps.db, user, body.boardId);
    const rows = await deps.db
      .selectFrom('board_releases')
      .select(['board_id', 'release_no', 'version', 'name', 'note', 'released_at_ms', 'released_by'])
      .where('board_id', '=', body.boardId)
      .orderBy('release_no', 'desc')
      .limit(MAX_RELEASES_PER_BOARD)
      .execute();
    return { boardId: body.boardId, releases: rows.map(toBoardReleaseInfo) };
  });

  // The draft's name stays: a restore brings back what the board showed (layout and pages), and renaming
  // is a separate decision.
  route(app, deps, BOARDS.boardRestore, async ({ body, user }): Promise<Board> => {
    const { board } = await mutateBoard(deps, user, body.boardId, body.baseVersion, async (current, tx) => {
      const release = await tx
        .selectFrom('board_releases')
        .select(['layout', 'pages'])
        .where('board_id', '=', body.boardId)
        .where('release_no', '=', body.releaseNo)
        .executeTakeFirst();
      if (!release) throw new ApiError('NOT_FOUND', `Release ${body.releaseNo} of this board is not kept`);
      return { board: { ...current, layout: fromJson(release.layout), pages: fromJson(release.pages) }, result: null };
    });
    return board;
  });
}
