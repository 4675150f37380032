import { z } from 'zod';

/** sessionStorage key of the board this tab last showed (a management screen links back to it). */
const KEY = 'siteboard.lastBoard';
const lastBoardSchema = z.object({ boardId: z.string().min(1).max(64), name: z.string().max(200), projectId: z.string().min(1).max(64) });

/** The board a tab last showed: its id, name and project. */
export type LastBoard = z.infer<typeof lastBoardSchema>;

/** Remembers, for this tab only, the board it shows now (a storage that refuses writes is ignored). */
export function rememberBoard(board: LastBoard): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(board));
  } catch {
    // private mode or a full storage: the screens link to the board list instead
  }
}

/** The board this tab last showed in project `projectId`, or null (none, another project's, or unreadable). */
export function lastBoard(projectId: string | null): LastBoard | null {
  try {
    const parsed = lastBoardSchema.safeParse(JSON.parse(sessionStorage.getItem(KEY) ?? 'null'));
    return parsed.success && parsed.data.projectId === projectId ? parsed.data : null;
  } catch {
    return null;
  }
}
