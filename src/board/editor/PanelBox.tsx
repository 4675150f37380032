import { memo, type ComponentType } from 'react';
import { useLingui } from '@lingui/react/macro';
import type { Panel } from '../../../protocol';
import { SCREEN } from '../../theme/theme';
import { MemoPanelContent } from '../PanelHost';
import { HANDLES, type Handle, type Rect } from './geometry';
import { COLORS } from './ui';

/** Resize handle size on screen, px. */
const HANDLE_SCREEN_PX = 9;
/** Label text size on screen, px (divided by the zoom: the label reads the same at any zoom). */
const LABEL_SCREEN_PX = 11;
/** Height of the label on screen, px: one line of LABEL_SCREEN_PX text with its padding. */
const LABEL_BOX_SCREEN_PX = Math.ceil(LABEL_SCREEN_PX * 1.3 + 4);

const CURSORS: Record<Handle, string> = { n: 'ns-resize', s: 'ns-resize', e: 'ew-resize', w: 'ew-resize', ne: 'nesw-resize', sw: 'nesw-resize', nw: 'nwse-resize', se: 'nwse-resize' };

function handlePos(h: Handle, r: Rect): { left: number; top: number } {
  const left = h.includes('w') ? 0 : h.includes('e') ? r.w : r.w / 2;
  const top = h.includes('n') ? 0 : h.includes('s') ? r.h : r.h / 2;
  return { left, top };
}

/**
 * Stylesheet of the boxes: the label shows on hover and selection only (inline styles cannot say
 * :hover). Rendered once by the canvas.
 */
export const PANEL_BOX_CSS = `
[data-testid="builder-panel"] > [data-box-label] { display: none; }
[data-testid="builder-panel"]:hover > [data-box-label],
[data-testid="builder-panel"][aria-selected="true"] > [data-box-label],
[data-testid="builder-panel"][data-hidden="true"] > [data-box-label] { display: block; }
`;

/** How a box draws its panel: the live panel, the type's static thumbnail, or (hidden) an outline only. */
export type BoxContent = 'live' | 'thumbnail' | 'outline';

/** Props of {@link PanelBox}. */
export interface PanelBoxProps {
  panel: Panel;
  zoom: number;
  /** Translated type title (the registry's), or the type id when unknown. */
  typeTitle: string;
  thumbnail: ComponentType<{ width: number; height: number }> | undefined;
  content: BoxContent;
  selected: boolean;
  /** Show the 8 resize handles (the only selected panel, not locked). */
  handles: boolean;
  locked: boolean;
  hidden: boolean;
}

/**
 * One panel on the builder's canvas, in page px: the real panel (live data, same host as the viewers)
 * with pointer events and focus switched off inside so the box can be dragged, a label (title · type ·
 * size, locked / hidden) on hover and selection, and the resize handles. The canvas finds boxes by
 * `data-panel-id` and handles by `data-handle`. Memoised: during a drag only the boxes that move
 * render again (their panel object is new), the other 199 of a 200-panel page do not.
 */
