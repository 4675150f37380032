import { useEffect, useRef, useState, type DragEvent, type PointerEvent, type Ref } from 'react';
import { observer } from 'mobx-react-lite';
import { useLingui } from '@lingui/react/macro';
import type { Panel } from '../../../protocol';
import { usePanelRegistry } from '../../components';
import type { EditorStore } from '../../stores/EditorStore';
import { SCREEN } from '../../theme/theme';
import { boundsOf, marqueeSelect, rectFromPoints, resizeRect, snapMove, snapResize, type Handle, type Rect } from './geometry';
import { PANEL_BOX_CSS, PanelBox, type BoxContent } from './PanelBox';
import { addPanelOfType, PANEL_MIME } from './tools';
import { useBindingCandidates } from './properties/DataSection';
import { COLORS } from './ui';

/** Grid step of the builder, page px. */
export const GRID_PX = 10;
/** Snap distance on screen, px (divided by the zoom so it feels the same at any zoom). */
export const SNAP_SCREEN_PX = 6;
/**
 * At most this many boxes of a page draw their live panel (the largest ones on screen); the others show
 * their type's static thumbnail. Live panels each subscribe to data and lay out charts, so a 200-panel
 * page would otherwise be 200 live dashboards inside an editor.
 */
export const LIVE_PANEL_CAP = 40;
/** A box smaller than this on screen (px, either side) shows its thumbnail: nothing live would be readable. */
export const LIVE_MIN_SCREEN_PX = 40;

type Drag =
  | { kind: 'move'; sx: number; sy: number; rects: Map<string, Rect>; bbox: Rect; others: Rect[]; clicked: string; moved: boolean }
  | { kind: 'resize'; sx: number; sy: number; id: string; handle: Handle; rect: Rect; others: Rect[] }
  | { kind: 'marquee'; sx: number; sy: number; additive: boolean; before: string[] };

/**
 * How each panel of a page is drawn in the builder (see {@link LIVE_PANEL_CAP}): hidden panels as an
 * outline, boxes under {@link LIVE_MIN_SCREEN_PX} on screen as thumbnails, and of the rest the
 * `cap` largest live (ties: the upper one first), the others as thumbnails.
 */
export function boxContents(panels: readonly Panel[], isHidden: (id: string) => boolean, zoom: number, cap: number = LIVE_PANEL_CAP): Map<string, BoxContent> {
  const out = new Map<string, BoxContent>();
  const candidates: Panel[] = [];
  for (const p of panels) {
    if (isHidden(p.panelId) || p.hidden) out.set(p.panelId, 'outline');
    else if (p.w * zoom < LIVE_MIN_SCREEN_PX || p.h * zoom < LIVE_MIN_SCREEN_PX) out.set(p.panelId, 'thumbnail');
    else candidates.push(p);
  }
  candidates.sort((a, b) => b.w * b.h - a.w * a.h || b.z - a.z);
  candidates.forEach((p, i) => out.set(p.panelId, i < cap ? 'live' : 'thumbnail'));
  return out;
}

/**
 * The page being edited at `zoom`: the real panels with live data (PanelBox; beyond LIVE_PANEL_CAP as
 * thumbnails), drag to move, 8 handles to resize, snapping with guides, Shift+click and marquee
 * selection, drop a panel type from the catalogue. Escape during a drag puts everything back. `pageRef`
 * receives the page element (the rulers measure it).
 */
