import { useId, type ReactNode } from 'react';
import type { PanelStyle } from '../../protocol';
import { SCREEN } from '../theme/theme';

/** Height of a panel's title bar, in page pixels. */
export const PANEL_TITLE_HEIGHT = 40;
/** Inner padding of a panel body, in page pixels. */
export const PANEL_PADDING = 10;

/** Frame border width when the panel's style does not set one, page px. */
const BORDER_PX = 1;

/**
 * The size left for a panel's content inside a w × h frame (page pixels), with the panel's own `look`
 * (padding, border width, title bar shown or not; absent = the theme's frame).
 */
export function panelContentSize(w: number, h: number, look: PanelStyle = {}): { width: number; height: number } {
  const pad = look.paddingPx ?? PANEL_PADDING;
  const border = look.borderWidthPx ?? BORDER_PX;
  const title = look.showTitle === false ? 0 : PANEL_TITLE_HEIGHT;
  // The theme's frame has always given its content w − 2·padding (the 1 px border overlapping it); a
  // style with a thicker border takes the extra from the content.
  const extra = Math.max(0, border - BORDER_PX) * 2;
  return {
    width: Math.max(0, Math.floor(w - 2 * pad - extra)),
    height: Math.max(0, Math.floor(h - title - 2 * pad - extra)),
  };
}

/**
 * A board panel: frame in the board's colours (light or dark mode) with a subtle border, a title bar
 * (title left, `extra` right) and a body. `look` (the panel's saved style) overrides background, border,
 * corner radius, padding and opacity, and `showTitle: false` drops the title bar (the section keeps the
 * title as its accessible name).
 */
export function PanelFrame({ title, extra, children, look = {} }: { title: ReactNode; extra?: ReactNode; children: ReactNode; look?: PanelStyle }) {
  const titleId = useId();
  const showTitle = look.showTitle !== false;
  return (
    <section
      aria-labelledby={showTitle ? titleId : undefined}
      aria-label={!showTitle && typeof title === 'string' ? title : undefined}
      style={{
        width: '100%',
        height: '100%',
        boxSizing: 'border-box',
        display: 'flex',
        flexDirection: 'column',
        background: look.background ?? SCREEN.panelBackground,
        color: SCREEN.text,
        // relative, so text larger than Fluent's body size (its 20 px line height) gets a line box of its own size
        lineHeight: 1.2,
        border: `${look.borderWidthPx ?? BORDER_PX}px solid ${look.borderColor ?? SCREEN.panelBorder}`,
        borderRadius: look.borderRadiusPx ?? 6,
        boxShadow: look.background ? undefined : `inset 0 0 24px color-mix(in srgb, ${SCREEN.brand} 6%, transparent)`,
        opacity: look.opacity,
        overflow: 'hidden',
      }}
    >
      {showTitle ? (
        <header
          style={{
            height: PANEL_TITLE_HEIGHT,
            flex: `0 0 ${PANEL_TITLE_HEIGHT}px`,
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'space-between',
            padding: `0 ${PANEL_PADDING + 4}px`,
            background: `linear-gradient(90deg, ${SCREEN.panelTitle}, transparent)`,
            borderBottom: `1px solid ${look.borderColor ?? SCREEN.panelBorder}`,
            fontSize: 20,
            fontWeight: 600,
            boxSizing: 'border-box',
          }}
        >
          <h2 id={titleId} style={{ margin: 0, fontSize: 'inherit', fontWeight: 'inherit', borderLeft: `4px solid ${SCREEN.brand}`, paddingLeft: 8, whiteSpace: 'nowrap', overflowX: 'clip', textOverflow: 'ellipsis' }}>
            {title}
          </h2>
          {extra ? <div style={{ fontSize: 20, fontWeight: 400 }}>{extra}</div> : null}
        </header>
      ) : null}
      <div style={{ flex: '1 1 auto', minHeight: 0, padding: look.paddingPx ?? PANEL_PADDING, position: 'relative' }}>{children}</div>
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
        fontSize: 20,
        padding: 8,
      }}
    >
      {children}
    </div>
  );
}
