import { BOARDS, type Board } from '../../protocol';
import { addBoard, type BoardServerDeps } from '../stores/boardServerCalls';
import { pagesInOrder, stackOrder } from '../../protocol/boardOps';

/** What saving needs: the app's request function, and a fetch for the two calls it cannot make (GET, header). */
export type SaveBoardDeps = BoardServerDeps;

/**
 * Stores a generated board as a new editable board of its project, as the builder creates boards: a
 * single-use ticket (GET ticket/getTicket) in the dataBoardBasicToken header of board/add (named `name`,
 * with the generated layout), then its pages (the first one renamed, others page/add) and their panels
 * (panel/custom/add), each write on the version the previous one returned. Resolves with the new boardId.
 * Throws BusinessError; a failure after board/add leaves the partly filled board (it can be edited or
 * deleted in the builder).
 */
export async function saveGeneratedBoard(board: Board, name: string, deps: SaveBoardDeps): Promise<string> {
  const { pageWidth, pageHeight, pageSwitchModel, wholeTips, pageTips } = board.layout;
  const created = await addBoard(deps, board.projectId, name, undefined, { pageWidth, pageHeight, pageSwitchModel, wholeTips, pageTips });
  const boardId = created.boardId;
  let version = created.version;
  const pages = pagesInOrder(board.pages);
  for (const [i, page] of pages.entries()) {
    let pageId: string;
    const first = i === 0 ? created.pages[0] : undefined;
    if (first) {
      pageId = first.pageId;
      if (first.name !== page.name) {
        version = (await deps.request(BOARDS.pageEdit, { boardId, baseVersion: version, pageId, name: page.name })).version;
      }
    } else {
      const w = await deps.request(BOARDS.pageAdd, { boardId, baseVersion: version, name: page.name });
      pageId = w.page.pageId;
      version = w.version;
    }
    for (const p of stackOrder(page.panels)) {
      const panel = { type: p.type, ...(p.title ? { title: p.title } : {}), x: p.x, y: p.y, w: p.w, h: p.h, config: p.config };
      version = (await deps.request(BOARDS.panelCustomAdd, { boardId, baseVersion: version, pageId, panel })).version;
    }
  }
  return boardId;
}
