import { SCREEN, STATUS_COLOR } from '../../components';

const LEVELS = [STATUS_COLOR.alarm, STATUS_COLOR.warning, STATUS_COLOR.alarm, STATUS_COLOR.warning, STATUS_COLOR.warning];

/** Catalogue picture of the alarm feed: newest-first rows with a level colour bar, text and time. */
export function AlarmFeedThumbnail({ width, height }: { width: number; height: number }) {
  return (
    <svg width={width} height={height} viewBox="0 0 160 100" aria-hidden data-thumbnail="alarmFeed">
      <rect x="0" y="0" width="160" height="14" style={{ fill: SCREEN.panelTitle }} />
      <rect x="6" y="4" width="3" height="6" style={{ fill: SCREEN.brand }} />
      <rect x="12" y="6" width="44" height="3" rx="1" style={{ fill: SCREEN.textMuted }} />
      {LEVELS.map((level, i) => {
        const y = 19 + i * 16;
        return (
          <g key={i}>
            <rect x="6" y={y} width="148" height="13" rx="2" style={{ fill: SCREEN.panelTitle }} />
            <rect x="6" y={y} width="3" height="13" style={{ fill: level }} />
            <rect x="14" y={y + 3} width={[56, 44, 62, 38, 50][i]} height="3" rx="1" style={{ fill: SCREEN.text }} />
            <rect x="14" y={y + 8} width="30" height="2.4" rx="1" style={{ fill: SCREEN.textMuted }} />
            <rect x="124" y={y + 5} width="24" height="3" rx="1" style={{ fill: SCREEN.textMuted }} />
          </g>
        );
      })}
    </svg>
  );
}
