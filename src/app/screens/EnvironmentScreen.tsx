import { observer } from 'mobx-react-lite';
import { useRef, useState } from 'react';
import { Button } from '@fluentui/react-components';
import { Trans, useLingui } from '@lingui/react/macro';
import { ENVIRONMENT, type EnvironmentDaily, type EnvironmentDay, type SprayState } from '../../../protocol';
import { useOpenProject, useQuery, useStores } from '../../stores';
import { formatFixedDigits } from '../../format/number';
import { SCREEN } from '../../theme/theme';
import { LEVEL_COLOR, STATUS_COLOR } from '../../theme/status';
import { EnvironmentNowPanel } from '../../panels/EnvironmentNow/EnvironmentNowPanel';
import { AirQualityTrendPanel } from '../../panels/AirQualityTrend/AirQualityTrendPanel';
import { useElementWidth } from '../../components/useElementHeight';
import { useSprayText } from '../../components/environment/sprayText';
import { ENVIRONMENT_DAILY_REFRESH_MS, SPRAY_REFRESH_MS } from '../../panelData';
import { useProjectId } from '../shell/useProjectId';
import { ScreenFrame } from './ScreenFrame';
import { SprayLinkageDialog } from './SprayLinkageDialog';

const section = { background: SCREEN.panelBackground, border: `1px solid ${SCREEN.panelBorder}`, borderRadius: 4, padding: 16, marginBottom: 16, fontSize: 16 } as const;
const h2 = { fontSize: 18, margin: '0 0 10px' } as const;
const cell = { padding: '4px 10px', textAlign: 'right' as const, borderBottom: `1px solid ${SCREEN.panelBorder}` };
const head = { ...cell, color: SCREEN.textMuted, fontWeight: 400 };

/**
 * The environment screen (`/#/environment`, docs/domain.md "Site environment" and "Spray linkage"): per
 * monitor its live readings and weather, the last seven days' daily means with the compliant days (and
 * those of 30 days), noise by day and night against GB 12523, and the fog cannons with their state, last
 * command and, for administrators, manual on/off.
 */
export const EnvironmentScreen = observer(function EnvironmentScreen() {
  const projectId = useProjectId();
  const { t } = useLingui();
  // the live readings of the monitors (the Environment now view reads the device store)
  useOpenProject(projectId);
  const week = useQuery(ENVIRONMENT.daily, projectId ? { projectId, days: 7 } : null, { refreshMs: ENVIRONMENT_DAILY_REFRESH_MS }).data;
  const month = useQuery(ENVIRONMENT.daily, projectId ? { projectId, days: 30 } : null, { refreshMs: ENVIRONMENT_DAILY_REFRESH_MS }).data;
  const stations = week?.stations ?? [];
  const [chosen, setChosen] = useState<string | null>(null);
  const sn = chosen ?? stations[0]?.sn ?? null;
  const station = stations.find((s) => s.sn === sn);
  const monthOf = month?.stations.find((s) => s.sn === sn);
  return (
    <ScreenFrame title={<Trans>Environment</Trans>}>
      <div role="tablist" aria-label={t`Environment monitors`} style={{ display: 'flex', gap: 8, marginBottom: 12, flexWrap: 'wrap' }}>
        {stations.map((s) => (
          <Button key={s.sn} role="tab" aria-selected={s.sn === sn} appearance={s.sn === sn ? 'primary' : 'secondary'} onClick={() => setChosen(s.sn)}>
            {s.name}
          </Button>
        ))}
      </div>
      {sn ? (
        <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(600px, 1fr))', gap: 16 }}>
          <section style={section} aria-label={t`Now and weather`}>
            <h2 style={h2}>
              <Trans>Now and weather</Trans>
            </h2>
            <div style={{ height: 340 }}>
              <EnvironmentNowPanel panelId={`environment-screen-${sn}`} config={{ sn }} width={620} height={340} />
            </div>
          </section>
          <section style={section} aria-label={t`Environment compliant days`} data-compliant>
            <h2 style={h2}>
              <Trans>Environment compliant days</Trans>
            </h2>
            {station && week ? <ComplianceFigures week={station} month={monthOf ?? null} /> : null}
            {week ? <LimitsNote limits={week.limits} /> : null}
          </section>
        </div>
      ) : (
        <p style={{ fontSize: 16, color: SCREEN.textMuted }}>{week ? <Trans>No environment monitors in this project</Trans> : <Trans>Loading…</Trans>}</p>
      )}
      {sn ? <AirQualityHistory sn={sn} /> : null}
      {station && week ? (
        <section style={{ ...section, overflowX: 'auto' }} aria-label={t`Seven days`}>
          <h2 style={h2}>
            <Trans>Seven days: daily means and noise by day and night</Trans>
          </h2>
          <DailyTable days={station.days} limits={week.limits} />
        </section>
      ) : null}
      <SprayTable projectId={projectId} />
    </ScreenFrame>
  );
});

