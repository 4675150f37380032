import type { FastifyInstance } from 'fastify';
import {
  BOARDS,
  type BoardWrite,
  type PanelList,
  type PanelOrder,
  type PanelWrite,
} from '../../../protocol';
import { route, type HttpDeps } from '../context';
import {
  deletePanels,
  editPanel,
  findPage,
  findPanel,
  movePanel,
  newPanel,
  pagesInOrder,
  randomId,
  replacePage,
  stackOrder,
} from './boardsOps';
import { mutateBoard, readBoard } from './boardsStore';
import { registerCustomPanelTypeRoutes } from './customPanelTypes';

/** panel/list, panel/custom/add, panel/edit, panel/delete, panel/move (docs/api.md "Board server"), and the custom panel type routes. */
export function registerPanelRoutes(app: FastifyInstance, deps: HttpDeps): void {
  registerCustomPanelTypeRoutes(app, deps);
  route(app, deps, BOARDS.panelList, async ({ body, user }): Promise<PanelList> => {
    const board = await readBoard(deps.db, user, body.boardId);
    const pages = body.pageId ? [findPage(board, body.pageId)] : pagesInOrder(board.pages);
    return {
      boardId: board.boardId,
      version: board.version,
      panels: pages.flatMap((page) => stackOrder(page.panels).map((panel) => ({ ...panel, pageId: page.pageId }))),
    };
  });

  route(app, deps, BOARDS.panelCustomAdd, async ({ body, user }): Promise<PanelWrite> => {
    const panelId = randomId('panel');
    const { board } = await mutateBoard(deps, user, body.boardId, body.baseVersion, (current) => {
      const page = findPage(current, body.pageId);
      return { board: replacePage(current, { ...page, panels: [...page.panels, newPanel(page, body.panel, panelId)] }), result: null };
    });
    return { boardId: board.boardId, version: board.version, pageId: body.pageId, panel: findPanel(findPage(board, body.pageId), panelId) };
  });

  route(app, deps, BOARDS.panelEdit, async ({ body, user }): Promise<PanelWrite> => {
    const { board } = await mutateBoard(deps, user, body.boardId, body.baseVersion, (current) => {
      const page = findPage(current, body.pageId);
      const edited = editPanel(findPanel(page, body.panelId), body.panel);
      return { board: replacePage(current, { ...page, panels: page.panels.map((p) => (p.panelId === body.panelId ? edited : p)) }), result: null };
    });
    return { boardId: board.boardId, version: board.version, pageId: body.pageId, panel: findPanel(findPage(board, body.pageId), body.panelId) };
  });

  route(app, deps, BOARDS.panelDelete, async ({ body, user }): Promise<BoardWrite> => {
    const { board } = await mutateBoard(deps, user, body.boardId, body.baseVersion, (current) => ({
      board: replacePage(current, deletePanels(findPage(current, body.pageId), body.panelIds)),
      result: null,
    }));
    return { boardId: board.boardId, version: board.version };
  });

  route(app, deps, BOARDS.panelMove, async ({ body, user }): Promise<PanelOrder> => {
    const { board } = await mutateBoard(deps, user, body.boardId, body.baseVersion, (current) => ({
      board: replacePage(current, movePanel(findPage(current, body.pageId), body.panelId, body.to)),
      result: null,
    }));
    return {
      boardId: board.boardId,
      version: board.version,
      pageId: body.pageId,
      panels: findPage(board, body.pageId).panels.map(({ panelId, z }) => ({ panelId, z })),
    };
  });
}
