import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { Button, Input } from '@fluentui/react-components';
import { Trans, useLingui } from '@lingui/react/macro';
import { EDUCATION, EDUCATION_TYPES, BEIJING_OFFSET_MS, type EducationRecord, type EducationType } from '../../../protocol';
import { downloadExport } from '../../api/downloadExport';
import { useQuery, useStores } from '../../stores';
import { SCREEN } from '../../theme/theme';
import { EDUCATION_METHOD_LABEL, EDUCATION_TYPE_LABEL } from '../../components/educationLabels';
import { beijingInputValue } from '../../board/timeControls/timeRange';
import { useProjectId } from '../shell/useProjectId';
import { EducationDialog } from './EducationDialog';
import { FilterChoice, REGISTER_CELL, RegisterHead, RegisterSection } from './registerUi';
import { ScreenFrame, ScreenLink } from './ScreenFrame';

/** Records shown at once (latest first); older ones through the filters or the export. */
const PAGE_SIZE = 100;

/** 00:00 Beijing time of a `YYYY-MM-DD` date input, or undefined when empty or unreadable. */
function dayStartMs(date: string): number | undefined {
  const ms = Date.parse(`${date}T00:00:00Z`);
  return Number.isFinite(ms) ? ms - BEIJING_OFFSET_MS : undefined;
}

/**
 * Safety education (`/#/education`, docs/domain.md "Safety education"): the records filtered by type, date
 * range, team and company, exported as .xlsx; statistics per company and team; who lacks the three-level
 * entry education. Members who may edit the registers (`zone.edit`) record, change and delete records.
 */
