import { describe, expect, it } from 'vitest';
import type { BoardListItem, SessionUser } from '../../../protocol';
import { BOARD_LIST_PATH, mayBuildBoards, viewerLanding } from './landing';

const user = (over: Partial<SessionUser>): SessionUser => ({
  username: 'u',
  displayName: 'U',
  isAdmin: false,
  projectId: 'p1',
  coId: 'c1',
  coName: 'Co',
  coLogo: '',
  mid: 'm1',
  projects: [],
  role: 'viewer',
  ...over,
});
const row = (boardId: string, releaseNo: number | null): BoardListItem => ({ boardId, name: boardId, version: 1, releaseState: releaseNo ? 'live' : 'draft', releaseNo });

describe('landing', () => {
  it('sends roles that edit boards, and installation administrators, to the builder', () => {
    expect(mayBuildBoards(user({ role: 'projectManager' }))).toBe(true);
    expect(mayBuildBoards(user({ role: 'orgAdmin' }))).toBe(true);
    expect(mayBuildBoards(user({ role: null, isAdmin: true }))).toBe(true);
    for (const role of ['viewer', 'wallScreen', 'safetyOfficer'] as const) expect(mayBuildBoards(user({ role }))).toBe(false);
    expect(mayBuildBoards(null)).toBe(false);
  });

  it("lands a viewer on the tab's last board, else the first released one, else the board list", () => {
    const boards = [row('draft-only', null), row('tunnel', 3), row('bridge', 1)];
    expect(viewerLanding({ boardId: 'bridge', name: 'Bridge', projectId: 'p1' }, boards)).toBe('/dataV/viewBoard?boardId=bridge');
    expect(viewerLanding(null, boards)).toBe('/dataV/viewBoard?boardId=tunnel');
    expect(viewerLanding(null, [row('draft-only', null)])).toBe(BOARD_LIST_PATH);
    expect(viewerLanding(null, [])).toBe(BOARD_LIST_PATH);
  });
});
