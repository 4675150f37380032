import { useState, type ReactNode } from 'react';
import { observer } from 'mobx-react-lite';
import { Trans, useLingui } from '@lingui/react/macro';
import { DEVICE_KIND_REGISTRY } from '../../../protocol';
import { useAlarmFeed, useDevices, useTunnels, useUnderground } from '../../panelData';
import { FitLine, formatFixedDigits, isOpenActive, LEVEL_COLOR, SCREEN } from '../../components';
import { metricLabel } from '../../i18n/metricLabels';
import type { PanelProps } from '../types';
import type { HeadlineConfig } from './index';
import { cranesWorking, peopleByBore, worstGas } from './figures';


/** Heat bin asked with the headline's personnel frames (m); the headline shows no heat strip. */
const HEADLINE_BIN_M = 100;
/**
 * Live, the headline's people counts are worked out at most once a second (ms): a figure read across a room,
 * not a moving map, so it need not redo the headcount rule for every beacon frame (an SOS still shows at once).
 */
const HEADLINE_PEOPLE_EVERY_MS = 1_000;

/** Figure size in page px: 64 px on a 1920×1080 page (at least 32 px on a 1920×1080 screen, 42 px at 1366×768). */
const FIGURE_PX = 64;
/** Label and detail size in page px: 22 px (about 14 px at 1366×768, never under 12). */
const LABEL_PX = 22;
/** A long label or detail shrinks to fit its tile down to 18 page px (12 px at 1366×768). */
const MIN_LABEL_PX = 18;

/**
 * One tile: a label above a large tabular figure, an optional detail line under it (the gas tile's limit
 * goes there, so a long reading never pushes it out of the tile).
 */
function Tile({ label, figure, detail, color, name, data }: { label: ReactNode; figure: ReactNode; detail?: ReactNode; color?: string; name: string; data?: Record<`data-${string}`, string> }) {
  return (
    <div
      data-headline={name}
      {...data}
      style={{
        flex: '1 1 0',
        minWidth: 0,
        display: 'flex',
        flexDirection: 'column',
        justifyContent: 'center',
        padding: '6px 16px',
        borderLeft: `6px solid ${color ?? SCREEN.brand}`,
        background: color ? `color-mix(in srgb, ${color} 14%, transparent)` : 'color-mix(in srgb, var(--sb-text, #e2e8f0) 4%, transparent)',
        borderRadius: 6,
      }}
    >
      <FitLine maxPx={LABEL_PX} minPx={MIN_LABEL_PX} style={{ fontWeight: 600, opacity: 0.9 }}>
        {label}
      </FitLine>
      <div
        data-figure
        style={{ fontSize: FIGURE_PX, lineHeight: 1.05, fontWeight: 700, fontVariantNumeric: 'tabular-nums', letterSpacing: 0.5, color, whiteSpace: 'nowrap', overflowX: 'clip', textOverflow: 'ellipsis' }}
      >
        {figure}
      </div>
      {detail ? (
        <FitLine data-detail="" maxPx={LABEL_PX} minPx={MIN_LABEL_PX} style={{ opacity: 0.85 }}>
          {detail}
        </FitLine>
      ) : null}
    </div>
  );
}

/**
 * The headline row of a wall screen: people underground per bore, open alarms (active and untreated),
 * the worst gas reading against its limit and cranes working, each a large figure with tabular digits.
 * Reads devices, tunnels, alarms and personnel frames through the panel-data hooks, so it works live and
 * in replay; people are counted by the headcount rule the tunnel personnel map draws (underground.ts).
 */
