import { Trans } from '@lingui/react/macro';
import { useHomeSummary } from '../../panelData';
import { PanelMessage } from '../../components';
import { ProjectDetails } from '../../components/home/HomeSections';
import type { PanelProps } from '../types';
import type { ProjectSummaryConfig } from './index';

/** The project's details and design figures as of the board clock (useHomeSummary). */
export function ProjectSummaryPanel({ width, height }: PanelProps<ProjectSummaryConfig>) {
  const { summary, failed } = useHomeSummary();
  if (!summary) return <PanelMessage tone={failed ? 'error' : 'muted'}>{failed ? <Trans>The project home could not be loaded</Trans> : <Trans>Loading…</Trans>}</PanelMessage>;
  // 20–24 px as the panel allows (≥ 12 px on a 1920×1080 board shown at 1366×768)
  const px = Math.max(20, Math.min(24, Math.floor(width / 36), Math.floor(height / 24)));
  return (
    <div style={{ height: '100%', overflow: 'auto' }} data-project-summary-panel>
      <div style={{ fontSize: px + 4, fontWeight: 600, marginBottom: 6 }}>{summary.project.name}</div>
      <ProjectDetails summary={summary} fontPx={px} />
    </div>
  );
}