/** Height of each history chart on the screen, px. */
const HISTORY_CHART_PX = 320;

/**
 * Air-quality history of the chosen monitor: particulates, then noise, each with its own 24 h / 7 days /
 * 30 days switch and its limits (the board's air-quality trend panel, at the section's width).
 */
function AirQualityHistory({ sn }: { sn: string }) {
  const { t } = useLingui();
  const box = useRef<HTMLDivElement | null>(null);
  const width = useElementWidth(box);
  return (
    <section style={section} aria-label={t`Air-quality history`} data-air-quality-history>
      <h2 style={h2}>
        <Trans>Air-quality history</Trans>
      </h2>
      <div ref={box} style={{ display: 'grid', gap: 16 }}>
        {width > 0 ? (
          <>
            <div style={{ height: HISTORY_CHART_PX }}>
              <AirQualityTrendPanel panelId={`environment-history-${sn}`} config={{ sn, metrics: ['pm10', 'pm25', 'tsp'], range: '24h' }} width={width} height={HISTORY_CHART_PX} />
            </div>
            <div style={{ height: HISTORY_CHART_PX }}>
              <AirQualityTrendPanel panelId={`environment-noise-${sn}`} config={{ sn, metrics: ['noise'], range: '24h' }} width={width} height={HISTORY_CHART_PX} />
            </div>
          </>
        ) : null}
      </div>
    </section>
  );
}

type Station = EnvironmentDaily['stations'][number];
type Limits = EnvironmentDaily['limits'];

function ComplianceFigures({ week, month }: { week: Station; month: Station | null }) {
  const figure = { fontSize: 40, fontWeight: 600, lineHeight: 1.1 } as const;
  return (
    <div style={{ display: 'flex', gap: 32, flexWrap: 'wrap' }}>
      <div data-compliant-week>
        <div style={figure}>
          {week.compliantDays} / {week.judgedDays}
        </div>
        <div style={{ color: SCREEN.textMuted }}>
          <Trans>compliant days of the last 7 judged</Trans>
        </div>
      </div>
      {month ? (
        <div data-compliant-month>
          <div style={figure}>
            {month.compliantDays} / {month.judgedDays}
          </div>
          <div style={{ color: SCREEN.textMuted }}>
            <Trans>compliant days of the last 30 judged</Trans>
          </div>
        </div>
      ) : null}
    </div>
  );
}

function LimitsNote({ limits }: { limits: Limits }) {
  return (
    <p style={{ fontSize: 14, color: SCREEN.textMuted, marginTop: 16 }}>
      <Trans>
        A compliant day keeps every daily mean within GB 3095 grade II: PM10 ≤ {limits.pm10} µg/m³, PM2.5 ≤ {limits.pm25} µg/m³, TSP ≤ {limits.tsp} mg/m³. Days
        with fewer than 20 valid hours are not judged. Noise: GB 12523, day {limits.noiseDay} dB(A), night {limits.noiseNight} dB(A) (22:00–06:00).
      </Trans>
    </p>
  );
}

/** A value coloured as an alarm when over `limit`; a dash when null. */
function Judged({ value, limit, digits }: { value: number | null; limit: number; digits: number }) {
  if (value === null) return <span style={{ color: SCREEN.textMuted }}>–</span>;
  return <span style={{ color: value > limit ? LEVEL_COLOR.alarm : undefined, fontWeight: value > limit ? 600 : undefined }}>{formatFixedDigits(value, digits)}</span>;
}

