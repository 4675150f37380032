import type { FastifyInstance } from 'fastify';
import { BOARDS, type LayoutList, type LayoutWrite } from '../../../protocol';
import { route, type HttpDeps } from '../context';
import { applyLayoutItems, applyLayoutPatch, layoutItems } from './boardsOps';
import { mutateBoard, readBoard } from './boardsStore';

/**
 * layout/getLayoutList (the board's page settings and every panel's place) and layout/updateLayout (many
 * panels moved or resized at once, e.g. after a drag of a multi-selection or an align, in one transaction).
 */
export function registerLayoutRoutes(app: FastifyInstance, deps: HttpDeps): void {
  route(app, deps, BOARDS.layoutList, async ({ body, user }): Promise<LayoutList> => {
    const board = await readBoard(deps.db, user, body.boardId);
    return { boardId: board.boardId, version: board.version, layout: board.layout, items: layoutItems(board, body.pageId) };
  });

  route(app, deps, BOARDS.layoutUpdate, async ({ body, user }): Promise<LayoutWrite> => {
    const { board } = await mutateBoard(deps, user, body.boardId, body.baseVersion, (current) => ({
      board: { ...applyLayoutItems(current, body.items), layout: applyLayoutPatch(current.layout, body.layout) },
      result: null,
    }));
    const updated = new Set(body.items.map((i) => `${i.pageId}\u0000${i.panelId}`));
    return {
      boardId: board.boardId,
      version: board.version,
      layout: board.layout,
      items: layoutItems(board).filter((i) => updated.has(`${i.pageId}\u0000${i.panelId}`)),
    };
  });
}
