import { useCallback, useEffect, useMemo } from 'react';
import { observer } from 'mobx-react-lite';
import { useLocation, useSearchParams } from 'react-router';
import { Spinner } from '@fluentui/react-components';
import { Trans, useLingui } from '@lingui/react/macro';
import { DRAFT_CHECK_MS, NO_BOARD, RELEASE_CHECK_MS, useOpenProject, useStores } from '../../stores';
import { BoardView } from '../../board/BoardView';
import { HeaderActions } from '../shell/HeaderActions';
import { useProjectId } from '../shell/useProjectId';
import { MessageScreen } from './ExceptionScreen';
import { NotReleasedScreen } from './NotReleasedScreen';
import { NOT_RELEASED_MESSAGE } from '../../../protocol';
import { parseFitMode, type FitMode } from '../../board/fit';
import { RecoveryBoundary } from '../../board/RecoveryBoundary';
import { useConnectionWatchdog } from '../../board/useConnectionWatchdog';
import { createReplaySource, parseReplayParams } from '../../panelData/replay';
import { useDocumentTitle } from '../../board/editor/useDocumentTitle';

/**
 * /dataV/viewBoard, /dataV/preview and /pageManger/pageView: opens the project's live pipeline, loads
 * `boardId` (default: the project's first board) at `pageId` (default: the first page) and shows it full
 * screen. `?fit=` picks the scale-to-fit mode (preview has a control for it), `?kiosk=1` drops all chrome.
 * `?from=&to=` (ms since epoch) open the board in replay over that range, at `&at=` (default `from`),
 * playing at `&speed=` × real time when given (paused otherwise); see parseReplayParams.
 */
export const ViewBoardScreen = observer(function ViewBoardScreen() {
  const root = useStores();
  const { session, boards } = root;
  const { t } = useLingui();
  const [params, setParams] = useSearchParams();
  const isPreview = useLocation().pathname.startsWith('/dataV/preview');
  const boardId = params.get('boardId');
  const pageId = params.get('pageId');
  const fit = parseFitMode(params.get('fit'));
  const kiosk = params.get('kiosk') === '1';
  const projectId = useProjectId();
  useConnectionWatchdog(!isPreview);

  useOpenProject(projectId);

  const replayKey = ['from', 'to', 'at', 'speed'].map((k) => params.get(k) ?? '').join('|');
  // replayKey stands for the four parameters: other query changes (fit, pageId) keep the replay.
  const replay = useMemo(() => parseReplayParams(params), [replayKey]);
  const source = useMemo(() => (projectId && replay ? createReplaySource(root, projectId, replay) : null), [root, projectId, replay]);
  useEffect(() => {
    if (!source) return;
    source.start();
    if (replay?.play) source.clock.play();
    return () => source.stop();
  }, [source, replay]);

  const reopen = useCallback(() => {
    // Viewers see the latest release; /dataV/preview shows the draft being edited.
    if (projectId) void boards.open(projectId, boardId, { released: !isPreview, pageId });
  }, [boards, projectId, boardId, isPreview, pageId]);
  useEffect(reopen, [reopen]);

  // A wall screen follows new releases by itself (a preview follows the draft), and checks at once
  // after a reconnect, since a release may have happened while it was away.
  const reconnects = root.live.reconnects;
  useEffect(() => {
    void boards.refresh();
  }, [boards, reconnects]);
  useEffect(() => {
    const id = setInterval(() => void boards.refresh(), isPreview ? DRAFT_CHECK_MS : RELEASE_CHECK_MS);
    return () => clearInterval(id);
  }, [boards, isPreview]);

  const project = session.user?.projects.find((p) => p.projectId === projectId);
  useDocumentTitle(boards.board?.name);
  if (boards.error?.errorMessage === NOT_RELEASED_MESSAGE && !isPreview) {
    return <NotReleasedScreen boardId={boardId} onReleased={reopen} />;
  }
  if (boards.error) {
    // the server's English message is for logs: people get a translated title by error code
    const err = boards.error;
    const titles: Record<string, string> = {
      [NO_BOARD]: t`No board available`,
      NOT_FOUND: t`This board does not exist, or it was deleted`,
      FORBIDDEN: t`Sorry, you don't have access to this page`,
    };
    const title = titles[err.errorCode] ?? t`Sorry, the board could not be opened`;
    return <MessageScreen code={err.errorCode === NO_BOARD ? '' : err.errorCode} title={title} detail={titles[err.errorCode] ? null : err.errorMessage} />;
  }
  if (!boards.board) {
    return (
      <div style={{ minHeight: '100vh', display: 'grid', placeItems: 'center' }}>
        <Spinner label={<Trans>Loading board…</Trans>} />
      </div>
    );
  }
  const setFit = (mode: FitMode) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.set('fit', mode);
        return next;
      },
      { replace: true },
    );
  return (
    <RecoveryBoundary>
      <BoardView
      projectName={project?.name ?? projectId ?? ''}
      headerExtra={<HeaderActions />}
      fit={fit}
      kiosk={kiosk}
        onFitChange={isPreview ? setFit : undefined}
        source={source ?? undefined}
      />
    </RecoveryBoundary>
  );
});
