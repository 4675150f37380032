import { useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { observer } from 'mobx-react-lite';
import type { EditorStore } from '../../stores/EditorStore';
import { boundsOf, type Rect } from './geometry';
import { rulerTicks } from './rulers';
import { COLORS } from './ui';

/** Thickness of the rulers, CSS px. */
export const RULER_PX = 20;

/** Where the page is under the rulers: its top-left corner relative to the viewport's, and the viewport's size (CSS px). */
interface Placement {
  left: number;
  top: number;
  width: number;
  height: number;
}

function place(viewport: HTMLElement, page: HTMLElement): Placement {
  const v = viewport.getBoundingClientRect();
  const p = page.getBoundingClientRect();
  return { left: p.left - v.left, top: p.top - v.top, width: viewport.clientWidth, height: viewport.clientHeight };
}

const samePlace = (a: Placement, b: Placement) => a.left === b.left && a.top === b.top && a.width === b.width && a.height === b.height;

/**
 * The rulers along the top and left of the canvas viewport (GoView / DataV / Figma): ticks and labels in
 * page pixels that follow the zoom and the scroll position, a band marking the selection's extent, and
 * a line at the cursor with its page coordinate. Positioned absolutely in the viewport's parent, which
 * leaves RULER_PX free at its top and left for them.
 */
export const Rulers = observer(function Rulers({ store, zoom, viewportRef, page }: { store: EditorStore; zoom: number; viewportRef: RefObject<HTMLElement | null>; page: HTMLElement | null }) {
  const [at, setAt] = useState<Placement | null>(null);
  const cursorX = useRef<SVGGElement>(null);
  const cursorY = useRef<SVGGElement>(null);

  useLayoutEffect(() => {
    const viewport = viewportRef.current;
    if (!viewport || !page) return;
    let frame = 0;
    const measure = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => setAt((prev) => {
        const next = place(viewport, page);
        return prev && samePlace(prev, next) ? prev : next;
      }));
    };
    setAt(place(viewport, page));
    const ro = new ResizeObserver(measure);
    ro.observe(viewport);
    ro.observe(page);
    viewport.addEventListener('scroll', measure, { passive: true });
    // The cursor line moves on every pointer move: set straight on the SVG, no React render.
    const onMove = (e: PointerEvent) => {
      const v = viewport.getBoundingClientRect();
      const p = page.getBoundingClientRect();
      const x = (e.clientX - p.left) / zoom;
      const y = (e.clientY - p.top) / zoom;
      for (const [g, screen, value] of [
        [cursorX.current, e.clientX - v.left, x],
        [cursorY.current, e.clientY - v.top, y],
      ] as const) {
        if (!g) continue;
        g.style.display = '';
        g.setAttribute('transform', g === cursorX.current ? `translate(${screen} 0)` : `translate(0 ${screen})`);
        g.querySelector('text')!.textContent = String(Math.round(value));
      }
    };
    const onLeave = () => {
      if (cursorX.current) cursorX.current.style.display = 'none';
      if (cursorY.current) cursorY.current.style.display = 'none';
    };
    viewport.addEventListener('pointermove', onMove);
    viewport.addEventListener('pointerleave', onLeave);
    return () => {
      cancelAnimationFrame(frame);
      ro.disconnect();
      viewport.removeEventListener('scroll', measure);
      viewport.removeEventListener('pointermove', onMove);
      viewport.removeEventListener('pointerleave', onLeave);
    };
  }, [viewportRef, page, zoom]);

  const sel = boundsOf(store.selectedPanels);
  const layout = store.board?.layout;
  const bar = { position: 'absolute', background: COLORS.pane, overflow: 'hidden', userSelect: 'none' } as const;
  return (
    <>
      <div aria-hidden style={{ ...bar, left: 0, top: 0, width: RULER_PX, height: RULER_PX, borderRight: `1px solid ${COLORS.border}`, borderBottom: `1px solid ${COLORS.border}`, boxSizing: 'border-box', zIndex: 2 }} />
      <div data-testid="ruler-top" aria-hidden style={{ ...bar, left: RULER_PX, right: 0, top: 0, height: RULER_PX, borderBottom: `1px solid ${COLORS.border}`, boxSizing: 'border-box' }}>
        {at ? <Ruler axis="x" start={-at.left / zoom} length={at.width} zoom={zoom} pageLength={layout?.pageWidth ?? 0} selection={sel} cursorRef={cursorX} /> : null}
      </div>
      <div data-testid="ruler-left" aria-hidden style={{ ...bar, left: 0, top: RULER_PX, bottom: 0, width: RULER_PX, borderRight: `1px solid ${COLORS.border}`, boxSizing: 'border-box' }}>
        {at ? <Ruler axis="y" start={-at.top / zoom} length={at.height} zoom={zoom} pageLength={layout?.pageHeight ?? 0} selection={sel} cursorRef={cursorY} /> : null}
      </div>
    </>
  );
});

