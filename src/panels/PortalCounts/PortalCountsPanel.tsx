import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { usePortalZones, useTunnels, useUnderground } from '../../panelData';
import { PanelMessage, SCREEN } from '../../components';
import type { PanelProps } from '../types';
import type { PortalCountsConfig } from './index';
import { borePortals } from './portals';

const NO_TUNNELS: never[] = [];
/** Heat-strip bin the underground count asks for (m); only the per-bore counts are read. */
const COUNT_BIN_M = 50;
/** The underground figure changes at most once per this many ms (a figure, not a moving map). */
const COUNT_EVERY_MS = 2_000;

/**
 * Per bore with portal zones: the people underground now (the headcount rule of useUnderground) and, per
 * portal (entry end first), the people in and out today (usePortalZones, live only). Figures 20–48 px as
 * the panel allows, labels ≥ 20 px on a 1920×1080 board (≥ 12 px at 1366×768).
 */
export function PortalCountsPanel({ config, width, height }: PanelProps<PortalCountsConfig>) {
  const { t } = useLingui();
  const { zones, failed, unavailable } = usePortalZones();
  const { tunnels } = useTunnels();
  const [counts, setCounts] = useState<ReadonlyMap<string, number>>(new Map());
  useUnderground(config.showUnderground && !unavailable ? tunnels : NO_TUNNELS, { binM: COUNT_BIN_M, everyMs: COUNT_EVERY_MS }, (u) => setCounts(u.counts));
  if (unavailable) return <PanelMessage tone="muted"><Trans>Portal counts are shown live only</Trans></PanelMessage>;
  if (!zones) return <PanelMessage tone={failed ? 'error' : 'muted'}>{failed ? <Trans>Portal counts could not be loaded</Trans> : <Trans>Loading…</Trans>}</PanelMessage>;
  const bores = borePortals(zones, tunnels, counts);
  if (bores.length === 0) return <PanelMessage tone="muted"><Trans>No portal zones</Trans></PanelMessage>;
  const rows = bores.length * 2;
  const px = Math.max(20, Math.min(26, Math.floor(width / 30), Math.floor(height / (rows * 2.2))));
  const big = Math.max(20, Math.min(48, Math.floor(px * 1.6)));
  const endLabel = { entry: t`Entry portal`, exit: t`Exit portal` };
  return (
    <div data-portal-counts-panel style={{ height: '100%', overflow: 'hidden', display: 'grid', gap: px * 0.6, alignContent: 'start', fontSize: px, color: SCREEN.text }}>
      {bores.map((b) => (
        <div key={b.tunnelId} data-bore={b.tunnelId} style={{ display: 'flex', gap: px, alignItems: 'flex-start' }}>
          <div style={{ minWidth: px * 6 }}>
            <div style={{ color: SCREEN.textMuted, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}>{b.name}</div>
            {config.showUnderground ? (
              <div>
                <strong data-underground style={{ fontSize: big, fontVariantNumeric: 'tabular-nums' }}>{b.underground}</strong> <Trans>underground</Trans>
              </div>
            ) : null}
          </div>
          {b.portals.map((p) => (
            <div key={p.zoneId} data-portal={p.zoneId} data-end={p.end} style={{ flex: 1, minWidth: 0 }}>
              <div style={{ color: SCREEN.textMuted, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }} title={p.name}>
                {endLabel[p.end]} · {p.name}
              </div>
              <div style={{ display: 'flex', gap: px, alignItems: 'baseline', whiteSpace: 'nowrap' }}>
                <span>
                  <Trans>In today</Trans> <strong data-in style={{ fontSize: big, fontVariantNumeric: 'tabular-nums' }}>{p.portalIn}</strong>
                </span>
                <span>
                  <Trans>Out today</Trans> <strong data-out style={{ fontSize: big, fontVariantNumeric: 'tabular-nums' }}>{p.portalOut}</strong>
                </span>
              </div>
            </div>
          ))}
        </div>
      ))}
    </div>
  );
}
