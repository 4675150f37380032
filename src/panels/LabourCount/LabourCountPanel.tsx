import { Trans } from '@lingui/react/macro';
import { useLabourCount } from '../../panelData';
import { PanelMessage } from '../../components';
import { LabourCount } from '../../components/attendance/LabourCount';
import { DiscrepancyList } from '../../components/attendance/DiscrepancyList';
import type { PanelProps } from '../types';
import type { LabourCountConfig } from './index';

/** The live labour count as of the board clock (useLabourCount), with the discrepancies when configured. */
export function LabourCountPanel({ config, width, height }: PanelProps<LabourCountConfig>) {
  const { live, failed } = useLabourCount();
  if (!live) return <PanelMessage tone={failed ? 'error' : 'muted'}>{failed ? <Trans>Attendance could not be loaded</Trans> : <Trans>Loading…</Trans>}</PanelMessage>;
  // 20–26 px as the panel allows (≥ 12 px on a 1920×1080 board shown at 1366×768)
  const px = Math.max(20, Math.min(26, Math.floor(width / 40), Math.floor(height / 22)));
  return (
    <div style={{ height: '100%', overflow: 'auto', display: 'grid', gap: px, alignContent: 'start' }} data-labour-count-panel>
      <LabourCount live={live} fontPx={px} />
      {config.showDiscrepancies ? <DiscrepancyList live={live} fontPx={Math.max(20, px - 2)} max={6} /> : null}
    </div>
  );
}
