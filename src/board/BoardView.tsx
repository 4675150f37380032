import { useEffect, useLayoutEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { observer } from 'mobx-react-lite';
import { useStores } from '../stores';
import { SCREEN } from '../theme/theme';
import { fitPage } from './fit';
import { PanelHost } from './PanelHost';
import { BeijingClock } from './BeijingClock';
import { ConnectionIndicator } from './ConnectionIndicator';

/** Height of the header strip in screen pixels (outside the scaled page). */
export const HEADER_HEIGHT = 48;
/** Carousel interval when a board asks for one without saying how often (s). */
const DEFAULT_CAROUSEL_S = 30;

function useElementSize(ref: RefObject<HTMLElement | null>): { width: number; height: number } {
  const [size, setSize] = useState({ width: 0, height: 0 });
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => setSize({ width: el.clientWidth, height: el.clientHeight });
    measure();
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    window.addEventListener('resize', measure);
    return () => {
      ro.disconnect();
      window.removeEventListener('resize', measure);
    };
  }, [ref]);
  return size;
}

/**
 * The board on a screen: a header strip (project, board, pages, connection, Beijing clock, `headerExtra`)
 * and the current page drawn at layout.pageWidth × pageHeight, scaled to fit the rest of the viewport
 * (centred, black letterbox). Carousels pages when the layout says so (pageSwitchModel 2).
 */
export const BoardView = observer(function BoardView({ projectName, headerExtra }: { projectName?: string; headerExtra?: ReactNode }) {
  const { boards } = useStores();
  const viewRef = useRef<HTMLDivElement>(null);
  const { width, height } = useElementSize(viewRef);
  const board = boards.board;
  const page = boards.page;
  const layout = board?.layout;
  const fit = layout ? fitPage(width, height, layout.pageWidth, layout.pageHeight) : null;

  useEffect(() => {
    if (!layout || layout.pageSwitchModel !== 2 || boards.pages.length < 2) return;
    const id = setInterval(() => boards.nextPage(), (layout.carouselIntervalS ?? DEFAULT_CAROUSEL_S) * 1000);
    return () => clearInterval(id);
  }, [boards, layout, boards.pages.length]);

  return (
    <div style={{ position: 'fixed', inset: 0, display: 'flex', flexDirection: 'column', background: SCREEN.letterbox, color: '#e2e8f0', overflow: 'hidden' }}>
      <header
        style={{
          height: HEADER_HEIGHT,
          flex: `0 0 ${HEADER_HEIGHT}px`,
          display: 'flex',
          alignItems: 'center',
          gap: 20,
          padding: '0 20px',
          background: `linear-gradient(180deg, #0b1a36, ${SCREEN.pageBackground})`,
          borderBottom: `1px solid ${SCREEN.panelBorder}`,
          fontSize: 16,
        }}
      >
        <strong style={{ fontSize: 20, letterSpacing: 1, whiteSpace: 'nowrap' }}>{projectName}</strong>
        <span style={{ opacity: 0.75, whiteSpace: 'nowrap' }}>{board?.name}</span>
        {boards.pages.length > 1 ? (
          <nav style={{ display: 'flex', gap: 6 }}>
            {boards.pages.map((p, i) => (
              <button
                key={p.pageId}
                type="button"
                onClick={() => boards.setPage(i)}
                aria-current={p.pageId === page?.pageId ? 'page' : undefined}
                style={{
                  background: p.pageId === page?.pageId ? '#00b589' : 'transparent',
                  color: 'inherit',
                  border: '1px solid #1d3357',
                  borderRadius: 4,
                  padding: '2px 10px',
                  cursor: 'pointer',
                }}
              >
                {p.name}
              </button>
            ))}
          </nav>
        ) : null}
        <span style={{ flex: 1 }} />
        <ConnectionIndicator />
        <BeijingClock />
        {headerExtra}
      </header>
      <div ref={viewRef} style={{ position: 'relative', flex: 1, minHeight: 0 }}>
        {layout && page && fit && fit.scale > 0 ? (
          <div
            data-page-id={page.pageId}
            style={{
              position: 'absolute',
              left: fit.left,
              top: fit.top,
              width: layout.pageWidth,
              height: layout.pageHeight,
              transform: `scale(${fit.scale})`,
              transformOrigin: '0 0',
              background: `radial-gradient(ellipse at top, #0b1a36, ${SCREEN.pageBackground} 70%)`,
              overflow: 'hidden',
            }}
          >
            {page.panels.map((p) => (
              <PanelHost key={p.panelId} panel={p} />
            ))}
          </div>
        ) : null}
      </div>
    </div>
  );
});