export const HeadlinePanel = observer(function HeadlinePanel({ config }: PanelProps<HeadlineConfig>) {
  const { i18n } = useLingui();
  const devices = useDevices();
  const { tunnels } = useTunnels();
  const alarms = useAlarmFeed();
  const withPeople = config.figures.includes('people');
  // null until the first personnel frame: the figure reads "—", never a 0 nobody counted
  const [counts, setCounts] = useState<ReadonlyMap<string, number> | null>(null);
  useUnderground(withPeople ? tunnels : NO_TUNNELS, { binM: HEADLINE_BIN_M, everyMs: HEADLINE_PEOPLE_EVERY_MS }, (u) => {
    // a new state only when a count changed: the headline re-renders per change, not per frame
    setCounts((was) => (was && sameCounts(was, u.counts) ? was : u.counts));
  });
  const tiles: ReactNode[] = [];
  for (const f of config.figures) {
    if (f === 'people') {
      for (const bore of peopleByBore(counts ?? NO_COUNTS, tunnels)) {
        const name = bore.name;
        tiles.push(
          <Tile
            key={`people-${bore.tunnelId}`}
            name="people"
            data={counts ? { 'data-tunnel-id': bore.tunnelId, 'data-count': String(bore.count) } : { 'data-tunnel-id': bore.tunnelId }}
            label={name}
            figure={
              <>
                {counts ? bore.count : '—'}
                <span style={{ fontSize: '0.4em', fontWeight: 600 }}>
                  {' '}
                  <Trans>underground</Trans>
                </span>
              </>
            }
          />,
        );
      }
    } else if (f === 'alarms') {
      const open = alarms.alarms.filter(isOpenActive);
      const worst = open.some((a) => a.level === 'alarm' || a.peakLevel === 'alarm') ? 'alarm' : open.length > 0 ? 'warning' : null;
      tiles.push(<Tile key="alarms" name="alarms" label={<Trans>Open alarms</Trans>} figure={open.length} color={worst ? LEVEL_COLOR[worst] : undefined} />);
    } else if (f === 'gas') {
      const g = worstGas(devices.all);
      if (!g) {
        tiles.push(<Tile key="gas" name="gas" label={<Trans>Worst gas reading</Trans>} figure="—" />);
        continue;
      }
      const digits = DEVICE_KIND_REGISTRY.metric('gas', g.metric)?.digits ?? 2;
      const full = metricLabel(i18n, 'gas', g.metric);
      const gas = /\(([^)]+)\)\s*$/.exec(full)?.[1] ?? full;
      const station = g.device.name;
      const limit = formatFixedDigits(g.limit, digits);
      const unit = g.unit;
      tiles.push(
        <Tile
          key="gas"
          name="gas"
          label={<Trans>Worst gas · {gas} · {station}</Trans>}
          figure={
            <>
              {formatFixedDigits(g.value, digits)}
              <span style={{ fontSize: '0.45em', fontWeight: 600 }}> {unit}</span>
            </>
          }
          detail={g.side === 'below' ? <Trans>Low limit {limit} {unit}</Trans> : <Trans>Limit {limit} {unit}</Trans>}
          color={g.level ? LEVEL_COLOR[g.level] : undefined}
        />,
      );
    } else {
      const c = cranesWorking(devices.all);
      const working = c.working;
      const total = c.total;
      tiles.push(
        <Tile
          key="cranes"
          name="cranes"
          label={<Trans>Cranes working</Trans>}
          figure={
            <>
              {working}
              <span style={{ fontSize: '0.45em', fontWeight: 600 }}> / {total}</span>
            </>
          }
        />,
      );
    }
  }
  return <div style={{ height: '100%', display: 'flex', gap: 12, alignItems: 'stretch' }}>{tiles}</div>;
});

const NO_TUNNELS: readonly never[] = [];
/** Counts before the first personnel frame (the figures read "—" then). */
const NO_COUNTS: ReadonlyMap<string, number> = new Map();

function sameCounts(a: ReadonlyMap<string, number>, b: ReadonlyMap<string, number>): boolean {
  if (a.size !== b.size) return false;
  for (const [k, v] of a) if (b.get(k) !== v) return false;
  return true;
}
