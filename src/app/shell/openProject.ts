import { BOARDS } from '../../../protocol';
import type { RequestFn } from '../../api/request';
import { TAB_PROJECT_KEY } from './projectScope';

/** How a project switch leaves the page; injectable for tests. */
export interface SwitchNavigation {
  /** Go to `hash` and reload (docs/product.md "States": after success the page reloads on the project's first board). */
  reloadAt(hash: string): void;
  openTab(url: string): void;
}

/** The browser's own navigation. */
export const browserNavigation: SwitchNavigation = {
  reloadAt(hash) {
    window.location.hash = hash;
    window.location.reload();
  },
  openTab(url) {
    window.open(url, '_blank', 'noopener');
  },
};

/**
 * Makes `projectId` the session's current project (`switchProject`, POST /nav/postDomain.htm; skipped when
 * it already is, `current`) and opens its first board with a reload (docs/product.md "Organisation
 * switch"), or with `opens: 'home'` its project home (the company homepage's click). The tab forgets a
 * project it was scoped to. Answers `'noBoard'` when the project has no board to open (the session is
 * switched all the same).
 * @throws BusinessError the switch's or the board list's refusal
 */
export async function switchToProject(
  projectId: string,
  deps: { request: RequestFn; switchProject: (projectId: string) => Promise<void>; navigation: SwitchNavigation; current?: string | null; opens?: 'board' | 'home' },
): Promise<'opened' | 'noBoard'> {
  if (deps.current !== projectId) await deps.switchProject(projectId);
  if (deps.opens === 'home') {
    forgetTabProject();
    deps.navigation.reloadAt('#/home');
    return 'opened';
  }
  const list = await deps.request(BOARDS.boardList, { projectId, dataRange: 2 }, { skipErrorHandler: true });
  const first = Array.isArray(list?.board) ? list.board[0] : undefined;
  forgetTabProject();
  if (!first) return 'noBoard';
  deps.navigation.reloadAt(`#/dataV/viewBoard?${new URLSearchParams({ boardId: first.boardId })}`);
  return 'opened';
}

/** The tab follows the session's new project: it forgets a project it was scoped to. */
function forgetTabProject(): void {
  try {
    sessionStorage.removeItem(TAB_PROJECT_KEY);
  } catch {
    // storage disabled: nothing remembered
  }
}
