import { action, computed, makeObservable, observable, observableRef, runInAction } from 'mobx';
import type { MessageDescriptor } from '@lingui/core';
import { BOARDS, releaseStateOf, type Board, type BoardList, type BoardReleaseState, type BoardTemplate, type Panel } from '../../protocol';
import { BusinessError } from '../api/request';
import { applyPatch, expandGroups, fieldsPatch, geometryPatch, invertPatch, randomLocalId, type CommandResult, type Guide, type IdFactory, type Patch, type Rect } from './editorModel';
import { DraftBackups, sameBoardContent, type DraftBackup } from './draftBackup';
import { addBoard, fetchBoardList, fetchDraft, fetchLiveRelease, fetchTemplates, parseBoard, type BoardServerDeps } from './boardServerCalls';
import { EditorAutosave, SAVE_DEBOUNCE_MS, type SaveState } from './editorAutosave';

export { parseBoard } from './boardServerCalls';
export { CONFLICT_MESSAGE, SAVE_DEBOUNCE_MS, SAVE_RETRY_MS, type SaveState } from './editorAutosave';

/** Undo steps kept; older ones are dropped (a long session must not grow without bound). */
export const UNDO_LIMIT = 200;

/**
 * Longest pause between two edits of one run (arrow-key nudges of the same selection) that still makes
 * them one undo step, ms; as drawing tools (Figma, Illustrator) fold a run of nudges into one step.
 */
export const COALESCE_MS = 1000;

interface HistoryEntry {
  patch: Patch;
  inverse: Patch;
  /** Edits with the same key, each within COALESCE_MS of the one before, fold into this entry. */
  coalesceKey?: string;
  /** When this entry was last extended (deps.now), ms. */
  atMs?: number;
}

/** Parts of the outside world the editor needs (see BoardServerDeps for `request`, `fetch`, `baseUrl`). */
export interface EditorDeps extends BoardServerDeps {
  /** Quiet time before autosave writes, ms (default SAVE_DEBOUNCE_MS). */
  saveDebounceMs?: number;
  /** Makes local ids for new panels and pages (default randomLocalId). */
  newId?: IdFactory;
  /** Where unsaved edits are kept until the server has them (default: localStorage). */
  backups?: DraftBackups;
  /** Clock for folding runs of edits into one undo step, ms (default Date.now). */
  now?: () => number;
}

/**
 * Unsaved edits of the open board found in the browser when it was opened (after a crash, a closed tab or
 * a conflict). `sameBase`: they were made on the board as the server has it now, so they can be restored;
 * otherwise someone changed the board since, and they can only be downloaded.
 */
export interface RecoveredDraft {
  savedAtMs: number;
  sameBase: boolean;
}

/**
 * The board builder's state: the draft board, the page being edited, selection, undo/redo, an in-progress
 * drag/resize gesture, and autosave. The draft is the only copy the canvas draws; every change goes
 * through a command (undoable) or a gesture. Autosave (EditorAutosave, which this store owns) debounces
 * edits and sends them with the route of docs/api.md "Board server" for each kind of change, each carrying `baseVersion`; a
 * CONFLICT stops saving and keeps the draft on screen until the user reloads, so an edit is never silently
 * lost. Board-server calls that touch no editing state live in boardServerCalls.
 */
export class EditorStore {
  boards: BoardList['board'] = [];
  templates: BoardTemplate[] = [];
  board: Board | null = null;
  pageId: string | null = null;
  selection: string[] = [];
  guides: Guide[] = [];
  /**
   * Why the last edit was refused or only partly done (e.g. locked panels not deleted), for the builder to
   * show; cleared by the next edit that applies. A Lingui message (the store has no i18n of its own).
   */
  notice: MessageDescriptor | null = null;
  saveState: SaveState = 'saved';
  saveError: string | null = null;
  /** Unsaved edits found for the open board; see {@link RecoveredDraft}. */
  recovered: RecoveredDraft | null = null;
  loadError: string | null = null;
  /**
   * What viewers see of the open board: its latest release (with its number), null when never released,
   * undefined until known (loading, or the read failed). Read from the server when the board opens and
   * set to the published draft by `release`.
   */
  live: (Board & { releaseNo: number }) | null | undefined = undefined;
  undoStack: HistoryEntry[] = [];
  redoStack: HistoryEntry[] = [];

