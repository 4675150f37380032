import { Trans, useLingui } from '@lingui/react/macro';
import type { HeadingCycleState } from '../../../protocol';
import { formatChainage } from '../../../protocol';
import { formatBeijing, formatDuration } from '../../format/time';
import { SCREEN } from '../../theme/theme';
import { CONFIDENCE_LABEL, SOURCE_LABEL, STAGE_COLOUR, STAGE_LABEL } from './stageText';

/**
 * One heading's stage as of `atMs`: the stage with how it was identified, previous and next, start and
 * elapsed, the countdown to the expected start of the next stage, rounds and footage today.
 */
export function HeadingStageView({ heading: h, atMs, startChainageM }: { heading: HeadingCycleState; atMs: number; startChainageM: number | null }) {
  const { i18n } = useLingui();
  const elapsed = h.stageStartMs === null ? null : Math.max(0, atMs - h.stageStartMs);
  const left = h.expectedNextStartMs === null ? null : h.expectedNextStartMs - atMs;
  const stageName = h.stage ? i18n._(STAGE_LABEL[h.stage]) : null;
  const row = { display: 'flex', justifyContent: 'space-between', gap: 8, fontSize: '0.875em', lineHeight: 1.55 } as const;
  const muted = { color: SCREEN.textMuted } as const;
  return (
    <section data-heading-stage={h.headingId} data-stage={h.stage ?? ''} data-source={h.source ?? ''} style={{ border: `1px solid ${SCREEN.panelBorder}`, borderRadius: 4, padding: '8px 12px', minWidth: 0 }}>
      <header style={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', alignItems: 'baseline', gap: '0 8px' }}>
        <strong style={{ fontSize: '1em', overflowWrap: 'anywhere' }} title={h.headingName}>
          {h.headingName}
        </strong>
        <span style={{ ...muted, fontSize: '0.8125em' }}>
          {startChainageM === null ? `${Math.round(h.faceM)} m` : formatChainage(startChainageM + h.faceM)} · {h.rockGrade ?? '–'}
        </span>
      </header>
      {h.stage === null ? (
        <p style={{ fontSize: '0.875em', ...muted }}>
          <Trans>No stage identified yet</Trans>
        </p>
      ) : (
        <>
          <div style={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 10, margin: '6px 0' }}>
            <span aria-hidden style={{ width: 14, height: 14, borderRadius: 7, background: STAGE_COLOUR[h.stage] }} />
            <span data-current-stage style={{ fontSize: '1.5em', fontWeight: 600 }}>
              {stageName}
            </span>
            <span
              data-stage-source={h.source}
              title={h.confidence ? i18n._(CONFIDENCE_LABEL[h.confidence]) : undefined}
              style={{ fontSize: '0.8125em', padding: '1px 8px', borderRadius: 10, whiteSpace: 'nowrap', border: `1px ${h.source === 'reported' ? 'solid' : 'dashed'} ${SCREEN.textMuted}` }}
            >
              {h.source ? i18n._(SOURCE_LABEL[h.source]) : ''}
              {h.source === 'inferred' && h.confidence ? ` · ${i18n._(CONFIDENCE_LABEL[h.confidence])}` : ''}
            </span>
          </div>
          <div style={row}>
            <span style={muted}>
              <Trans>Previous / next</Trans>
            </span>
            <span>
              {h.previousStage ? i18n._(STAGE_LABEL[h.previousStage]) : '–'} → {h.nextStage ? i18n._(STAGE_LABEL[h.nextStage]) : '–'}
            </span>
          </div>
          <div style={row}>
            <span style={muted}>
              <Trans>Started</Trans>
            </span>
            <span>
              {formatBeijing(h.stageStartMs, 'MM-DD HH:mm')} · <Trans>elapsed {formatDuration(elapsed)}</Trans>
            </span>
          </div>
          <div style={row} data-countdown>
            <span style={muted}>
              <Trans>Next expected</Trans>
            </span>
            <span>
              {h.expectedNextStartMs === null ? '–' : left !== null && left >= 0 ? <Trans>in {formatDuration(left)} ({formatBeijing(h.expectedNextStartMs, 'HH:mm')})</Trans> : <Trans>overdue by {formatDuration(-(left ?? 0))}</Trans>}
            </span>
          </div>
        </>
      )}
      <div style={row}>
        <span style={muted}>
          <Trans>Rounds today</Trans>
        </span>
        <span data-cycles-today>
          {h.cyclesToday} · {h.footageTodayM.toFixed(1)} m
        </span>
      </div>
    </section>
  );
}
