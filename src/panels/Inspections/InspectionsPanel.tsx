import { Trans, useLingui } from '@lingui/react/macro';
import { useInspectionOverview } from '../../panelData';
import { PanelMessage, SCREEN, STATUS_COLOR } from '../../components';
import { INSPECTION_CATEGORY_LABEL, INSPECTION_STATE_LABEL } from '../../components/registers/labels';
import type { PanelProps } from '../types';
import type { InspectionsConfig } from './index';

/**
 * Open (open and awaiting review) and overdue counts of the quality and the safety inspections, and the
 * latest open issues (useInspectionOverview, live only) with company and deadline; overdue in red with
 * the word, never by colour alone. Text 20–26 px as the panel allows (≥ 12 px on a 1920×1080 board at 1366×768).
 */
export function InspectionsPanel({ config, width, height }: PanelProps<InspectionsConfig>) {
  const { t, i18n } = useLingui();
  const { overview, failed, unavailable } = useInspectionOverview();
  if (unavailable) return <PanelMessage tone="muted"><Trans>Inspections are shown live only</Trans></PanelMessage>;
  if (!overview) return <PanelMessage tone={failed ? 'error' : 'muted'}>{failed ? <Trans>Inspections could not be loaded</Trans> : <Trans>Loading…</Trans>}</PanelMessage>;
  const px = Math.max(20, Math.min(26, Math.floor(width / 34), Math.floor(height / 18)));
  const overdueWord = i18n._(INSPECTION_STATE_LABEL.overdue);
  const items = overview.open.slice(0, config.openItems);
  return (
    <div data-inspections-panel style={{ height: '100%', overflow: 'hidden', display: 'grid', gap: px * 0.6, alignContent: 'start', fontSize: px, color: SCREEN.text }}>
      <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: px }}>
        {(['safety', 'quality'] as const).map((c) => {
          const s = overview[c];
          return (
            <div key={c} data-inspection-counts={c}>
              <div style={{ color: SCREEN.textMuted }}>{i18n._(INSPECTION_CATEGORY_LABEL[c])}</div>
              <div style={{ display: 'flex', gap: px, alignItems: 'baseline' }}>
                <span>
                  <Trans>Open</Trans> <strong data-open style={{ fontSize: px * 1.4 }}>{s.open + s.awaitingReview}</strong>
                </span>
                <span style={{ color: s.overdue > 0 ? STATUS_COLOR.alarm : undefined }}>
                  {overdueWord} <strong data-overdue style={{ fontSize: px * 1.4 }}>{s.overdue}</strong>
                </span>
              </div>
            </div>
          );
        })}
      </div>
      {items.length === 0 ? (
        <div style={{ color: SCREEN.textMuted }}>{t`No open issues`}</div>
      ) : (
        <ul style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: px * 0.3 }}>
          {items.map((i) => (
            <li key={i.inspectionId} data-open-inspection={i.inspectionId} style={{ display: 'flex', gap: px * 0.5, whiteSpace: 'nowrap' }}>
              <span style={{ flex: 1, overflow: 'hidden', textOverflow: 'ellipsis' }}>
                {i.issue} <span style={{ color: SCREEN.textMuted }}>· {i.company}</span>
              </span>
              <span style={{ color: i.overdue ? STATUS_COLOR.alarm : SCREEN.textMuted, fontWeight: i.overdue ? 600 : undefined }} data-deadline={i.deadline}>
                {i.deadline}
                {i.overdue ? ` · ${overdueWord}` : ''}
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
