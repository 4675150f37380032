import { useEffect } from 'react';
import { observer } from 'mobx-react-lite';
import { Link } from 'react-router';
import { Spinner } from '@fluentui/react-components';
import { Trans } from '@lingui/react/macro';
import { useStores } from '../../stores';
import { SCREEN } from '../../theme/theme';
import { HeaderActions } from '../shell/HeaderActions';
import { useProjectId } from '../shell/useProjectId';

/**
 * Placeholder for /dataV/create until the builder exists: the project's boards with links to view them.
 */
export const BoardListScreen = observer(function BoardListScreen() {
  const { session, boards } = useStores();
  const projectId = useProjectId();
  useEffect(() => {
    if (projectId) boards.loadList(projectId).catch(() => {});
  }, [boards, projectId]);
  const project = session.user?.projects.find((p) => p.projectId === projectId);

  return (
    <main style={{ minHeight: '100vh', background: SCREEN.pageBackground, padding: 32, boxSizing: 'border-box' }}>
      <header style={{ display: 'flex', alignItems: 'center', gap: 16, marginBottom: 24 }}>
        <h1 style={{ margin: 0, fontSize: 24 }}>{project?.name ?? projectId}</h1>
        <span style={{ flex: 1 }} />
        <HeaderActions />
      </header>
      <h2 style={{ fontSize: 18 }}>
        <Trans>Boards</Trans>
      </h2>
      {boards.list.length === 0 ? (
        boards.loading ? <Spinner /> : <p style={{ color: SCREEN.textMuted }}><Trans>No board available</Trans></p>
      ) : (
        <ul style={{ listStyle: 'none', padding: 0, display: 'flex', flexDirection: 'column', gap: 8 }}>
          {boards.list.map((b) => (
            <li key={b.boardId} style={{ padding: 12, background: SCREEN.panelBackground, border: `1px solid ${SCREEN.panelBorder}`, borderRadius: 6 }}>
              <Link to={`/dataV/viewBoard?boardId=${encodeURIComponent(b.boardId)}`} style={{ color: '#33c6a1', fontSize: 18 }}>
                {b.name}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </main>
  );
});
