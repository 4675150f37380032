import { LEVEL_COLOR, SCREEN, STATUS_COLOR } from '../../components';

/** Catalogue picture of noise by day and night: two rows of seven bars, each under its dashed limit. */
export function NoiseDayNightThumbnail({ width, height }: { width: number; height: number }) {
  const day = [30, 34, 28, 40, 33, 31, 29];
  const night = [18, 20, 26, 17, 19, 21, 18];
  return (
    <svg width={width} height={height} viewBox="0 0 160 100" aria-hidden data-thumbnail="noiseDayNight">
      {[day, night].map((row, r) => (
        <g key={r}>
          {row.map((h, i) => (
            <rect key={i} x={8 + i * 21} y={(r + 1) * 48 - h} width="12" height={h} style={{ fill: r === 1 && i === 2 ? LEVEL_COLOR.alarm : r === 0 ? STATUS_COLOR.online : SCREEN.brand }} />
          ))}
          <line x1="4" y1={(r + 1) * 48 - (r === 0 ? 36 : 24)} x2="156" y2={(r + 1) * 48 - (r === 0 ? 36 : 24)} style={{ stroke: LEVEL_COLOR.alarm, strokeDasharray: '4 3' }} />
        </g>
      ))}
    </svg>
  );
}
