import type { CSSProperties } from 'react';
import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle } from '@fluentui/react-components';
import { Trans, useLingui } from '@lingui/react/macro';
import type { CompanyAttendance } from '../../../protocol';
import { SCREEN } from '../../theme/theme';
import { STATUS_COLOR } from '../../theme/status';
import { contactText, ENTERPRISE_TYPE_LABEL, shiftText } from './labels';

/**
 * The cooperating-company attendance modal: the company's figures and each team with its shift, people,
 * present, late, absent, on site now and rate, for the team's current attendance day.
 */
export function CompanyAttendanceModal({ company, onClose }: { company: CompanyAttendance; onClose: () => void }) {
  const { i18n } = useLingui();
  const cell: CSSProperties = { padding: '4px 10px', textAlign: 'right', whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' };
  const head: CSSProperties = { ...cell, fontWeight: 400, color: SCREEN.textMuted };
  return (
    <Dialog open modalType="modal" onOpenChange={(_, d) => (!d.open ? onClose() : undefined)}>
      <DialogSurface aria-describedby={undefined} data-company-modal={company.company} style={{ maxWidth: 980, fontSize: 15 }}>
        <DialogBody>
          <DialogTitle>{company.company}</DialogTitle>
          <DialogContent style={{ display: 'grid', gap: 14 }}>
            <div style={{ display: 'flex', flexWrap: 'wrap', gap: 24 }}>
              <span>
                <Trans>Enterprise type</Trans>: <b>{i18n._(ENTERPRISE_TYPE_LABEL[company.enterpriseType])}</b>
              </span>
              <span data-contact>
                <Trans>Contact</Trans>: <b>{contactText(company)}</b>
              </span>
              <span>
                <Trans>Teams</Trans>: <b>{company.groupCount}</b>
              </span>
              <span>
                <Trans>People</Trans>: <b>{company.personCount}</b>
              </span>
              <span>
                <Trans>Registered</Trans>: <b>{company.registeredCount}</b>
              </span>
              <span>
                <Trans>Present</Trans>: <b data-modal-present>{company.attendanceCount}</b>
              </span>
              <span>
                <Trans>Rate</Trans>: <b>{`${company.rate} %`}</b>
              </span>
            </div>
            <table style={{ borderCollapse: 'collapse' }}>
              <thead>
                <tr>
                  <th style={{ ...head, textAlign: 'left' }}>
                    <Trans>Team</Trans>
                  </th>
                  <th style={head}>
                    <Trans>Shift</Trans>
                  </th>
                  <th style={head}>
                    <Trans>People</Trans>
                  </th>
                  <th style={head}>
                    <Trans>Present</Trans>
                  </th>
                  <th style={head}>
                    <Trans>Late</Trans>
                  </th>
                  <th style={head}>
                    <Trans>Absent</Trans>
                  </th>
                  <th style={head}>
                    <Trans>On site</Trans>
                  </th>
                  <th style={head}>
                    <Trans>Rate</Trans>
                  </th>
                </tr>
              </thead>
              <tbody>
                {company.teams.map((tm) => (
                  <tr key={tm.team} data-team={tm.team} style={{ borderTop: `1px solid ${SCREEN.panelBorder}` }}>
                    <td style={{ ...cell, textAlign: 'left', fontWeight: 600 }}>{tm.team}</td>
                    <td style={cell}>{shiftText(tm.shift)}</td>
                    <td style={cell}>{tm.personCount}</td>
                    <td style={cell}>{tm.attendanceCount}</td>
                    <td style={{ ...cell, color: tm.late > 0 ? STATUS_COLOR.warning : undefined }}>{tm.late}</td>
                    <td style={cell}>{tm.absent}</td>
                    <td style={cell}>{tm.onSite}</td>
                    <td style={cell}>{`${tm.rate} %`}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </DialogContent>
          <DialogActions>
            <Button appearance="primary" onClick={onClose}>
              <Trans>Close</Trans>
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
