import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { Trans } from '@lingui/react/macro';
import { lastBoard } from '../shell/lastBoard';
import { useProjectId } from '../shell/useProjectId';
import { SCREEN } from '../../theme/theme';
import { HeaderActions } from '../shell/HeaderActions';
import { useScreenZoom } from '../shell/screenZoom';

/**
 * The frame of the app's management screens (page management, alarm center, people, zones, system
 * status): the page background and a header row with the screen's title, what goes beside the title (links
 * to related screens, a refresh), the screen's own actions at the end, then the shell's header actions
 * (language, theme, administration, logout). Zoomed on screens wider than 1920 px (useScreenZoom). It
 * starts with the way back: to the board this tab last showed in the project, else to the board list.
 */
export function ScreenFrame({ title, beside, actions, children }: { title: ReactNode; beside?: ReactNode; actions?: ReactNode; children: ReactNode }) {
  const zoom = useScreenZoom();
  const back = lastBoard(useProjectId());
  const onBoardList = /^\/(pageManger|dataV\/index)$/.test(useLocation().pathname);
  return (
    <main style={{ minHeight: `calc(100vh / ${zoom})`, background: SCREEN.pageBackground, color: SCREEN.text, padding: 32, boxSizing: 'border-box' }}>
      <header style={{ display: 'flex', alignItems: 'center', gap: 16, marginBottom: 24 }}>
        <nav data-back-to-board>
          {back ? (
            <ScreenLink to={`/dataV/viewBoard?boardId=${encodeURIComponent(back.boardId)}`}>
              ← <Trans>Back to {back.name}</Trans>
            </ScreenLink>
          ) : onBoardList ? null : (
            <ScreenLink to="/pageManger">
              ← <Trans>Boards</Trans>
            </ScreenLink>
          )}
        </nav>
        <h1 style={{ margin: 0, fontSize: 24, whiteSpace: 'nowrap' }}>{title}</h1>
        {beside}
        <span data-header-spacer style={{ flex: 1 }} />
        {actions}
        <HeaderActions />
      </header>
      {children}
    </main>
  );
}

/** A link from a screen's header to a related screen, in the brand colour. */
export function ScreenLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} style={{ color: SCREEN.brand }}>
      {children}
    </Link>
  );
}
