import { Fragment } from 'react';
import { useLingui } from '@lingui/react/macro';
import type { CycleStageSpan } from '../../../protocol';
import { formatBeijing } from '../../format/time';
import { SCREEN } from '../../theme/theme';
import { SOURCE_LABEL, STAGE_COLOUR, STAGE_LABEL } from './stageText';

/**
 * The stage timeline of headings over [fromMs, toMs]: one row per heading, a bar per stage span in the
 * stage's colour; inferred spans are drawn lighter with a dashed edge, reported ones solid. An open span
 * runs to `toMs`. Bars are placed in % of the row, so text keeps its size at any width; hover names the
 * stage, its source and its times.
 */
export function StageTimeline({ spans, headings, fromMs, toMs }: { spans: readonly CycleStageSpan[]; headings: ReadonlyArray<{ headingId: string; name: string }>; fromMs: number; toMs: number }) {
  const { i18n } = useLingui();
  const pct = (ms: number) => ((Math.min(toMs, Math.max(fromMs, ms)) - fromMs) / Math.max(1, toMs - fromMs)) * 100;
  const ticks = Array.from({ length: 5 }, (_, i) => fromMs + ((toMs - fromMs) * i) / 4);
  return (
    <div data-stage-timeline style={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 10, rowGap: 6, fontSize: '0.875em', alignItems: 'center' }}>
      {headings.map((h) => (
        <Fragment key={h.headingId}>
          <span>{h.name}</span>
          <div data-timeline-row={h.headingId} style={{ position: 'relative', height: '1.6em' }}>
            {spans
              .filter((s) => s.headingId === h.headingId && (s.endMs ?? toMs) > fromMs && s.startMs < toMs)
              .map((s) => {
                const left = pct(s.startMs);
                const inferred = s.source === 'inferred';
                return (
                  <div
                    key={s.startMs}
                    data-span={s.stage}
                    data-source={s.source}
                    title={`${i18n._(STAGE_LABEL[s.stage])} · ${i18n._(SOURCE_LABEL[s.source])} · ${formatBeijing(s.startMs, 'MM-DD HH:mm')}–${s.endMs === null ? '' : formatBeijing(s.endMs, 'HH:mm')}`}
                    style={{ position: 'absolute', top: 0, bottom: 0, left: `${left}%`, width: `max(1px, ${pct(s.endMs ?? toMs) - left}%)`, background: STAGE_COLOUR[s.stage], opacity: inferred ? 0.6 : 1, outline: inferred ? `1px dashed ${SCREEN.text}` : undefined, outlineOffset: -1, boxSizing: 'border-box' }}
                  />
                );
              })}
          </div>
        </Fragment>
      ))}
      <span />
      <div style={{ position: 'relative', height: '1.5em', color: SCREEN.textMuted, fontSize: '0.9286em' /* 13 px of the grid's 14 */ }}>
        {ticks.map((t, i) => (
          <span key={t} style={{ position: 'absolute', left: `${(i / 4) * 100}%`, transform: i === 0 ? 'none' : i === 4 ? 'translateX(-100%)' : 'translateX(-50%)', whiteSpace: 'nowrap' }}>
            {formatBeijing(t, 'MM-DD HH:mm')}
          </span>
        ))}
      </div>
    </div>
  );
}

/** The legend of the stage colours, and of reported (solid) against inferred (light, dashed). */
export function StageLegend() {
  const { i18n } = useLingui();
  return (
    <div style={{ display: 'flex', flexWrap: 'wrap', gap: '4px 14px', fontSize: '0.8125em' }}>
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
