import { action, computed, makeObservable, observable, runInAction, observableRef } from 'mobx';
import { fetchBoardList } from './boardServerCalls';
import { BOARDS, boardSchema, NOT_RELEASED_MESSAGE, type Board, type BoardList, type Page } from '../../protocol';
import { BusinessError, type RequestFn } from '../api/request';
import { pagesInOrder } from '../../protocol/boardOps';

/** One entry of board/list. */
export type BoardSummary = BoardList['board'][number];

/**
 * How often a viewer asks for a newer release of the board on screen, ms: a wall screen picks up a
 * release within a minute without anyone touching it. A preview (the draft) checks every 5 s.
 */
export const RELEASE_CHECK_MS = 60_000;
export const DRAFT_CHECK_MS = 5_000;

/** errorCode when a project has no board at all ("no board available", docs/product.md "Notices and errors"). */
export const NO_BOARD = 'NO_BOARD';

/**
 * The board on screen (board/screen, parsed with the protocol's board schema: it is outside input) and the
 * project's board list. Holds which page is shown.
 */
export class BoardStore {
  board: Board | null = null;
  list: BoardSummary[] = [];
  pageIndex = 0;
  loading = false;
  /** Why the board could not be shown, null when it can. */
  error: BusinessError | null = null;
  /** What `open` loaded last (board id and release or draft), for `refresh`. */
  private shown: { boardId: string; released: boolean } | null = null;

  constructor(private readonly request: RequestFn) {
    makeObservable(this, {
      board: observableRef,
      list: observableRef,
      pageIndex: observable,
      loading: observable,
      error: observableRef,
      pages: computed,
      page: computed,
      setPage: action,
      refresh: action,
      nextPage: action,
      show: action,
    });
  }

  /** Pages in their `order`. */
  get pages(): Page[] {
    return this.board ? pagesInOrder(this.board.pages) : [];
  }

  /** The page on screen, or null without a board or pages. */
  get page(): Page | null {
    const pages = this.pages;
    return pages.length ? pages[Math.min(this.pageIndex, pages.length - 1)] : null;
  }

  setPage(index: number): void {
    const n = this.pages.length;
    this.pageIndex = n ? ((index % n) + n) % n : 0;
  }

  /** The carousel step (pageSwitchModel 2). */
  nextPage(): void {
    this.setPage(this.pageIndex + 1);
  }

  /**
   * Shows a board that was not loaded from the server (e.g. one generated from the device list); it
   * must already be a valid Board. Starts on its first page and clears any error.
   */
  show(board: Board): void {
    this.board = board;
    this.pageIndex = 0;
    this.error = null;
  }

  /** Loads board/list of a project (dataRange 2 as in docs/api.md "Board server"; rows with their release state). Throws BusinessError. */
  async loadList(projectId: string): Promise<BoardSummary[]> {
    const list = await fetchBoardList({ request: this.request }, projectId);
    runInAction(() => (this.list = list));
    return list;
  }

  /**
   * Shows `boardId`, or the project's first board when it is null. Sets `error` (never throws): the
   * server's error, NO_BOARD, or VALIDATION when the board does not match the schema.
   * `released: true` (viewers) asks for the latest release (the draft when never released); absent or
   * false, the draft (preview). `pageId` starts on that page (the first page when absent or unknown).
   */
  async open(projectId: string, boardId: string | null, opts: { released?: boolean; pageId?: string | null } = {}): Promise<void> {
    runInAction(() => {
      this.loading = true;
      this.error = null;
    });
    try {
      let id = boardId;
      if (!id) {
        const list = await this.loadList(projectId);
        if (list.length === 0) throw new BusinessError(NO_BOARD, 'no board available', 1);
        id = list[0].boardId;
      }
      const board = await this.fetchBoard(id, opts.released ?? false);
      runInAction(() => {
        this.board = board;
        this.shown = { boardId: id, released: opts.released ?? false };
        this.pageIndex = Math.max(0, opts.pageId ? this.pages.findIndex((p) => p.pageId === opts.pageId) : 0);
      });
    } catch (e) {
      runInAction(() => (this.error = e instanceof BusinessError ? e : new BusinessError('INTERNAL', String(e))));
    } finally {
      runInAction(() => (this.loading = false));
    }
  }

  /**
   * Asks the server again for the board on screen (the same release or draft `open` asked for) and swaps
   * it in when it changed (a new release, a restore, draft edits), staying on the same page when it still
   * exists. Never throws: a failed check keeps the board on screen (the viewer must not go blank because
   * the network blinked). @returns whether the board changed.
   */
  async refresh(): Promise<boolean> {
    const shown = this.shown;
    if (!shown || !this.board || this.loading) return false;
    let next: Board;
    try {
      next = await this.fetchBoard(shown.boardId, shown.released);
    } catch {
      return false;
    }
    if (this.shown !== shown || !this.board || JSON.stringify(next) === JSON.stringify(this.board)) return false;
    const pageId = this.page?.pageId;
    runInAction(() => {
      this.board = next;
      this.pageIndex = Math.max(0, this.pages.findIndex((p) => p.pageId === pageId));
    });
    return true;
  }

  /** board/screen, parsed (outside input). @throws BusinessError (VALIDATION when it breaks the schema). */
  private async fetchBoard(boardId: string, released: boolean): Promise<Board> {
    // A never-released board is a state the viewer shows as its own screen (Not released yet), not an error notice.
    const raw = await this.request(BOARDS.boardScreen, released ? { boardId, released: true } : { boardId }, {
      expected: (e) => released && e.errorMessage === NOT_RELEASED_MESSAGE,
    });
    const parsed = boardSchema.safeParse(raw);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new BusinessError('VALIDATION', `board ${boardId}: ${issue.path.join('.')}: ${issue.message}`);
    }
    return parsed.data;
  }
}
