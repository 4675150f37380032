import { useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { observer } from 'mobx-react-lite';
import { Trans, useLingui } from '@lingui/react/macro';
import type { I18n } from '@lingui/core';
import { DEVICE_KIND_REGISTRY, GAS_UNIT, kindArea, STATUS_PRECEDENCE, type DeviceInfo, type GasCode } from '../../../protocol';
import { metricLabel } from '../../i18n/metricLabels';
import { RefusedMessage, useBoardClock, useDevices, useTelemetryTopic } from '../../panelData';
import { formatLastSeen, formatReading, LEVEL_COLOR, PanelMessage, SCREEN, STATUS_COLOR, StatusBadge, tablePages, thresholdLevel, useElementHeight, usePageTurns, VALUE_PX } from '../../components';
import type { PanelProps } from '../types';
import type { GasTableConfig } from './index';

const ROW_HEIGHT = 60;
const HEADER_HEIGHT = 40;

/**
 * Pins stations in alarm to the top (issue "alarm-first boards"): alarm, then violation, then warning,
 * then the rest, each group in device-list order (a stable sort).
 */
export function pinAlarmsFirst(stations: readonly DeviceInfo[]): DeviceInfo[] {
  const rank = (d: DeviceInfo) => (d.status === 'alarm' || d.status === 'violation' || d.status === 'warning' ? STATUS_PRECEDENCE[d.status] : 0);
  return [...stations].sort((a, b) => rank(b) - rank(a));
}

/**
 * A gas column's short name: the formula of the descriptor's label ("O₂" of "Oxygen (O₂)"), or the whole
 * translated label where it has none ("Dust"); never the raw key.
 */
export function gasColumnLabel(i18n: I18n, gas: string): string {
  const label = metricLabel(i18n, 'gas', gas);
  return /\(([^)]+)\)\s*$/.exec(label)?.[1] ?? label;
}

/** Which stations the table lists for a config, in device-list order. */
export function selectStations(devices: readonly DeviceInfo[], config: Pick<GasTableConfig, 'sns' | 'tunnelId'>): DeviceInfo[] {
  const gas = devices.filter((d) => kindArea(d.kind) === 'gasDetection');
  if (config.sns?.length) {
    const wanted = new Set(config.sns);
    return gas.filter((d) => wanted.has(d.sn));
  }
  return config.tunnelId ? gas.filter((d) => d.tunnelId === config.tunnelId) : gas;
}

/** Narrowest the table is zoomed to when its columns do not fit at full size (values stay readable). */
const MIN_FIT = 0.5;

/**
 * The zoom at which `table` fits the width of `box`: 1 when it fits at full size, else the ratio of the
 * box's width to the table's full-size width (at least {@link MIN_FIT}). A wall screen has nobody to
 * scroll a table sideways, so columns that do not fit (many gases in a narrow panel, four-digit
 * readings) shrink together instead of being cut off. The table's width at zoom z is z times its
 * full-size width, so the measure is stable across re-measures.
 */
function useFitWidth(box: RefObject<HTMLDivElement | null>, table: RefObject<HTMLTableElement | null>): number {
  const [fit, setFit] = useState(1);
  useLayoutEffect(() => {
    const outer = box.current;
    const inner = table.current;
    if (!outer || !inner || typeof ResizeObserver === 'undefined') return;
    let current = 1;
    const measure = () => {
      const full = inner.getBoundingClientRect().width / current;
      const width = outer.getBoundingClientRect().width;
      if (!(full > 0) || !(width > 0)) return;
      const next = Math.max(MIN_FIT, Math.min(1, Math.floor((width / full) * 100) / 100));
      if (next !== current) {
        current = next;
        setFit(next);
      }
    };
    const observer = new ResizeObserver(measure);
    observer.observe(outer);
    observer.observe(inner);
    measure();
    return () => observer.disconnect();
  }, [box, table]);
  return fit;
}

/** Most pages drawn as dots in the page indicator; beyond, only "page / pages" (the dots would not fit). */
const MAX_PAGE_DOTS = 10;

/** Height of the page indicator under the rows (page px at zoom 1), shown only when the rows take more than one page. */
const INDICATOR_HEIGHT = 30;


/**
 * The gas station table: each station's last reading as of the board clock (live: DeviceStore's pace, at
 * most once a second; replay: the last reading at or before the instant). A wall screen has nobody to
 * scroll: the table shows only whole rows and, when they take more than one page, turns the pages every
 * `scrollIntervalS` with "page 2 / 3" beneath ({@link tablePages}). Stations in alarm are pinned to the
 * top and the pages turn only through theirs while any is (the station in alarm stays in sight). Each gas
 * column has the metric's decimals while a cell has at most four digits ({@link formatReading}). The
 * station's last report sits under its status. Columns that do not fit the panel at full size zoom out
 * together ({@link useFitWidth}). Only the page's rows are rendered.
 */
