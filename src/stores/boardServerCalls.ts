import { appBasePath, BOARD_TICKET_HEADER, boardListSchema, BOARDS, boardSchema, NOT_RELEASED_MESSAGE, type Board, type BoardList, type BoardTemplate, type BoardTicket, type LayoutPatch } from '../../protocol';
import { BusinessError, GENERIC_ERROR_MESSAGE, NETWORK_ERROR_CODE, type RequestFn } from '../api/request';

/**
 * Board-server calls of the builder that touch no editing state: the store calls them and keeps the
 * answers. `fetch` is for the two calls the POST wrapper cannot make (a GET, and a custom ticket header).
 */
export interface BoardServerDeps {
  request: RequestFn;
  /** Used for the ticket flow of board creation (default: the global fetch). */
  fetch?: typeof fetch;
  /** Prefix of the routes sent with `fetch`; '' (the default) for same origin. */
  baseUrl?: string;
}

/** Parses a board from outside (server answer or imported file); throws BusinessError('VALIDATION') naming the first bad field. */
export function parseBoard(raw: unknown, what: string): Board {
  const parsed = boardSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new BusinessError('VALIDATION', `${what}: ${issue.path.join('.') || '(root)'}: ${issue.message}`);
  }
  const b = parsed.data;
  return { ...b, pages: [...b.pages].sort((a, c) => a.order - c.order).map((p) => ({ ...p, panels: [...p.panels].sort((a, c) => a.z - c.z) })) };
}

/**
 * The project's boards with their release state (board/list, checked with boardListSchema). Throws
 * BusinessError, VALIDATION when the answer is not a board list.
 */
export async function fetchBoardList(deps: BoardServerDeps, projectId: string): Promise<BoardList['board']> {
  const raw = await deps.request(BOARDS.boardList, { projectId, dataRange: 2 });
  const parsed = boardListSchema.safeParse(raw);
  if (!parsed.success) throw new BusinessError('VALIDATION', `board/list: ${parsed.error.issues[0].path.join('.') || '(root)'}: ${parsed.error.issues[0].message}`);
  return parsed.data.board;
}

/** The standard boards (board/standardList); an answer without a list reads as none. Throws BusinessError. */
export async function fetchTemplates(deps: BoardServerDeps): Promise<BoardTemplate[]> {
  const data = await deps.request(BOARDS.boardStandardList, {});
  return Array.isArray(data?.templates) ? data.templates : [];
}

/**
 * A board's draft (board/screen, released false), pages by order and panels by z. The caller shows
 * errors itself (skipErrorHandler). Throws BusinessError, VALIDATION when the answer is not a board.
 */
export async function fetchDraft(deps: BoardServerDeps, boardId: string): Promise<Board> {
  const raw = await deps.request(BOARDS.boardScreen, { boardId, released: false }, { skipErrorHandler: true });
  return parseBoard(raw, `board ${boardId}`);
}

/**
 * Creates a board: fetches a single-use ticket (GET ticket/getTicket) and sends it in the
 * `dataBoardBasicToken` header of board/add (blank, with `layout` when given) or board/add/initialize
 * (from `templateId`). Returns the server's answer (the new board). Throws BusinessError.
 */
export async function addBoard(deps: BoardServerDeps, projectId: string, name: string, templateId?: string, layout?: LayoutPatch): Promise<Board> {
  const ticket = await raw<BoardTicket>(deps, 'GET', `${BOARDS.ticketGet.path}?projectId=${encodeURIComponent(projectId)}`);
  const body = templateId ? { projectId, templateId, name } : { projectId, name, ...(layout ? { layout } : {}) };
  return raw<Board>(deps, 'POST', templateId ? BOARDS.boardAddInitialize.path : BOARDS.boardAdd.path, body, { [BOARD_TICKET_HEADER]: ticket.ticket });
}

async function raw<T>(deps: BoardServerDeps, method: 'GET' | 'POST', route: string, body?: unknown, headers: Record<string, string> = {}): Promise<T> {
  const doFetch = deps.fetch ?? ((...a: Parameters<typeof fetch>) => globalThis.fetch(...a));
  let json: { success?: boolean; data?: T; errorCode?: string; errorMessage?: string } | undefined;
  try {
    const res = await doFetch((deps.baseUrl ?? appBasePath()) + route, {
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
 * The board as viewers see it: its latest release (board/screen, released true), or null when it was never
 * released. Throws BusinessError, VALIDATION when the answer is not a board.
 */
export async function fetchLiveRelease(deps: BoardServerDeps, boardId: string): Promise<(Board & { releaseNo: number }) | null> {
  let raw: { source?: unknown; releaseNo?: unknown };
  try {
    raw = await deps.request(BOARDS.boardScreen, { boardId, released: true }, { skipErrorHandler: true });
  } catch (e) {
    if (e instanceof BusinessError && e.errorMessage === NOT_RELEASED_MESSAGE) return null;
    throw e;
  }
  if (raw?.source !== 'release' || typeof raw.releaseNo !== 'number') return null;
  return { ...parseBoard(raw, `release of board ${boardId}`), releaseNo: raw.releaseNo };
}
