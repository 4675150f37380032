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
  // side by side when both categories' "Open N  Overdue N" fit on a line each, else one under the other
  const sideBySide = width >= px * 30;
  const countsPx = (sideBySide ? 2 : 4) * px * 1.6;
  const items = fittingItems(overview.open.slice(0, config.openItems), width, height - countsPx - px, px);
  return (
    <div data-inspections-panel style={{ height: '100%', overflow: 'hidden', display: 'grid', gap: px * 0.6, alignContent: 'start', fontSize: px, lineHeight: 1.25, color: SCREEN.text }}>
      <div style={{ display: 'grid', gridTemplateColumns: sideBySide ? '1fr 1fr' : '1fr', gap: px * 0.4 }}>
        {(['safety', 'quality'] as const).map((c) => {
          const s = overview[c];
          return (
            <div key={c} data-inspection-counts={c}>
              <div style={{ color: SCREEN.textMuted }}>{i18n._(INSPECTION_CATEGORY_LABEL[c])}</div>
              <div style={{ display: 'flex', flexWrap: 'wrap', columnGap: px, alignItems: 'baseline' }}>
                <span style={{ whiteSpace: 'nowrap' }}>
                  <Trans>Open</Trans> <strong data-open style={{ fontSize: px * 1.3 }}>{s.open + s.awaitingReview}</strong>
                </span>
                <span style={{ whiteSpace: 'nowrap', color: s.overdue > 0 ? STATUS_COLOR.alarm : undefined }}>
                  {overdueWord} <strong data-overdue style={{ fontSize: px * 1.3 }}>{s.overdue}</strong>
                </span>
              </div>
            </div>
          );
        })}
      </div>
      {overview.open.length === 0 ? (
        <div style={{ color: SCREEN.textMuted }}>{t`No open issues`}</div>
      ) : (
        <ul style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: px * 0.4 }}>
          {items.map((i) => (
            <li key={i.inspectionId} data-open-inspection={i.inspectionId} style={{ overflowWrap: 'anywhere' }}>
              <div>{i.issue}</div>
              <div style={{ color: SCREEN.textMuted }}>
                {i.company} ·{' '}
                <span style={{ whiteSpace: 'nowrap', color: i.overdue ? STATUS_COLOR.alarm : undefined, fontWeight: i.overdue ? 600 : undefined }} data-deadline={i.deadline}>
                  {i.deadline}
                  {i.overdue ? ` · ${overdueWord}` : ''}
                </span>
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** Estimated width of `text` in em: a CJK character 1 em, any other 0.6 (a little over Latin's average). */
function textEm(text: string): number {
  let em = 0;
  for (const ch of text) em += ch.codePointAt(0)! >= 0x2e80 ? 1 : 0.6;
  return em;
}

/**
 * The first of `items` that fit whole in `heightPx` of a `widthPx` wide list at `px` text: each takes its
 * issue's lines (estimated from {@link textEm}, wrapped) and the lines of company and deadline.
 */
export function fittingItems<T extends { issue: string; company: string }>(items: readonly T[], widthPx: number, heightPx: number, px: number): T[] {
  const lineEm = Math.max(4, widthPx / px);
  const linePx = px * 1.25;
  const out: T[] = [];
  let used = 0;
  for (const item of items) {
    const lines = Math.ceil(textEm(item.issue) / lineEm) + Math.ceil((textEm(item.company) + 14) / lineEm);
    const need = lines * linePx + (out.length ? px * 0.4 : 0);
    if (used + need > heightPx) break;
    used += need;
    out.push(item);
  }
  return out;
}