  private gestureStart: Board | null = null;
  /** The open in flight, joined by a second `open` of the same board. */
  private opening: { boardId: string; done: Promise<void> } | null = null;
  private clipboard: Panel[] = [];
  private readonly backups: DraftBackups;
  private recoveredBackup: DraftBackup | null = null;
  /** Saves the draft; holds the last board the server confirmed. */
  private readonly autosave: EditorAutosave;
  /** Local ids for new panels and pages; the builder passes it to commands. */
  readonly newId: IdFactory;

  constructor(private readonly deps: EditorDeps) {
    this.newId = deps.newId ?? randomLocalId;
    this.backups = deps.backups ?? new DraftBackups();
    this.autosave = new EditorAutosave(
      { request: deps.request, backups: this.backups, debounceMs: deps.saveDebounceMs ?? SAVE_DEBOUNCE_MS },
      {
        draft: () => this.board,
        inGesture: () => this.gestureStart !== null,
        saveState: () => this.saveState,
        setSaveState: (state, error) => {
          this.saveState = state;
          if (error !== undefined) this.saveError = error;
        },
        setVersion: (version) => {
          if (this.board) this.board = { ...this.board, version };
        },
      },
    );
    makeObservable<EditorStore, 'applyLocal'>(this, {
      boards: observableRef,
      templates: observableRef,
      board: observableRef,
      pageId: observable,
      selection: observableRef,
      guides: observableRef,
      notice: observableRef,
      locked: computed,
      hidden: computed,
      saveState: observable,
      saveError: observable,
      recovered: observableRef,
      restoreRecovered: action,
      discardRecovered: action,
      loadError: observable,
      live: observableRef,
      releaseState: computed,
      undoStack: observableRef,
      redoStack: observableRef,
      page: computed,
      selectedPanels: computed,
      canUndo: computed,
      canRedo: computed,
      inGesture: computed,
      run: action,
      undo: action,
      redo: action,
      select: action,
      toggleSelect: action,
      setPage: action,
      beginGesture: action,
      updateGesture: action,
      endGesture: action,
      cancelGesture: action,
      setFlag: action,
      notify: action,
      copy: action,
      applyLocal: action,
    });
  }

  /** The page being edited, or null. */
  get page() {
    return this.board?.pages.find((p) => p.pageId === this.pageId) ?? null;
  }

  /** Selected panels of the page, bottom to top. */
  get selectedPanels(): Panel[] {
    const sel = new Set(this.selection);
    return this.page?.panels.filter((p) => sel.has(p.panelId)) ?? [];
  }

  /** Ids of locked panels (panel.locked, saved with the board): not moved, resized or deleted in the builder. */
  get locked(): ReadonlySet<string> {
    return this.flagged('locked');
  }

  /** Ids of hidden panels (panel.hidden, saved with the board): skipped by marquee and snapping, not drawn by viewers. */
  get hidden(): ReadonlySet<string> {
    return this.flagged('hidden');
  }

  private flagged(flag: 'locked' | 'hidden'): ReadonlySet<string> {
    return new Set(this.board?.pages.flatMap((pg) => pg.panels.filter((p) => p[flag]).map((p) => p.panelId)) ?? []);
  }

  /**
   * The open board's draft (as edited, saved or not) against its live release: Draft only, Live, or Live
   * with unpublished changes (BoardReleaseState); null while either is unknown.
   */
  get releaseState(): BoardReleaseState | null {
    if (!this.board || this.live === undefined) return null;
    return releaseStateOf(this.board, this.live);
  }

  get canUndo(): boolean {
    return this.undoStack.length > 0;
  }
  get canRedo(): boolean {
    return this.redoStack.length > 0;
  }
  get inGesture(): boolean {
    return this.gestureStart !== null;
  }

  // ───────────── loading ─────────────

  /** Loads the project's boards (board/list). Throws BusinessError. */
  async loadList(projectId: string): Promise<void> {
    const boards = await fetchBoardList(this.deps, projectId);
    runInAction(() => (this.boards = boards));
  }

  /** Loads the standard boards (board/standardList). Throws BusinessError. */
  async loadTemplates(): Promise<void> {
    const templates = await fetchTemplates(this.deps);
    runInAction(() => (this.templates = templates));
  }

