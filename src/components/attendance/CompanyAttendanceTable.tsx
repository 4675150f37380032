import type { CSSProperties } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { CompanyAttendance } from '../../../protocol';
import { SCREEN } from '../../theme/theme';
import { contactText, ENTERPRISE_TYPE_LABEL } from './labels';

/**
 * The cooperating companies (attendance/companies): name, enterprise type, group count, person count,
 * registered (enrolled at the gates) and attendance counts, rate. A row opens the company's teams
 * (`onOpen`). `compact`: without the enterprise type (the modal shows it), for narrow panels. `fontPx` ≥ 12.
 */
export function CompanyAttendanceTable({ companies, fontPx = 14, onOpen, compact = false }: { companies: readonly CompanyAttendance[]; fontPx?: number; onOpen?: (company: string) => void; compact?: boolean }) {
  const { i18n } = useLingui();
  const cell: CSSProperties = { padding: `3px ${Math.round(fontPx * 0.6)}px`, textAlign: 'right', whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' };
  const head: CSSProperties = { ...cell, fontWeight: 400, color: SCREEN.textMuted };
  const first: CSSProperties = { ...cell, textAlign: 'left' };
  return (
    <table style={{ borderCollapse: 'collapse', fontSize: fontPx, width: '100%' }} data-company-attendance>
      <thead>
        <tr>
          <th style={{ ...head, textAlign: 'left' }}>
            <Trans>Company</Trans>
          </th>
          {compact ? null : (
            <th style={{ ...head, textAlign: 'left' }}>
              <Trans>Enterprise type</Trans>
            </th>
          )}
          {compact ? null : (
            <th style={{ ...head, textAlign: 'left' }}>
              <Trans>Contact</Trans>
            </th>
          )}
          <th style={head}>
            <Trans>Teams</Trans>
          </th>
          <th style={head}>
            <Trans>People</Trans>
          </th>
          <th style={head}>
            <Trans>Registered</Trans>
          </th>
          <th style={head}>
            <Trans>Present</Trans>
          </th>
          <th style={head}>
            <Trans>Rate</Trans>
          </th>
        </tr>
      </thead>
      <tbody>
        {companies.map((c) => (
          <tr
            key={c.company}
            data-company={c.company}
            onClick={onOpen ? () => onOpen(c.company) : undefined}
            onKeyDown={onOpen ? (e) => (e.key === 'Enter' || e.key === ' ') && onOpen(c.company) : undefined}
            tabIndex={onOpen ? 0 : undefined}
            role={onOpen ? 'button' : undefined}
            style={{ borderTop: `1px solid ${SCREEN.panelBorder}`, cursor: onOpen ? 'pointer' : undefined }}
          >
            <td style={{ ...first, fontWeight: 600 }}>{c.company}</td>
            {compact ? null : <td style={first}>{i18n._(ENTERPRISE_TYPE_LABEL[c.enterpriseType])}</td>}
            {compact ? null : (
              <td style={first} data-contact>
                {contactText(c)}
              </td>
            )}
            <td style={cell}>{c.groupCount}</td>
            <td style={cell}>{c.personCount}</td>
            <td style={cell}>{c.registeredCount}</td>
            <td style={cell} data-present>
              {c.attendanceCount}
            </td>
            <td style={cell} data-rate>{`${c.rate} %`}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
