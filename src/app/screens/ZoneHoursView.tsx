import { useEffect, useMemo, useRef } from 'react';
import { observer } from 'mobx-react-lite';
import { Button, Spinner } from '@fluentui/react-components';
import { Trans, useLingui } from '@lingui/react/macro';
import { BEIJING_OFFSET_MS, PEOPLE, type ZoneHour, type ZoneKind } from '../../../protocol';
import { useQuery } from '../../stores';
import { SCREEN } from '../../theme/theme';

const HOUR_MS = 3_600_000;
/** Hours shown: the 24 that ended last. */
const HOURS = 24;
/** Height of the tallest bar (px). */
const BAR_MAX_PX = 36;

/** The starts of the 24 hours that ended last before `nowMs`, oldest first (ms). */
export function lastHourStarts(nowMs: number): number[] {
  const current = Math.floor(nowMs / HOUR_MS) * HOUR_MS;
  return Array.from({ length: HOURS }, (_, i) => current - (HOURS - i) * HOUR_MS);
}

/** The Beijing hour of an hour start, as `08` (the site's clock, docs/domain.md). */
export function beijingHourLabel(hourStartMs: number): string {
  return String(new Date(hourStartMs + BEIJING_OFFSET_MS).getUTCHours()).padStart(2, '0');
}

const cell = { padding: '2px 4px', textAlign: 'center' as const, fontSize: 14, minWidth: 32, fontVariantNumeric: 'tabular-nums' as const };
const head = { ...cell, textAlign: 'left' as const, fontWeight: 600, whiteSpace: 'nowrap' as const, paddingRight: 12 };

/**
 * The last 24 hours of one zone (docs/api.md "zone/hours"): per hour the peak headcount as a bar with its
 * number, the headcount at the hour's end and, for a portal, the entries and exits. An hour without a
 * stored row shows "–" (nobody counted, or the server was not running). Hours in Beijing time.
 */
export const ZoneHoursView = observer(function ZoneHoursView({ projectId, zone, onClose }: { projectId: string; zone: { zoneId: string; name: string; kind: ZoneKind }; onClose: () => void }) {
  const { t } = useLingui();
  const ref = useRef<HTMLElement>(null);

  // opened from a row of a long table: brought into sight (jsdom has no scrollIntoView)
  useEffect(() => ref.current?.scrollIntoView?.({ block: 'nearest' }), [zone.zoneId]);

  const starts = useMemo(() => lastHourStarts(Date.now()), [zone.zoneId]);
  const answer = useQuery(PEOPLE.zoneHours, { projectId, zoneId: zone.zoneId, fromMs: starts[0], toMs: starts[HOURS - 1] + HOUR_MS }, { keepPrevious: false });
  // a failed load shows every hour as "–", like hours nobody was counted in
  const hours = answer.error !== null ? new Map<number, ZoneHour>() : answer.data ? new Map(answer.data.zones[0]?.hours.map((h) => [h.hourStartMs, h])) : null;

  const peak = Math.max(1, ...[...(hours?.values() ?? [])].map((h) => h.maxHeadcount));
  const value = (ms: number, f: (h: ZoneHour) => number) => {
    const h = hours?.get(ms);
    return h ? f(h) : '–';
  };
  const rows: { label: string; f: (h: ZoneHour) => number }[] = [
    { label: t`At the hour's end`, f: (h) => h.headcount },
    ...(zone.kind === 'portal'
      ? [
          { label: t`In`, f: (h: ZoneHour) => h.portalIn },
          { label: t`Out`, f: (h: ZoneHour) => h.portalOut },
        ]
      : []),
  ];

  return (
    <section ref={ref} aria-label={t`Last 24 hours of ${zone.name}`} style={{ marginTop: 24, padding: 16, background: SCREEN.panelBackground, border: `1px solid ${SCREEN.panelBorder}`, borderRadius: 4 }}>
      <header style={{ display: 'flex', alignItems: 'center', gap: 16, marginBottom: 8 }}>
        <h2 style={{ margin: 0, fontSize: 18 }}>
          <Trans>Last 24 hours: {zone.name}</Trans>
        </h2>
        <span style={{ color: SCREEN.textMuted, fontSize: 14 }}>
          <Trans>Hours in Beijing time; – no record (nobody counted, or the server was not running)</Trans>
        </span>
        <span style={{ flex: 1 }} />
        <Button size="small" onClick={onClose}>
          <Trans>Close</Trans>
        </Button>
      </header>
      {!hours ? (
        <Spinner />
      ) : (
        <div style={{ overflowX: 'auto' }}>
          <table aria-label={t`People per hour`} style={{ borderCollapse: 'collapse' }}>
            <tbody>
              <tr>
                <th scope="row" style={head}>
                  <Trans>Peak people</Trans>
                </th>
                {starts.map((ms) => {
                  const h = hours.get(ms);
                  return (
                    <td key={ms} data-hour={ms} style={{ ...cell, verticalAlign: 'bottom', height: BAR_MAX_PX + 20 }}>
                      <div>{h ? h.maxHeadcount : '–'}</div>
                      <div style={{ height: h ? Math.round((h.maxHeadcount / peak) * BAR_MAX_PX) : 0, background: SCREEN.brand, margin: '0 auto', width: 18 }} />
                    </td>
                  );
                })}
              </tr>
              {rows.map((r) => (
                <tr key={r.label}>
                  <th scope="row" style={head}>
                    {r.label}
                  </th>
                  {starts.map((ms) => (
                    <td key={ms} style={cell}>
                      {value(ms, r.f)}
                    </td>
                  ))}
                </tr>
              ))}
              <tr>
                <th scope="row" style={{ ...head, color: SCREEN.textMuted }}>
                  <Trans>Hour</Trans>
                </th>
                {starts.map((ms) => (
                  <td key={ms} style={{ ...cell, color: SCREEN.textMuted, borderTop: `1px solid ${SCREEN.grid}` }}>
                    {beijingHourLabel(ms)}
                  </td>
                ))}
              </tr>
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
});
