import type { FastifyInstance } from 'fastify';
import {
  BOARDS,
  MAX_RELEASES_PER_BOARD,
  type Board,
  type BoardHistory,
  type BoardReleaseInfo,
} from '../../../protocol';
import { inTransaction, insertRelease, releaseHistory, releaseLayout } from '../../storage';
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
    return inTransaction(deps.db, async (tx) => {
      const board = await lockBoard(tx, user, body.boardId, body.baseVersion);
      return insertRelease(tx, board, { note: body.note || null, by: user.username, nowMs: Date.now() }, MAX_RELEASES_PER_BOARD);
    });
  });

  route(app, deps, BOARDS.boardHistory, async ({ body, user }): Promise<BoardHistory> => {
    await readBoard(deps.db, user, body.boardId);
    return { boardId: body.boardId, releases: await releaseHistory(deps.db, body.boardId, MAX_RELEASES_PER_BOARD) };
  });

  // The draft's name stays: a restore brings back what the board showed (layout and pages), and renaming
  // is a separate decision.
  route(app, deps, BOARDS.boardRestore, async ({ body, user }): Promise<Board> => {
    const { board } = await mutateBoard(deps, user, body.boardId, body.baseVersion, async (current, tx) => {
      const release = await releaseLayout(tx, body.boardId, body.releaseNo);
      if (!release) throw new ApiError('NOT_FOUND', `Release ${body.releaseNo} of this board is not kept`);
      return { board: { ...current, layout: release.layout, pages: release.pages }, result: null };
    });
    return board;
  });
}
