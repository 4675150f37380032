import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { BOARDS, LAYOUT_DEFAULTS, NOT_RELEASED_MESSAGE, releaseStateOf, type Board, type BoardDeleted, type BoardList, type BoardScreen, type BoardSettingsWrite, type BoardStandardList, type Layout, type Page } from '../../../protocol';
import { instantiateTemplate } from '../../seed/instantiate';
import { BOARD_TEMPLATES, findTemplate } from '../../seed/templates';
import { boardRow, deleteBoard, fromJson, inTransaction, insertBoard, latestReleases, projectBoardRows, releaseRow, toBoard, toReleasedBoard, type Database } from '../../storage';
import { route, requireMember, type HttpDeps } from '../context';
import { ApiError, ERROR_MESSAGES } from '../errors';
import { applyLayoutPatch, checkBoard, randomId } from './boardsOps';
import { registerReleaseRoutes } from './boardsReleases';
import { bindableDevices, checkBoardBytes, lockBoard, mutateBoard } from './boardsStore';
import { registerLayoutRoutes } from './layout';
import { registerPageRoutes } from './pages';
import { registerPanelRoutes } from './panels';
import { registerSystemStyleRoutes } from './systemStyle';
import { consumeTicket, registerTicketRoutes } from './ticket';

/** Name of the one empty page a board made by board/add starts with. */
export const FIRST_PAGE_NAME = 'Page 1';

/**
 * The board server (docs/api.md "Board server"): board list, screen, add (with a ticket), add from
 * a template, edit, delete and the template list here; releases, pages, panels, layout, system style and
 * tickets in their own files, registered from here.
 */
export function registerBoardRoutes(app: FastifyInstance, deps: HttpDeps): void {
  // dataRange is accepted for compatibility with the original client (it sends 2) and does not filter.
  route(app, deps, BOARDS.boardList, async ({ body, user }): Promise<BoardList> => {
    requireMember(user, body.projectId);
    const rows = await projectBoardRows(deps.db, body.projectId);
    const latest = await latestReleases(
      deps.db,
      rows.map((r) => r.board_id),
    );
    return {
      result: '0',
      board: rows.map((r) => {
        const release = latest.get(r.board_id) ?? null;
        const draft = { name: r.name, layout: fromJson<Layout>(r.layout), pages: fromJson<Page[]>(r.pages) };
        return {
          boardId: r.board_id,
          name: r.name,
          version: Number(r.version),
          releaseState: releaseStateOf(draft, release),
          releaseNo: release?.releaseNo ?? null,
        };
      }),
    };
  });

  // Editors read the draft; viewers ask for `released` and get the latest release. A board that was never
  // released is NOT_FOUND for them (NOT_RELEASED_MESSAGE): a wall screen never shows a draft, so a board
  // made from a template goes on screen only when someone releases it.
  route(app, deps, BOARDS.boardScreen, async ({ body, user }): Promise<BoardScreen> => {
    const row = await boardRow(deps.db, body.boardId);
    if (!row) throw new ApiError('NOT_FOUND', ERROR_MESSAGES.notFound);
    requireMember(user, row.project_id);
    if (body.releaseNo !== undefined || body.released) {
      const release = await releaseRow(deps.db, body.boardId, body.releaseNo ?? 'latest');
      if (release) return toReleasedBoard(release, row.project_id);
      if (body.releaseNo !== undefined) throw new ApiError('NOT_FOUND', `Release ${body.releaseNo} of this board is not kept`);
      throw new ApiError('NOT_FOUND', NOT_RELEASED_MESSAGE);
    }
    return { ...toBoard(row), source: 'draft', releaseNo: null, releasedAtMs: null };
  });

  route(app, deps, BOARDS.boardStandardList, async ({ body }): Promise<BoardStandardList> => ({
    templates: BOARD_TEMPLATES.filter((t) => body.category === undefined || t.category === body.category),
  }));

  route(app, deps, BOARDS.boardAdd, async ({ body, user, req }): Promise<Board> => {
    requireMember(user, body.projectId);
    const board = checkBoard({
      boardId: randomId('board'),
      projectId: body.projectId,
      name: body.name,
      version: 1,
      layout: applyLayoutPatch({ ...LAYOUT_DEFAULTS }, body.layout),
      pages: [{ pageId: randomId('page'), name: FIRST_PAGE_NAME, order: 0, panels: [] }],
    });
    await inTransaction(deps.db, async (tx) => {
      await consumeTicket(tx, req, user, body.projectId);
      await storeNewBoard(tx, board, deps.config.boardMaxBytes);
    });
    return board;
  });

  route(app, deps, BOARDS.boardAddInitialize, async ({ body, user, req }): Promise<Board> => {
    requireMember(user, body.projectId);
    const template = findTemplate(body.templateId, deps.config.seedLocale);
    if (!template) throw new ApiError('NOT_FOUND', `Template ${body.templateId} not found; see ${BOARDS.boardStandardList.path}`);
    const board = checkBoard(
      instantiateTemplate(
        template,
        { boardId: randomId('board'), projectId: body.projectId, name: body.name },
        await bindableDevices(deps.db, body.projectId),
        randomId,
      ),
    );
    await inTransaction(deps.db, async (tx) => {
      await consumeTicket(tx, req, user, body.projectId);
      await storeNewBoard(tx, board, deps.config.boardMaxBytes);
    });
    return board;
  });

  route(app, deps, BOARDS.boardEdit, async ({ body, user }): Promise<BoardSettingsWrite> => {
    const { board } = await mutateBoard(deps, user, body.boardId, body.baseVersion, (current) => ({
      board: { ...current, name: body.name ?? current.name, layout: applyLayoutPatch(current.layout, body.layout) },
      result: null,
    }));
    return { boardId: board.boardId, version: board.version, name: board.name, layout: board.layout };
  });

  // Deleting is a write like any other: it names the version the user saw, so nobody deletes a board
  // someone else has just changed. Its releases go with it.
  route(app, deps, BOARDS.boardDelete, async ({ body, user }): Promise<BoardDeleted> => {
    await inTransaction(deps.db, async (tx) => {
      await lockBoard(tx, user, body.boardId, body.baseVersion);
      await deleteBoard(tx, body.boardId);
    });
    return { boardId: body.boardId };
  });

  registerReleaseRoutes(app, deps);
  registerPageRoutes(app, deps);
  registerPanelRoutes(app, deps);
  registerLayoutRoutes(app, deps);
  registerSystemStyleRoutes(app, deps);
  registerTicketRoutes(app, deps);
}

/** Stores a new board document. @throws ApiError VALIDATION when it is larger than `maxBytes` (nothing stored). */
async function storeNewBoard(db: Kysely<Database>, board: Board, maxBytes: number): Promise<void> {
  checkBoardBytes(board, maxBytes);
  await insertBoard(db, board, Date.now());
}
