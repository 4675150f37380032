import { z } from 'zod';
import { boardSchema, sameBoardContent as sameContent, type Board } from '../../protocol';

/**
 * A copy of builder edits the server does not have yet, kept in the browser until it does: after a
 * crash, a closed tab or a conflict reload the builder offers them back instead of losing them.
 * `baseVersion` is the server version the edits were made on; they can be re-applied only on that version.
 */
export interface DraftBackup {
  boardId: string;
  baseVersion: number;
  /** When the copy was written, ms since the epoch. */
  savedAtMs: number;
  board: Board;
}

/** Boards with a backup at most; writing another drops the oldest (localStorage is small and shared). */
export const MAX_DRAFT_BACKUPS = 10;
/** A board bigger than this (JSON characters, ~2 MB) is not backed up rather than filling the quota. */
export const MAX_BACKUP_CHARS = 2_000_000;

const KEY_PREFIX = 'siteboard.unsavedDraft.';

const backupSchema = z.object({
  boardId: z.string().min(1),
  baseVersion: z.number().int().min(0),
  savedAtMs: z.number().finite(),
  board: boardSchema,
});

function defaultStorage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null; // storage blocked (privacy settings): backups are off, editing still works
  }
}

/**
 * Draft backups in a Storage (default localStorage). Never throws: a full or blocked storage only means
 * no backup, and a corrupt entry reads as none (and is removed).
 */
export class DraftBackups {
  constructor(
    private readonly storage: Storage | null = defaultStorage(),
    private readonly now: () => number = Date.now,
  ) {}

  /** Keeps `board` (made on server version `baseVersion`) as the backup of its board. */
  write(baseVersion: number, board: Board): void {
    if (!this.storage) return;
    const entry: DraftBackup = { boardId: board.boardId, baseVersion, savedAtMs: this.now(), board };
    const text = JSON.stringify(entry);
    if (text.length > MAX_BACKUP_CHARS) return;
    try {
      this.storage.setItem(KEY_PREFIX + board.boardId, text);
      this.evict(MAX_DRAFT_BACKUPS);
    } catch {
      // Quota exceeded: the board being edited now matters more than other boards' old backups.
      try {
        this.evict(0, board.boardId);
        this.storage.setItem(KEY_PREFIX + board.boardId, text);
      } catch {
        // Still no room (other data fills the storage): keep editing; the save itself is what matters.
      }
    }
  }

  /** The backup of `boardId`, or null. */
  read(boardId: string): DraftBackup | null {
    const text = this.get(KEY_PREFIX + boardId);
    if (text === null) return null;
    try {
      const parsed = backupSchema.safeParse(JSON.parse(text));
      if (parsed.success && parsed.data.boardId === boardId) return parsed.data;
    } catch {
      // not JSON: fall through and drop it
    }
    this.clear(boardId);
    return null;
  }

  /** Forgets the backup of `boardId` (the server has everything, or the user discarded it). */
  clear(boardId: string): void {
    try {
      this.storage?.removeItem(KEY_PREFIX + boardId);
    } catch {
      // blocked storage: nothing to clear
    }
  }

  private get(key: string): string | null {
    try {
      return this.storage?.getItem(key) ?? null;
    } catch {
      return null;
    }
  }

  /** Keeps the `keep` newest backups (besides `spare`'s, which is never removed). */
  private evict(keep: number, spare?: string): void {
    const s = this.storage!;
    const entries: Array<{ key: string; at: number }> = [];
    for (let i = 0; i < s.length; i++) {
      const key = s.key(i);
      if (!key?.startsWith(KEY_PREFIX) || (spare !== undefined && key === KEY_PREFIX + spare)) continue;
      const at = Number(/"savedAtMs":(\d+(?:\.\d+)?)/.exec(this.get(key) ?? '')?.[1] ?? 0);
      entries.push({ key, at });
    }
    entries.sort((a, b) => b.at - a.at);
    for (const e of entries.slice(keep)) s.removeItem(e.key);
  }
}

/** Whether two boards have the same content (name, layout, pages; the version aside). */
export function sameBoardContent(a: Board, b: Board): boolean {
  return sameContent(a, b);
}