  /**
   * Opens a board's draft (board/screen, released false) and reads its live release; sets `loadError`
   * instead of throwing. Clears history. A second call for the board being opened joins the first (the
   * builder opens a new board itself and again when the URL names it: a second load landing after the
   * user's first edit would throw that edit away).
   */
  open(boardId: string): Promise<void> {
    if (this.opening?.boardId === boardId) return this.opening.done;
    const done = this.load(boardId).finally(() => {
      if (this.opening?.done === done) this.opening = null;
    });
    this.opening = { boardId, done };
    return done;
  }

  private async load(boardId: string): Promise<void> {
    await this.flush();
    try {
      const [board, live] = await Promise.all([fetchDraft(this.deps, boardId), fetchLiveRelease(this.deps, boardId).catch(() => undefined)]);
      runInAction(() => {
        this.reset(board);
        this.live = live;
        this.findBackup(board);
      });
    } catch (e) {
      runInAction(() => (this.loadError = e instanceof BusinessError ? e.errorMessage : String(e)));
    }
  }

  /** Throws the local edits away and loads the server's draft again (the way out of a conflict). */
  async reload(): Promise<void> {
    const id = this.board?.boardId;
    if (!id) return;
    this.autosave.cancel();
    // The conflict state (banner, saving blocked) stays until the server's draft has arrived: clearing
    // it first let the user act on the stale board for the length of the request.
    this.autosave.forget();
    await this.open(id);
  }

  private reset(board: Board): void {
    this.board = board;
    this.autosave.reset(board);
    const pageIds = board.pages.map((p) => p.pageId);
    this.pageId = this.pageId && pageIds.includes(this.pageId) ? this.pageId : (pageIds[0] ?? null);
    // After a reload the same panels stay selected when they still exist; another board selects nothing.
    const present = new Set(board.pages.flatMap((p) => p.panels.map((x) => x.panelId)));
    this.selection = this.selection.filter((id) => present.has(id));
    this.undoStack = [];
    this.redoStack = [];
    this.gestureStart = null;
    this.guides = [];
    this.saveState = 'saved';
    this.saveError = null;
    this.loadError = null;
    this.notice = null;
  }

  /**
   * Creates a board: fetches a single-use ticket (GET ticket/getTicket) and sends it in the
   * `dataBoardBasicToken` header of board/add (blank) or board/add/initialize (from `templateId`), then
   * opens it. Returns the new board id. Throws BusinessError.
   */
  async createBoard(projectId: string, name: string, templateId?: string): Promise<string> {
    const board = await addBoard(this.deps, projectId, name, templateId);
    await this.loadList(projectId).catch(() => {});
    await this.open(board.boardId);
    return board.boardId;
  }

  /** Publishes the saved draft (board/release) after saving pending edits. Throws BusinessError. */
  async release(note?: string): Promise<void> {
    await this.flush();
    const base = this.autosave.confirmed;
    if (!base || this.saveState === 'conflict' || this.saveState === 'error') throw new BusinessError('SAVE_FIRST', 'Save the board before releasing it.');
    const info = await this.autosave.write(BOARDS.boardRelease, { boardId: base.boardId, ...(note ? { note } : {}) });
    runInAction(() => (this.live = { ...base, releaseNo: info.releaseNo }));
  }

  /**
   * Replaces the draft with release `releaseNo` (board/restore) after saving pending edits, then loads
   * the restored draft (undo history starts again: the restore itself is the way back, by restoring
   * another release). Throws BusinessError (SAVE_FIRST while edits cannot be saved, NOT_FOUND, CONFLICT).
   */
  async restoreRelease(releaseNo: number): Promise<void> {
    await this.flush();
    const base = this.autosave.confirmed;
    if (!base || this.saveState === 'conflict' || this.saveState === 'error') throw new BusinessError('SAVE_FIRST', 'Save the board before restoring a release.');
    const boardId = base.boardId;
    await this.autosave.write(BOARDS.boardRestore, { boardId, releaseNo });
    await this.open(boardId);
  }

  // ───────────── editing ─────────────

