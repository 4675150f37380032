import { useState } from 'react';
import { Trans } from '@lingui/react/macro';
import { useCompanyAttendance } from '../../panelData';
import { PanelMessage } from '../../components';
import { CompanyAttendanceTable } from '../../components/attendance/CompanyAttendanceTable';
import { CompanyAttendanceModal } from '../../components/attendance/CompanyAttendanceModal';
import type { PanelProps } from '../types';
import type { CompanyAttendanceConfig } from './index';

/** The cooperating companies' attendance as of the board clock (useCompanyAttendance); a row opens the company modal. */
export function CompanyAttendancePanel({ width, height }: PanelProps<CompanyAttendanceConfig>) {
  const { companies, failed } = useCompanyAttendance();
  const [open, setOpen] = useState<string | null>(null);
  if (!companies) return <PanelMessage tone={failed ? 'error' : 'muted'}>{failed ? <Trans>Attendance could not be loaded</Trans> : <Trans>Loading…</Trans>}</PanelMessage>;
  // 20–26 px as the rows and columns fit (≥ 12 px on a 1920×1080 board shown at 1366×768)
  const px = Math.max(20, Math.min(26, Math.floor(height / (companies.length + 1) / 2), Math.floor(width / 48)));
  const company = companies.find((c) => c.company === open) ?? null;
  return (
    <div style={{ height: '100%', overflow: 'auto' }} data-company-attendance-panel>
      {/* narrower than 1400 px: the enterprise type stays in the modal */}
      <CompanyAttendanceTable companies={companies} fontPx={px} onOpen={setOpen} compact={width < 1400} />
      {company ? <CompanyAttendanceModal company={company} onClose={() => setOpen(null)} /> : null}
    </div>
  );
}
