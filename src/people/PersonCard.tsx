import { useMemo } from 'react';
import { observer } from 'mobx-react-lite';
import { EntryEducationBadge } from '../components/EntryEducationBadge';
import { Badge, Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Spinner } from '@fluentui/react-components';
import { Trans, useLingui } from '@lingui/react/macro';
import { beijingDayStart, formatChainage, HISTORY, PEOPLE, type SeriesResponse, type Threshold } from '../../protocol';
import { useQuery, useStores, type QueryView } from '../stores';
import { LEVEL_COLOR, SCREEN, thresholdLevel } from '../components';
import { formatBeijing } from '../format/time';
import { metricLabel } from '../i18n/metricLabels';
import { thresholdText } from '../board/deviceDetail';
import { ThresholdEditor } from '../board/equipment/ThresholdsTab';

/** Vitals and battery shown on the card, in this order (protocol/kinds/beacon.ts metrics). */
const CARD_METRICS = ['heartRate', 'spo2', 'bodyTempC', 'sbp', 'dbp', 'battery'] as const;
/** The card refreshes live values this often while open (ms). */
const REFRESH_MS = 5_000;
const TRACK_W = 520;
const TRACK_H = 120;
/** The track's last minutes come from raw readings (rollups cover whole minutes only), ms. */
const RECENT_RAW_MS = 10 * 60_000;

/** Which person the card shows: by registry id, or by the beacon they wear (a click on the map). */
export type PersonCardTarget = { personId: string } | { beaconSn: string };

/**
 * A person's card (docs/api.md "People and zones"): who they are (company, team, trade, phone, beacon), status, battery, the
 * last fix (bore, chainage, zones), vitals against the beacon's thresholds (heart rate, SpO2, body
 * temperature, blood pressure), today's track (distance from the portal since 00:00 Beijing time) and the
 * beacon's limits in the device threshold editor (its own or the project's default for the kind, each row
 * saying which; administrators with `threshold.edit` change or reset them there, audited as any device's).
 * Opened from the person list or by a click on a person on the tunnel map. Live values refresh every 5 s
 * while it is open; `target` null closes it.
 */
