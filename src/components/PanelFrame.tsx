import { useId, type ReactNode } from 'react';
import { SCREEN } from '../theme/theme';

/** Height of a panel's title bar, in page pixels. */
export const PANEL_TITLE_HEIGHT = 40;
/** Inner padding of a panel body, in page pixels. */
export const PANEL_PADDING = 10;

/** The size left for a panel's content inside a w × h frame (page pixels). */
export function panelContentSize(w: number, h: number): { width: number; height: number } {
  return {
    width: Math.max(0, Math.floor(w - 2 * PANEL_PADDING)),
    height: Math.max(0, Math.floor(h - PANEL_TITLE_HEIGHT - 2 * PANEL_PADDING)),
  };
}

/** A board panel: frame in the board's colours (light or dark mode) with a subtle border, a title bar (title left, `extra` right) and a body. */
export function PanelFrame({ title, extra, children }: { title: ReactNode; extra?: ReactNode; children: ReactNode }) {
  const titleId = useId();
  return (
    <section
      aria-labelledby={titleId}
      style={{
        width: '100%',
        height: '100%',
        boxSizing: 'border-box',
        display: 'flex',
        flexDirection: 'column',
        background: SCREEN.panelBackground,
        color: SCREEN.text,
        border: `1px solid ${SCREEN.panelBorder}`,
        borderRadius: 6,
        boxShadow: `inset 0 0 24px color-mix(in srgb, ${SCREEN.brand} 6%, transparent)`,
        overflow: 'hidden',
      }}
    >
      <header
        style={{
          height: PANEL_TITLE_HEIGHT,
          flex: `0 0 ${PANEL_TITLE_HEIGHT}px`,
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
          padding: `0 ${PANEL_PADDING + 4}px`,
          background: `linear-gradient(90deg, ${SCREEN.panelTitle}, transparent)`,
          borderBottom: `1px solid ${SCREEN.panelBorder}`,
          fontSize: 18,
          fontWeight: 600,
          boxSizing: 'border-box',
        }}
      >
        <h2 id={titleId} style={{ margin: 0, fontSize: 'inherit', fontWeight: 'inherit', borderLeft: `4px solid ${SCREEN.brand}`, paddingLeft: 8, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}>
          {title}
        </h2>
        {extra ? <div style={{ fontSize: 14, fontWeight: 400 }}>{extra}</div> : null}
      </header>
      <div style={{ flex: '1 1 auto', minHeight: 0, padding: PANEL_PADDING, position: 'relative' }}>{children}</div>
    </section>
  );
}

/** A message in place of a panel's content (bad config, no data, a crash). */
export function PanelMessage({ children, tone = 'muted' }: { children: ReactNode; tone?: 'muted' | 'error' }) {
  return (
    <div
      role={tone === 'error' ? 'alert' : undefined}
      style={{
        height: '100%',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        textAlign: 'center',
        color: tone === 'error' ? '#ff7875' : SCREEN.textMuted,
        fontSize: 16,
        padding: 8,
      }}
    >
      {children}
    </div>
  );
}
