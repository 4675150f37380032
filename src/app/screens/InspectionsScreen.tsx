import { useState } from 'react';
import { observer } from 'mobx-react-lite';
import { Button } from '@fluentui/react-components';
import { Trans, useLingui } from '@lingui/react/macro';
import { INSPECTION_CATEGORIES, INSPECTION_SEVERITIES, INSPECTION_STATES, INSPECTIONS, type Inspection, type InspectionListBody, type InspectionStatis } from '../../../protocol';
import { useProjectTunnels, useQuery, useStores } from '../../stores';
import { downloadExport } from '../../api/downloadExport';
import { INSPECTION_CATEGORY_LABEL, INSPECTION_SEVERITY_LABEL, INSPECTION_STATE_LABEL } from '../../components/registers/labels';
import { STATUS_COLOR } from '../../theme/status';
import { SCREEN } from '../../theme/theme';
import { ScreenFrame, ScreenLink } from './ScreenFrame';
import { FilterChoice, REGISTER_CELL as cell, RegisterHead, RegisterSection } from './registerUi';
import { useProjectId } from '../shell/useProjectId';
import { InspectionDetailDialog, NewInspectionDialog, inspectionWhere } from './InspectionDialogs';

/** The screen asks again this often (ms). */
const REFRESH_MS = 30_000;

interface Filters {
  category: string;
  company: string;
  severity: string;
  state: string;
}
const NO_FILTERS: Filters = { category: '', company: '', severity: '', state: '' };

function listQuery(projectId: string, f: Filters): InspectionListBody {
  return {
    projectId,
    limit: 500,
    ...(f.category ? { category: f.category as Inspection['category'] } : {}),
    ...(f.company ? { company: f.company } : {}),
    ...(f.severity ? { severity: f.severity as Inspection['severity'] } : {}),
    ...(f.state ? { state: f.state as Inspection['state'] | 'overdue' } : {}),
  };
}