export const PanelBox = memo(function PanelBox({ panel: p, zoom, typeTitle, thumbnail: Thumb, content, selected, handles, locked, hidden }: PanelBoxProps) {
  const { t } = useLingui();
  const handleSize = HANDLE_SCREEN_PX / zoom;
  const marks = [locked ? t`locked` : '', hidden ? t`hidden` : ''].filter(Boolean).join(' · ');
  return (
    <div
      data-panel-id={p.panelId}
      data-testid="builder-panel"
      data-content={content}
      data-hidden={hidden}
      aria-selected={selected}
      title={p.title || typeTitle}
      style={{
        position: 'absolute',
        left: p.x,
        top: p.y,
        width: p.w,
        height: p.h,
        zIndex: p.z,
        boxSizing: 'border-box',
        border: hidden ? `${1.5 / zoom}px dashed ${COLORS.muted}` : undefined,
        outline: selected ? `${2 / zoom}px solid ${COLORS.selection}` : 'none',
        cursor: locked ? 'default' : 'move',
        overflow: 'visible',
      }}
    >
      {content === 'live' ? (
        <div inert style={{ position: 'absolute', inset: 0, pointerEvents: 'none' }}>
          <MemoPanelContent panel={p} />
        </div>
      ) : content === 'thumbnail' ? (
        <div
          aria-hidden
          style={{ position: 'absolute', inset: 0, pointerEvents: 'none', background: SCREEN.panelBackground, border: `${1 / zoom}px solid ${SCREEN.panelBorder}`, borderRadius: 6, boxSizing: 'border-box', overflow: 'hidden', opacity: p.style?.opacity }}
        >
          {Thumb ? <Thumb width={p.w} height={p.h} /> : <GenericThumbnail width={p.w} height={p.h} />}
        </div>
      ) : null}
      <div
        data-box-label
        style={{
          position: 'absolute',
          left: 0,
          // Above the box (as Figma names frames) so it does not cover the panel's own title; inside it
          // when the box touches the top of the page.
          top: p.y * zoom >= LABEL_BOX_SCREEN_PX ? -LABEL_BOX_SCREEN_PX / zoom : 0,
          height: LABEL_BOX_SCREEN_PX / zoom,
          maxWidth: '100%',
          boxSizing: 'border-box',
          padding: `${2 / zoom}px ${5 / zoom}px`,
          fontSize: LABEL_SCREEN_PX / zoom,
          lineHeight: 1.3,
          color: '#fff',
          background: selected ? COLORS.selection : 'rgba(20, 30, 48, 0.82)',
          borderRadius: 3 / zoom,
          whiteSpace: 'nowrap',
          overflow: 'hidden',
          textOverflow: 'ellipsis',
          pointerEvents: 'none',
          zIndex: 1,
        }}
      >
        <strong>{p.title || typeTitle}</strong> · {typeTitle} · {Math.round(p.w)}×{Math.round(p.h)}
        {marks ? ` · ${marks}` : ''}
      </div>
      {handles
        ? HANDLES.map((h) => {
            const pos = handlePos(h, p);
            return (
              <div
                key={h}
                data-handle={h}
                data-testid={`handle-${h}`}
                style={{
                  position: 'absolute',
                  zIndex: 2,
                  left: pos.left - handleSize / 2,
                  top: pos.top - handleSize / 2,
                  width: handleSize,
                  height: handleSize,
                  background: '#fff',
                  border: `${1 / zoom}px solid ${COLORS.selection}`,
                  boxSizing: 'border-box',
                  cursor: CURSORS[h],
                }}
              />
            );
          })
        : null}
    </div>
  );
});

/** The tile of a panel type without a thumbnail of its own: a frame with a title bar and blocks. */
export function GenericThumbnail({ width, height }: { width: number; height: number }) {
  // CSS variables work in `style`, not in SVG presentation attributes.
  const block = { fill: 'none', stroke: SCREEN.textMuted, strokeDasharray: '3 2' };
  return (
    <svg width={width} height={height} viewBox="0 0 120 80" preserveAspectRatio="none" aria-hidden data-thumbnail="generic">
      <rect x="0" y="0" width="120" height="14" style={{ fill: SCREEN.panelTitle }} />
      <rect x="6" y="4" width="3" height="6" style={{ fill: SCREEN.brand }} />
      <rect x="12" y="6" width="40" height="3" rx="1" style={{ fill: SCREEN.textMuted }} />
      <rect x="8" y="22" width="48" height="50" rx="2" vectorEffect="non-scaling-stroke" style={block} />
      <rect x="64" y="22" width="48" height="22" rx="2" vectorEffect="non-scaling-stroke" style={block} />
      <rect x="64" y="50" width="48" height="22" rx="2" vectorEffect="non-scaling-stroke" style={block} />
    </svg>
  );
}
