import { formatFixedDigits } from '../../format/number';
import { LEVEL_COLOR, STATUS_COLOR } from '../../theme/status';
import { SCREEN } from '../../theme/theme';

/** One bar: the day's label (MM-DD) and its value (null: not enough readings, drawn as a dash). */
export interface DayBar {
  date: string;
  value: number | null;
}

/**
 * A row of daily bars against one limit (SVG): each day's value as a bar (in the alarm colour when over the
 * limit), the limit as a dashed red line labelled with its value, the values over the bars where they fit,
 * the dates under them when `dates`. Text at `fontPx` page px.
 */
export function DailyBars({ title, bars, limit, digits, width, height, fontPx, dates, color }: {
  title: string;
  bars: readonly DayBar[];
  limit: number;
  digits: number;
  width: number;
  height: number;
  fontPx: number;
  dates: boolean;
  color?: string;
}) {
  const titleH = fontPx * 1.3;
  const dateH = dates ? fontPx * 1.3 : 0;
  const valueH = fontPx * 1.2;
  const plotTop = titleH + valueH;
  const plotH = Math.max(4, height - plotTop - dateH - 2);
  const labelW = fontPx * 3;
  const plotW = Math.max(10, width - labelW);
  const slot = plotW / Math.max(1, bars.length);
  const top = Math.max(limit, ...bars.map((b) => b.value ?? 0)) * 1.1;
  const y = (v: number) => plotTop + plotH - (v / top) * plotH;
  const showValues = slot >= fontPx * (digits > 0 ? 3.2 : 2.4);
  return (
    <svg width={width} height={height} role="img" aria-label={title} data-daily-bars={title} style={{ display: 'block' }}>
      <text x={0} y={fontPx} style={{ fill: SCREEN.text, fontSize: fontPx }}>
        {title}
      </text>
      {bars.map((b, i) => {
        const x = i * slot + slot * 0.2;
        const w = slot * 0.6;
        const over = b.value !== null && b.value > limit;
        return (
          <g key={b.date} data-day={b.date} data-over={over ? 'true' : 'false'}>
            {b.value === null ? (
              <text x={x + w / 2} y={plotTop + plotH - 4} textAnchor="middle" style={{ fill: SCREEN.textMuted, fontSize: fontPx }}>
                —
              </text>
            ) : (
              <>
                <rect x={x} y={y(b.value)} width={w} height={plotTop + plotH - y(b.value)} rx={2} style={{ fill: over ? LEVEL_COLOR.alarm : (color ?? STATUS_COLOR.online) }} />
                {showValues ? (
                  <text x={x + w / 2} y={y(b.value) - 4} textAnchor="middle" style={{ fill: SCREEN.text, fontSize: fontPx }}>
                    {formatFixedDigits(b.value, digits)}
                  </text>
                ) : null}
              </>
            )}
            {dates ? (
              <text x={x + w / 2} y={height - 4} textAnchor="middle" style={{ fill: SCREEN.textMuted, fontSize: fontPx }}>
                {b.date.slice(5)}
              </text>
            ) : null}
          </g>
        );
      })}
      <line x1={0} x2={plotW} y1={y(limit)} y2={y(limit)} style={{ stroke: LEVEL_COLOR.alarm, strokeWidth: 2, strokeDasharray: '8 6' }} />
      <text x={width - 2} y={y(limit) + fontPx * 0.35} textAnchor="end" data-limit={limit} style={{ fill: LEVEL_COLOR.alarm, fontSize: fontPx, fontWeight: 600 }}>
        {formatFixedDigits(limit, digits)}
      </text>
    </svg>
  );
}

/** The station a daily panel shows: the configured `sn` when the answer has it, else the first. */
export function dailyStation<S extends { sn: string }>(stations: readonly S[], sn: string | undefined): S | undefined {
  return (sn ? stations.find((s) => s.sn === sn) : undefined) ?? stations[0];
}