/** One category's open and overdue counts per responsible company. */
function CompanyCounts({ statis }: { statis: InspectionStatis }) {
  const { t } = useLingui();
  return (
    <table style={{ borderCollapse: 'collapse', fontSize: 15, width: '100%' }}>
      <RegisterHead cols={[t`Company`, t`Open`, t`Awaiting review`, t`Overdue`, t`Closed`]} />
      <tbody>
        {statis.byCompany.map((c) => (
          <tr key={c.company} data-company-counts={c.company} style={{ borderTop: `1px solid ${SCREEN.panelBorder}` }}>
            <td style={cell}>{c.company}</td>
            <td style={cell}>{c.open}</td>
            <td style={cell}>{c.awaitingReview}</td>
            <td style={{ ...cell, color: c.overdue > 0 ? STATUS_COLOR.alarm : undefined, fontWeight: c.overdue > 0 ? 600 : undefined }}>{c.overdue}</td>
            <td style={cell}>{c.closed}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * /inspections: quality and safety inspections (docs/api.md "Inspections"): open and overdue counts per
 * responsible company for each category, and the inspections with their filters and .xlsx export; each
 * row's detail (InspectionDetailDialog). Members who may edit (`zone.edit`) record issues there, and a
 * rectification or review from the detail.
 */
export const InspectionsScreen = observer(function InspectionsScreen() {
  const { t, i18n } = useLingui();
  const projectId = useProjectId();
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const safety = useQuery(INSPECTIONS.safetyStatis, projectId ? { projectId } : null, { refreshMs: REFRESH_MS, notify: true }).data;
  const quality = useQuery(INSPECTIONS.qualityStatis, projectId ? { projectId } : null, { refreshMs: REFRESH_MS, notify: true }).data;
  const list = useQuery(INSPECTIONS.list, projectId ? listQuery(projectId, filters) : null, { refreshMs: REFRESH_MS, notify: true }).data;
  const companies = [...new Set([...(safety?.byCompany ?? []), ...(quality?.byCompany ?? [])].map((c) => c.company))].sort();
  const set = (k: keyof Filters) => (v: string) => setFilters({ ...filters, [k]: v });
  const { session } = useStores();
  useProjectTunnels(projectId);
  const mayEdit = session.may(INSPECTIONS.save.permission);
  const [adding, setAdding] = useState(false);
  const [openId, setOpenId] = useState<number | null>(null);
  const opened = openId === null ? undefined : list?.list.find((i) => i.inspectionId === openId);

  return (
    <ScreenFrame
      title={<Trans>Quality and safety inspections</Trans>}
      beside={
        <ScreenLink to="/emergency">
          <Trans>Emergency</Trans>
        </ScreenLink>
      }
    >
      <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(520px, 1fr))', gap: 16, marginBottom: 16 }}>
        {(
          [
            ['safety', t`Safety: open and overdue per company`, safety],
            ['quality', t`Quality: open and overdue per company`, quality],
          ] as const
        ).map(([key, label, s]) => (
          <RegisterSection key={key} label={label}>
            {s ? (
              <>
                <div style={{ display: 'flex', gap: 24, fontSize: 16 }} data-statis={key}>
                  <span>
                    <Trans>Open</Trans> <strong>{s.open + s.awaitingReview}</strong>
                  </span>
                  <span style={{ color: s.overdue > 0 ? STATUS_COLOR.alarm : undefined }}>
                    <Trans>Overdue</Trans> <strong data-overdue>{s.overdue}</strong>
                  </span>
                  <span>
                    <Trans>Closed</Trans> <strong>{s.closed}</strong>
                  </span>
                </div>
                <CompanyCounts statis={s} />
              </>
            ) : (
              <p>{t`Loading…`}</p>
            )}
          </RegisterSection>
        ))}
      </div>
      <RegisterSection label={t`Inspections`}>
        <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, alignItems: 'center' }}>
          <FilterChoice label={t`Category`} anyLabel={t`All categories`} value={filters.category} onChange={set('category')} options={INSPECTION_CATEGORIES.map((c) => [c, i18n._(INSPECTION_CATEGORY_LABEL[c])])} />
          <FilterChoice label={t`Company`} anyLabel={t`All companies`} value={filters.company} onChange={set('company')} options={companies.map((c) => [c, c])} />
          <FilterChoice label={t`Severity`} anyLabel={t`All severities`} value={filters.severity} onChange={set('severity')} options={INSPECTION_SEVERITIES.map((s) => [s, i18n._(INSPECTION_SEVERITY_LABEL[s])])} />
          <FilterChoice label={t`State`} anyLabel={t`All states`} value={filters.state} onChange={set('state')} options={[...INSPECTION_STATES, 'overdue' as const].map((s) => [s, i18n._(INSPECTION_STATE_LABEL[s])])} />
          <span style={{ flex: 1 }} />
          <span data-inspection-total>
            <Trans>{list?.total ?? 0} inspections</Trans>
          </span>
          {mayEdit ? (
            <Button appearance="primary" onClick={() => setAdding(true)}>
              <Trans>Record an issue</Trans>
            </Button>
          ) : null}
          <Button onClick={() => projectId && void downloadExport(INSPECTIONS.export.path, listQuery(projectId, filters), 'inspections.xlsx')}>
            <Trans>Export .xlsx</Trans>
          </Button>
        </div>
        <div style={{ maxHeight: 560, overflow: 'auto' }}>
          <table style={{ borderCollapse: 'collapse', width: '100%', fontSize: 15 }} data-inspection-list>
            <RegisterHead cols={[t`Found on`, t`Category`, t`Issue`, t`Location`, t`Severity`, t`Responsible company`, t`Deadline`, t`Rectification`, t`State`, '']} />
            <tbody>
              {(list?.list ?? []).map((i) => (
                <tr key={i.inspectionId} data-inspection={i.inspectionId} style={{ borderTop: `1px solid ${SCREEN.panelBorder}` }}>
                  <td style={{ ...cell, whiteSpace: 'nowrap' }}>{i.foundOn}</td>
                  <td style={cell}>{i18n._(INSPECTION_CATEGORY_LABEL[i.category])}</td>
                  <td style={{ ...cell, maxWidth: 420 }}>{i.issue}</td>
                  <td style={{ ...cell, whiteSpace: 'nowrap' }}>{inspectionWhere(i)}</td>
                  <td style={{ ...cell, color: i.severity === 'major' ? STATUS_COLOR.warning : undefined }}>{i18n._(INSPECTION_SEVERITY_LABEL[i.severity])}</td>
                  <td style={cell}>{i.company}</td>
                  <td style={{ ...cell, whiteSpace: 'nowrap' }}>{i.deadline}</td>
                  <td style={{ ...cell, maxWidth: 320 }}>{i.rectification ? `${i.rectifiedOn ?? ''} ${i.rectification}` : '—'}</td>
                  <td style={{ ...cell, whiteSpace: 'nowrap' }} data-state={i.state} data-overdue={i.overdue || undefined}>
                    {i18n._(INSPECTION_STATE_LABEL[i.state])}
                    {i.overdue ? <strong style={{ color: STATUS_COLOR.alarm }}> · {i18n._(INSPECTION_STATE_LABEL.overdue)}</strong> : null}
                    {i.review === 'rejected' ? <span style={{ color: SCREEN.textMuted }}> · {t`rejected`}</span> : null}
                  </td>
                  <td style={cell}>
                    <Button size="small" aria-label={t`Details of inspection ${i.inspectionId}`} onClick={() => setOpenId(i.inspectionId)}>
                      <Trans>Details</Trans>
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </RegisterSection>
      {projectId && adding ? <NewInspectionDialog projectId={projectId} onClose={() => setAdding(false)} /> : null}
      {projectId && opened ? <InspectionDetailDialog key={`${opened.inspectionId}-${opened.state}`} projectId={projectId} inspection={opened} mayEdit={mayEdit} onClose={() => setOpenId(null)} /> : null}
    </ScreenFrame>
  );
});
