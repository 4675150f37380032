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
import { createReplaySource, parseReplayParams, REPLAY_HOUR_DAYS } from '../../panelData/replay';
import { useDocumentTitle } from '../../board/editor/useDocumentTitle';
import { PlaybackBar } from '../../board/timeControls/PlaybackBar';
import { TimeRangeMenu, type TimeRangeChoice } from '../../board/timeControls/TimeRangeMenu';
import { RANGE_PRESETS, withReplayParams, type RangePresetId } from '../../board/timeControls/timeRange';
import { rememberBoard } from '../shell/lastBoard';
import { useReplayUrl } from '../../board/timeControls/useReplayUrl';

/**
 * Days of history the time-range control offers: the hour rollups' default retention (REPLAY_HOUR_DAYS,
 * TELEMETRY_HOUR_RETENTION_DAYS in docs/configuration.md), long ranges playing from the hour tier;
 * longer presets are shown disabled.
 */
export const VIEWER_HISTORY_DAYS = REPLAY_HOUR_DAYS;

/**
 * /dataV/viewBoard, /dataV/preview and /pageManger/pageView: opens the project's live pipeline, loads
 * `boardId` (default: the project's first board) at `pageId` (default: the first page) and shows it full
 * screen. `?fit=` picks the scale-to-fit mode (preview has a control for it), `?kiosk=1` drops all chrome.
 * `?from=&to=` (ms since epoch) open the board in replay over that range, at `&at=` (default `from`),
 * at `&speed=` × real time, playing when `&play=1`; see parseReplayParams. The header's time-range control
 * chooses Live or a range, the playback bar below the board plays it, and the URL follows the replay's
 * instant, speed and play state (a shared link opens the same moment; docs/operations.md "Replay").
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

  const replayKey = ['from', 'to'].map((k) => params.get(k) ?? '').join('|');
  // replayKey stands for the range: other query changes (fit, pageId, and at/speed/play, which the
  // replay itself writes as it plays) keep the replay.
  const replay = useMemo(() => parseReplayParams(params), [replayKey]);
  const source = useMemo(() => (projectId && replay ? createReplaySource(root, projectId, replay) : null), [root, projectId, replay]);
  useEffect(() => {
    if (!source) return;
    source.start();
    if (replay?.play) source.clock.play();
    return () => source.stop();
  }, [source, replay]);

  useReplayUrl(source, (next) => setParams(next, { replace: true }));
  const rangeId = params.get('range');
  const chooseRange = (choice: TimeRangeChoice) =>
    setParams((prev) => {
      const next = withReplayParams(prev, choice.kind === 'live' ? null : { fromMs: choice.fromMs, toMs: choice.toMs, atMs: choice.fromMs, speed: 1, playing: false });
      if (choice.kind === 'live') next.delete('range');
      else next.set('range', choice.id);
      return next;
    });

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

  // A board link without the project (or with another one) shows the board with its own project's live
  // data: the tab takes the board's project, so panels never show another site's devices.
  const ownerId = boards.board?.projectId;
  useEffect(() => {
    if (!ownerId || !projectId || ownerId === projectId) return;
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.delete('projectId');
        next.set('proId', ownerId);
        return next;
      },
      { replace: true },
    );
  }, [ownerId, projectId, setParams]);

  const project = session.user?.projects.find((p) => p.projectId === projectId);
  useDocumentTitle(boards.board?.name);
  // the management screens link back to the board this tab showed
  const shown = boards.board;
  useEffect(() => {
    if (shown && !isPreview) rememberBoard({ boardId: shown.boardId, name: shown.name, projectId: shown.projectId });
  }, [shown?.boardId, shown?.name, shown?.projectId, isPreview]);
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
      headerExtra={
        <>
          <TimeRangeMenu
            current={replay ? (rangeId === 'today' || RANGE_PRESETS.some((p) => p.id === rangeId) ? (rangeId as RangePresetId | 'today') : 'custom') : null}
            historyDays={VIEWER_HISTORY_DAYS}
            onChoose={chooseRange}
          />
          <HeaderActions collapseBelowPx={1700} />
        </>
      }
      footer={source && !kiosk ? <PlaybackBar source={source} onLive={() => chooseRange({ kind: 'live' })} /> : undefined}
      onLive={() => chooseRange({ kind: 'live' })}
      fit={fit}
      kiosk={kiosk}
        onFitChange={isPreview ? setFit : undefined}
        source={source ?? undefined}
      />
    </RecoveryBoundary>
  );
});
