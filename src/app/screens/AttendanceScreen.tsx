import { useState, type CSSProperties, type ReactNode } from 'react';
import { observer } from 'mobx-react-lite';
import { Button, Dropdown, Option } from '@fluentui/react-components';
import { Trans, useLingui } from '@lingui/react/macro';
import { ATTENDANCE, ATTENDANCE_STATUSES, type AttendanceDayBody, type AttendanceRow, type AttendanceStatus } from '../../../protocol';
import { useQuery } from '../../stores';
import { downloadExport } from '../../api/downloadExport';
import { LabourCount } from '../../components/attendance/LabourCount';
import { DiscrepancyList } from '../../components/attendance/DiscrepancyList';
import { CompanyAttendanceTable } from '../../components/attendance/CompanyAttendanceTable';
import { CompanyAttendanceModal } from '../../components/attendance/CompanyAttendanceModal';
import { ATTENDANCE_STATUS_LABEL } from '../../components/attendance/labels';
import { formatBeijing } from '../../format/time';
import { formatNumber } from '../../format/number';
import { STATUS_COLOR } from '../../theme/status';
import { SCREEN } from '../../theme/theme';
import { ScreenFrame, ScreenLink } from './ScreenFrame';
import { useProjectId } from '../shell/useProjectId';

/** The screen asks again this often (ms): people pass the gates in surges at shift change. */
const REFRESH_MS = 15_000;

interface Filters {
  company: string;
  team: string;
  status: '' | AttendanceStatus;
}
const NO_FILTERS: Filters = { company: '', team: '', status: '' };

function dayQuery(projectId: string, f: Filters): AttendanceDayBody {
  return { projectId, ...(f.company ? { company: f.company } : {}), ...(f.team ? { team: f.team } : {}), ...(f.status ? { status: f.status } : {}) };
}

function Section({ label, children, style }: { label: string; children: ReactNode; style?: CSSProperties }) {
  return (
    <section aria-label={label} style={{ background: SCREEN.panelBackground, border: `1px solid ${SCREEN.panelBorder}`, padding: 16, display: 'grid', gap: 10, alignContent: 'start', ...style }}>
      <h2 style={{ margin: 0, fontSize: 18 }}>{label}</h2>
      {children}
    </section>
  );
}

/**
 * /attendance: labour attendance from the site's gates (docs/api.md "Labour attendance"): the live labour
 * count on site and per bore by the gates and by the beacons, the discrepancies between them, the
 * cooperating companies (a row opens the company's modal with its teams), and today's attendance sheet
 * with its filters and .xlsx export.
 */
