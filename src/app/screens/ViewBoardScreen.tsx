import { useEffect } from 'react';
import { observer } from 'mobx-react-lite';
import { useLocation, useSearchParams } from 'react-router';
import { Spinner } from '@fluentui/react-components';
import { Trans, useLingui } from '@lingui/react/macro';
import { NO_BOARD, useStores } from '../../stores';
import { BoardView } from '../../board/BoardView';
import { HeaderActions } from '../shell/HeaderActions';
import { useProjectId } from '../shell/useProjectId';
import { MessageScreen } from './ExceptionScreen';

/**
 * /dataV/viewBoard and /dataV/preview: opens the project's live pipeline, loads `boardId` (default: the
 * project's first board) and shows it full screen.
 */
export const ViewBoardScreen = observer(function ViewBoardScreen() {
  const root = useStores();
  const { session, boards } = root;
  const { t } = useLingui();
  const [params] = useSearchParams();
  const isPreview = useLocation().pathname.startsWith('/dataV/preview');
  const boardId = params.get('boardId');
  const projectId = useProjectId();

  useEffect(() => {
    if (!projectId) return;
    void root.openProject(projectId);
    return () => root.closeProject();
  }, [root, projectId]);

  useEffect(() => {
    // Viewers see the latest release; /dataV/preview shows the draft being edited.
    if (projectId) void boards.open(projectId, boardId, { released: !isPreview });
  }, [boards, projectId, boardId, isPreview]);

  const project = session.user?.projects.find((p) => p.projectId === projectId);
  if (boards.error) {
    const err = boards.error;
    const title = err.errorCode === NO_BOARD ? t`No board available` : err.errorMessage;
    return <MessageScreen code={err.errorCode === NO_BOARD ? '' : err.errorCode} title={title} />;
  }
  if (!boards.board) {
    return (
      <div style={{ minHeight: '100vh', display: 'grid', placeItems: 'center' }}>
        <Spinner label={<Trans>Loading board…</Trans>} />
      </div>
    );
  }
  return <BoardView projectName={project?.name ?? projectId ?? ''} headerExtra={<HeaderActions />} />;
});
