import type { Page } from '../../../protocol';
import { COLORS } from './ui';

/** How a panel is marked on a thumbnail of a change: added (new), moved or reconfigured (changed), removed. */
export type ThumbnailMark = 'added' | 'changed' | 'removed';

const MARK_COLOURS: Record<ThumbnailMark, string> = { added: '#2fbf71', changed: '#f5a524', removed: '#e5484d' };

/**
 * A small SVG drawing of one page's layout: the page, and each shown panel as a box (hidden panels
 * left out), coloured by `marks` (panel id → mark) so a before/after pair shows what a release changes.
 * `width` in CSS px; the height follows the page's aspect ratio. Decorative unless `label` is given.
 */
export function BoardThumbnail({ page, pageWidth, pageHeight, width, marks, label }: { page: Pick<Page, 'panels'> | null; pageWidth: number; pageHeight: number; width: number; marks?: ReadonlyMap<string, ThumbnailMark>; label?: string }) {
  const height = Math.round((width * pageHeight) / pageWidth);
  const stroke = Math.max(pageWidth, pageHeight) / 200;
  return (
    <svg width={width} height={height} viewBox={`0 0 ${pageWidth} ${pageHeight}`} role={label ? 'img' : undefined} aria-label={label} aria-hidden={label ? undefined : true} style={{ display: 'block', background: COLORS.field, border: `1px solid ${COLORS.border}`, borderRadius: 3 }}>
      {page?.panels
        .filter((p) => !p.hidden)
        .map((p) => {
          const mark = marks?.get(p.panelId);
          const colour = mark ? MARK_COLOURS[mark] : COLORS.muted;
          return (
            <rect
              key={p.panelId}
              data-mark={mark}
              x={p.x + stroke}
              y={p.y + stroke}
              width={Math.max(1, p.w - 2 * stroke)}
              height={Math.max(1, p.h - 2 * stroke)}
              rx={stroke * 2}
              fill={colour}
              fillOpacity={mark ? 0.45 : 0.22}
              stroke={colour}
              strokeWidth={stroke}
              strokeDasharray={mark === 'removed' ? `${stroke * 4} ${stroke * 3}` : undefined}
            />
          );
        })}
    </svg>
  );
}
