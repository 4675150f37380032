import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle } from '@fluentui/react-components';
import { Trans } from '@lingui/react/macro';
import type { CompanyAttendance } from '../../../protocol';
import { SCREEN } from '../../theme/theme';
import { CompanyAttendanceModal } from '../attendance/CompanyAttendanceModal';
import { CompanyAttendanceTable } from '../attendance/CompanyAttendanceTable';

/**
 * The cooperating companies of the project home: a sortable table (name, enterprise type, teams, people,
 * registered, attendance today, rate); a row opens the company's teams. `companies` null while loading,
 * `failed` when they could not be loaded. Text ≥ 15 px: readable at 1366×768.
 */
export function CompaniesDialog({ companies, failed, onClose }: { companies: readonly CompanyAttendance[] | null; failed: boolean; onClose: () => void }) {
  const [open, setOpen] = useState<string | null>(null);
  const company = companies?.find((c) => c.company === open) ?? null;
  return (
    <>
      <Dialog open={!company} modalType="modal" onOpenChange={(_, d) => (!d.open ? onClose() : undefined)}>
        <DialogSurface aria-describedby={undefined} data-companies-dialog style={{ maxWidth: 1100, width: '90vw', fontSize: 16 }}>
          <DialogBody>
            <DialogTitle>
              <Trans>Cooperating companies</Trans>
            </DialogTitle>
            <DialogContent style={{ maxHeight: '65vh', overflow: 'auto' }}>
              {companies ? (
                companies.length ? (
                  <CompanyAttendanceTable companies={companies} fontPx={16} onOpen={setOpen} sortable />
                ) : (
                  <p style={{ color: SCREEN.textMuted }}>
                    <Trans>No cooperating companies in the register</Trans>
                  </p>
                )
              ) : (
                <p style={{ color: SCREEN.textMuted }}>{failed ? <Trans>Attendance could not be loaded</Trans> : <Trans>Loading…</Trans>}</p>
              )}
            </DialogContent>
            <DialogActions>
              <Button appearance="secondary" onClick={onClose} style={{ fontSize: 16 }}>
                <Trans>Close</Trans>
              </Button>
            </DialogActions>
          </DialogBody>
        </DialogSurface>
      </Dialog>
      {company ? <CompanyAttendanceModal company={company} onClose={() => setOpen(null)} /> : null}
    </>
  );
}