  /**
   * Applies a command's result as one undo step; null (the command refused) changes nothing. With
   * `opts.coalesce`, an edit whose key equals the last undo step's, within COALESCE_MS of it and with
   * nothing undone since, joins that step instead (a run of arrow-key nudges undoes in one go).
   */
  run(r: CommandResult | null, opts: { coalesce?: string } = {}): boolean {
    if (!r || !this.board || this.gestureStart) return false;
    this.applyLocal(r.patch);
    const nowMs = (this.deps.now ?? Date.now)();
    const last = this.undoStack.at(-1);
    const joins = opts.coalesce !== undefined && this.redoStack.length === 0 && last?.coalesceKey === opts.coalesce && nowMs - (last.atMs ?? 0) <= COALESCE_MS;
    const entry: HistoryEntry = joins
      ? { patch: [...last.patch, ...r.patch], inverse: [...r.inverse, ...last.inverse], coalesceKey: opts.coalesce, atMs: nowMs }
      : { patch: r.patch, inverse: r.inverse, coalesceKey: opts.coalesce, atMs: nowMs };
    this.undoStack = [...(joins ? this.undoStack.slice(0, -1) : this.undoStack), entry].slice(-UNDO_LIMIT);
    this.redoStack = [];
    if (r.select) this.selection = r.select;
    this.notice = null;
    return true;
  }

  /** Shows why an edit was refused (or null to clear); see `notice`. */
  notify(message: MessageDescriptor | null): void {
    this.notice = message;
  }

  undo(): void {
    const e = this.undoStack.at(-1);
    if (!e || this.gestureStart) return;
    this.undoStack = this.undoStack.slice(0, -1);
    this.redoStack = [...this.redoStack, e].slice(-UNDO_LIMIT);
    this.applyLocal(e.inverse);
    this.pruneSelection();
  }

  redo(): void {
    const e = this.redoStack.at(-1);
    if (!e || this.gestureStart) return;
    this.redoStack = this.redoStack.slice(0, -1);
    this.undoStack = [...this.undoStack, e].slice(-UNDO_LIMIT);
    this.applyLocal(e.patch);
    this.pruneSelection();
  }

  private applyLocal(patch: Patch): void {
    if (!this.board) return;
    this.board = applyPatch(this.board, patch);
    if (!this.board.pages.some((p) => p.pageId === this.pageId)) this.pageId = this.board.pages[0]?.pageId ?? null;
    this.autosave.edited(this.board);
  }

  // ───────────── unsaved edits from an earlier session ─────────────

  private findBackup(server: Board): void {
    this.recovered = null;
    this.recoveredBackup = null;
    const backup = this.backups.read(server.boardId);
    if (!backup) return;
    if (sameBoardContent(backup.board, server)) {
      this.backups.clear(server.boardId);
      return;
    }
    this.recoveredBackup = backup;
    this.recovered = { savedAtMs: backup.savedAtMs, sameBase: backup.baseVersion === server.version };
  }

  /**
   * Puts the recovered edits back into the draft as one undo step (then saved as usual). Only when they
   * were made on the server's current version (`recovered.sameBase`); @returns whether it did.
   */
  restoreRecovered(): boolean {
    const backup = this.recoveredBackup;
    if (!backup || !this.recovered?.sameBase || !this.board) return false;
    this.recovered = null;
    this.recoveredBackup = null;
    this.replaceContent(backup.board);
    return true;
  }

  /** The recovered edits as a board file (for Import JSON later), or null. */
  recoveredJson(): string | null {
    return this.recoveredBackup ? JSON.stringify(this.recoveredBackup.board, null, 2) : null;
  }

  /** Forgets the recovered edits. */
  discardRecovered(): void {
    if (this.recoveredBackup) this.backups.clear(this.recoveredBackup.boardId);
    this.recovered = null;
    this.recoveredBackup = null;
  }

  private pruneSelection(): void {
    const present = new Set(this.page?.panels.map((p) => p.panelId));
    this.selection = this.selection.filter((id) => present.has(id));
  }

  /**
   * Selects these panels and every other member of their groups (a group is selected as a whole, by
   * click or marquee). `exact` selects just the ids given (editing one member of a group).
   */
  select(ids: string[], opts: { exact?: boolean } = {}): void {
    this.selection = opts.exact ? [...new Set(ids)] : expandGroups(this.page, ids);
  }

  /** Shift+click: adds or removes one panel, with its group. */
  toggleSelect(id: string): void {
    const members = expandGroups(this.page, [id]);
    this.selection = this.selection.includes(id) ? this.selection.filter((x) => !members.includes(x)) : [...new Set([...this.selection, ...members])];
  }

  setPage(pageId: string): void {
    if (this.gestureStart || !this.board?.pages.some((p) => p.pageId === pageId)) return;
    this.pageId = pageId;
    this.selection = [];
  }

