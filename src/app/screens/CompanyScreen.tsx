import { useState, type CSSProperties, type ReactNode } from 'react';
import { observer } from 'mobx-react-lite';
import { Button } from '@fluentui/react-components';
import { Trans, useLingui } from '@lingui/react/macro';
import { COMPANY, companyStatistic, type CompanyProject, type CountOf } from '../../../protocol';
import { useQuery, useStores } from '../../stores';
import { BusinessError } from '../../api/request';
import { postDomain } from '../../api/postDomain';
import { CompanyMap, STATE_COLOR } from '../../components/company/CompanyMap';
import { useProjectLabels } from '../../components/company/labels';
import { openProjectLink } from '../../components/company/projectLink';
import { formatNumber } from '../../format/number';
import { STATUS_COLOR } from '../../theme/status';
import { SCREEN } from '../../theme/theme';
import { browserNavigation, switchToProject } from '../shell/openProject';
import { newTabUrl } from '../shell/projectScope';
import { ScreenFrame } from './ScreenFrame';

/** The screen asks again this often (ms): alarms and people change through the day, not by the second. */
const REFRESH_MS = 30_000;

function Section({ label, children, style }: { label: string; children: ReactNode; style?: CSSProperties }) {
  return (
    <section aria-label={label} style={{ background: SCREEN.panelBackground, border: `1px solid ${SCREEN.panelBorder}`, padding: 16, display: 'grid', gap: 10, alignContent: 'start', ...style }}>
      <h2 style={{ margin: 0, fontSize: 18 }}>{label}</h2>
      {children}
    </section>
  );
}

function Figure({ label, value, color, testId }: { label: string; value: string; color?: string; testId: string }) {
  return (
    <div style={{ background: SCREEN.panelBackground, border: `1px solid ${SCREEN.panelBorder}`, padding: '12px 16px' }} data-company-figure={testId}>
      <div style={{ fontSize: 14, color: SCREEN.textMuted }}>{label}</div>
      <div style={{ fontSize: 32, fontWeight: 700, fontVariantNumeric: 'tabular-nums', color }}>{value}</div>
    </div>
  );
}

/** Horizontal bars of counts (projects by type or state), longest the full width. */
function CountBars<K extends string>({ counts, label, color }: { counts: readonly CountOf<K>[]; label: (k: K) => string; color: (k: K) => string }) {
  const max = Math.max(1, ...counts.map((c) => c.count));
  return (
    <div style={{ display: 'grid', gridTemplateColumns: 'max-content 1fr max-content', gap: '6px 10px', alignItems: 'center', fontSize: 15 }}>
      {counts.map((c) => (
        <div key={c.key} style={{ display: 'contents' }} data-count={c.key}>
          <span>{label(c.key)}</span>
          <span style={{ height: 12, background: SCREEN.grid }}>
            <span style={{ display: 'block', height: '100%', width: `${(c.count / max) * 100}%`, background: color(c.key) }} />
          </span>
          <span style={{ fontVariantNumeric: 'tabular-nums', textAlign: 'right' }}>{c.count}</span>
        </div>
      ))}
    </div>
  );
}

/**
 * /company: the company homepage (docs/api.md "Company homepage"): the projects of the user's organisations
 * on a map of China coloured by state and open alarms (a click opens the project: it becomes the session's
 * project and its home opens; Ctrl-click or "New tab" opens it in another tab without switching),
 * the figures over them, projects by type and state, and the list with each project's key figures and its
 * external project link.
 */