export const Canvas = observer(function Canvas({ store, zoom, pageRef: outerRef }: { store: EditorStore; zoom: number; pageRef?: Ref<HTMLDivElement> }) {
  const registry = usePanelRegistry();
  const candidates = useBindingCandidates();
  const { i18n } = useLingui();
  const pageRef = useRef<HTMLDivElement>(null);
  const drag = useRef<Drag | null>(null);
  const [marquee, setMarquee] = useState<Rect | null>(null);
  const board = store.board;
  const page = store.page;

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && drag.current) {
        drag.current = null;
        setMarquee(null);
        store.cancelGesture();
        e.stopPropagation();
      }
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [store]);

  if (!board || !page) return null;
  const { pageWidth, pageHeight } = board.layout;

  const toPage = (e: { clientX: number; clientY: number }) => {
    const r = pageRef.current!.getBoundingClientRect();
    return { x: (e.clientX - r.left) / zoom, y: (e.clientY - r.top) / zoom };
  };
  const othersThan = (ids: Set<string>) => [
    ...page.panels.filter((p) => !ids.has(p.panelId) && !store.hidden.has(p.panelId)),
    { x: 0, y: 0, w: pageWidth, h: pageHeight },
  ];

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if (e.button !== 0 || drag.current) return;
    const el = e.target as HTMLElement;
    const { x, y } = toPage(e);
    const handle = el.closest<HTMLElement>('[data-handle]')?.dataset.handle as Handle | undefined;
    const panelId = el.closest<HTMLElement>('[data-panel-id]')?.dataset.panelId;
    pageRef.current!.setPointerCapture(e.pointerId);
    if (handle && panelId) {
      const p = page.panels.find((q) => q.panelId === panelId)!;
      store.beginGesture();
      drag.current = { kind: 'resize', sx: x, sy: y, id: panelId, handle, rect: { x: p.x, y: p.y, w: p.w, h: p.h }, others: othersThan(new Set([panelId])) };
      return;
    }
    if (panelId) {
      if (e.shiftKey) {
        store.toggleSelect(panelId);
        return;
      }
      if (!store.selection.includes(panelId)) store.select([panelId]);
      const moving = store.selectedPanels.filter((p) => !store.locked.has(p.panelId));
      if (moving.length === 0) return;
      const rects = new Map(moving.map((p) => [p.panelId, { x: p.x, y: p.y, w: p.w, h: p.h }]));
      store.beginGesture();
      drag.current = { kind: 'move', sx: x, sy: y, rects, bbox: boundsOf([...rects.values()])!, others: othersThan(new Set(rects.keys())), clicked: panelId, moved: false };
      return;
    }
    drag.current = { kind: 'marquee', sx: x, sy: y, additive: e.shiftKey, before: e.shiftKey ? store.selection : [] };
    if (!e.shiftKey) store.select([]);
  };

  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    if (!d) return;
    const { x, y } = toPage(e);
    const opts = { gridPx: e.altKey ? 0 : GRID_PX, thresholdPx: e.altKey ? 0 : SNAP_SCREEN_PX / zoom };
    if (d.kind === 'move') {
      d.moved = true;
      const moved = { ...d.bbox, x: d.bbox.x + x - d.sx, y: d.bbox.y + y - d.sy };
      const snapped = snapMove(moved, { ...opts, others: d.others });
      const dx = snapped.rect.x - d.bbox.x;
      const dy = snapped.rect.y - d.bbox.y;
      const next = new Map([...d.rects].map(([id, r]) => [id, { ...r, x: r.x + dx, y: r.y + dy }]));
      store.updateGesture(next, snapped.guides);
    } else if (d.kind === 'resize') {
      const raw = resizeRect(d.rect, d.handle, x - d.sx, y - d.sy);
      const snapped = snapResize(raw, d.handle, { ...opts, others: d.others });
      store.updateGesture(new Map([[d.id, snapped.rect]]), snapped.guides);
    } else {
      const m = rectFromPoints(d.sx, d.sy, x, y);
      setMarquee(m);
      const visible = page.panels.filter((p) => !store.hidden.has(p.panelId)).map((p) => ({ id: p.panelId, x: p.x, y: p.y, w: p.w, h: p.h }));
      store.select([...d.before, ...marqueeSelect(visible, m)]);
    }
  };

  const onPointerUp = () => {
    const d = drag.current;
    drag.current = null;
    if (!d) return;
    if (d.kind === 'marquee') setMarquee(null);
    else store.endGesture();
    // A click (no drag) on one panel of a multi-selection selects just that panel, as in other editors.
    if (d.kind === 'move' && !d.moved && store.selection.length > 1) store.select([d.clicked]);
  };

  const onDragOver = (e: DragEvent) => {
    if (e.dataTransfer.types.includes(PANEL_MIME)) {
      e.preventDefault();
      e.dataTransfer.dropEffect = 'copy';
    }
  };
  const onDrop = (e: DragEvent) => {
    const type = e.dataTransfer.getData(PANEL_MIME);
    if (!type) return;
    e.preventDefault();
    const { x, y } = toPage(e);
    addPanelOfType(store, registry, type, { x, y }, candidates);
  };

  const selected = new Set(store.selection);
  const isHidden = (id: string) => store.hidden.has(id);
  const contents = boxContents(page.panels, isHidden, zoom);
  const setRefs = (el: HTMLDivElement | null) => {
    pageRef.current = el;
    if (typeof outerRef === 'function') outerRef(el);
    else if (outerRef) outerRef.current = el;
  };

  return (
    <div
      ref={setRefs}
      data-testid="builder-page"
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerUp}
      onDragOver={onDragOver}
      onDrop={onDrop}
      style={{ position: 'relative', width: pageWidth * zoom, height: pageHeight * zoom, flex: 'none', touchAction: 'none', userSelect: 'none' }}
    >
      <div
        style={{
          position: 'absolute',
          inset: 0,
          width: pageWidth,
          height: pageHeight,
          transform: `scale(${zoom})`,
          transformOrigin: '0 0',
          // The page previews the board: the board's own page background (light or dark), as in the viewer.
          background: `radial-gradient(ellipse at top, ${SCREEN.headerBackground}, ${SCREEN.pageBackground} 70%)`,
          outline: `1px solid ${COLORS.border}`,
        }}
      >
        <style>{PANEL_BOX_CSS}</style>
        <div
          aria-hidden
          data-testid="builder-grid"
          style={{
            position: 'absolute',
            inset: 0,
            pointerEvents: 'none',
            backgroundImage: `linear-gradient(${SCREEN.grid} 1px, transparent 1px), linear-gradient(90deg, ${SCREEN.grid} 1px, transparent 1px)`,
            backgroundSize: `${GRID_PX * 5}px ${GRID_PX * 5}px`,
          }}
        />
        {page.panels.map((p) => {
          const def = registry.get(p.type);
          const locked = store.locked.has(p.panelId) || p.locked === true;
          const isSel = selected.has(p.panelId);
          return (
            <PanelBox
              key={p.panelId}
              panel={p}
              zoom={zoom}
              typeTitle={def ? i18n._(def.title) : p.type}
              thumbnail={def?.thumbnail}
              content={contents.get(p.panelId) ?? 'thumbnail'}
              selected={isSel}
              handles={isSel && !locked && store.selection.length === 1}
              locked={locked}
              hidden={isHidden(p.panelId) || p.hidden === true}
            />
          );
        })}
        {store.guides.map((g, i) => (
          <div
            key={i}
            data-testid="snap-guide"
            style={{
              position: 'absolute',
              zIndex: 100_000,
              pointerEvents: 'none',
              background: COLORS.guide,
              ...(g.axis === 'x' ? { left: g.pos, top: g.from, width: 1 / zoom, height: g.to - g.from } : { top: g.pos, left: g.from, height: 1 / zoom, width: g.to - g.from }),
            }}
          />
        ))}
        {marquee ? (
          <div
            data-testid="marquee"
            style={{ position: 'absolute', zIndex: 100_001, pointerEvents: 'none', left: marquee.x, top: marquee.y, width: marquee.w, height: marquee.h, border: `${1 / zoom}px solid ${COLORS.selection}`, background: `color-mix(in srgb, ${COLORS.selection} 14%, transparent)` }}
          />
        ) : null}
      </div>
    </div>
  );
});