export const AttendanceScreen = observer(function AttendanceScreen() {
  const { t, i18n } = useLingui();
  const projectId = useProjectId();
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [open, setOpen] = useState<string | null>(null);
  const live = useQuery(ATTENDANCE.live, projectId ? { projectId } : null, { refreshMs: REFRESH_MS, notify: true }).data;
  const companies = useQuery(ATTENDANCE.companies, projectId ? { projectId } : null, { refreshMs: REFRESH_MS, notify: true }).data;
  const day = useQuery(ATTENDANCE.day, projectId ? dayQuery(projectId, filters) : null, { refreshMs: REFRESH_MS, notify: true }).data;
  const company = companies?.find((c) => c.company === open) ?? null;
  const teams = [...new Set((companies ?? []).filter((c) => !filters.company || c.company === filters.company).flatMap((c) => c.teams.map((tm) => tm.team)))].sort();

  const choice = (k: keyof Filters, label: string, anyLabel: string, options: Array<[string, string]>) => (
    <Dropdown
      aria-label={label}
      value={filters[k] ? (options.find(([v]) => v === filters[k])?.[1] ?? filters[k]) : anyLabel}
      selectedOptions={[filters[k]]}
      onOptionSelect={(_, d) => setFilters({ ...filters, [k]: d.optionValue ?? '', ...(k === 'company' ? { team: '' } : {}) })}
      style={{ minWidth: 160 }}
    >
      <Option value="">{anyLabel}</Option>
      {options.map(([value, text]) => (
        <Option key={value} value={value}>
          {text}
        </Option>
      ))}
    </Dropdown>
  );
  const cell: CSSProperties = { padding: '3px 10px', textAlign: 'left', whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' };
  const head: CSSProperties = { ...cell, fontWeight: 400, color: SCREEN.textMuted };
  const time = (ms: number | null) => (ms === null ? '—' : formatBeijing(ms, 'MM-DD HH:mm'));
  const statusCell = (r: AttendanceRow) => (
    <span style={{ color: r.status === 'late' || r.status === 'absent' ? STATUS_COLOR.warning : undefined }}>
      {i18n._(ATTENDANCE_STATUS_LABEL[r.status])}
      {r.status === 'late' ? ` ${r.lateMin} min` : ''}
    </span>
  );

  return (
    <ScreenFrame
      title={<Trans>Labour attendance</Trans>}
      beside={
        <ScreenLink to="/people">
          <Trans>People</Trans>
        </ScreenLink>
      }
    >
      <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(440px, 1fr))', gap: 16, marginBottom: 16 }}>
        <Section label={t`Live labour count`}>{live ? <LabourCount live={live} /> : <p>{t`Loading…`}</p>}</Section>
        <Section label={t`Attendance discrepancies`}>
          <p style={{ margin: 0, fontSize: 13, color: SCREEN.textMuted }}>
            <Trans>A person the gates and the beacons place differently: a notice for the labour manager, not an alarm.</Trans>
          </p>
          {live ? <DiscrepancyList live={live} /> : null}
        </Section>
      </div>
      <Section label={t`Cooperating companies`} style={{ marginBottom: 16 }}>
        {companies ? <CompanyAttendanceTable companies={companies} fontPx={15} onOpen={setOpen} /> : <p>{t`Loading…`}</p>}
      </Section>
      <Section label={t`Attendance today`}>
        <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, alignItems: 'center' }}>
          {choice('company', t`Company`, t`All companies`, (companies ?? []).map((c) => [c.company, c.company]))}
          {choice('team', t`Team`, t`All teams`, teams.map((x) => [x, x]))}
          {choice('status', t`Status`, t`All statuses`, ATTENDANCE_STATUSES.map((s) => [s, i18n._(ATTENDANCE_STATUS_LABEL[s])]))}
          <span style={{ flex: 1 }} />
          <span data-attendance-total>
            <Trans>{day?.total ?? 0} people</Trans>
          </span>
          <Button onClick={() => projectId && void downloadExport(ATTENDANCE.export.path, dayQuery(projectId, filters), 'attendance.xlsx')}>
            <Trans>Export .xlsx</Trans>
          </Button>
        </div>
        <div style={{ maxHeight: 520, overflow: 'auto' }}>
          <table style={{ borderCollapse: 'collapse', width: '100%', fontSize: 14 }} data-attendance-sheet>
            <thead>
              <tr>
                <th style={head}>
                  <Trans>Name</Trans>
                </th>
                <th style={head}>
                  <Trans>Company</Trans>
                </th>
                <th style={head}>
                  <Trans>Team</Trans>
                </th>
                <th style={head}>
                  <Trans>Shift start</Trans>
                </th>
                <th style={head}>
                  <Trans>First in</Trans>
                </th>
                <th style={head}>
                  <Trans>Last out</Trans>
                </th>
                <th style={head}>
                  <Trans>Hours on site</Trans>
                </th>
                <th style={head}>
                  <Trans>Status</Trans>
                </th>
              </tr>
            </thead>
            <tbody>
              {(day?.list ?? []).map((r) => (
                <tr key={r.personId} data-attendance-row={r.personId} style={{ borderTop: `1px solid ${SCREEN.panelBorder}` }}>
                  <td style={{ ...cell, fontWeight: 600 }}>{r.name}</td>
                  <td style={cell}>{r.company}</td>
                  <td style={cell}>{r.team}</td>
                  <td style={cell}>{time(r.shiftStartMs)}</td>
                  <td style={cell}>{time(r.firstInMs)}</td>
                  <td style={cell}>
                    {time(r.lastOutMs)}
                    {r.missingOut ? <span style={{ color: STATUS_COLOR.warning }}> {t`out-pass missing`}</span> : null}
                    {r.onSite ? <span style={{ color: SCREEN.textMuted }}> {t`on site`}</span> : null}
                  </td>
                  <td style={cell}>{formatNumber(r.hoursOnSite, 1)}</td>
                  <td style={cell} data-status={r.status}>
                    {statusCell(r)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </Section>
      {company ? <CompanyAttendanceModal company={company} onClose={() => setOpen(null)} /> : null}
    </ScreenFrame>
  );
});
