import { observer } from 'mobx-react-lite';
import { Trans, useLingui } from '@lingui/react/macro';
import { EQUIPMENT_KINDS, isEquipmentKind } from '../../../protocol';
import { useAlarmFeed, useDevices, useFleetSummary, useTelemetryTopic, type TelemetryTopic } from '../../panelData';
import { PanelMessage, SCREEN, STATUS_COLOR, StatusBadge } from '../../components';
import { kindLabel } from '../../i18n/metricLabels';
import type { PanelProps } from '../types';
import type { FleetOverviewConfig } from './index';
import { openAlarmsBySn } from './openAlarms';

/**
 * Keeps every equipment kind's live topic flowing while the overview is shown (statuses come with
 * readings). EQUIPMENT_KINDS is fixed when the app loads, so the hooks run in the same order on every render.
 */
function useEquipmentTopics(): void {
  for (const kind of EQUIPMENT_KINDS) useTelemetryTopic(kind as TelemetryTopic);
}

/**
 * The fleet overview: one row per piece of lifting equipment (devices of an equipment kind, in kind then
 * sn order) with status (device store, as of the board clock), driver on duty and utilisation today
 * (equipment/fleet as of the board clock), and open alarms (the alarm feed: active, or cleared and not
 * handled). Rows carry `data-sn`, so a click opens the device's detail modal.
 */
export const FleetOverviewPanel = observer(function FleetOverviewPanel({ height }: PanelProps<FleetOverviewConfig>) {
  const devices = useDevices();
  const feed = useAlarmFeed();
  const { summary, failed } = useFleetSummary();
  const { i18n } = useLingui();
  useEquipmentTopics();
  const equipment = devices.all.filter((d) => isEquipmentKind(d.kind)).slice().sort((a, b) => a.kind.localeCompare(b.kind) || a.sn.localeCompare(b.sn));
  if (equipment.length === 0) {
    return <PanelMessage>{devices.loading ? <Trans>Loading…</Trans> : <Trans>No lifting equipment in this project</Trans>}</PanelMessage>;
  }
  const open = openAlarmsBySn(feed.alarms);
  const bySn = new Map((summary?.entries ?? []).map((e) => [e.sn, e]));
  const rowH = Math.max(32, Math.min(48, Math.floor((height - 34) / Math.max(1, equipment.length))));
  const cell = { padding: '2px 10px', whiteSpace: 'nowrap', overflowX: 'clip', textOverflow: 'ellipsis' } as const;
  // 20 page px: at least 12 px on a 1366×768 screen, where a board with page controls is drawn at about 0.64
  const head = { ...cell, fontSize: 20, fontWeight: 400, opacity: 0.75, textAlign: 'left' } as const;

  return (
    <div style={{ height: '100%', overflow: 'auto' }}>
      <table style={{ width: '100%', borderCollapse: 'collapse', tableLayout: 'fixed', fontSize: 20 }}>
        <colgroup>
          <col style={{ width: '24%' }} />
          <col style={{ width: '15%' }} />
          <col style={{ width: '11%' }} />
          <col style={{ width: '14%' }} />
          <col style={{ width: '22%' }} />
          <col style={{ width: '7%' }} />
          <col style={{ width: '7%' }} />
        </colgroup>
        <thead>
          <tr>
            <th style={head}><Trans>Equipment</Trans></th>
            <th style={head}><Trans>Kind</Trans></th>
            <th style={head}><Trans>Status</Trans></th>
            <th style={head}><Trans>Driver on duty</Trans></th>
            <th style={head}><Trans>Utilisation today</Trans></th>
            <th style={{ ...head, textAlign: 'right' }}><Trans>Lifts</Trans></th>
            <th style={{ ...head, textAlign: 'right' }}><Trans>Open alarms</Trans></th>
          </tr>
        </thead>
        <tbody>
          {equipment.map((d) => {
            const s = bySn.get(d.sn);
            const alarms = open.get(d.sn) ?? 0;
            const used = s?.utilisationPct ?? null;
            return (
              <tr key={d.sn} data-sn={d.sn} data-fleet-row={d.kind} style={{ height: rowH, cursor: 'pointer', borderTop: `1px solid ${SCREEN.panelBorder}` }}>
                <td style={cell} title={d.name}>{d.name}</td>
                <td style={{ ...cell, opacity: 0.8 }}>{kindLabel(i18n, d.kind)}</td>
                <td style={cell}><StatusBadge status={d.status} /></td>
                <td style={cell} data-driver>{s ? (s.driverName ?? '—') : failed ? '?' : '…'}</td>
                <td style={cell} data-utilisation>
                  <div style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
                    <div style={{ flex: 1, height: 10, background: SCREEN.panelBorder, borderRadius: 2, overflow: 'hidden' }}>
                      <div style={{ width: `${used ?? 0}%`, height: '100%', background: SCREEN.brand }} />
                    </div>
                    <span style={{ minWidth: 52, textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}>{used === null ? '—' : `${used.toFixed(1)} %`}</span>
                  </div>
                </td>
                <td style={{ ...cell, textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}>{s ? s.lifts : '—'}</td>
                <td style={{ ...cell, textAlign: 'right', fontVariantNumeric: 'tabular-nums', color: alarms > 0 ? STATUS_COLOR.alarm : undefined, fontWeight: alarms > 0 ? 600 : undefined }} data-open-alarms>
                  {alarms}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
});
