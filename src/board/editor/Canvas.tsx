import { useEffect, useRef, useState, type DragEvent, type PointerEvent } from 'react';
import { observer } from 'mobx-react-lite';
import { useLingui } from '@lingui/react/macro';
import { usePanelRegistry } from '../../components';
import type { EditorStore } from '../../stores/EditorStore';
import { HANDLES, boundsOf, marqueeSelect, rectFromPoints, resizeRect, snapMove, snapResize, type Handle, type Rect } from './geometry';
import { addPanelOfType, PANEL_MIME } from './tools';

/** Grid step of the builder, page px. */
export const GRID_PX = 10;
/** Snap distance on screen, px (divided by the zoom so it feels the same at any zoom). */
export const SNAP_SCREEN_PX = 6;
/** Resize handle size on screen, px. */
const HANDLE_SCREEN_PX = 9;

type Drag =
  | { kind: 'move'; sx: number; sy: number; rects: Map<string, Rect>; bbox: Rect; others: Rect[]; clicked: string; moved: boolean }
  | { kind: 'resize'; sx: number; sy: number; id: string; handle: Handle; rect: Rect; others: Rect[] }
  | { kind: 'marquee'; sx: number; sy: number; additive: boolean; before: string[] };

const CURSORS: Record<Handle, string> = { n: 'ns-resize', s: 'ns-resize', e: 'ew-resize', w: 'ew-resize', ne: 'nesw-resize', sw: 'nesw-resize', nw: 'nwse-resize', se: 'nwse-resize' };

function handlePos(h: Handle, r: Rect): { left: number; top: number } {
  const left = h.includes('w') ? 0 : h.includes('e') ? r.w : r.w / 2;
  const top = h.includes('n') ? 0 : h.includes('s') ? r.h : r.h / 2;
  return { left, top };
}

/**
 * The page being edited at `zoom`: panels as labelled boxes, drag to move, 8 handles to resize, snapping
 * with guides, Shift+click and marquee selection, drop a panel type from the catalogue. Escape during a
 * drag puts everything back.
 */
export const Canvas = observer(function Canvas({ store, zoom }: { store: EditorStore; zoom: number }) {
  const registry = usePanelRegistry();
  const { i18n, t } = useLingui();
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
    addPanelOfType(store, registry, type, { x, y });
  };

  const selected = new Set(store.selection);
  const handleSize = HANDLE_SCREEN_PX / zoom;

  return (
    <div
      ref={pageRef}
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
          background: '#050b18',
          backgroundImage: 'linear-gradient(#ffffff0d 1px, transparent 1px), linear-gradient(90deg, #ffffff0d 1px, transparent 1px)',
          backgroundSize: `${GRID_PX * 5}px ${GRID_PX * 5}px`,
          outline: '1px solid #2c4a78',
        }}
      >
        {page.panels.map((p) => {
          const def = registry.get(p.type);
          const typeTitle = def ? i18n._(def.title) : p.type;
          const isSel = selected.has(p.panelId);
          const hidden = store.hidden.has(p.panelId);
          const locked = store.locked.has(p.panelId);
          return (
            <div
              key={p.panelId}
              data-panel-id={p.panelId}
              data-testid="builder-panel"
              aria-selected={isSel}
              title={p.title || typeTitle}
              style={{
                position: 'absolute',
                left: p.x,
                top: p.y,
                width: p.w,
                height: p.h,
                zIndex: p.z,
                boxSizing: 'border-box',
                background: '#0b1730e6',
                border: `${1 / zoom}px ${hidden ? 'dashed' : 'solid'} #3a5d93`,
                outline: isSel ? `${2 / zoom}px solid #00b589` : 'none',
                opacity: hidden ? 0.35 : 1,
                cursor: locked ? 'default' : 'move',
                overflow: 'visible',
              }}
            >
              <div style={{ padding: 8 / zoom, fontSize: 13 / zoom, color: '#d6e2f5', overflow: 'hidden', whiteSpace: 'nowrap', textOverflow: 'ellipsis', pointerEvents: 'none' }}>
                <strong>{p.title || typeTitle}</strong>
                <div style={{ color: '#8aa0c2' }}>
                  {typeTitle} · {Math.round(p.w)}×{Math.round(p.h)}
                  {locked ? ` · ${t`locked`}` : ''}
                  {hidden ? ` · ${t`hidden`}` : ''}
                </div>
              </div>
              {isSel && !locked && store.selection.length === 1
                ? HANDLES.map((h) => {
                    const pos = handlePos(h, p);
                    return (
                      <div
                        key={h}
                        data-handle={h}
                        data-testid={`handle-${h}`}
                        style={{
                          position: 'absolute',
                          left: pos.left - handleSize / 2,
                          top: pos.top - handleSize / 2,
                          width: handleSize,
                          height: handleSize,
                          background: '#fff',
                          border: `${1 / zoom}px solid #00b589`,
                          boxSizing: 'border-box',
                          cursor: CURSORS[h],
                        }}
                      />
                    );
                  })
                : null}
            </div>
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
              background: '#ff3fd1',
              ...(g.axis === 'x' ? { left: g.pos, top: g.from, width: 1 / zoom, height: g.to - g.from } : { top: g.pos, left: g.from, height: 1 / zoom, width: g.to - g.from }),
            }}
          />
        ))}
        {marquee ? (
          <div
            data-testid="marquee"
            style={{ position: 'absolute', zIndex: 100_001, pointerEvents: 'none', left: marquee.x, top: marquee.y, width: marquee.w, height: marquee.h, border: `${1 / zoom}px solid #00b589`, background: '#00b58922' }}
          />
        ) : null}
      </div>
    </div>
  );
});
