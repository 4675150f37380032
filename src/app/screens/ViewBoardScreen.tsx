import { useEffect } from 'react';
import { observer } from 'mobx-react-lite';
import { useSearchParams } from 'react-router';
import { Spinner } from '@fluentui/react-components';
import { Trans, useLingui } from '@lingui/react/macro';
import { NO_BOARD, useStores } from '../../stores';
import { BoardView } from '../../board/BoardView';
import { LocaleSwitch } from '../LocaleSwitch';
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
  const boardId = params.get('boardId');
  const projectId = session.projectId;

  useEffect(() => {
    if (!projectId) return;
    void root.openProject(projectId);
    return () => root.closeProject();
  }, [root, projectId]);

  useEffect(() => {
    if (projectId) void boards.open(projectId, boardId);
  }, [boards, projectId, boardId]);

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
  return <BoardView projectName={project?.name ?? projectId ?? ''} headerExtra={<LocaleSwitch />} />;
});
