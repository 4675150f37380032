import { useEffect, useRef, type RefObject } from 'react';
import { observer } from 'mobx-react-lite';
import { Trans } from '@lingui/react/macro';
import { GAS_UNIT, type DeviceInfo, type GasCode } from '../../../protocol';
import { RefusedMessage, useBoardClock, useDevices, useTelemetryTopic } from '../../panelData';
import { formatLastSeen, formatNumber, LEVEL_COLOR, PanelMessage, SCREEN, STATUS_COLOR, StatusBadge, thresholdLevel } from '../../components';
import type { PanelProps } from '../types';
import type { GasTableConfig } from './index';

const ROW_HEIGHT = 44;

/** Which stations the table lists for a config, in device-list order. */
export function selectStations(devices: readonly DeviceInfo[], config: Pick<GasTableConfig, 'sns' | 'tunnelId'>): DeviceInfo[] {
  const gas = devices.filter((d) => d.kind === 'gas');
  if (config.sns?.length) {
    const wanted = new Set(config.sns);
    return gas.filter((d) => wanted.has(d.sn));
  }
  return config.tunnelId ? gas.filter((d) => d.tunnelId === config.tunnelId) : gas;
}

/** Steps a scroll container one row every `intervalS` while its rows overflow, wrapping to the top. */
function useAutoScroll(ref: RefObject<HTMLDivElement | null>, intervalS: number): void {
  useEffect(() => {
    const el = ref.current;
    if (!el || intervalS <= 0) return;
    const id = setInterval(() => {
      if (el.scrollHeight <= el.clientHeight + 1) return;
      const next = el.scrollTop + ROW_HEIGHT;
      el.scrollTo({ top: next + el.clientHeight > el.scrollHeight + ROW_HEIGHT / 2 ? 0 : next, behavior: 'smooth' });
    }, intervalS * 1000);
    return () => clearInterval(id);
  }, [ref, intervalS]);
}

/**
 * The gas station table: each station's last reading as of the board clock (live: DeviceStore's pace, at
 * most once a second; replay: the last reading at or before the instant).
 */
export const GasTablePanel = observer(function GasTablePanel({ config }: PanelProps<GasTableConfig>) {
  const devices = useDevices();
  const clock = useBoardClock();
  const scrollRef = useRef<HTMLDivElement>(null);
  const refusal = useTelemetryTopic('gas');
  useAutoScroll(scrollRef, config.scrollIntervalS);

  const stations = selectStations(devices.all, config);
  if (refusal) return <RefusedMessage reason={refusal} />;
  if (stations.length === 0) {
    return <PanelMessage>{devices.loading ? <Trans>Loading…</Trans> : <Trans>No gas stations</Trans>}</PanelMessage>;
  }
  const gases = config.gases as GasCode[];
  const th = { textAlign: 'right' as const, padding: '4px 8px', fontWeight: 600, whiteSpace: 'nowrap' as const };

  return (
    <div ref={scrollRef} style={{ height: '100%', overflowY: 'auto', overflowX: 'hidden' }}>
      <table style={{ width: '100%', borderCollapse: 'collapse', fontSize: 16 }}>
        <thead style={{ position: 'sticky', top: 0, background: SCREEN.panelTitle, zIndex: 1 }}>
          <tr style={{ height: 36, color: SCREEN.textMuted }}>
            <th style={{ ...th, textAlign: 'left' }}>
              <Trans>Station</Trans>
            </th>
            <th style={{ ...th, textAlign: 'left' }}>
              <Trans>Status</Trans>
            </th>
            {gases.map((g) => (
              <th key={g} style={th}>
                {g} <span style={{ fontWeight: 400, fontSize: 12 }}>{GAS_UNIT[g]}</span>
              </th>
            ))}
            <th style={th}>
              <Trans>Last seen</Trans>
            </th>
          </tr>
        </thead>
        <tbody>
          {stations.map((d) => (
            <tr key={d.sn} data-sn={d.sn} style={{ height: ROW_HEIGHT, borderTop: `1px solid ${SCREEN.panelBorder}`, color: d.status === 'offline' ? STATUS_COLOR.offline : undefined }}>
              <td style={{ padding: '2px 8px', maxWidth: 220 }}>
                <div style={{ fontWeight: 600, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}>{d.name}</div>
                <div style={{ fontSize: 12, opacity: 0.65, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }} title={d.position}>
                  {d.position}
                </div>
              </td>
              <td style={{ padding: '2px 8px' }}>
                <StatusBadge status={d.status} />
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
                      padding: '2px 8px',
                      textAlign: 'right',
                      fontVariantNumeric: 'tabular-nums',
                      fontWeight: level ? 700 : 500,
                      fontSize: 18,
                      color,
                      background: color ? `${color}26` : undefined,
                    }}
                  >
                    {v === undefined ? '—' : formatNumber(v, 2)}
                  </td>
                );
              })}
              <td style={{ padding: '2px 8px', textAlign: 'right', whiteSpace: 'nowrap', fontSize: 14, opacity: 0.8 }}>{formatLastSeen(d.lastSeenMs, clock.now())}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
});
