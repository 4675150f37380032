import { SCREEN } from '../../components';

/** Catalogue picture of the weather: a compass with the wind's arrow beside three readings. */
export function WeatherThumbnail({ width, height }: { width: number; height: number }) {
  return (
    <svg width={width} height={height} viewBox="0 0 160 100" aria-hidden data-thumbnail="weather">
      <circle cx="45" cy="52" r="34" style={{ fill: 'none', stroke: SCREEN.textMuted, strokeWidth: 2 }} />
      <path d="M30 67 L60 37 M48 37 L60 37 L60 49" style={{ stroke: SCREEN.brand, strokeWidth: 4, fill: 'none' }} />
      {[0, 1, 2].map((i) => (
        <g key={i}>
          <rect x="96" y={22 + i * 26} width="20" height="4" rx="1" style={{ fill: SCREEN.textMuted }} />
          <rect x="96" y={29 + i * 26} width="52" height="9" rx="1" style={{ fill: SCREEN.text }} />
        </g>
      ))}
    </svg>
  );
}
