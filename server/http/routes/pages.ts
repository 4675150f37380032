import type { FastifyInstance } from 'fastify';
import { BOARDS, type BoardWrite, type PageDetails, type PageOrder, type PageWrite } from '../../../protocol';
import { instantiateTemplatePage } from '../../seed/instantiate';
import { findTemplate } from '../../seed/templates';
import { route, type HttpDeps } from '../context';
import { ApiError } from '../errors';
import { deletePage, findPage, insertPage, movePage, pagesInOrder, randomId, replacePage } from './boardsOps';
import { bindableDevices, mutateBoard, readBoard } from './boardsStore';

/** page/add, page/details, page/edit, page/move, page/delete, page/add/initialize (docs/api.md "Board server"). */
export function registerPageRoutes(app: FastifyInstance, deps: HttpDeps): void {
  route(app, deps, BOARDS.pageAdd, async ({ body, user }): Promise<PageWrite> => {
    const pageId = randomId('page');
    const { board } = await mutateBoard(deps, user, body.boardId, body.baseVersion, (current) => ({
      board: insertPage(current, { pageId, name: body.name, order: 0, panels: [] }, body.index),
      result: null,
    }));
    return { boardId: board.boardId, version: board.version, page: findPage(board, pageId) };
  });

  route(app, deps, BOARDS.pageDetails, async ({ body, user }): Promise<PageDetails> => {
    const board = await readBoard(deps.db, user, body.boardId);
    return { boardId: board.boardId, version: board.version, page: findPage(board, body.pageId) };
  });

  route(app, deps, BOARDS.pageEdit, async ({ body, user }): Promise<PageWrite> => {
    const { board } = await mutateBoard(deps, user, body.boardId, body.baseVersion, (current) => ({
      board: replacePage(current, { ...findPage(current, body.pageId), name: body.name }),
      result: null,
    }));
    return { boardId: board.boardId, version: board.version, page: findPage(board, body.pageId) };
  });

  route(app, deps, BOARDS.pageMove, async ({ body, user }): Promise<PageOrder> => {
    const { board } = await mutateBoard(deps, user, body.boardId, body.baseVersion, (current) => ({
      board: movePage(current, body.pageId, body.toIndex),
      result: null,
    }));
    return {
      boardId: board.boardId,
      version: board.version,
      pages: pagesInOrder(board.pages).map(({ pageId, name, order }) => ({ pageId, name, order })),
    };
  });

  route(app, deps, BOARDS.pageDelete, async ({ body, user }): Promise<BoardWrite> => {
    const { board } = await mutateBoard(deps, user, body.boardId, body.baseVersion, (current) => ({
      board: deletePage(current, body.pageId),
      result: null,
    }));
    return { boardId: board.boardId, version: board.version };
  });

  route(app, deps, BOARDS.pageAddInitialize, async ({ body, user }): Promise<PageWrite> => {
    const { board, result: pageId } = await mutateBoard(deps, user, body.boardId, body.baseVersion, async (current, tx) => {
      const template = findTemplate(body.templateId, deps.config.seedLocale);
      if (!template) throw new ApiError('NOT_FOUND', `Template ${body.templateId} not found; see ${BOARDS.boardStandardList.path}`);
      const source = body.templatePageId ? template.pages.find((p) => p.templatePageId === body.templatePageId) : template.pages[0];
      if (!source) throw new ApiError('NOT_FOUND', `Template ${body.templateId} has no page ${body.templatePageId}`);
      const page = instantiateTemplatePage(source, await bindableDevices(tx, current.projectId), randomId, { name: body.name });
      return { board: insertPage(current, page, body.index), result: page.pageId };
    });
    return { boardId: board.boardId, version: board.version, page: findPage(board, pageId) };
  });
}
