import type { ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { percentDone, type HomeStatistics, type HomeSummary, type MachineCounts, type TunnelProgressAt } from '../../../protocol';
import { formatNumber } from '../../format/number';
import { SCREEN } from '../../theme/theme';
import { ALARM_GROUP_LABEL, STRUCTURE_LABEL, UNIT_ROLE_LABEL } from './labels';

/**
 * The project home's sections (docs/domain.md "Project home"), shared by the home screen (`/#/home`) and the
 * home board panels: project details and design figures, key progress, safe days, alarms, machinery and
 * attendance. Props only, no data of their own; `fontPx` is the body size (the screen 16, panels ≥ 20 so
 * that a 1920×1080 board shown at 1366×768 keeps ≥ 12 px), figures and headings scale from it.
 */

const muted = { color: SCREEN.textMuted } as const;

/** A figure as the product shows numbers (src/format/number.ts), '—' when not known. */
export const homeNumber = (v: number | null, digits = 0) => (v === null ? '—' : formatNumber(v, digits));

/** A label and its value on one line. */
export function Field({ label, children, fontPx = 16 }: { label: ReactNode; children: ReactNode; fontPx?: number }) {
  return (
    <div style={{ display: 'flex', gap: 8, padding: '3px 0', fontSize: fontPx }}>
      <span style={{ ...muted, minWidth: fontPx * 9 }}>{label}</span>
      <span>{children}</span>
    </div>
  );
}

/** A headline figure: the number large, its unit and label beneath. */
export function Figure({ value, unit, label, testId, fontPx = 16 }: { value: ReactNode; unit?: ReactNode; label: ReactNode; testId?: string; fontPx?: number }) {
  return (
    <div style={{ minWidth: fontPx * 8 }} data-testid={testId}>
      <div style={{ fontSize: Math.round(fontPx * 2.1), fontWeight: 600, color: SCREEN.brand, fontVariantNumeric: 'tabular-nums' }}>
        {value}
        {unit ? <span style={{ fontSize: fontPx, marginLeft: 4 }}>{unit}</span> : null}
      </div>
      <div style={{ ...muted, fontSize: fontPx }}>{label}</div>
    </div>
  );
}

/** A progress bar with its percentage. */
export function Progress({ label, pct, detail, fontPx }: { label: ReactNode; pct: number | null; detail: ReactNode; fontPx: number }) {
  return (
    <div style={{ padding: '4px 0', fontSize: fontPx }} data-progress>
      <div style={{ display: 'flex', justifyContent: 'space-between', gap: 8 }}>
        <span>{label}</span>
        <span style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
          {detail} · {pct === null ? '—' : `${pct}%`}
        </span>
      </div>
      <div style={{ height: 8, background: SCREEN.panelBorder, borderRadius: 4 }}>
        <div style={{ width: `${pct ?? 0}%`, height: 8, background: SCREEN.brand, borderRadius: 4 }} />
      </div>
    </div>
  );
}

/** The project's details, participating units and design figures. */
export function ProjectDetails({ summary, fontPx = 16 }: { summary: HomeSummary; fontPx?: number }) {
  const { t } = useLingui();
  const { project: p, profile } = summary;
  const d = profile.design;
  return (
    <>
      <Field fontPx={fontPx} label={<Trans>Location</Trans>}>
        {p.location || '—'}
        {p.latitude !== null && p.longitude !== null ? <span style={muted}> ({p.latitude.toFixed(4)}, {p.longitude.toFixed(4)})</span> : null}
      </Field>
      <Field fontPx={fontPx} label={<Trans>Contractor</Trans>}>
        {p.contractor || '—'}
      </Field>
      {profile.units.map((u, i) => (
        <Field fontPx={fontPx} key={i} label={t(UNIT_ROLE_LABEL[u.role])}>
          {u.name}
        </Field>
      ))}
      <Field fontPx={fontPx} label={<Trans>Start and planned end</Trans>}>
        {p.startDate ?? '—'} – {p.plannedEndDate ?? '—'}
      </Field>
      <div style={{ display: 'flex', gap: 20, flexWrap: 'wrap', marginTop: 10 }}>
        <Figure fontPx={fontPx} value={homeNumber(d.costTenThousandCny)} unit={<Trans>10k CNY</Trans>} label={<Trans>Design cost</Trans>} />
        <Figure fontPx={fontPx} value={homeNumber(d.durationDays)} unit={<Trans>days</Trans>} label={<Trans>Duration</Trans>} />
        <Figure fontPx={fontPx} value={homeNumber(d.concreteM3)} unit="m³" label={<Trans>Concrete</Trans>} />
        <Figure fontPx={fontPx} value={homeNumber(d.reinforcementT)} unit="t" label={<Trans>Reinforcement</Trans>} />
        <Figure fontPx={fontPx} value={homeNumber(d.mileageKm, 2)} unit="km" label={<Trans>Mileage</Trans>} />
      </div>
    </>
  );
}

/**
 * Key progress by structure type, % of design: each bore's excavated length (tunnel progress) and each
 * reported quantity of the profile. `structures` limits the reported quantities to some structure types.
 */
export function KeyProgress({ bores, summary, fontPx = 16, structures }: { bores: readonly TunnelProgressAt[] | null; summary: HomeSummary; fontPx?: number; structures?: readonly string[] }) {
  const { t } = useLingui();
  const quantities = summary.profile.quantities.filter((q) => !structures || structures.includes(q.structure));
  return (
    <>
      {(!structures || structures.includes('tunnel')) &&
        (bores ?? []).map((b) => (
          <Progress
            fontPx={fontPx}
            key={b.tunnel.tunnelId}
            label={<Trans>{b.tunnel.name}: excavated</Trans>}
            pct={Math.round(b.figures.pctOfDesign.faceM * 10) / 10}
            detail={`${homeNumber(b.figures.total.faceM)} / ${homeNumber(b.figures.lengthM)} m`}
          />
        ))}
      {quantities.map((q, i) => (
        <Progress fontPx={fontPx} key={i} label={`${t(STRUCTURE_LABEL[q.structure])} · ${q.item}`} pct={percentDone(q.done, q.design)} detail={`${homeNumber(q.done, 1)} / ${homeNumber(q.design, 1)} ${q.unit}`} />
      ))}
    </>
  );
}

/** Safe-production days since the last recordable accident (or the start). */
export function SafeDaysFigure({ summary, fontPx = 16 }: { summary: HomeSummary; fontPx?: number }) {
  return (
    <Figure
      fontPx={fontPx}
      testId="home-safe-days"
      value={homeNumber(summary.safeDays.days)}
      unit={<Trans>days</Trans>}
      label={summary.safeDays.since === 'accident' ? <Trans>since the last recordable accident</Trans> : <Trans>since the project started, without a recordable accident</Trans>}
    />
  );
}

/** Alarms today and over the last 7 days; `byGroup` adds the table by alarm group. */
export function AlarmFigures({ summary, fontPx = 16, byGroup = true }: { summary: HomeSummary; fontPx?: number; byGroup?: boolean }) {
  const { t } = useLingui();
  return (
    <>
      <div style={{ display: 'flex', gap: 24, marginBottom: 8 }}>
        <Figure fontPx={fontPx} testId="home-alarms-today" value={summary.alarms.todayTotal} label={<Trans>alarms today</Trans>} />
        <Figure fontPx={fontPx} value={summary.alarms.weekTotal} label={<Trans>alarms, last 7 days</Trans>} />
      </div>
      {byGroup ? (
        <table style={{ borderCollapse: 'collapse', width: '100%', fontSize: fontPx }}>
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
      ) : null}
    </>
  );
}

/** One row of machine counts: total, then working, idle, offline and alarm. */
function MachineRow({ label, counts, fontPx, testId }: { label: ReactNode; counts: MachineCounts; fontPx: number; testId: string }) {
  const cell = { textAlign: 'right', fontVariantNumeric: 'tabular-nums', padding: '2px 0 2px 12px' } as const;
  return (
    <tr data-testid={testId}>
      <td style={{ padding: '2px 8px 2px 0' }}>{label}</td>
      <td style={cell}>{counts.total}</td>
      <td style={{ ...cell, color: SCREEN.brand, fontWeight: 600 }} data-state="working">
        {counts.working}
      </td>
      <td style={cell} data-state="idle">
        {counts.idle}
      </td>
      <td style={{ ...cell, ...muted }} data-state="offline">
        {counts.offline}
      </td>
      <td style={{ ...cell, color: counts.alarm > 0 ? '#ff5a5a' : undefined }} data-state="alarm">
        {counts.alarm}
      </td>
    </tr>
  );
}

/**
 * Machinery by state (lifting equipment and vehicles: working, idle, offline, alarm, and working now),
 * or "live only" when the answer has none (a replayed instant).
 */
export function MachineryFigures({ statistics, fontPx = 16 }: { statistics: HomeStatistics; fontPx?: number }) {
  const m = statistics.machinery;
  if (!m)
    return (
      <p style={{ ...muted, fontSize: fontPx, margin: 0 }} data-testid="home-machinery-live-only">
        <Trans>Machinery: live only (machine states are not kept for past instants)</Trans>
      </p>
    );
  const head = { textAlign: 'right', fontWeight: 400, padding: '0 0 0 12px' } as const;
  return (
    <div style={{ display: 'flex', gap: 24, flexWrap: 'wrap', alignItems: 'flex-start', fontSize: fontPx }} data-testid="home-machinery">
      <Figure fontPx={fontPx} testId="home-working-now" value={m.workingNow} label={<Trans>machines working now</Trans>} />
      <table style={{ borderCollapse: 'collapse', fontSize: fontPx }}>
        <thead>
          <tr style={muted}>
            <th />
            <th style={head}>
              <Trans>total</Trans>
            </th>
            <th style={head}>
              <Trans>working</Trans>
            </th>
            <th style={head}>
              <Trans>idle</Trans>
            </th>
            <th style={head}>
              <Trans>offline</Trans>
            </th>
            <th style={head}>
              <Trans>alarm</Trans>
            </th>
          </tr>
        </thead>
        <tbody>
          <MachineRow fontPx={fontPx} testId="home-machinery-lifting" label={<Trans>Lifting equipment</Trans>} counts={m.lifting} />
          <MachineRow fontPx={fontPx} testId="home-machinery-vehicles" label={<Trans>Vehicles</Trans>} counts={m.vehicles} />
        </tbody>
      </table>
    </div>
  );
}

/** Attendance today with its source (gates, or beacons seen today where the project has no gate) and the register. */
export function AttendanceFigures({ statistics, fontPx = 16 }: { statistics: HomeStatistics; fontPx?: number }) {
  const a = statistics.attendance;
  return (
    <div style={{ display: 'flex', gap: 24, flexWrap: 'wrap' }} data-testid="home-attendance" data-source={a.source}>
      <Figure
        fontPx={fontPx}
        testId="home-attendance-today"
        value={a.today === null ? '—' : a.today}
        label={a.source === 'gates' ? <Trans>attendance today, by the gates</Trans> : a.today === null ? <Trans>attendance by beacons: live only</Trans> : <Trans>attendance today, by beacons seen</Trans>}
      />
      <Figure fontPx={fontPx} value={a.registered} label={<Trans>people registered</Trans>} />
    </div>
  );
}