  /**
   * Locks or hides (on) or unlocks or shows (off) panels of the current page: one undo step, saved with
   * the board. Returns false when nothing changes.
   */
  setFlag(flag: 'locked' | 'hidden', ids: readonly string[], on: boolean): boolean {
    if (!this.board || !this.pageId) return false;
    const patch = fieldsPatch(this.board, this.pageId, ids, { [flag]: on });
    return patch.length > 0 && this.run({ patch, inverse: invertPatch(this.board, patch) });
  }

  /** Copies the selected panels to the editor's clipboard (survives page switches, not reloads). */
  copy(): void {
    this.clipboard = this.selectedPanels.map((p) => structuredClone(p));
  }

  /** Panels on the clipboard. */
  get clipboardPanels(): readonly Panel[] {
    return this.clipboard;
  }

  // ───────────── gestures (drag, resize) ─────────────

  /** Starts a drag or resize: remembers the draft so Escape can roll back and the end is one undo step. */
  beginGesture(): void {
    if (!this.board || this.gestureStart) return;
    this.gestureStart = this.board;
  }

  /** Shows the gesture's current rectangles and guides (not saved, not an undo step yet). */
  updateGesture(rects: ReadonlyMap<string, Rect>, guides: Guide[]): void {
    if (!this.gestureStart || !this.pageId) return;
    this.board = applyPatch(this.gestureStart, geometryPatch(this.gestureStart, this.pageId, rects));
    this.guides = guides;
  }

  /** Ends the gesture: its net change becomes one undo step and is saved. */
  endGesture(rects?: ReadonlyMap<string, Rect>): void {
    const start = this.gestureStart;
    if (!start || !this.pageId) return;
    if (rects) this.updateGesture(rects, []);
    const final = this.board!;
    this.gestureStart = null;
    this.guides = [];
    const page = final.pages.find((p) => p.pageId === this.pageId);
    const patch = page ? geometryPatch(start, this.pageId, new Map(page.panels.map((p) => [p.panelId, p]))) : [];
    this.board = start;
    if (patch.length) this.run({ patch, inverse: invertPatch(start, patch) });
  }

  /** Escape during a gesture: back to how it was when the gesture began; nothing recorded. */
  cancelGesture(): void {
    if (!this.gestureStart) return;
    this.board = this.gestureStart;
    this.gestureStart = null;
    this.guides = [];
  }

  // ───────────── import / export ─────────────

  /** The draft as pretty JSON (a Board, boardSchema). */
  exportJson(): string {
    return JSON.stringify(this.board, null, 2);
  }

  /**
   * Replaces the draft's name, layout and pages with a board file's (one undo step, then saved). The
   * file is checked with boardSchema; returns the problem (and changes nothing) when it does not pass.
   */
  importJson(text: string): string | null {
    if (!this.board) return 'No board is open.';
    let raw: unknown;
    try {
      raw = JSON.parse(text);
    } catch (e) {
      return `Not JSON: ${(e as Error).message}`;
    }
    let file: Board;
    try {
      file = parseBoard(raw, 'file');
    } catch (e) {
      return (e as BusinessError).errorMessage ?? String(e);
    }
    if (file.pages.length === 0) return 'file: pages: a board needs at least one page';
    this.replaceContent(file);
    return null;
  }

  /** Replaces the draft's name, layout and pages with `file`'s as one undo step. */
  private replaceContent(file: Board): void {
    const b = this.board!;
    const patch: Patch = [
      { op: 'setName', name: file.name },
      { op: 'setLayout', layout: file.layout },
      ...b.pages.map((p) => ({ op: 'removePage' as const, pageId: p.pageId })),
      ...file.pages.map((page) => ({ op: 'putPage' as const, page })),
    ];
    const inverse: Patch = [
      ...file.pages.map((p) => ({ op: 'removePage' as const, pageId: p.pageId })),
      ...b.pages.map((page) => ({ op: 'putPage' as const, page })),
      { op: 'setLayout', layout: b.layout },
      { op: 'setName', name: b.name },
    ];
    this.run({ patch, inverse, select: [] });
  }

  // ───────────── autosave (editorAutosave) ─────────────

  /** Saves everything pending now (also waits for a save in progress). Never throws; see saveState. */
  flush(): Promise<void> {
    return this.autosave.flush();
  }

  /** Stops timers (leaving the builder). Pending edits are flushed first by the caller if wanted. */
  dispose(): void {
    this.autosave.cancel();
  }
}