export const PersonCard = observer(function PersonCard({ projectId, target, onClose }: { projectId: string | null; target: PersonCardTarget | null; onClose: () => void }) {
  const { tunnels } = useStores();
  const { t, i18n } = useLingui();
  const key = target ? ('personId' in target ? `p:${target.personId}` : `b:${target.beaconSn}`) : null;
  const shown = useQuery(PEOPLE.personDetail, projectId && target ? { projectId, ...target } : null, { refreshMs: REFRESH_MS, keepPrevious: false });
  const detail = shown.data;
  const failed = shown.error !== null;
  // today's track up to when the card opened: the day from the rollups, and the last minutes (not rolled
  // up yet) from the raw readings
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const toMs = useMemo(() => Date.now(), [key]);
  const fromMs = beijingDayStart(toMs);
  const beaconSn = detail?.beaconSn || null;
  const trackOf = (from: number, tier?: 'raw') =>
    projectId && beaconSn ? { projectId, sns: [beaconSn], metrics: ['chainageM'], fromMs: from, toMs, widthPx: TRACK_W, ...(tier ? { tier } : {}) } : null;
  const day = useQuery(HISTORY.series, trackOf(fromMs), { keepPrevious: false });
  const recent = useQuery(HISTORY.series, trackOf(Math.max(fromMs, toMs - RECENT_RAW_MS), 'raw'), { keepPrevious: false });
  const track = beaconSn ? joinTrack(day, recent) : null;

  const person = detail?.person ?? null;
  const latest = detail?.latest ?? null;
  const thresholdOf = (metric: string) => detail?.thresholds.find((x) => x.metric === metric) as Threshold | undefined;
  const tunnel = person?.tunnelId ? tunnels.get(person.tunnelId) : undefined;
  const title = person?.name ?? detail?.deviceName ?? (target && 'beaconSn' in target ? target.beaconSn : '');
  const row = { display: 'grid', gridTemplateColumns: 'auto 1fr', gap: '4px 16px', margin: '0 0 12px' } as const;
  const cell = { padding: '4px 8px', textAlign: 'left' } as const;

  return (
    <Dialog open={target !== null} onOpenChange={(_e, d) => (d.open ? undefined : onClose())}>
      <DialogSurface aria-describedby={undefined} style={{ maxWidth: 960 }}>
        <DialogBody>
          <DialogTitle>{title}</DialogTitle>
          <DialogContent>
            {failed && !detail ? (
              <p role="alert">
                <Trans>This person could not be loaded.</Trans>
              </p>
            ) : !detail ? (
              <Spinner />
            ) : (
              <div data-person-card={detail.beaconSn || person?.personId}>
                <div style={{ display: 'flex', gap: 6, marginBottom: 12 }}>
                  {person?.sos ? (
                    <Badge color="danger">
                      <Trans>SOS</Trans>
                    </Badge>
                  ) : null}
                  {person ? <Badge color={person.online ? 'success' : 'informative'}>{person.online ? t`Online` : t`Offline`}</Badge> : null}
                  {person ? <EntryEducationBadge educated={person.entryEducation} /> : null}
                  {person?.lowBattery ? (
                    <Badge color="warning">
                      <Trans>Low battery</Trans>
                    </Badge>
                  ) : null}
                </div>
                <dl style={row}>
                  {person ? (
                    <>
                      <dt><Trans>Company</Trans></dt>
                      <dd style={{ margin: 0 }}>{person.company || '—'}</dd>
                      <dt><Trans>Team</Trans></dt>
                      <dd style={{ margin: 0 }}>{person.team || '—'}</dd>
                      <dt><Trans>Work type</Trans></dt>
                      <dd style={{ margin: 0 }}>{person.workType || '—'}</dd>
                      <dt><Trans>Phone</Trans></dt>
                      <dd style={{ margin: 0 }}>{person.phone || '—'}</dd>
                      <dt><Trans>Job position</Trans></dt>
                      <dd style={{ margin: 0 }}>{person.position || '—'}</dd>
                      <dt><Trans>Age</Trans></dt>
                      <dd style={{ margin: 0 }}>{person.age ?? '—'}</dd>
                      <dt><Trans>ID number</Trans></dt>
                      <dd style={{ margin: 0 }} data-id-number>{person.idNumber || '—'}</dd>
                      <dt><Trans>Entry date</Trans></dt>
                      <dd style={{ margin: 0 }}>{[person.entryDate, person.leaveDate].filter(Boolean).join(' – ') || '—'}</dd>
                    </>
                  ) : (
                    <>
                      <dt><Trans>Registry</Trans></dt>
                      <dd style={{ margin: 0 }}><Trans>Nobody is registered for this beacon.</Trans></dd>
                    </>
                  )}
                  <dt><Trans>Beacon</Trans></dt>
                  <dd style={{ margin: 0 }}>{detail.beaconSn || '—'}</dd>
                  <dt><Trans>Last fix</Trans></dt>
                  <dd style={{ margin: 0 }} data-last-fix>
                    {person?.chainageM != null
                      ? `${tunnel?.name ?? person.tunnelId ?? ''} ${tunnel ? formatChainage(tunnel.startChainageM + person.chainageM) : ''} (${t`${person.chainageM.toFixed(1)} m from the portal`}), ${formatBeijing(person.lastSeenMs)}`
                      : '—'}
                  </dd>
                  <dt><Trans>Zones</Trans></dt>
                  <dd style={{ margin: 0 }}>{detail.zones.length ? detail.zones.map((z) => z.name).join(', ') : '—'}</dd>
                </dl>
                <table style={{ borderCollapse: 'collapse', width: '100%', marginBottom: 12 }} aria-label={t`Vitals and battery`}>
                  <thead>
                    <tr>
                      <th style={cell}><Trans>Reading</Trans></th>
                      <th style={cell}><Trans>Latest</Trans></th>
                      <th style={cell}><Trans>Limits</Trans></th>
                    </tr>
                  </thead>
                  <tbody>
                    {CARD_METRICS.map((metric) => {
                      const th = thresholdOf(metric);
                      const v = latest?.[metric];
                      const level = thresholdLevel(v, th);
                      const unit = th?.unit ?? (metric === 'battery' ? '%' : '');
                      return (
                        <tr key={metric} data-metric={metric}>
                          <td style={cell}>{metricLabel(i18n, 'beacon', metric)}</td>
                          <td style={{ ...cell, color: level ? LEVEL_COLOR[level] : undefined, fontWeight: level ? 700 : undefined }}>
                            {v == null ? '—' : `${v} ${unit}`}
                          </td>
                          <td style={cell}>{(th && thresholdText(th, { warn: t`warning`, alarm: t`alarm` })) || '—'}</td>
                        </tr>
                      );
                    })}
                  </tbody>
                </table>
                <h3 style={{ margin: '0 0 4px', fontSize: 14 }}>
                  <Trans>Today's track (distance from the portal)</Trans>
                </h3>
                <TrackChart track={track} />
                {projectId && detail.beaconSn ? (
                  <section data-person-limits style={{ marginTop: 16 }}>
                    <h3 style={{ margin: '0 0 4px', fontSize: 14 }}>
                      <Trans>Limits of this beacon</Trans>
                    </h3>
                    <p style={{ margin: '0 0 8px', fontSize: 13 }}>
                      <Trans>Rows marked edited are this beacon's own limits; the others are the project's default for personnel beacons.</Trans>
                    </p>
                    <ThresholdEditor projectId={projectId} kind="beacon" target={{ sn: detail.beaconSn }} />
                  </section>
                ) : null}
              </div>
            )}
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
});

/** Today's distance from the portal over time, as a line (SVG; a few hundred points at most). */
type Track = { ts: number[]; m: Array<number | null> };

/** The track of the two series queries (null while either loads; a failed one counts as no points), recent points after the day's last. */
function joinTrack(day: QueryView<SeriesResponse>, recent: QueryView<SeriesResponse>): Track | null {
  const points = (q: QueryView<SeriesResponse>): Track | null =>
    q.data ? { ts: q.data.series[0]?.ts ?? [], m: q.data.series[0]?.values.chainageM ?? [] } : q.error !== null ? { ts: [], m: [] } : null;
  const d = points(day);
  const r = points(recent);
  if (!d || !r) return null;
  const lastDay = d.ts.length ? d.ts[d.ts.length - 1] : -Infinity;
  const keep = r.ts.map((ts, i) => [ts, r.m[i]] as const).filter(([ts]) => ts > lastDay);
  return { ts: [...d.ts, ...keep.map((p) => p[0])], m: [...d.m, ...keep.map((p) => p[1])] };
}

function TrackChart({ track }: { track: { ts: number[]; m: Array<number | null> } | null }) {
  if (!track) return <Spinner size="tiny" />;
  const pts = track.ts.map((ts, i) => [ts, track.m[i]] as const).filter((p): p is readonly [number, number] => p[1] !== null);
  if (pts.length < 2) {
    return (
      <p style={{ color: SCREEN.textMuted }} data-track-points={pts.length}>
        <Trans>No positions today.</Trans>
      </p>
    );
  }
  const [t0, t1] = [pts[0][0], pts[pts.length - 1][0]];
  const maxM = Math.max(...pts.map((p) => p[1]));
  const minM = Math.min(...pts.map((p) => p[1]));
  const label = (m: number) => `${maxM - minM < 10 ? m.toFixed(1) : Math.round(m)} m`;
  const x = (ts: number) => 40 + ((ts - t0) / Math.max(1, t1 - t0)) * (TRACK_W - 50);
  const y = (m: number) => 8 + (1 - (m - minM) / Math.max(1, maxM - minM)) * (TRACK_H - 28);
  return (
    <svg width={TRACK_W} height={TRACK_H} role="img" aria-label="track" data-track-points={pts.length} style={{ maxWidth: '100%' }}>
      <polyline fill="none" stroke={SCREEN.brand} strokeWidth={2} points={pts.map(([ts, m]) => `${x(ts).toFixed(1)},${y(m).toFixed(1)}`).join(' ')} />
      <text x={0} y={14} fontSize={12} fill={SCREEN.textMuted}>{label(maxM)}</text>
      <text x={0} y={TRACK_H - 20} fontSize={12} fill={SCREEN.textMuted}>{label(minM)}</text>
      <text x={40} y={TRACK_H - 4} fontSize={12} fill={SCREEN.textMuted}>{formatBeijing(t0, 'HH:mm')}</text>
      <text x={TRACK_W - 10} y={TRACK_H - 4} fontSize={12} textAnchor="end" fill={SCREEN.textMuted}>{formatBeijing(t1, 'HH:mm')}</text>
    </svg>
  );
}
