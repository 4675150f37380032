import { observer } from 'mobx-react-lite';
import { useState, type ReactNode } from 'react';
import { Button } from '@fluentui/react-components';
import { Trans, useLingui } from '@lingui/react/macro';
import { ATTENDANCE, HOME, SCHEDULE, TUNNEL } from '../../../protocol';
import { useQuery } from '../../stores';
import { SCREEN } from '../../theme/theme';
import { EventList } from '../../components/home/EventList';
import { CompaniesDialog } from '../../components/home/CompaniesDialog';
import { AlarmFigures, AttendanceFigures, Figure, KeyProgress, MachineryFigures, Progress, ProjectDetails, SafeDaysFigure } from '../../components/home/HomeSections';
import { useProjectId } from '../shell/useProjectId';
import { ScreenFrame, ScreenLink } from './ScreenFrame';

const section = { background: SCREEN.panelBackground, border: `1px solid ${SCREEN.panelBorder}`, borderRadius: 4, padding: 16, fontSize: 16, minWidth: 0 } as const;
const h2 = { fontSize: 18, margin: '0 0 10px' } as const;
const muted = { color: SCREEN.textMuted } as const;
/** The summary and statistics are asked again this often: alarms and events change during the day, machines by the minute. */
const SUMMARY_REFRESH_MS = 60_000;

/**
 * The project home (`/#/home`, docs/domain.md "Project home"): the project's details, units and design
 * figures; key progress by structure (the bores from tunnel progress, other structures from reported
 * quantities); safe-production and environment compliant days; alarms today and this week by group; the
 * latest events of the event book; machinery by state and attendance today (home/statistics) with the
 * cooperating companies' dialog; links to the screens behind them.
 */
export const HomeScreen = observer(function HomeScreen() {
  const projectId = useProjectId();
  const { t } = useLingui();
  const summary = useQuery(HOME.summary, projectId ? { projectId } : null, { refreshMs: SUMMARY_REFRESH_MS }).data;
  const bores = useQuery(TUNNEL.progressFigures, projectId ? { projectId } : null, { refreshMs: SUMMARY_REFRESH_MS }).data;
  const schedule = useQuery(SCHEDULE.simple, projectId ? { projectId } : null, { refreshMs: SUMMARY_REFRESH_MS }).data;
  const statistics = useQuery(HOME.statistics, projectId ? { projectId } : null, { refreshMs: SUMMARY_REFRESH_MS }).data;
  const [companiesOpen, setCompaniesOpen] = useState(false);
  const companies = useQuery(ATTENDANCE.companies, companiesOpen && projectId ? { projectId } : null);
  const links: Array<[string, ReactNode]> = [
    ['/schedule', <Trans key="s">Schedule</Trans>],
    ['/events', <Trans key="e">Event book</Trans>],
    ['/people', <Trans key="p">People</Trans>],
    ['/attendance', <Trans key="a">Attendance</Trans>],
    ['/tunnel', <Trans key="t">Tunnel plan view</Trans>],
    ['/environment', <Trans key="n">Environment</Trans>],
    ['/video', <Trans key="v">Video</Trans>],
    ['/alarmCenter', <Trans key="c">Alarm center</Trans>],
    ['/emergency', <Trans key="m">Emergency</Trans>],
    ['/inspections', <Trans key="i">Inspections</Trans>],
    ['/education', <Trans key="d">Safety education</Trans>],
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
          <section style={section} aria-label={t`Project`} data-testid="home-project">
            <h2 style={h2}>
              <Trans>Project</Trans>
            </h2>
            <ProjectDetails summary={summary} />
          </section>
          <section style={section} aria-label={t`Safe production`} data-testid="home-safe">
            <h2 style={h2}>
              <Trans>Safe production</Trans>
            </h2>
            <div style={{ display: 'flex', gap: 24, flexWrap: 'wrap' }}>
              <SafeDaysFigure summary={summary} />
              <Figure value={summary.environment.streakDays} unit={<Trans>days</Trans>} label={<Trans>environment compliant in a row</Trans>} />
              <Figure value={`${summary.environment.compliantDays}/${summary.environment.judgedDays}`} label={<Trans>compliant of judged days, last 30</Trans>} />
            </div>
          </section>
          <section style={section} aria-label={t`Machinery and attendance`} data-testid="home-statistics">
            <h2 style={{ ...h2, display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 12 }}>
              <Trans>Machinery and attendance</Trans>
              {statistics ? (
                <Button appearance="secondary" onClick={() => setCompaniesOpen(true)} style={{ fontSize: 16 }} data-testid="home-companies-button">
                  <Trans>Cooperating companies ({statistics.attendance.companies})</Trans>
                </Button>
              ) : null}
            </h2>
            {statistics ? (
              <div style={{ display: 'grid', gap: 14 }}>
                <MachineryFigures statistics={statistics} />
                <AttendanceFigures statistics={statistics} />
              </div>
            ) : (
              <p style={muted}>
                <Trans>Loading…</Trans>
              </p>
            )}
          </section>
          <section style={section} aria-label={t`Key progress`}>
            <h2 style={h2}>
              <Trans>Key progress</Trans>
            </h2>
            <KeyProgress bores={bores ?? null} summary={summary} />
            {schedule && schedule.total > 0 ? (
              <div data-testid="home-schedule">
                <Progress fontPx={16} label={<Trans>Schedule: overall progress</Trans>} pct={schedule.progressPct} detail={<ScreenLink to="/schedule"><Trans>{schedule.late} late tasks</Trans></ScreenLink>} />
              </div>
            ) : null}
          </section>
          <section style={section} aria-label={t`Alarms`}>
            <h2 style={h2}>
              <Trans>Alarms</Trans>
            </h2>
            <AlarmFigures summary={summary} />
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
      {companiesOpen ? <CompaniesDialog companies={companies.data ?? null} failed={companies.error !== null} onClose={() => setCompaniesOpen(false)} /> : null}
    </ScreenFrame>
  );
});
