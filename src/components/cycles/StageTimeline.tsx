import { useLingui } from '@lingui/react/macro';
import type { CycleStageSpan } from '../../../protocol';
import { formatBeijing } from '../../format/time';
import { SCREEN } from '../../theme/theme';
import { SOURCE_LABEL, STAGE_COLOUR, STAGE_LABEL } from './stageText';

/**
 * The stage timeline of headings over [fromMs, toMs]: one row per heading, a bar per stage span in the
 * stage's colour; inferred spans are drawn lighter with a dashed edge, reported ones solid. An open span
 * runs to `toMs`. SVG scaled to its box; hover names the stage, its source and its times.
 */
export function StageTimeline({ spans, headings, fromMs, toMs }: { spans: readonly CycleStageSpan[]; headings: ReadonlyArray<{ headingId: string; name: string }>; fromMs: number; toMs: number }) {
  const { i18n } = useLingui();
  const rowH = 28;
  const labelW = 120;
  const width = 1000;
  const height = headings.length * rowH + 22;
  const x = (ms: number) => labelW + ((Math.min(toMs, Math.max(fromMs, ms)) - fromMs) / Math.max(1, toMs - fromMs)) * (width - labelW);
  const ticks = Array.from({ length: 5 }, (_, i) => fromMs + ((toMs - fromMs) * i) / 4);
  return (
    <svg viewBox={`0 0 ${width} ${height}`} width="100%" preserveAspectRatio="none" style={{ display: 'block', minHeight: height * 0.6 }} data-stage-timeline>
      {headings.map((h, i) => (
        <g key={h.headingId} transform={`translate(0 ${i * rowH})`}>
          <text x={0} y={rowH / 2 + 5} style={{ fill: SCREEN.text, fontSize: 14 }}>
            {h.name}
          </text>
          {spans
            .filter((s) => s.headingId === h.headingId && (s.endMs ?? toMs) > fromMs && s.startMs < toMs)
            .map((s) => {
              const x0 = x(s.startMs);
              const x1 = x(s.endMs ?? toMs);
              const inferred = s.source === 'inferred';
              return (
                <rect key={s.startMs} data-span={s.stage} data-source={s.source} x={x0} y={4} width={Math.max(1, x1 - x0)} height={rowH - 8} style={{ fill: STAGE_COLOUR[s.stage], fillOpacity: inferred ? 0.55 : 1, stroke: inferred ? SCREEN.text : 'none', strokeDasharray: '3 2', strokeWidth: inferred ? 1 : 0 }}>
                  <title>{`${i18n._(STAGE_LABEL[s.stage])} · ${i18n._(SOURCE_LABEL[s.source])} · ${formatBeijing(s.startMs, 'MM-DD HH:mm')}–${s.endMs === null ? '' : formatBeijing(s.endMs, 'HH:mm')}`}</title>
                </rect>
              );
            })}
        </g>
      ))}
      {ticks.map((t) => (
        <text key={t} x={x(t)} y={height - 4} textAnchor="middle" style={{ fill: SCREEN.textMuted, fontSize: 13 }}>
          {formatBeijing(t, 'MM-DD HH:mm')}
        </text>
      ))}
    </svg>
  );
}

/** The legend of the stage colours, and of reported (solid) against inferred (light, dashed). */
export function StageLegend() {
  const { i18n } = useLingui();
  return (
    <div style={{ display: 'flex', flexWrap: 'wrap', gap: '4px 14px', fontSize: 13 }}>
      {(Object.keys(STAGE_COLOUR) as Array<keyof typeof STAGE_COLOUR>).map((s) => (
        <span key={s} style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}>
          <span aria-hidden style={{ width: 12, height: 12, background: STAGE_COLOUR[s] }} />
          {i18n._(STAGE_LABEL[s])}
        </span>
      ))}
      <span style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}>
        <span aria-hidden style={{ width: 12, height: 12, background: SCREEN.textMuted }} />
        {i18n._(SOURCE_LABEL.reported)}
      </span>
      <span style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}>
        <span aria-hidden style={{ width: 12, height: 12, background: SCREEN.textMuted, opacity: 0.55, outline: `1px dashed ${SCREEN.text}` }} />
        {i18n._(SOURCE_LABEL.inferred)}
      </span>
    </div>
  );
}