function DailyTable({ days, limits }: { days: EnvironmentDay[]; limits: Limits }) {
  const { t } = useLingui();
  return (
    <table style={{ borderCollapse: 'collapse', width: '100%', fontSize: 16 }} data-daily>
      <thead>
        <tr>
          <th style={{ ...head, textAlign: 'left' }}>
            <Trans>Date</Trans>
          </th>
          <th style={head}>PM10 µg/m³</th>
          <th style={head}>PM2.5 µg/m³</th>
          <th style={head}>TSP mg/m³</th>
          <th style={head}>
            <Trans>Compliant</Trans>
          </th>
          <th style={head}>
            <Trans>Noise day Leq dB(A)</Trans>
          </th>
          <th style={head}>
            <Trans>Noise night Leq dB(A)</Trans>
          </th>
        </tr>
      </thead>
      <tbody>
        {days.map((d) => (
          <tr key={d.dayMs} data-day={d.date}>
            <td style={{ ...cell, textAlign: 'left' }}>{d.date}</td>
            <td style={cell}>
              <Judged value={d.pm10} limit={limits.pm10} digits={0} />
            </td>
            <td style={cell}>
              <Judged value={d.pm25} limit={limits.pm25} digits={0} />
            </td>
            <td style={cell}>
              <Judged value={d.tsp} limit={limits.tsp} digits={3} />
            </td>
            <td style={cell}>{d.compliant === null ? <span style={{ color: SCREEN.textMuted }}>{t`not judged`}</span> : d.compliant ? <span style={{ color: STATUS_COLOR.online }}>{t`yes`}</span> : <span style={{ color: LEVEL_COLOR.alarm }}>{t`no`}</span>}</td>
            <td style={cell}>
              <Judged value={d.noiseDayLeq} limit={limits.noiseDay} digits={1} />
            </td>
            <td style={cell}>
              <Judged value={d.noiseNightLeq} limit={limits.noiseNight} digits={1} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * The fog cannons: linkage, mode, spraying, last command; for project administrators on/off/automatic and
 * the linkage dialog (the monitor, the limit, the hold time).
 */
const SprayTable = observer(function SprayTable({ projectId }: { projectId: string | null }) {
  const { session, queries } = useStores();
  const { t } = useLingui();
  const text = useSprayText();
  const list = useQuery(ENVIRONMENT.sprayList, projectId ? { projectId } : null, { refreshMs: SPRAY_REFRESH_MS }).data;
  const [message, setMessage] = useState('');
  const [editing, setEditing] = useState<string | null>(null);
  const mayCommand = session.may('project.admin');
  if (!list || !projectId || list.length === 0) return null;
  const editingCannon = list.find((s) => s.sn === editing);
  const command = async (s: SprayState, action: 'on' | 'off' | 'auto') => {
    try {
      await queries.mutate(ENVIRONMENT.sprayCommand, { projectId, sn: s.sn, action });
      setMessage('');
    } catch {
      setMessage(t`The command was not sent`);
    }
  };
  return (
    <section style={{ ...section, overflowX: 'auto' }} aria-label={t`Spray linkage`} data-spray>
      <h2 style={h2}>
        <Trans>Spray linkage</Trans>
      </h2>
      <table style={{ borderCollapse: 'collapse', width: '100%', fontSize: 16 }}>
        <thead>
          <tr>
            <th style={{ ...head, textAlign: 'left' }}>
              <Trans>Fog cannon</Trans>
            </th>
            <th style={{ ...head, textAlign: 'left' }}>
              <Trans>Linkage</Trans>
            </th>
            <th style={{ ...head, textAlign: 'left' }}>
              <Trans>Mode</Trans>
            </th>
            <th style={{ ...head, textAlign: 'left' }}>
              <Trans>State</Trans>
            </th>
            <th style={{ ...head, textAlign: 'left' }}>
              <Trans>Last command</Trans>
            </th>
            {mayCommand ? <th style={head} /> : null}
          </tr>
        </thead>
        <tbody>
          {list.map((s) => (
            <tr key={s.sn} data-cannon={s.sn}>
              <td style={{ ...cell, textAlign: 'left' }}>{s.name}</td>
              <td style={{ ...cell, textAlign: 'left' }}>
                {s.linkage ? t`${s.linkage.metric.toUpperCase()} over ${s.linkage.onAbove} at ${s.linkage.stationSn}, off after ${Math.round(s.linkage.holdS / 60)} min` : t`not linked`}
              </td>
              <td style={{ ...cell, textAlign: 'left' }} data-mode>
                {text.mode(s)}
              </td>
              <td style={{ ...cell, textAlign: 'left', color: s.spraying ? STATUS_COLOR.online : SCREEN.textMuted }} data-spraying>
                {text.state(s)}
              </td>
              <td style={{ ...cell, textAlign: 'left' }} data-last-command>
                {text.lastCommand(s.lastCommand)}
              </td>
              {mayCommand ? (
                <td style={{ ...cell, whiteSpace: 'nowrap' }}>
                  <Button size="small" onClick={() => void command(s, 'on')}>
                    <Trans>On</Trans>
                  </Button>{' '}
                  <Button size="small" onClick={() => void command(s, 'off')}>
                    <Trans>Off</Trans>
                  </Button>{' '}
                  <Button size="small" disabled={s.mode === 'auto'} onClick={() => void command(s, 'auto')}>
                    <Trans>Automatic</Trans>
                  </Button>{' '}
                  <Button size="small" aria-label={t`Linkage of ${s.name}`} onClick={() => setEditing(s.sn)}>
                    <Trans>Linkage…</Trans>
                  </Button>
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
      <span role="status">{message}</span>
      {editingCannon ? <SprayLinkageDialog key={editingCannon.sn} projectId={projectId} cannon={editingCannon} onClose={() => setEditing(null)} /> : null}
    </section>
  );
});
