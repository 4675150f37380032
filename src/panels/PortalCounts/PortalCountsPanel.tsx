import { useLayoutEffect, useRef, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { PortalCrossing } from '../../../protocol';
import { usePanelData, usePortalCounts, useTunnels, useUnderground } from '../../panelData';
import { PanelMessage, SCREEN } from '../../components';
import { formatBeijingHourMinute } from '../../format/time';
import type { PanelProps } from '../types';
import type { PortalCountsConfig } from './index';
import { borePortals, CROSSING_LINE_EM, crossingLinesThatFit } from './portals';

const NO_TUNNELS: never[] = [];
/** Counts before the first personnel frame (the figure reads "—" then). */
const NO_COUNTS: ReadonlyMap<string, number> = new Map();
/** No cap from measuring yet. */
const MAX_CAP = 10;
/** Heat-strip bin the underground count asks for (m); only the per-bore counts are read. */
const COUNT_BIN_M = 50;
/** The underground figure changes at most once per this many ms (a figure, not a moving map). */
const COUNT_EVERY_MS = 2_000;
/** Line height of labels and figures, in font sizes. */
const LINE_EM = 1.25;
/**
 * Smallest label size (px on the 1920-wide page) the panel shrinks to when its texts do not fit: 17 px is
 * still ≥ 12 px on a 1366×768 screen (page scale 0.71). Figures stay ≥ 20 px.
 */
const MIN_LABEL_PX = 17;
/** A portal needs about this many label sizes of width to sit beside another; narrower, portals stack. */
const PORTAL_MIN_EM = 14;

/**
 * Per bore with portal zones: the people underground (the headcount rule of useUnderground, at the board's
 * instant) and, per portal (entry end first), the people in and out from 00:00 Beijing time and the latest
 * crossings (usePortalCounts: now live, as of the replayed minute in replay, where a line says how far the
 * counts reach). Nothing is cut: texts wrap, portals sit side by side only where each has room, and when
 * the panel still overflows (measured after layout) it lists fewer crossing lines, then shrinks its labels
 * down to MIN_LABEL_PX. Figures 20–48 px as the panel allows (≥ 12 px on the page at 1366×768).
 */
export function PortalCountsPanel({ config, width, height }: PanelProps<PortalCountsConfig>) {
  const { t } = useLingui();
  const replay = usePanelData().mode === 'replay';
  const { counts: answer, failed } = usePortalCounts(config.crossings);
  const { tunnels } = useTunnels();
  // what measuring left out to fit: crossing lines first, then label sizes; tried afresh on a new size, setting or answer
  const fitKey = `${width}:${height}:${config.crossings}:${config.showUnderground}:${answer?.atMs ?? 0}`;
  const [fit, setFit] = useState({ key: fitKey, cap: MAX_CAP, shrink: 0 });
  if (fit.key !== fitKey) setFit({ key: fitKey, cap: MAX_CAP, shrink: 0 });
  const box = useRef<HTMLDivElement>(null);
  /** The crossing lines per portal of the last render. */
  const shownLines = useRef(0);
  useLayoutEffect(() => {
    const el = box.current;
    if (!el || el.scrollHeight <= el.clientHeight + 1) return;
    if (shownLines.current > 0) setFit((f) => ({ ...f, cap: shownLines.current - 1 }));
    else if (fit.shrink < 10) setFit((f) => ({ ...f, shrink: f.shrink + 1 }));
  });
  // null until the first personnel frame: the figure reads "—", never a 0 nobody counted
  const [counts, setCounts] = useState<ReadonlyMap<string, number> | null>(null);
  useUnderground(config.showUnderground ? tunnels : NO_TUNNELS, { binM: COUNT_BIN_M, everyMs: COUNT_EVERY_MS }, (u) => setCounts(u.counts));
  if (!answer) return <PanelMessage tone={failed ? 'error' : 'muted'}>{failed ? <Trans>Portal counts could not be loaded</Trans> : <Trans>Loading…</Trans>}</PanelMessage>;
  const bores = borePortals(answer.portals, tunnels, counts ?? NO_COUNTS);
  if (bores.length === 0) return <PanelMessage tone="muted"><Trans>No portal zones</Trans></PanelMessage>;
  const rows = bores.length * 2 + (replay ? 1 : 0);
  const basePx = Math.max(20, Math.min(26, Math.floor(width / 30), Math.floor(height / (rows * 2.2))));
  const px = Math.max(MIN_LABEL_PX, basePx - fit.shrink);
  const big = Math.max(20, Math.min(48, Math.floor(px * 1.6)));
  const gap = Math.round(px * 0.6);
  const headPx = Math.ceil(px * LINE_EM + big * LINE_EM);
  const asOfPx = replay ? Math.ceil(px * LINE_EM) + gap : 0;
  const rowPx = (height - asOfPx - gap * (bores.length - 1)) / bores.length;
  const lines = Math.min(fit.cap, crossingLinesThatFit(config.crossings, rowPx, headPx, px));
  shownLines.current = lines;
  const portalsPerRow = Math.max(...bores.map((b) => b.portals.length));
  const side = (width - px * 7) / portalsPerRow >= px * PORTAL_MIN_EM;
  const endLabel = { entry: t`Entry portal`, exit: t`Exit portal` };
  const hourly = answer.countedToMs < answer.atMs;
  const asOf = formatBeijingHourMinute(answer.countedToMs);
  return (
    <div ref={box} data-portal-counts-panel style={{ height: '100%', overflow: 'hidden', display: 'grid', gap, alignContent: 'start', fontSize: px, lineHeight: LINE_EM, color: SCREEN.text }}>
      {replay ? (
        <div data-as-of={hourly ? 'hour' : 'instant'} style={{ color: SCREEN.textMuted, overflowWrap: 'anywhere' }}>
          {hourly ? <Trans>Counts as of {asOf} (hourly)</Trans> : <Trans>Counts as of {asOf}</Trans>}
        </div>
      ) : null}
      {bores.map((b) => (
        <div key={b.tunnelId} data-bore={b.tunnelId} style={{ display: 'flex', gap: px, alignItems: 'flex-start' }}>
          <div style={{ width: px * 6, flex: 'none', overflowWrap: 'anywhere' }}>
            <div style={{ color: SCREEN.textMuted }}>{b.name}</div>
            {config.showUnderground ? (
              <div>
                <strong data-underground style={{ fontSize: big, fontVariantNumeric: 'tabular-nums' }}>{counts ? b.underground : '—'}</strong> <Trans>underground</Trans>
              </div>
            ) : null}
          </div>
          <div style={{ flex: 1, minWidth: 0, display: 'grid', gridTemplateColumns: side ? `repeat(${portalsPerRow}, minmax(0, 1fr))` : 'minmax(0, 1fr)', gap: side ? px : gap }}>
          {b.portals.map((p) => (
            <div key={p.zoneId} data-portal={p.zoneId} data-end={p.end} style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
              <div style={{ color: SCREEN.textMuted }} title={p.name}>
                {endLabel[p.end]} · {p.name}
              </div>
              <div style={{ display: 'flex', flexWrap: 'wrap', columnGap: px, alignItems: 'baseline' }}>
                <span>
                  {replay ? <Trans>In</Trans> : <Trans>In today</Trans>} <strong data-in style={{ fontSize: big, fontVariantNumeric: 'tabular-nums' }}>{p.portalIn}</strong>
                </span>
                <span>
                  {replay ? <Trans>Out</Trans> : <Trans>Out today</Trans>} <strong data-out style={{ fontSize: big, fontVariantNumeric: 'tabular-nums' }}>{p.portalOut}</strong>
                </span>
              </div>
              {lines > 0 ? <Crossings crossings={p.crossings.slice(0, lines)} replay={replay} /> : null}
            </div>
          ))}
          </div>
        </div>
      ))}
    </div>
  );
}

/** A portal's latest crossings, one line each (time, direction, name and team), or a line saying there are none. */
function Crossings({ crossings, replay }: { crossings: readonly PortalCrossing[]; replay: boolean }) {
  const line = { lineHeight: CROSSING_LINE_EM } as const;
  if (crossings.length === 0) {
    return (
      <div data-no-crossings style={{ ...line, color: SCREEN.textMuted }}>
        {replay ? <Trans>No crossings logged before this instant</Trans> : <Trans>No crossings logged</Trans>}
      </div>
    );
  }
  return (
    <ol data-crossings style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {crossings.map((c) => (
        <li key={`${c.atMs}:${c.sn}`} data-crossing={c.direction} style={line}>
          <span style={{ fontVariantNumeric: 'tabular-nums', color: SCREEN.textMuted }}>{formatBeijingHourMinute(c.atMs)}</span>{' '}
          <strong>{c.direction === 'in' ? <Trans>▼ in</Trans> : <Trans>▲ out</Trans>}</strong> {c.name}
          {c.team ? <span style={{ color: SCREEN.textMuted }}> · {c.team}</span> : null}
        </li>
      ))}
    </ol>
  );
}
