import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { observer } from 'mobx-react-lite';
import { Trans, useLingui } from '@lingui/react/macro';
import type { I18n } from '@lingui/core';
import { DEVICE_KIND_REGISTRY, GAS_UNIT, kindArea, STATUS_PRECEDENCE, type DeviceInfo, type GasCode } from '../../../protocol';
import { metricLabel } from '../../i18n/metricLabels';
import { RefusedMessage, useBoardClock, useDevices, useTelemetryTopic } from '../../panelData';
import { formatLastSeen, formatReading, LEVEL_COLOR, PanelMessage, SCREEN, STATUS_COLOR, StatusBadge, thresholdLevel, VALUE_PX } from '../../components';
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

/**
 * Steps a scroll container one row (`rowPx` on screen) every `intervalS` while its rows overflow, wrapping
 * to the top; 0 holds it at the top.
 */
function useAutoScroll(ref: RefObject<HTMLDivElement | null>, intervalS: number, rowPx: number): void {
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    if (intervalS <= 0) {
      el.scrollTop = 0; // held (a station in alarm is pinned at the top): show the top
      return;
    }
    const id = setInterval(() => {
      if (el.scrollHeight <= el.clientHeight + 1) return;
      const next = el.scrollTop + rowPx;
      el.scrollTo({ top: next + el.clientHeight > el.scrollHeight + rowPx / 2 ? 0 : next, behavior: 'smooth' });
    }, intervalS * 1000);
    return () => clearInterval(id);
  }, [ref, intervalS, rowPx]);
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

/** Rows rendered beyond the ones in view, above and below (a smooth auto-scroll step shows them). */
const OVERSCAN_ROWS = 2;

/**
 * Which rows of `count` are in view of the scroll container `box` (rows `rowPx` high on screen under a
 * `headerPx` header), with OVERSCAN_ROWS either side: `[first, end)`. Only those are rendered, so a table of
 * hundreds of stations costs the main thread the few rows a wall screen shows, not all of them every
 * second. Before the container has a height (not laid out) every row is in view.
 */
function useRowWindow(box: RefObject<HTMLDivElement | null>, count: number, rowPx: number, headerPx: number): [number, number] {
  const [view, setView] = useState({ top: 0, height: 0 });
  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    let frame = 0;
    const read = () => {
      frame = 0;
      setView((v) => (v.top === el.scrollTop && v.height === el.clientHeight ? v : { top: el.scrollTop, height: el.clientHeight }));
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(read);
    };
    read();
    el.addEventListener('scroll', onScroll, { passive: true });
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(read);
    observer?.observe(el);
    return () => {
      el.removeEventListener('scroll', onScroll);
      observer?.disconnect();
      if (frame) cancelAnimationFrame(frame);
    };
  }, [box]);
  if (view.height <= 0 || rowPx <= 0) return [0, count];
  const first = Math.max(0, Math.floor((view.top - headerPx) / rowPx) - OVERSCAN_ROWS);
  const end = Math.min(count, Math.ceil((view.top + view.height) / rowPx) + OVERSCAN_ROWS);
  return [Math.min(first, end), end];
}

/**
 * The gas station table: each station's last reading as of the board clock (live: DeviceStore's pace, at
 * most once a second; replay: the last reading at or before the instant). Stations in alarm are pinned to
 * the top and the auto-scroll holds while any is (the station in alarm stays in sight). Each gas column
 * has the metric's decimals while a cell has at most four digits ({@link formatReading}). The station's
 * last report sits under its status. The header cells stick with an opaque background above the rows.
 * Columns that do not fit the panel at full size zoom out together ({@link useFitWidth}). Only the rows in
 * view are rendered ({@link useRowWindow}); spacer rows keep the scroll height of all of them.
 */
export const GasTablePanel = observer(function GasTablePanel({ config }: PanelProps<GasTableConfig>) {
  const devices = useDevices();
  const clock = useBoardClock();
  const { i18n } = useLingui();
  const scrollRef = useRef<HTMLDivElement>(null);
  const tableRef = useRef<HTMLTableElement>(null);
  const fit = useFitWidth(scrollRef, tableRef);
  const refusal = useTelemetryTopic('gas');
  const stations = pinAlarmsFirst(selectStations(devices.all, config));
  const inAlarm = stations.some((d) => d.status === 'alarm');
  useAutoScroll(scrollRef, inAlarm ? 0 : config.scrollIntervalS, ROW_HEIGHT * fit);
  const [first, end] = useRowWindow(scrollRef, stations.length, ROW_HEIGHT * fit, HEADER_HEIGHT * fit);

  if (refusal) return <RefusedMessage reason={refusal} />;
  if (stations.length === 0) {
    return <PanelMessage>{devices.loading ? <Trans>Loading…</Trans> : <Trans>No gas stations</Trans>}</PanelMessage>;
  }
  const gases = config.gases as GasCode[];
  // Sticky header cells (not the thead) over separate borders: with collapsed borders Chromium paints the
  // rows' borders and tinted cells over a sticky header as they scroll under it.
  const th = {
    textAlign: 'right' as const,
    padding: '4px 8px',
    fontWeight: 600,
    whiteSpace: 'nowrap' as const,
    position: 'sticky' as const,
    top: 0,
    zIndex: 2,
    background: SCREEN.panelTitle,
    borderBottom: `1px solid ${SCREEN.panelBorder}`,
  };
  const td = { borderTop: `1px solid ${SCREEN.panelBorder}` };

  return (
    <div ref={scrollRef} data-scroll style={{ height: '100%', overflowY: 'auto', overflowX: 'hidden' }}>
      <table ref={tableRef} data-fit={fit} style={{ width: '100%', borderCollapse: 'separate', borderSpacing: 0, fontSize: 20, zoom: fit }}>
        <thead>
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
          {first > 0 ? <tr aria-hidden data-spacer style={{ height: first * ROW_HEIGHT }} /> : null}
          {stations.slice(first, end).map((d) => (
            <tr key={d.sn} data-sn={d.sn} data-status={d.status} style={{ height: ROW_HEIGHT, color: d.status === 'offline' ? STATUS_COLOR.offline : undefined }}>
              <td style={{ ...td, padding: '2px 8px', maxWidth: 160 }}>
                <div style={{ fontWeight: 600, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}>{d.name}</div>
                <div style={{ fontSize: 20, opacity: 0.75, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }} title={d.position}>
                  {d.position}
                </div>
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
          {end < stations.length ? <tr aria-hidden data-spacer style={{ height: (stations.length - end) * ROW_HEIGHT }} /> : null}
        </tbody>
      </table>
    </div>
  );
});
