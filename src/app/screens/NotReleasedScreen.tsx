import { useEffect } from 'react';
import { observer } from 'mobx-react-lite';
import { Link } from 'react-router';
import { Trans } from '@lingui/react/macro';
import { BOARDS } from '../../../protocol';
import { RELEASE_CHECK_MS, useQuery } from '../../stores';
import { SCREEN } from '../../theme/theme';

/**
 * What a viewer (wall screen) shows for a board that was never released: "Not released yet", links for
 * editors to preview the draft or open the builder, and a check every RELEASE_CHECK_MS that calls
 * `onReleased` once a release exists, so a wall screen shows the board by itself after the first release.
 */
export const NotReleasedScreen = observer(function NotReleasedScreen({ boardId, onReleased }: { boardId: string | null; onReleased: () => void }) {
  // refused (NOT_FOUND) until the first release; the first answer is the release
  const release = useQuery(BOARDS.boardScreen, boardId ? { boardId, released: true } : null, { refreshMs: RELEASE_CHECK_MS, keepPrevious: false });
  const released = release.data !== null;
  useEffect(() => {
    if (released) onReleased();
  }, [released, onReleased]);
  const q = boardId ? `?${new URLSearchParams({ boardId })}` : '';
  return (
    <main data-testid="not-released" style={{ minHeight: '100vh', display: 'grid', placeItems: 'center', background: SCREEN.pageBackground, color: SCREEN.text, textAlign: 'center' }}>
      <div style={{ maxWidth: 560 }}>
        <h1 style={{ fontSize: 28 }}>
          <Trans>Not released yet</Trans>
        </h1>
        <p style={{ color: SCREEN.textMuted, fontSize: 16 }}>
          <Trans>Wall screens show a board once it is released. This one has only a draft so far; it appears here by itself after its first release.</Trans>
        </p>
        <p style={{ display: 'flex', gap: 16, justifyContent: 'center' }}>
          <Link to={`/dataV/preview${q}`} style={{ color: SCREEN.brand }}>
            <Trans>Preview the draft</Trans>
          </Link>
          <Link to={`/dataV/create${q}`} style={{ color: SCREEN.brand }}>
            <Trans>Open in the board builder</Trans>
          </Link>
        </p>
      </div>
    </main>
  );
});
