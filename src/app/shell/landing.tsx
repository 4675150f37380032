import { observer } from 'mobx-react-lite';
import { Navigate } from 'react-router';
import { Spinner } from '@fluentui/react-components';
import { useLingui } from '@lingui/react/macro';
import { BOARDS, sessionMay, type BoardListItem, type SessionUser } from '../../../protocol';
import { useQuery, useStores } from '../../stores';
import { lastBoard, type LastBoard } from './lastBoard';
import { useProjectId } from './useProjectId';

/** The builder, where `/` leads users who may edit boards (docs/product.md "Routes and screens"). */
export const BUILDER_PATH = '/dataV/create';
/** The board list, where `/` leads a viewer whose project has no released board yet. */
export const BOARD_LIST_PATH = '/pageManger';

/** True when `user` may build boards in the current project: an installation administrator, or a role with `board.edit`. */
export function mayBuildBoards(user: SessionUser | null): boolean {
  return sessionMay(user, 'board.edit');
}

/** The viewer's URL of a board (its latest release). */
export function boardViewPath(boardId: string): string {
  return `/dataV/viewBoard?boardId=${encodeURIComponent(boardId)}`;
}

/**
 * Where `/` leads a user who may not build boards: the board this tab last showed in the project, else the
 * project's first released board, else the board list (which says there is nothing released yet).
 */
export function viewerLanding(remembered: LastBoard | null, boards: readonly BoardListItem[]): string {
  if (remembered) return boardViewPath(remembered.boardId);
  const released = boards.find((b) => b.releaseNo !== null);
  return released ? boardViewPath(released.boardId) : BOARD_LIST_PATH;
}

/**
 * The index route `/`: builders land in the builder; everyone else on the project's live board (a wall
 * screen, a viewer or a safety officer has nothing to do in the builder).
 */
export const LandingRedirect = observer(function LandingRedirect() {
  const { t } = useLingui();
  const { session } = useStores();
  const projectId = useProjectId();
  const builder = mayBuildBoards(session.user);
  const remembered = !builder && projectId ? lastBoard(projectId) : null;
  // the board list only when the tab has no board of the project to go back to
  const list = useQuery(BOARDS.boardList, !builder && projectId && !remembered ? { projectId, dataRange: 2 } : null);
  const target = !projectId
    ? BOARD_LIST_PATH
    : remembered
      ? viewerLanding(remembered, [])
      : list.data
        ? viewerLanding(null, list.data.board)
        : list.error
          ? BOARD_LIST_PATH
          : null;

  if (builder) return <Navigate to={BUILDER_PATH} replace />;
  if (!target) return <Spinner style={{ marginTop: '30vh' }} label={t`Opening the live board…`} />;
  return <Navigate to={target} replace />;
});
