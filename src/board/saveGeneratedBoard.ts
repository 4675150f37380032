import { BOARD_TICKET_HEADER, ROUTES, type Board, type BoardTicket, type PageWrite, type PanelWrite } from '../../protocol';
import { BusinessError, GENERIC_ERROR_MESSAGE, NETWORK_ERROR_CODE, type RequestFn } from '../api/request';

/** What saving needs: the app's request function, and a fetch for the two calls it cannot make (GET, header). */
export interface SaveBoardDeps {
  request: RequestFn;
  fetch?: typeof fetch;
  baseUrl?: string;
}

async function raw<T>(deps: SaveBoardDeps, method: 'GET' | 'POST', route: string, body?: unknown, headers: Record<string, string> = {}): Promise<T> {
  const doFetch = deps.fetch ?? ((...a: Parameters<typeof fetch>) => globalThis.fetch(...a));
  let json: { success?: boolean; data?: T; errorCode?: string; errorMessage?: string } | undefined;
  try {
    const res = await doFetch((deps.baseUrl ?? '') + route, {
      method,
      credentials: 'same-origin',
      headers: { Accept: 'application/json', ...(body === undefined ? {} : { 'Content-Type': 'application/json' }), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    json = await res.json();
  } catch {
    throw new BusinessError(NETWORK_ERROR_CODE, GENERIC_ERROR_MESSAGE);
  }
  if (json?.success === true) return json.data as T;
  throw new BusinessError(json?.errorCode || NETWORK_ERROR_CODE, json?.errorMessage || GENERIC_ERROR_MESSAGE);
}

/**
 * Stores a generated board as a new editable board of its project, as the builder creates boards: a
 * single-use ticket (GET ticket/getTicket) in the dataBoardBasicToken header of board/add (named `name`,
 * with the generated layout), then its pages (the first one renamed, others page/add) and their panels
 * (panel/custom/add), each write on the version the previous one returned. Resolves with the new boardId.
 * Throws BusinessError; a failure after board/add leaves the partly filled board (it can be edited or
 * deleted in the builder).
 */
export async function saveGeneratedBoard(board: Board, name: string, deps: SaveBoardDeps): Promise<string> {
  const ticket = await raw<BoardTicket>(deps, 'GET', `${ROUTES.ticketGet}?projectId=${encodeURIComponent(board.projectId)}`);
  const { pageWidth, pageHeight, pageSwitchModel, wholeTips, pageTips } = board.layout;
  const created = await raw<Board>(
    deps,
    'POST',
    ROUTES.boardAdd,
    { projectId: board.projectId, name, layout: { pageWidth, pageHeight, pageSwitchModel, wholeTips, pageTips } },
    { [BOARD_TICKET_HEADER]: ticket.ticket },
  );
  const boardId = created.boardId;
  let version = created.version;
  const pages = [...board.pages].sort((a, b) => a.order - b.order);
  for (const [i, page] of pages.entries()) {
    let pageId: string;
    const first = i === 0 ? created.pages[0] : undefined;
    if (first) {
      pageId = first.pageId;
      if (first.name !== page.name) {
        version = (await deps.request<PageWrite>(ROUTES.pageEdit, { boardId, baseVersion: version, pageId, name: page.name })).version;
      }
    } else {
      const w = await deps.request<PageWrite>(ROUTES.pageAdd, { boardId, baseVersion: version, name: page.name });
      pageId = w.page.pageId;
      version = w.version;
    }
    for (const p of [...page.panels].sort((a, b) => a.z - b.z)) {
      const panel = { type: p.type, ...(p.title ? { title: p.title } : {}), x: p.x, y: p.y, w: p.w, h: p.h, config: p.config };
      version = (await deps.request<PanelWrite>(ROUTES.panelCustomAdd, { boardId, baseVersion: version, pageId, panel })).version;
    }
  }
  return boardId;
}
