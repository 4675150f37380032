import { LEVEL_COLOR, SCREEN } from '../../components';
import { TREND_COLOR } from '../../components/environment/trendSeries';

/** Catalogue picture of the air-quality trend: a range switch, two lines and a dashed limit. */
export function AirQualityTrendThumbnail({ width, height }: { width: number; height: number }) {
  return (
    <svg width={width} height={height} viewBox="0 0 160 100" aria-hidden data-thumbnail="airQualityTrend">
      {[0, 1, 2].map((i) => (
        <rect key={i} x={100 + i * 20} y="4" width="17" height="9" rx="2" style={{ fill: i === 0 ? SCREEN.brand : SCREEN.panelTitle }} />
      ))}
      <line x1="8" y1="40" x2="152" y2="40" style={{ stroke: LEVEL_COLOR.alarm, strokeWidth: 1.5, strokeDasharray: '5 3' }} />
      <polyline points="8,80 30,70 50,74 70,50 90,36 110,58 130,62 152,54" style={{ fill: 'none', stroke: TREND_COLOR.pm10, strokeWidth: 2 }} />
      <polyline points="8,88 30,84 50,86 70,72 90,64 110,78 130,80 152,76" style={{ fill: 'none', stroke: TREND_COLOR.pm25, strokeWidth: 2 }} />
    </svg>
  );
}
