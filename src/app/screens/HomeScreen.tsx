import { observer } from 'mobx-react-lite';
import type { ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { HOME, percentDone, SCHEDULE, TUNNEL, type HomeSummary } from '../../../protocol';
import { useQuery } from '../../stores';
import { formatNumber } from '../../format/number';
import { SCREEN } from '../../theme/theme';
import { EventList } from '../../components/home/EventList';
import { STRUCTURE_LABEL, UNIT_ROLE_LABEL } from '../../components/home/labels';
import { useProjectId } from '../shell/useProjectId';
import { ALARM_GROUP_LABEL } from './AlarmCenterAnalysis';
import { ScreenFrame, ScreenLink } from './ScreenFrame';

const section = { background: SCREEN.panelBackground, border: `1px solid ${SCREEN.panelBorder}`, borderRadius: 4, padding: 16, fontSize: 16, minWidth: 0 } as const;
const h2 = { fontSize: 18, margin: '0 0 10px' } as const;
const muted = { color: SCREEN.textMuted } as const;
/** The summary is asked again this often: alarms and events change during the day. */
const SUMMARY_REFRESH_MS = 60_000;

/** A label and its value on one line. */
function Field({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <div style={{ display: 'flex', gap: 8, padding: '3px 0' }}>
      <span style={{ ...muted, minWidth: 150 }}>{label}</span>
      <span>{children}</span>
    </div>
  );
}

/** A headline figure: the number large, its unit and label beneath. */
function Figure({ value, unit, label, testId }: { value: ReactNode; unit?: ReactNode; label: ReactNode; testId?: string }) {
  return (
    <div style={{ minWidth: 140 }} data-testid={testId}>
      <div style={{ fontSize: 34, fontWeight: 600, color: SCREEN.brand, fontVariantNumeric: 'tabular-nums' }}>
        {value}
        {unit ? <span style={{ fontSize: 16, marginLeft: 4 }}>{unit}</span> : null}
      </div>
      <div style={muted}>{label}</div>
    </div>
  );
}

/** A progress bar with its percentage. */
function Progress({ label, pct, detail }: { label: ReactNode; pct: number | null; detail: ReactNode }) {
  return (
    <div style={{ padding: '4px 0' }}>
      <div style={{ display: 'flex', justifyContent: 'space-between', gap: 8 }}>
        <span>{label}</span>
        <span style={{ fontVariantNumeric: 'tabular-nums' }}>
          {detail} · {pct === null ? '—' : `${pct}%`}
        </span>
      </div>
      <div style={{ height: 8, background: SCREEN.panelBorder, borderRadius: 4 }}>
        <div style={{ width: `${pct ?? 0}%`, height: 8, background: SCREEN.brand, borderRadius: 4 }} />
      </div>
    </div>
  );
}

/** A figure as the product shows numbers (src/format/number.ts: the UI language's grouping, decimals cut), '—' when not known. */
const num = (v: number | null, digits = 0) => (v === null ? '—' : formatNumber(v, digits));

/**
 * The project home (`/#/home`, docs/domain.md "Project home"): the project's details, units and design
 * figures; key progress by structure (the bores from tunnel progress, other structures from reported
 * quantities); safe-production and environment compliant days; alarms today and this week by group; the
 * latest events of the event book; links to the screens behind them.
 */
export const HomeScreen = observer(function HomeScreen() {
  const projectId = useProjectId();
  const { t } = useLingui();
  const summary = useQuery(HOME.summary, projectId ? { projectId } : null, { refreshMs: SUMMARY_REFRESH_MS }).data;
  const bores = useQuery(TUNNEL.progressFigures, projectId ? { projectId } : null, { refreshMs: SUMMARY_REFRESH_MS }).data;
  const schedule = useQuery(SCHEDULE.simple, projectId ? { projectId } : null, { refreshMs: SUMMARY_REFRESH_MS }).data;
  const links: Array<[string, ReactNode]> = [
    ['/schedule', <Trans key="s">Schedule</Trans>],
    ['/events', <Trans key="e">Event book</Trans>],
    ['/people', <Trans key="p">People</Trans>],
    ['/attendance', <Trans key="a">Attendance</Trans>],
    ['/tunnel', <Trans key="t">Tunnel plan view</Trans>],
    ['/environment', <Trans key="n">Environment</Trans>],
    ['/video', <Trans key="v">Video</Trans>],
    ['/alarmCenter', <Trans key="c">Alarm center</Trans>],
  ];
  return (
    <ScreenFrame title={summary ? summary.project.name : <Trans>Project home</Trans>}>
      <nav aria-label={t`Go to`} style={{ display: 'flex', gap: 18, flexWrap: 'wrap', fontSize: 16, marginBottom: 12 }}>
        {links.map(([to, label]) => (
          <ScreenLink key={to} to={to}>
            {label}
          </ScreenLink>
        ))}
      </nav>
      {!summary || !projectId ? (
        <p style={{ ...muted, fontSize: 16 }}>
          <Trans>Loading…</Trans>
        </p>
      ) : (
        <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(420px, 1fr))', gap: 16 }}>
          <ProjectInfo summary={summary} />
          <section style={section} aria-label={t`Safe production`} data-testid="home-safe">
            <h2 style={h2}>
              <Trans>Safe production</Trans>
            </h2>
            <div style={{ display: 'flex', gap: 24, flexWrap: 'wrap' }}>
              <Figure
                testId="home-safe-days"
                value={num(summary.safeDays.days)}
                unit={<Trans>days</Trans>}
                label={summary.safeDays.since === 'accident' ? <Trans>since the last recordable accident</Trans> : <Trans>since the project started, without a recordable accident</Trans>}
              />
              <Figure value={summary.environment.streakDays} unit={<Trans>days</Trans>} label={<Trans>environment compliant in a row</Trans>} />
              <Figure value={`${summary.environment.compliantDays}/${summary.environment.judgedDays}`} label={<Trans>compliant of judged days, last 30</Trans>} />
            </div>
          </section>
          <section style={section} aria-label={t`Key progress`}>
            <h2 style={h2}>
              <Trans>Key progress</Trans>
            </h2>
            {(bores ?? []).map((b) => (
              <Progress
                key={b.tunnel.tunnelId}
                label={<Trans>{b.tunnel.name}: excavated</Trans>}
                pct={Math.round(b.figures.pctOfDesign.faceM * 10) / 10}
                detail={`${num(b.figures.total.faceM)} / ${num(b.figures.lengthM)} m`}
              />
            ))}
            {schedule && schedule.total > 0 ? (
              <div data-testid="home-schedule">
                <Progress label={<Trans>Schedule: overall progress</Trans>} pct={schedule.progressPct} detail={<ScreenLink to="/schedule"><Trans>{schedule.late} late tasks</Trans></ScreenLink>} />
              </div>
            ) : null}
            {summary.profile.quantities.map((q, i) => (
              <Progress key={i} label={`${t(STRUCTURE_LABEL[q.structure])} · ${q.item}`} pct={percentDone(q.done, q.design)} detail={`${num(q.done, 1)} / ${num(q.design, 1)} ${q.unit}`} />
            ))}
          </section>
          <section style={section} aria-label={t`Alarms`}>
            <h2 style={h2}>
              <Trans>Alarms</Trans>
            </h2>
            <div style={{ display: 'flex', gap: 24, marginBottom: 8 }}>
              <Figure value={summary.alarms.todayTotal} label={<Trans>today</Trans>} />
              <Figure value={summary.alarms.weekTotal} label={<Trans>last 7 days</Trans>} />
            </div>
            <table style={{ borderCollapse: 'collapse', width: '100%' }}>
              <thead>
                <tr style={muted}>
                  <th />
                  <th style={{ textAlign: 'right', fontWeight: 400 }}>
                    <Trans>today</Trans>
                  </th>
                  <th style={{ textAlign: 'right', fontWeight: 400 }}>
                    <Trans>last 7 days</Trans>
                  </th>
                </tr>
              </thead>
              <tbody>
                {summary.alarms.week.map((g) => (
                  <tr key={g.group}>
                    <td style={{ padding: '2px 8px 2px 0' }}>{t(ALARM_GROUP_LABEL[g.group])}</td>
                    <td style={{ textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}>{summary.alarms.today.find((x) => x.group === g.group)?.count ?? 0}</td>
                    <td style={{ textAlign: 'right', fontVariantNumeric: 'tabular-nums', ...muted }}>{g.count}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
          <section style={{ ...section, gridColumn: '1 / -1' }} aria-label={t`Latest events`}>
            <h2 style={{ ...h2, display: 'flex', justifyContent: 'space-between' }}>
              <Trans>Latest events</Trans>
              <ScreenLink to="/events">
                <Trans>Open the event book</Trans>
              </ScreenLink>
            </h2>
            <EventList projectId={projectId} events={summary.latestEvents} />
          </section>
        </div>
      )}
    </ScreenFrame>
  );
});

/** The project's details, participating units and design figures. */
function ProjectInfo({ summary }: { summary: HomeSummary }) {
  const { t } = useLingui();
  const { project: p, profile } = summary;
  const d = profile.design;
  return (
    <section style={section} aria-label={t`Project`} data-testid="home-project">
      <h2 style={h2}>
        <Trans>Project</Trans>
      </h2>
      <Field label={<Trans>Location</Trans>}>
        {p.location || '—'}
        {p.latitude !== null && p.longitude !== null ? <span style={muted}> ({p.latitude.toFixed(4)}, {p.longitude.toFixed(4)})</span> : null}
      </Field>
      <Field label={<Trans>Contractor</Trans>}>{p.contractor || '—'}</Field>
      {profile.units.map((u, i) => (
        <Field key={i} label={t(UNIT_ROLE_LABEL[u.role])}>
          {u.name}
        </Field>
      ))}
      <Field label={<Trans>Start and planned end</Trans>}>
        {p.startDate ?? '—'} – {p.plannedEndDate ?? '—'}
      </Field>
      <div style={{ display: 'flex', gap: 20, flexWrap: 'wrap', marginTop: 10 }}>
        <Figure value={num(d.costTenThousandCny)} unit={<Trans>10k CNY</Trans>} label={<Trans>Design cost</Trans>} />
        <Figure value={num(d.durationDays)} unit={<Trans>days</Trans>} label={<Trans>Duration</Trans>} />
        <Figure value={num(d.concreteM3)} unit="m³" label={<Trans>Concrete</Trans>} />
        <Figure value={num(d.reinforcementT)} unit="t" label={<Trans>Reinforcement</Trans>} />
        <Figure value={num(d.mileageKm, 2)} unit="km" label={<Trans>Mileage</Trans>} />
      </div>
    </section>
  );
}