/**
 * One ruler: `start` is the page coordinate at its beginning, `length` its screen length (CSS px),
 * `pageLength` the page's size along it (page px), drawn lighter than the pasteboard around it.
 */
function Ruler({
  axis,
  start,
  length,
  zoom,
  pageLength,
  selection,
  cursorRef,
}: {
  axis: 'x' | 'y';
  start: number;
  length: number;
  zoom: number;
  pageLength: number;
  selection: Rect | null;
  cursorRef: RefObject<SVGGElement | null>;
}) {
  const { ticks } = rulerTicks(start, length, zoom);
  const horizontal = axis === 'x';
  const along = (pos: number, across: number) => (horizontal ? { x: pos, y: across } : { x: across, y: pos });
  const selFrom = selection ? ((horizontal ? selection.x : selection.y) - start) * zoom : 0;
  const selLen = selection ? (horizontal ? selection.w : selection.h) * zoom : 0;
  const w = horizontal ? length : RULER_PX;
  const h = horizontal ? RULER_PX : length;
  return (
    <svg width={w} height={h} style={{ display: 'block', fontFamily: 'system-ui, sans-serif' }}>
      {pageLength > 0 ? (
        <rect
          data-testid={`ruler-${axis}-page`}
          {...along(-start * zoom, 0)}
          width={horizontal ? pageLength * zoom : RULER_PX}
          height={horizontal ? RULER_PX : pageLength * zoom}
          style={{ fill: `color-mix(in srgb, ${COLORS.text} 9%, transparent)` }}
        />
      ) : null}
      {selection ? (
        <rect data-testid={`ruler-${axis}-selection`} {...along(selFrom, 0)} width={horizontal ? selLen : RULER_PX} height={horizontal ? RULER_PX : selLen} style={{ fill: `color-mix(in srgb, ${COLORS.selection} 30%, transparent)` }} />
      ) : null}
      {ticks.map((t) => {
        const p = Math.round(t.screenPx) + 0.5;
        const len = t.major ? RULER_PX : RULER_PX / 3;
        const a = along(p, RULER_PX - len);
        const b = along(p, RULER_PX);
        return <line key={t.pagePx} x1={a.x} y1={a.y} x2={b.x} y2={b.y} style={{ stroke: COLORS.muted, strokeOpacity: t.major ? 1 : 0.55 }} />;
      })}
      {ticks
        .filter((t) => t.major)
        .map((t) =>
          horizontal ? (
            <text key={t.pagePx} x={t.screenPx + 3} y={10} style={{ fill: COLORS.muted, fontSize: 10 }}>
              {t.pagePx}
            </text>
          ) : (
            <text key={t.pagePx} transform={`translate(10 ${t.screenPx + 3}) rotate(90)`} style={{ fill: COLORS.muted, fontSize: 10 }}>
              {t.pagePx}
            </text>
          ),
        )}
      <g ref={cursorRef} data-testid={`ruler-${axis}-cursor`} style={{ display: 'none' }}>
        {/* A backing plate so the cursor's coordinate stays readable over a tick label. */}
        <rect x={horizontal ? 1 : 0} y={horizontal ? RULER_PX - 11 : -12} width={horizontal ? 28 : RULER_PX} height={11} style={{ fill: COLORS.pane }} />
        <line x1={0} y1={0} x2={horizontal ? 0 : RULER_PX} y2={horizontal ? RULER_PX : 0} style={{ stroke: COLORS.guide }} />
        <text x={horizontal ? 3 : 2} y={horizontal ? RULER_PX - 2 : -3} style={{ fill: COLORS.guide, fontSize: 9 }} />
      </g>
    </svg>
  );
}
