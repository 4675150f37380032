import { useState, type CSSProperties, type ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { CompanyAttendance } from '../../../protocol';
import { SCREEN } from '../../theme/theme';
import { contactText, ENTERPRISE_TYPE_LABEL } from './labels';
import { nextCompanySort, sortCompanies, type CompanySort, type CompanySortKey } from './sortCompanies';

/**
 * The cooperating companies (attendance/companies): name, enterprise type, group count, person count,
 * registered (enrolled at the gates) and attendance counts, rate. A row opens the company's teams
 * (`onOpen`). `compact`: without the enterprise type (the modal shows it), for narrow panels. `fontPx` ≥ 12.
 */
export function CompanyAttendanceTable({
  companies,
  fontPx = 14,
  onOpen,
  compact = false,
  sortable = false,
}: {
  companies: readonly CompanyAttendance[];
  fontPx?: number;
  onOpen?: (company: string) => void;
  compact?: boolean;
  /** Column headers sort the rows (a click flips the direction), else the rows keep the server's order. */
  sortable?: boolean;
}) {
  const { i18n } = useLingui();
  const [sort, setSort] = useState<CompanySort | null>(null);
  const cell: CSSProperties = { padding: `3px ${Math.round(fontPx * 0.6)}px`, textAlign: 'right', whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' };
  const head: CSSProperties = { ...cell, fontWeight: 400, color: SCREEN.textMuted };
  const first: CSSProperties = { ...cell, textAlign: 'left' };
  const typeLabel = (c: CompanyAttendance) => i18n._(ENTERPRISE_TYPE_LABEL[c.enterpriseType]);
  const rows = sortable && sort ? sortCompanies(companies, sort, i18n.locale, typeLabel) : companies;
  const th = (key: CompanySortKey, label: ReactNode, left = false) => (
    <th
      style={{ ...head, textAlign: left ? 'left' : 'right' }}
      aria-sort={sortable && sort?.key === key ? (sort.descending ? 'descending' : 'ascending') : undefined}
      data-sort-key={sortable ? key : undefined}
    >
      {sortable ? (
        <button type="button" onClick={() => setSort((s) => nextCompanySort(s, key))} style={{ all: 'inherit', cursor: 'pointer', padding: 0, textDecoration: 'underline dotted' }}>
          {label}
          {sort?.key === key ? (sort.descending ? ' ▼' : ' ▲') : ''}
        </button>
      ) : (
        label
      )}
    </th>
  );
  return (
    <table style={{ borderCollapse: 'collapse', fontSize: fontPx, width: '100%' }} data-company-attendance>
      <thead>
        <tr>
          {th('company', <Trans>Company</Trans>, true)}
          {compact ? null : th('enterpriseType', <Trans>Enterprise type</Trans>, true)}
          {compact ? null : (
            <th style={{ ...head, textAlign: 'left' }}>
              <Trans>Contact</Trans>
            </th>
          )}
          {th('groupCount', <Trans>Teams</Trans>)}
          {th('personCount', <Trans>People</Trans>)}
          {th('registeredCount', <Trans>Registered</Trans>)}
          {th('attendanceCount', <Trans>Present</Trans>)}
          {th('rate', <Trans>Rate</Trans>)}
        </tr>
      </thead>
      <tbody>
        {rows.map((c) => (
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
            {compact ? null : <td style={first}>{typeLabel(c)}</td>}
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