export const GasTablePanel = observer(function GasTablePanel({ config }: PanelProps<GasTableConfig>) {
  const devices = useDevices();
  const clock = useBoardClock();
  const { i18n } = useLingui();
  const { t } = useLingui();
  const boxRef = useRef<HTMLDivElement>(null);
  const tableRef = useRef<HTMLTableElement>(null);
  const headRef = useRef<HTMLTableSectionElement>(null);
  const fit = useFitWidth(boxRef, tableRef);
  const boxPx = useElementHeight(boxRef);
  const headPx = useElementHeight(headRef) || HEADER_HEIGHT * fit;
  const refusal = useTelemetryTopic('gas');
  const stations = pinAlarmsFirst(selectStations(devices.all, config));
  const inAlarm = stations.filter((d) => d.status === 'alarm').length;
  const rowPx = ROW_HEIGHT * fit;
  // before layout (no height yet) every row is one page
  const { perPage, pages, rotating } =
    boxPx > 0 ? tablePages(stations.length, inAlarm, Math.floor((boxPx - headPx) / rowPx), Math.floor((boxPx - headPx - INDICATOR_HEIGHT * fit) / rowPx)) : { perPage: Math.max(1, stations.length), pages: 1, rotating: 1 };
  const page = usePageTurns(rotating, config.scrollIntervalS);
  const shown = stations.slice(page * perPage, (page + 1) * perPage);

  if (refusal) return <RefusedMessage reason={refusal} />;
  if (stations.length === 0) {
    return <PanelMessage>{devices.loading ? <Trans>Loading…</Trans> : <Trans>No gas stations</Trans>}</PanelMessage>;
  }
  const gases = config.gases as GasCode[];
  const th = {
    textAlign: 'right' as const,
    padding: '4px 8px',
    fontWeight: 600,
    whiteSpace: 'nowrap' as const,
    background: SCREEN.panelTitle,
    borderBottom: `1px solid ${SCREEN.panelBorder}`,
  };
  const td = { borderTop: `1px solid ${SCREEN.panelBorder}` };

  return (
    <div ref={boxRef} data-pages={pages} data-page={page + 1} style={{ height: '100%', overflow: 'hidden', display: 'flex', flexDirection: 'column' }}>
      <table ref={tableRef} data-fit={fit} style={{ width: '100%', borderCollapse: 'separate', borderSpacing: 0, fontSize: 20, zoom: fit }}>
        <thead ref={headRef}>
          <tr style={{ height: HEADER_HEIGHT, color: SCREEN.textMuted, lineHeight: 1.1 }}>
            <th style={{ ...th, textAlign: 'left' }}>
              <Trans>Station</Trans>
            </th>
            <th style={{ ...th, textAlign: 'left' }}>
              <Trans>Status</Trans>
              <span style={{ display: 'block', fontWeight: 400, fontSize: 20 }}>
                <Trans>Last seen</Trans>
              </span>
            </th>
            {gases.map((g) => (
              <th key={g} style={th} title={metricLabel(i18n, 'gas', g)}>
                {gasColumnLabel(i18n, g)}{' '}
                <span style={{ display: 'block', fontWeight: 400, fontSize: 20 }}>{GAS_UNIT[g]}</span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {shown.map((d) => (
            <tr key={d.sn} data-sn={d.sn} data-status={d.status} style={{ height: ROW_HEIGHT, color: d.status === 'offline' ? STATUS_COLOR.offline : undefined }}>
              <td style={{ ...td, padding: '2px 8px', fontWeight: 600, maxWidth: 200, lineHeight: 1.15, overflowWrap: 'anywhere' }} title={d.position}>
                {d.name}
              </td>
              <td style={{ ...td, padding: '2px 8px', whiteSpace: 'nowrap' }}>
                <StatusBadge status={d.status} />
                <div data-last-seen style={{ fontSize: 20, opacity: 0.85 }}>
                  {formatLastSeen(d.lastSeenMs, clock.now())}
                </div>
              </td>
              {gases.map((g) => {
                const v = d.latest?.[g];
                const level = thresholdLevel(v, d.thresholds.find((t) => t.metric === g));
                const color = level ? LEVEL_COLOR[level] : undefined;
                return (
                  <td
                    key={g}
                    data-gas={g}
                    data-level={level ?? 'normal'}
                    style={{
                      ...td,
                      padding: '2px 6px',
                      textAlign: 'right',
                      fontVariantNumeric: 'tabular-nums',
                      fontWeight: level ? 700 : 600,
                      // a key value: 2× the pre-wall 18 px (components VALUE_PX.key)
                      fontSize: VALUE_PX.key.value,
                      lineHeight: 1.1,
                      color,
                      background: color ? `${color}26` : undefined,
                    }}
                  >
                    {formatReading(v, DEVICE_KIND_REGISTRY.metric('gas', g)?.digits ?? 2)}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      {pages > 1 ? (
        <div
          data-page-indicator
          role="status"
          aria-label={t`Page ${page + 1} of ${pages}`}
          style={{ marginTop: 'auto', height: INDICATOR_HEIGHT * fit, flex: 'none', display: 'flex', alignItems: 'center', justifyContent: 'flex-end', gap: 6, fontSize: 20 * fit, color: SCREEN.textMuted }}
        >
          {Array.from({ length: pages <= MAX_PAGE_DOTS ? pages : 0 }, (_, i) => (
            <span key={i} aria-hidden style={{ width: 10 * fit, height: 10 * fit, borderRadius: '50%', background: i === page ? SCREEN.text : 'transparent', border: `1px solid ${SCREEN.textMuted}` }} />
          ))}
          <span style={{ fontVariantNumeric: 'tabular-nums', marginInlineStart: 4 }}>
            {page + 1} / {pages}
          </span>
        </div>
      ) : null}
    </div>
  );
});