export const EducationScreen = observer(function EducationScreen() {
  const projectId = useProjectId();
  const { session, queries } = useStores();
  const { t, i18n } = useLingui();
  const [type, setType] = useState<EducationType | ''>('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [team, setTeam] = useState('');
  const [company, setCompany] = useState('');
  const [editing, setEditing] = useState<EducationRecord | null | 'new'>(null);
  const fromMs = dayStartMs(from);
  const toDay = dayStartMs(to);
  const filter = projectId
    ? { projectId, ...(type ? { type } : {}), ...(fromMs !== undefined ? { fromMs } : {}), ...(toDay !== undefined ? { toMs: toDay + 86_400_000 } : {}), ...(team ? { team } : {}), ...(company ? { company } : {}) }
    : null;
  const page = useQuery(EDUCATION.list, filter ? { ...filter, limit: PAGE_SIZE } : null).data;
  const statis = useQuery(EDUCATION.statis, projectId ? { projectId } : null).data;
  const people = useQuery(EDUCATION.people, projectId ? { projectId, withoutThreeLevelOnly: true } : null).data;
  const mayWrite = session.may('zone.edit');
  const remove = async (recordId: number) => {
    if (!projectId || !window.confirm(t`Delete this record and its attachments?`)) return;
    await queries.mutate(EDUCATION.delete, { projectId, recordId });
  };
  const teams = (statis?.byTeam ?? []).map((g) => g.name).filter((n) => n !== '');
  const companies = (statis?.byCompany ?? []).map((g) => g.name).filter((n) => n !== '');
  return (
    <ScreenFrame title={<Trans>Safety education</Trans>} actions={<ScreenLink to="/people"><Trans>People</Trans></ScreenLink>}>
      <div style={{ display: 'grid', gap: 16, fontSize: 16 }}>
        <RegisterSection label={t`Records`}>
          <div style={{ display: 'flex', gap: 12, alignItems: 'center', flexWrap: 'wrap' }}>
            <FilterChoice label={t`Type`} anyLabel={t`All types`} value={type} options={EDUCATION_TYPES.map((k) => [k, i18n._(EDUCATION_TYPE_LABEL[k])] as const)} onChange={(v) => setType(v as EducationType | '')} />
            <Input type="date" aria-label={t`From`} value={from} onChange={(_, d) => setFrom(d.value)} />
            <Input type="date" aria-label={t`To`} value={to} onChange={(_, d) => setTo(d.value)} />
            <FilterChoice label={t`Team`} anyLabel={t`All teams`} value={team} options={teams.map((n) => [n, n] as const)} onChange={setTeam} />
            <FilterChoice label={t`Company`} anyLabel={t`All companies`} value={company} options={companies.map((n) => [n, n] as const)} onChange={setCompany} />
            <span style={{ color: SCREEN.textMuted }}>
              <Trans>{page?.total ?? 0} records</Trans>
            </span>
            <Button onClick={() => filter && void downloadExport(EDUCATION.export.path, filter, 'education.xlsx')}>
              <Trans>Export .xlsx</Trans>
            </Button>
            {mayWrite ? (
              <Button appearance="primary" onClick={() => setEditing('new')}>
                <Trans>Record a safety education</Trans>
              </Button>
            ) : null}
          </div>
          <table style={{ borderCollapse: 'collapse', width: '100%' }}>
            <RegisterHead cols={[t`Time (Beijing time)`, t`Type`, t`Theme`, t`Method`, t`Hours`, t`Participants`, t`Team`, t`Attachments`, '']} />
            <tbody>
              {(page?.list ?? []).map((r) => (
                <tr key={r.recordId} data-education-record={r.recordId} style={{ borderTop: `1px solid ${SCREEN.panelBorder}` }}>
                  <td style={REGISTER_CELL}>{beijingInputValue(r.trainedAtMs).replace('T', ' ')}</td>
                  <td style={REGISTER_CELL}>{i18n._(EDUCATION_TYPE_LABEL[r.type])}</td>
                  <td style={REGISTER_CELL}>{r.theme}</td>
                  <td style={REGISTER_CELL}>{i18n._(EDUCATION_METHOD_LABEL[r.method])}</td>
                  <td style={REGISTER_CELL}>{r.hours}</td>
                  <td style={REGISTER_CELL} title={r.participants.map((p) => p.name).join(', ')}>
                    {r.participants.length}
                  </td>
                  <td style={REGISTER_CELL}>{r.team}</td>
                  <td style={REGISTER_CELL}>{r.attachments.length}</td>
                  <td style={{ ...REGISTER_CELL, whiteSpace: 'nowrap' }}>
                    {mayWrite ? (
                      <>
                        <Button size="small" onClick={() => setEditing(r)}>
                          <Trans>Edit</Trans>
                        </Button>{' '}
                        <Button size="small" onClick={() => void remove(r.recordId)}>
                          <Trans>Delete</Trans>
                        </Button>
                      </>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </RegisterSection>
        <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(420px, 1fr))', gap: 16 }}>
          <Figures label={t`Per company`} rows={statis?.byCompany ?? []} />
          <Figures label={t`Per team`} rows={statis?.byTeam ?? []} />
          <RegisterSection label={t`Without three-level education (${people?.withoutThreeLevel ?? 0})`}>
            <table style={{ borderCollapse: 'collapse' }}>
              <RegisterHead cols={[t`Name`, t`Company`, t`Team`]} />
              <tbody>
                {(people?.list ?? []).map((p) => (
                  <tr key={p.personId} data-untrained={p.personId}>
                    <td style={REGISTER_CELL}>{p.name}</td>
                    <td style={REGISTER_CELL}>{p.company}</td>
                    <td style={REGISTER_CELL}>{p.team}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </RegisterSection>
        </div>
      </div>
      {editing !== null && projectId ? <EducationDialog projectId={projectId} record={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
    </ScreenFrame>
  );
});

/** A statistics table: records, person-hours and people trained this month per company or team. */
function Figures({ label, rows }: { label: string; rows: ReadonlyArray<{ name: string; records: number; personHours: number; trainedThisMonth: number }> }) {
  const { t } = useLingui();
  return (
    <RegisterSection label={label}>
      <table style={{ borderCollapse: 'collapse' }}>
        <RegisterHead cols={[t`Name`, t`Records`, t`Person-hours`, t`Trained this month`]} />
        <tbody>
          {rows.map((g) => (
            <tr key={g.name}>
              <td style={REGISTER_CELL}>{g.name || '—'}</td>
              <td style={REGISTER_CELL}>{g.records}</td>
              <td style={REGISTER_CELL}>{g.personHours}</td>
              <td style={REGISTER_CELL}>{g.trainedThisMonth}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </RegisterSection>
  );
}
