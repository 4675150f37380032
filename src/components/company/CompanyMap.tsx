import { useEffect, useMemo, useRef, useState, type MouseEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { PROJECT_STATES, type CompanyProject, type ProjectState } from '../../../protocol';
import { STATUS_COLOR } from '../../theme/status';
import { SCREEN } from '../../theme/theme';
import { useElementWidth } from '../useElementHeight';
import { screenZoom } from '../../app/shell/screenZoom';
import { MIN_SCREEN_TEXT_PX } from '../mapText';
import { chinaProjection, mapPaths, projectPoint } from './chinaMap';
import { useProjectLabels } from './labels';
import { placeLabels } from './labelPlacement';

/** A marker's fill by the project's construction state; an open alarm adds a red ring. */
export const STATE_COLOR: Record<ProjectState, string> = {
  preparing: '#5b8def',
  underConstruction: STATUS_COLOR.online,
  suspended: '#b48cf2',
  completed: '#9aa5b8',
};

/** Height of the map per px of width (China's outline in the Albers projection, with room for the legend). */
const ASPECT = 0.74;
/** The screen's header, figures and section title above the map (CSS px): the map fits below them. */
const ABOVE_MAP_PX = 290;
const MIN_MAP_PX = 320;

/** The height (CSS px, at the management screens' zoom) left for the map below the screen's header and figures, following resizes. */
function useRoomBelow(): number {
  const room = () => Math.max(MIN_MAP_PX, window.innerHeight / screenZoom(window.innerWidth) - ABOVE_MAP_PX);
  const [px, setPx] = useState(room);
  useEffect(() => {
    const update = () => setPx(room());
    window.addEventListener('resize', update);
    return () => window.removeEventListener('resize', update);
  }, []);
  return px;
}

/**
 * The project distribution: China (its standard outline, chinaMap.ts) with its neighbours faint, one marker
 * per project with a place, coloured by state and ringed red with its count when it has open alarms, its
 * name beside it, and the legend. Markers and labels grow with the map's width (never under 12 px text at
 * 1366×768); the management screens' zoom grows them further on 4K screens. A click (Enter or Space on the
 * focused marker) calls `onOpen`, with `newTab` on a Ctrl, Cmd or middle click.
 */
export function CompanyMap({ projects, onOpen }: { projects: readonly CompanyProject[]; onOpen: (projectId: string, newTab: boolean) => void }) {
  const { t } = useLingui();
  const { stateLabel } = useProjectLabels();
  const box = useRef<HTMLDivElement>(null);
  const width = useElementWidth(box);
  const room = useRoomBelow();
  const height = Math.round(Math.min(width * ASPECT, room));
  const projection = useMemo(() => (width > 0 ? chinaProjection(width, height, Math.max(12, width * 0.02)) : null), [width, height]);
  const paths = useMemo(() => (projection ? mapPaths(projection) : null), [projection]);
  const r = Math.max(7, Math.min(16, width / 90));
  const fontPx = Math.max(MIN_SCREEN_TEXT_PX + 1, Math.min(22, width / 60));
  const placed = projects.flatMap((p) => {
    const at = projection && p.latitude !== null && p.longitude !== null ? projectPoint(projection, p.longitude, p.latitude) : null;
    return at ? [{ p, x: at[0], y: at[1] }] : [];
  });
  // names beside their markers, turned left, above or below where they would run into another
  const labels = placeLabels(placed.map(({ p, x, y }) => ({ key: p.projectId, x, y, text: p.name })), r * 1.9, fontPx, width, height);
  const open = (e: MouseEvent, projectId: string) => onOpen(projectId, e.ctrlKey || e.metaKey || e.button === 1);

  return (
    <div ref={box} style={{ position: 'relative', width: '100%', height: height || undefined, minHeight: MIN_MAP_PX }}>
      {projection && paths ? (
        <svg width={width} height={height} role="img" aria-label={t`Project distribution`} style={{ display: 'block' }}>
          <g fill="#1b2740" stroke="#33425f" strokeWidth={0.6}>
            {paths.others.map((d, i) => (
              <path key={i} d={d} />
            ))}
          </g>
          <g fill="#1f4d63" stroke="#5fc3d9" strokeWidth={1.2} data-china>
            {paths.china.map((d, i) => (
              <path key={i} d={d} />
            ))}
          </g>
          {placed.map(({ p, x, y }, i) => (
            <g
              key={p.projectId}
              data-project-marker={p.projectId}
              data-state={p.projectState}
              role="button"
              tabIndex={0}
              aria-label={t`Open ${p.name}`}
              style={{ cursor: 'pointer' }}
              onClick={(e) => open(e, p.projectId)}
              onAuxClick={(e) => open(e, p.projectId)}
              onKeyDown={(e) => {
                if (e.key !== 'Enter' && e.key !== ' ') return;
                e.preventDefault(); // Space would scroll the page
                onOpen(p.projectId, false);
              }}
            >
              <title>{`${p.name} · ${stateLabel(p.projectState)}${p.openAlarms ? ` · ${t`Open alarms`} ${p.openAlarms}` : ''}`}</title>
              {p.openAlarms > 0 ? <circle cx={x} cy={y} r={r * 1.7} fill="none" stroke={STATUS_COLOR.alarm} strokeWidth={r * 0.35} /> : null}
              <circle cx={x} cy={y} r={r} fill={STATE_COLOR[p.projectState]} stroke="#0b1220" strokeWidth={2} />
              {p.openAlarms > 0 ? (
                <text x={x} y={y + fontPx * 0.35} textAnchor="middle" fontSize={fontPx * 0.8} fontWeight={700} fill="#0b1220">
                  {p.openAlarms > 99 ? '99+' : p.openAlarms}
                </text>
              ) : null}
              <text x={labels[i].x} y={labels[i].y} textAnchor={labels[i].anchor} fontSize={fontPx} fill={SCREEN.text} stroke="#0b1220" strokeWidth={3} paintOrder="stroke">
                {p.name}
              </text>
            </g>
          ))}
        </svg>
      ) : null}
      <ul
        aria-label={t`Legend`}
        style={{
          position: 'absolute',
          left: 12,
          bottom: 12,
          margin: 0,
          padding: '8px 12px',
          listStyle: 'none',
          display: 'grid',
          gap: 4,
          background: 'rgba(11,18,32,0.8)',
          border: `1px solid ${SCREEN.panelBorder}`,
          fontSize: Math.max(14, fontPx * 0.85),
        }}
      >
        {PROJECT_STATES.map((s) => (
          <li key={s} style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
            <span style={{ width: 14, height: 14, borderRadius: 7, background: STATE_COLOR[s], display: 'inline-block' }} />
            {stateLabel(s)}
          </li>
        ))}
        <li style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
          <span style={{ width: 10, height: 10, borderRadius: 9, border: `3px solid ${STATUS_COLOR.alarm}`, display: 'inline-block' }} />
          <Trans>Open alarms</Trans>
        </li>
      </ul>
      {projects.length > placed.length && width > 0 ? (
        <p style={{ position: 'absolute', right: 12, bottom: 12, margin: 0, color: SCREEN.textMuted, fontSize: 14 }}>
          <Trans>{projects.length - placed.length} without a place on the map</Trans>
        </p>
      ) : null}
    </div>
  );
}
