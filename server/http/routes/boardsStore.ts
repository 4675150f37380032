import type { Kysely, Transaction } from 'kysely';
import type { Board, SessionUser } from '../../../protocol';
import { boardRow, inTransaction, lockBoardRow, projectDeviceKinds, toBoard, writeBoardDraft, type Database } from '../../storage';
import { requireMember, type HttpDeps } from '../context';
import { ApiError, ERROR_MESSAGES } from '../errors';
import { checkBoard } from './boardsOps';

/**
 * Reading and writing board documents with the board server's checks, in this order: the board exists
 * (NOT_FOUND), the user is a member of its project (FORBIDDEN, nothing else revealed), the edit is based on
 * the current version (CONFLICT).
 */

/** The CONFLICT message of a stale write. */
export function staleMessage(current: number, base: number): string {
  return (
    `This board was changed by someone else (it is now at version ${current}; your change was based on version ${base}). ` +
    'Reload the board and make your change again.'
  );
}

/** @throws ApiError CONFLICT with {@link staleMessage} unless `current === base`. */
export function requireVersion(current: number, base: number): void {
  if (current !== base) throw new ApiError('CONFLICT', staleMessage(current, base));
}

/** The draft of `boardId`. @throws ApiError NOT_FOUND, FORBIDDEN. */
export async function readBoard(db: Kysely<Database>, user: SessionUser, boardId: string): Promise<Board> {
  const row = await boardRow(db, boardId);
  if (!row) throw new ApiError('NOT_FOUND', ERROR_MESSAGES.notFound);
  requireMember(user, row.project_id);
  return toBoard(row);
}

/**
 * Locks the board row for the rest of `tx` and checks existence, membership and (when given) the version.
 * @throws ApiError NOT_FOUND, FORBIDDEN, CONFLICT.
 */
export async function lockBoard(tx: Transaction<Database>, user: SessionUser, boardId: string, baseVersion?: number): Promise<Board> {
  const row = await lockBoardRow(tx, boardId);
  if (!row) throw new ApiError('NOT_FOUND', ERROR_MESSAGES.notFound);
  requireMember(user, row.project_id);
  if (baseVersion !== undefined) requireVersion(Number(row.version), baseVersion);
  return toBoard(row);
}

/**
 * Applies `edit` to the draft of `boardId` in one transaction: lock, check (see {@link lockBoard}), edit,
 * check the result against the board schema, store it with `version + 1`. `edit` gets the current board
 * and a transaction to read more with; it returns the edited board and what the route answers, and may
 * throw ApiError to refuse (nothing is stored then).
 * @returns the stored board (with its new version) and `edit`'s result.
 * @throws ApiError NOT_FOUND, FORBIDDEN, CONFLICT, VALIDATION (the edited board breaks a limit, including
 *   its stored size, {@link checkBoardBytes}), or what `edit` throws.
 */
export async function mutateBoard<R>(
  deps: Pick<HttpDeps, 'db' | 'config'>,
  user: SessionUser,
  boardId: string,
  baseVersion: number,
  edit: (board: Board, tx: Transaction<Database>) => { board: Board; result: R } | Promise<{ board: Board; result: R }>,
): Promise<{ board: Board; result: R }> {
  return inTransaction(deps.db, async (tx) => {
    const current = await lockBoard(tx, user, boardId, baseVersion);
    const { board, result } = await edit(current, tx);
    const next = checkBoard({ ...board, boardId: current.boardId, projectId: current.projectId, version: current.version + 1 });
    checkBoardBytes(next, deps.config.boardMaxBytes);
    await writeBoardDraft(tx, next, Date.now());
    return { board: next, result };
  });
}

/**
 * Devices of a project that template panels may be bound to. Inside a transaction pass the transaction:
 * embedded PGlite has one connection, so a query on `db` there would wait for the transaction forever.
 */
export async function bindableDevices(db: Kysely<Database> | Transaction<Database>, projectId: string): Promise<Array<{ sn: string; kind: string }>> {
  return projectDeviceKinds(db, projectId);
}

/** Bytes a board takes when stored: its layout and pages as JSON, UTF-8. */
export function boardBytes(board: Pick<Board, 'layout' | 'pages' | 'name'>): number {
  return Buffer.byteLength(JSON.stringify(board.layout)) + Buffer.byteLength(JSON.stringify(board.pages)) + Buffer.byteLength(board.name);
}

/**
 * Refuses a board larger than `maxBytes` when stored (BOARD_MAX_BYTES, docs/api.md "Board size"): one
 * board cannot grow the database and every later write without bound. Nothing is stored when it throws.
 * @throws ApiError VALIDATION naming the size and the limit.
 */
export function checkBoardBytes(board: Pick<Board, 'layout' | 'pages' | 'name'>, maxBytes: number): void {
  const bytes = boardBytes(board);
  if (bytes > maxBytes) {
    throw new ApiError(
      'VALIDATION',
      `board: too large (${bytes} bytes stored; at most ${maxBytes}). Remove panels or pages, or move large content out of the board`,
    );
  }
}
