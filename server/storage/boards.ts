import type { Kysely } from 'kysely';
import type { Board, BoardReleaseInfo, Layout, Page } from '../../protocol';
import { fromJson, toBoardReleaseInfo, toJson } from './mappers';
import type { Database } from './schema';

/** The draft row of board `boardId`, or undefined. */
export function boardRow(db: Kysely<Database>, boardId: string) {
  return db.selectFrom('boards').selectAll().where('board_id', '=', boardId).executeTakeFirst();
}

/**
 * The draft row of board `boardId`, locked (SELECT … FOR UPDATE) until the end of the transaction `tx`
 * it is read in; undefined when there is none.
 */
export function lockBoardRow(tx: Kysely<Database>, boardId: string) {
  return tx.selectFrom('boards').selectAll().where('board_id', '=', boardId).forUpdate().executeTakeFirst();
}

/** The boards of `projectId` in the order they were made: id, name, version and content (jsonb). */
export function projectBoardRows(db: Kysely<Database>, projectId: string) {
  return db
    .selectFrom('boards')
    .select(['board_id', 'name', 'version', 'layout', 'pages'])
    .where('project_id', '=', projectId)
    .orderBy('created_at_ms')
    .orderBy('board_id')
    .execute();
}

/** Stores a new board document made at `nowMs` (board/add, board/addInitialize and the seed's demo boards). */
export async function insertBoard(db: Kysely<Database>, board: Board, nowMs: number): Promise<void> {
  await db
    .insertInto('boards')
    .values({
      board_id: board.boardId,
      project_id: board.projectId,
      name: board.name,
      version: board.version,
      layout: toJson(board.layout),
      pages: toJson(board.pages),
      created_at_ms: nowMs,
      updated_at_ms: nowMs,
    })
    .execute();
}

/** Overwrites the draft of `board.boardId` with `board` (name, version, layout, pages) as of `nowMs`. */
export async function writeBoardDraft(db: Kysely<Database>, board: Board, nowMs: number): Promise<void> {
  await db
    .updateTable('boards')
    .set({ name: board.name, version: board.version, layout: toJson(board.layout), pages: toJson(board.pages), updated_at_ms: nowMs })
    .where('board_id', '=', board.boardId)
    .execute();
}

/** Deletes board `boardId` (its releases go with it, by foreign key). */
export async function deleteBoard(db: Kysely<Database>, boardId: string): Promise<void> {
  await db.deleteFrom('boards').where('board_id', '=', boardId).execute();
}

/** A release's content: name, layout and pages. */
export interface ReleaseContent {
  releaseNo: number;
  name: string;
  layout: Layout;
  pages: Page[];
}

/** The latest release of each of `boardIds` (boards never released are absent). */
export async function latestReleases(db: Kysely<Database>, boardIds: string[]): Promise<Map<string, ReleaseContent>> {
  if (boardIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('board_releases as r')
    .select(['r.board_id', 'r.release_no', 'r.name', 'r.layout', 'r.pages'])
    .where('r.board_id', 'in', boardIds)
    .where(({ eb, selectFrom }) =>
      eb('r.release_no', '=', selectFrom('board_releases as l').select((e) => e.fn.max('l.release_no').as('last')).whereRef('l.board_id', '=', 'r.board_id')),
    )
    .execute();
  return new Map(rows.map((r) => [r.board_id, { releaseNo: Number(r.release_no), name: r.name, layout: fromJson<Layout>(r.layout), pages: fromJson<Page[]>(r.pages) }]));
}

/** Release `releaseNo` of board `boardId`, or its latest one (`'latest'`); undefined when it is not kept. */
export function releaseRow(db: Kysely<Database>, boardId: string, releaseNo: number | 'latest') {
  const query = db.selectFrom('board_releases').selectAll().where('board_id', '=', boardId);
  return (releaseNo === 'latest' ? query.orderBy('release_no', 'desc').limit(1) : query.where('release_no', '=', releaseNo)).executeTakeFirst();
}

/**
 * Publishes `board` (a snapshot of its draft) as its next release, by `by` at `nowMs` with `note`, and
 * drops the releases that fall out of the last `keep`. Run it in the transaction that locked the board, so
 * two releases never take the same number.
 */
export async function insertRelease(
  db: Kysely<Database>,
  board: Board,
  release: { note: string | null; by: string; nowMs: number },
  keep: number,
): Promise<BoardReleaseInfo> {
  const last = await db
    .selectFrom('board_releases')
    .select((eb) => eb.fn.max('release_no').as('last'))
    .where('board_id', '=', board.boardId)
    .executeTakeFirst();
  const releaseNo = Number(last?.last ?? 0) + 1;
  const row = await db
    .insertInto('board_releases')
    .values({
      board_id: board.boardId,
      release_no: releaseNo,
      version: board.version,
      name: board.name,
      layout: toJson(board.layout),
      pages: toJson(board.pages),
      note: release.note,
      released_at_ms: release.nowMs,
      released_by: release.by,
    })
    .returning(['board_id', 'release_no', 'version', 'name', 'note', 'released_at_ms', 'released_by'])
    .executeTakeFirstOrThrow();
  await db
    .deleteFrom('board_releases')
    .where('board_id', '=', board.boardId)
    .where('release_no', '<=', releaseNo - keep)
    .execute();
  return toBoardReleaseInfo(row);
}

/** The kept releases of board `boardId`, newest first, at most `limit`. */
export async function releaseHistory(db: Kysely<Database>, boardId: string, limit: number): Promise<BoardReleaseInfo[]> {
  const rows = await db
    .selectFrom('board_releases')
    .select(['board_id', 'release_no', 'version', 'name', 'note', 'released_at_ms', 'released_by'])
    .where('board_id', '=', boardId)
    .orderBy('release_no', 'desc')
    .limit(limit)
    .execute();
  return rows.map(toBoardReleaseInfo);
}

/** Layout and pages of release `releaseNo` of board `boardId`, or undefined when it is not kept. */
export async function releaseLayout(db: Kysely<Database>, boardId: string, releaseNo: number): Promise<{ layout: Layout; pages: Page[] } | undefined> {
  const release = await db.selectFrom('board_releases').select(['layout', 'pages']).where('board_id', '=', boardId).where('release_no', '=', releaseNo).executeTakeFirst();
  return release ? { layout: fromJson<Layout>(release.layout), pages: fromJson<Page[]>(release.pages) } : undefined;
}