export const CompanyScreen = observer(function CompanyScreen() {
  const { t } = useLingui();
  const { session, request } = useStores();
  const { typeLabel, stateLabel } = useProjectLabels();
  const [message, setMessage] = useState<string | null>(null);
  const projects = useQuery(COMPANY.project, {}, { refreshMs: REFRESH_MS, notify: true }).data;
  // the figures over the list, summed here as company/homepage/statistic sums them: one request, not two computing the same projects
  const stats = projects ? companyStatistic(projects) : undefined;
  const num = (v: number | null | undefined, digits = 0) => (v === null || v === undefined ? '—' : formatNumber(v, digits));

  async function openProject(projectId: string, newTab: boolean) {
    setMessage(null);
    if (newTab) {
      browserNavigation.openTab(newTabUrl(projectId));
      return;
    }
    try {
      await switchToProject(projectId, { request, switchProject: postDomain, navigation: browserNavigation, current: session.projectId, opens: 'home' });
    } catch (e) {
      setMessage(e instanceof BusinessError ? e.errorMessage : t`Request error, please retry.`);
    }
  }

  const cell: CSSProperties = { padding: '6px 10px', textAlign: 'left', whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' };
  const head: CSSProperties = { ...cell, fontWeight: 400, color: SCREEN.textMuted };
  const numCell: CSSProperties = { ...cell, textAlign: 'right' };
  const row = (p: CompanyProject) => (
    <tr key={p.projectId} data-company-project={p.projectId} style={{ borderTop: `1px solid ${SCREEN.panelBorder}` }}>
      <td style={{ ...cell, fontWeight: 600 }}>
        <span style={{ display: 'inline-block', width: 12, height: 12, borderRadius: 6, background: STATE_COLOR[p.projectState], marginRight: 8 }} />
        {p.name}
      </td>
      <td style={cell}>{p.coName}</td>
      <td style={cell}>{typeLabel(p.projectType)}</td>
      <td style={cell}>{stateLabel(p.projectState)}</td>
      <td style={cell}>{p.location || '—'}</td>
      <td style={numCell}>{p.progressPct === null ? '—' : `${num(p.progressPct, 1)} %`}</td>
      <td style={{ ...numCell, color: p.openAlarms > 0 ? STATUS_COLOR.alarm : undefined, fontWeight: p.openAlarms > 0 ? 700 : undefined }}>{p.openAlarms}</td>
      <td style={numCell}>{p.peopleOnSiteToday}</td>
      <td style={numCell}>{num(p.safeDays)}</td>
      <td style={{ ...cell, display: 'flex', gap: 6 }}>
        <Button size="small" appearance="primary" onClick={() => void openProject(p.projectId, false)}>
          <Trans>Open</Trans>
        </Button>
        <Button size="small" onClick={() => void openProject(p.projectId, true)}>
          <Trans>New tab</Trans>
        </Button>
        {p.hasExternalUrl ? (
          <Button size="small" appearance="subtle" onClick={() => void openProjectLink(request, p.projectId, session.user?.mid ?? '').catch(() => undefined)}>
            <Trans>Project link</Trans> ↗
          </Button>
        ) : null}
      </td>
    </tr>
  );

  return (
    <ScreenFrame title={<Trans>Company homepage</Trans>}>
      {message ? (
        <div role="alert" style={{ marginBottom: 12, color: STATUS_COLOR.warning, fontSize: 15 }}>
          {message}
        </div>
      ) : null}
      <div style={{ display: 'grid', gridTemplateColumns: 'repeat(4, 1fr)', gap: 16, marginBottom: 16 }}>
        <Figure testId="projects" label={t`Projects`} value={num(stats?.projectCount)} />
        <Figure testId="people" label={t`People on site today`} value={num(stats?.peopleOnSiteToday)} />
        <Figure testId="alarms" label={t`Open alarms`} value={num(stats?.openAlarms)} color={stats?.openAlarms ? STATUS_COLOR.alarm : undefined} />
        <Figure testId="safeDays" label={t`Safe-production days`} value={num(stats?.safeDays)} />
      </div>
      <div style={{ display: 'grid', gridTemplateColumns: 'minmax(0, 3fr) minmax(260px, 1fr)', gap: 16, marginBottom: 16 }}>
        <Section label={t`Project distribution`}>
          {projects ? <CompanyMap projects={projects} onOpen={(id, newTab) => void openProject(id, newTab)} /> : <p>{t`Loading…`}</p>}
        </Section>
        <div style={{ display: 'grid', gap: 16, alignContent: 'start' }}>
          <Section label={t`Projects by type`}>{stats ? <CountBars counts={stats.byType} label={typeLabel} color={() => SCREEN.brand} /> : null}</Section>
          <Section label={t`Projects by state`}>{stats ? <CountBars counts={stats.byState} label={stateLabel} color={(k) => STATE_COLOR[k]} /> : null}</Section>
          {stats ? (
            <p style={{ margin: 0, fontSize: 14, color: SCREEN.textMuted }}>
              <Trans>Projects with open alarms: {stats.projectsWithAlarms}</Trans>
            </p>
          ) : null}
        </div>
      </div>
      <Section label={t`Projects`}>
        <div style={{ overflowX: 'auto' }}>
          <table style={{ borderCollapse: 'collapse', width: '100%', fontSize: 15 }} data-company-projects>
            <thead>
              <tr>
                <th style={head}>
                  <Trans>Project</Trans>
                </th>
                <th style={head}>
                  <Trans>Organization</Trans>
                </th>
                <th style={head}>
                  <Trans>Type</Trans>
                </th>
                <th style={head}>
                  <Trans>State</Trans>
                </th>
                <th style={head}>
                  <Trans>Location</Trans>
                </th>
                <th style={{ ...head, textAlign: 'right' }}>
                  <Trans>Progress</Trans>
                </th>
                <th style={{ ...head, textAlign: 'right' }}>
                  <Trans>Open alarms</Trans>
                </th>
                <th style={{ ...head, textAlign: 'right' }}>
                  <Trans>People today</Trans>
                </th>
                <th style={{ ...head, textAlign: 'right' }}>
                  <Trans>Safe days</Trans>
                </th>
                <th style={head} />
              </tr>
            </thead>
            <tbody>{(projects ?? []).map(row)}</tbody>
          </table>
        </div>
      </Section>
    </ScreenFrame>
  );
});
