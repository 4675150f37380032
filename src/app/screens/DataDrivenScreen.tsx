import { useEffect, useMemo, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { useNavigate } from 'react-router';
import { Button, Spinner } from '@fluentui/react-components';
import { Trans, useLingui } from '@lingui/react/macro';
import { useStores } from '../../stores';
import { BoardView } from '../../board/BoardView';
import { dataDrivenBoard } from '../../board/dataDriven';
import { saveGeneratedBoard } from '../../board/saveGeneratedBoard';
import { BusinessError } from '../../api/request';
import { HeaderActions } from '../shell/HeaderActions';
import { useProjectId } from '../shell/useProjectId';

/**
 * /dataV/dataDriven: a board generated from the project's registered devices (dataDrivenBoard), live,
 * with "Save as board", which stores it as a new editable board and opens it in the builder
 * (/dataV/create?boardId=…).
 */
export const DataDrivenScreen = observer(function DataDrivenScreen() {
  const root = useStores();
  const { session, boards, devices, request } = root;
  const { t } = useLingui();
  const navigate = useNavigate();
  const projectId = useProjectId();
  const [loaded, setLoaded] = useState(false);
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);

  useEffect(() => {
    if (!projectId) return;
    let live = true;
    setLoaded(false);
    void root.openProject(projectId).finally(() => live && setLoaded(true));
    return () => {
      live = false;
      root.closeProject();
    };
  }, [root, projectId]);

  // Regenerate only when the set of devices changes, not on every status or value update.
  const deviceKey = devices.all.map((d) => `${d.sn}\t${d.kind}\t${d.name}`).join('\n');
  const boardName = t`Data-driven board`;
  const board = useMemo(
    () => (loaded && projectId ? dataDrivenBoard(projectId, devices.all, boardName, (n) => t`Page ${n}`) : null),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [loaded, projectId, deviceKey, boardName],
  );
  useEffect(() => {
    if (board) boards.show(board);
  }, [boards, board]);

  async function save() {
    if (!board) return;
    setSaving(true);
    setSaveError(null);
    try {
      const boardId = await saveGeneratedBoard(board, boardName, { request });
      navigate(`/dataV/create?boardId=${encodeURIComponent(boardId)}`);
    } catch (e) {
      setSaveError(e instanceof BusinessError ? e.errorMessage : String(e));
      setSaving(false);
    }
  }

  if (!board || boards.board?.boardId !== board.boardId) {
    return (
      <div style={{ minHeight: '100vh', display: 'grid', placeItems: 'center' }}>
        <Spinner label={<Trans>Loading devices…</Trans>} />
      </div>
    );
  }
  const project = session.user?.projects.find((p) => p.projectId === projectId);
  return (
    <BoardView
      projectName={project?.name ?? projectId ?? ''}
      headerExtra={
        <>
          {saveError ? (
            <span role="alert" style={{ maxWidth: 320, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }} title={saveError}>
              {saveError}
            </span>
          ) : null}
          <Button appearance="primary" size="small" disabled={saving} onClick={() => void save()}>
            {saving ? <Trans>Saving…</Trans> : <Trans>Save as board</Trans>}
          </Button>
          <HeaderActions />
        </>
      }
    />
  );
});
