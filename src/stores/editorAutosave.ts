import { runInAction } from 'mobx';
import type { Board, ContractBody, ContractResult } from '../../protocol';
import { BusinessError, NETWORK_ERROR_CODE, type RequestFn } from '../api/request';
import type { DraftBackups } from './draftBackup';
import { nextWrite, type VersionedWrite, type Write, type WriteBody } from './editorSync';

/** Quiet time after the last edit before autosave writes it, ms. */
export const SAVE_DEBOUNCE_MS = 700;
/** Retry delays after a failed (network) save, ms; the last repeats. */
export const SAVE_RETRY_MS = [1000, 2000, 5000, 10_000, 30_000] as const;
/** Writes one autosave may send before yielding (a runaway plan must not loop forever). */
const MAX_WRITES_PER_FLUSH = 2000;

/** What the stale-write banner says (docs/api.md "Board server": every write carries baseVersion). */
export const CONFLICT_MESSAGE = 'This board was changed by someone else. Reload to see their changes.';

/** Autosave state shown in the builder's toolbar. */
export type SaveState = 'saved' | 'pending' | 'saving' | 'error' | 'conflict';

/**
 * How the autosave reads and changes the editor's state. The observable fields stay on the store (so its
 * observers re-render); the autosave calls the setters inside an action.
 */
export interface AutosaveHooks {
  /** The draft as it is now, or null when no board is open. */
  draft(): Board | null;
  /** True during a drag or resize: its in-between states are not saved. */
  inGesture(): boolean;
  /** The toolbar state now. */
  saveState(): SaveState;
  /** Sets the toolbar state; `error` undefined leaves the shown error as it is. */
  setSaveState(state: SaveState, error?: string | null): void;
  /** The server confirmed `version` for the open board: the draft carries it from now on. */
  setVersion(version: number): void;
}

/** What the autosave needs from outside; `debounceMs` is the quiet time before a write (ms). */
export interface AutosaveDeps {
  request: RequestFn;
  backups: DraftBackups;
  debounceMs: number;
}

/**
 * The builder's autosave: debounces edits and sends them with the route of docs/api.md "Board server" for each kind of
 * change (planned by editorSync's nextWrite), each carrying `baseVersion`. Network errors retry after
 * SAVE_RETRY_MS; a CONFLICT stops saving until the next `reset`. Keeps the last board the server
 * confirmed (in local ids) and the map of local to server ids; the draft is backed up in the browser
 * until the server has it.
 */
export class EditorAutosave {
  /** Last state the server confirmed, in local ids. */
  private base: Board | null = null;
  private readonly ids = new Map<string, string>();
  private saveTimer: ReturnType<typeof setTimeout> | null = null;
  private retryCount = 0;
  private saving: Promise<void> | null = null;

  constructor(
    private readonly deps: AutosaveDeps,
    private readonly hooks: AutosaveHooks,
  ) {}

  /** The last board the server confirmed (local ids), or null before a load or while reloading. */
  get confirmed(): Board | null {
    return this.base;
  }

  /** A board was loaded: it is what the server has; server ids and retry backoff start again. */
  reset(board: Board): void {
    this.base = board;
    this.ids.clear();
    this.retryCount = 0;
  }

  /** Forgets the confirmed board until the next `reset`, so nothing is saved meanwhile. */
  forget(): void {
    this.base = null;
  }

  /**
   * The draft changed: keeps it in the browser until the server confirms it (a crash or a conflict then
   * loses nothing) and schedules a save. Call inside an action.
   */
  edited(draft: Board): void {
    if (this.base) this.deps.backups.write(this.base.version, draft);
    this.schedule();
  }

  /** Stops the pending save or retry timer. */
  cancel(): void {
    if (this.saveTimer) clearTimeout(this.saveTimer);
    this.saveTimer = null;
  }

  private schedule(delayMs = this.deps.debounceMs): void {
    if (this.hooks.saveState() === 'conflict') return;
    this.hooks.setSaveState('pending');
    this.cancel();
    this.saveTimer = setTimeout(() => void this.flush(), delayMs);
  }

  /** Saves everything pending now (also waits for a save in progress). Never throws; see saveState. */
  async flush(): Promise<void> {
    this.cancel();
    while (this.saving) await this.saving;
    if (this.hooks.saveState() === 'conflict' || !this.base || !this.hooks.draft() || this.hooks.inGesture()) return;
    this.saving = this.saveLoop().finally(() => (this.saving = null));
    await this.saving;
  }

  private async saveLoop(): Promise<void> {
    for (let n = 0; n < MAX_WRITES_PER_FLUSH; n++) {
      const base = this.base;
      const draft = this.hooks.draft();
      if (!base || !draft || draft.boardId !== base.boardId) return;
      const w = nextWrite(base, draft, this.ids);
      if (!w) {
        this.deps.backups.clear(draft.boardId);
        runInAction(() => this.hooks.setSaveState('saved', null));
        this.retryCount = 0;
        return;
      }
      runInAction(() => this.hooks.setSaveState('saving'));
      try {
        this.base = await this.send<VersionedWrite>(w);
        // The backup must name the version its edits now apply to (part of them is on the server).
        const now = this.hooks.draft();
        if (now) this.deps.backups.write(this.base.version, now);
      } catch (e) {
        const err = e instanceof BusinessError ? e : new BusinessError(NETWORK_ERROR_CODE, String(e));
        runInAction(() => {
          if (err.errorCode === 'CONFLICT') this.hooks.setSaveState('conflict', CONFLICT_MESSAGE);
          else this.hooks.setSaveState('error', `Not saved: ${err.errorMessage}`);
        });
        if (err.errorCode !== 'CONFLICT') {
          const delay = SAVE_RETRY_MS[Math.min(this.retryCount++, SAVE_RETRY_MS.length - 1)];
          this.cancel();
          this.saveTimer = setTimeout(() => void this.flush(), delay);
        }
        return;
      }
    }
  }

  /**
   * Sends a board write with the confirmed version as baseVersion and records the version the answer
   * carries (on the confirmed board and the draft). Needs a confirmed board (`confirmed` not null).
   * Returns the answer's data. Throws BusinessError (CONFLICT when someone else wrote first).
   */
  async write<C extends VersionedWrite>(contract: C, body: WriteBody<C>): Promise<ContractResult<C>> {
    // The body with the confirmed version is the contract's whole body (WriteBody is it without baseVersion).
    const sent = { ...body, baseVersion: this.base!.version } as ContractBody<C>;
    const data = await this.deps.request(contract, sent, { skipErrorHandler: true });
    const version = data.version;
    this.base = { ...this.base!, version };
    runInAction(() => this.hooks.setVersion(version));
    return data;
  }

  /** Sends one planned write and returns the confirmed state after it (the plan's `commit` of the answer). */
  private async send<C extends VersionedWrite>(w: Write<C>): Promise<Board> {
    const data = await this.write(w.contract, w.body);
    return w.commit(this.base!, data, this.ids);
  }
}
