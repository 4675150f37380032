import { observer } from 'mobx-react-lite';
import { Trans, useLingui } from '@lingui/react/macro';
import { RefusedMessage, useDevices, useTelemetryTopic, type TelemetryTopic } from '../../panelData';
import { formatBeijing, LEVEL_COLOR, PanelMessage, StatusBadge, thresholdLevel, ValueWithUnit } from '../../components';
import { EquipmentDrawing } from '../../components/equipment/EquipmentDrawing';
import { metricLabel } from '../../i18n/metricLabels';
import type { PanelProps } from '../types';
import { flagText } from '../../components/equipment/flags';
import { panelReadings, type EquipmentPanelConfig } from './readings';

/**
 * The card of one piece of lifting equipment (docs/architecture.md "Lifting equipment"): its name and status, the live drawing of its
 * kind (EquipmentDrawing) and its main readings with the descriptor's labels, units and decimals, each in
 * its threshold's colour when over a limit. Reads the device through the panel-data hooks, so it shows
 * the last reading as of the board clock, live or in replay. A click opens the device's detail modal
 * (src/board/deviceClick.ts).
 */
export const EquipmentPanel = observer(function EquipmentPanel({ kind, config, width, height }: PanelProps<EquipmentPanelConfig> & { kind: string }) {
  const devices = useDevices();
  const { i18n } = useLingui();
  const refusal = useTelemetryTopic(kind as TelemetryTopic); // equipment has live series (createKindRegistry refuses it without)
  const device = devices.get(config.sn);
  if (refusal) return <RefusedMessage reason={refusal} />;
  if (!device) {
    return <PanelMessage>{devices.loading ? <Trans>Loading…</Trans> : <Trans>Device {config.sn} is not in this project</Trans>}</PanelMessage>;
  }
  const latest = device.latest ?? {};
  const levels: Record<string, 'warning' | 'alarm'> = {};
  for (const t of device.thresholds) {
    const level = thresholdLevel(latest[t.metric], t);
    if (level) levels[t.metric] = level;
  }
  const updated = formatBeijing(device.lastSeenMs, 'HH:mm:ss');
  // Readings in two columns (label over value) at the key size (VALUE_PX.key, 2× their pre-wall 18 px),
  // the update time in the name row, so seven readings fit a 620 × 350 card beside the drawing.
  const wide = width >= 420;
  const drawingW = wide ? Math.floor(width * 0.44) : width;
  const rows = panelReadings(kind);
  const listH = wide ? 0 : Math.min(Math.ceil(rows.length / 2) * 62, Math.floor(height * 0.55));
  const drawingH = Math.max(60, height - 32 - listH);

  return (
    <div style={{ display: 'flex', flexDirection: 'column', height: '100%', gap: 4 }} data-equipment={kind}>
      <div style={{ display: 'flex', alignItems: 'center', fontSize: 20, lineHeight: 1.15, gap: 8 }}>
        <span style={{ overflowWrap: 'anywhere', minWidth: 0, flex: 1 }}>{device.name}</span>
        <StatusBadge status={device.status} />
        <span data-updated style={{ opacity: 0.7, whiteSpace: 'nowrap' }}>
          <Trans>Updated {updated}</Trans>
        </span>
      </div>
      <div style={{ display: 'flex', flexDirection: wide ? 'row' : 'column', flex: 1, minHeight: 0, gap: 10 }}>
        <div style={{ flex: '0 0 auto' }}>
          <EquipmentDrawing kind={kind} values={device.latest} width={drawingW} height={drawingH} levels={levels} />
        </div>
        <dl
          style={{
            display: 'grid',
            gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)',
            gap: '2px 12px',
            margin: 0,
            flex: 1,
            minWidth: 0,
            alignContent: 'center',
            overflow: 'hidden',
          }}
        >
          {rows.map((m) => {
            const value = latest[m.key];
            const level = levels[m.key];
            const label = metricLabel(i18n, kind, m.key);
            return (
              <div key={m.key} data-metric={m.key} style={{ minWidth: 0 }}>
                <dt title={label} style={{ opacity: 0.8, fontSize: 20, lineHeight: 1.1, overflowWrap: 'anywhere' }}>
                  {label}
                </dt>
                <dd style={{ margin: 0, whiteSpace: 'nowrap' }}>
                  {m.flag ? (
                    <span style={{ fontSize: 28, fontWeight: 700, lineHeight: 1.3, color: level ? LEVEL_COLOR[level] : undefined }}>{flagText(i18n, value)}</span>
                  ) : (
                    <ValueWithUnit value={value} unit={m.unit} digits={m.digits} size="key" color={level ? LEVEL_COLOR[level] : undefined} />
                  )}
                </dd>
              </div>
            );
          })}
        </dl>
      </div>
    </div>
  );
});


const cards = new Map<string, (p: PanelProps<EquipmentPanelConfig>) => React.ReactElement>();

/** The card of `kind` as a panel component, one per kind (the definitions of ./index.ts load it). */
export function equipmentCard(kind: string): (p: PanelProps<EquipmentPanelConfig>) => React.ReactElement {
  let card = cards.get(kind);
  if (!card) {
    card = (p: PanelProps<EquipmentPanelConfig>) => <EquipmentPanel {...p} kind={kind} />;
    cards.set(kind, card);
  }
  return card;
}
