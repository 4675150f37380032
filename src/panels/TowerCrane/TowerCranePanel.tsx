import { observer } from 'mobx-react-lite';
import { Trans, useLingui } from '@lingui/react/macro';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { RefusedMessage, useDevices, useTelemetryTopic } from '../../panelData';
import { formatBeijing, LEVEL_COLOR, PanelMessage, STATUS_COLOR, StatusBadge, thresholdLevel, ValueWithUnit } from '../../components';
import type { PanelProps } from '../types';
import type { TowerCraneConfig } from './index';
import { MomentGauge } from './MomentGauge';

interface Quantity {
  metric: string;
  label: MessageDescriptor;
  unit: string;
  digits: number;
}

/** Readings shown besides the gauge, in the units of protocol/devices.ts towerCraneTelemetrySchema. */
const QUANTITIES: Quantity[] = [
  { metric: 'loadT', label: msg`Load`, unit: 't', digits: 2 },
  { metric: 'radiusM', label: msg`Radius`, unit: 'm', digits: 1 },
  { metric: 'heightM', label: msg`Height`, unit: 'm', digits: 1 },
  { metric: 'windSpeedMps', label: msg`Wind`, unit: 'm/s', digits: 1 },
  { metric: 'tiltDeg', label: msg`Tilt`, unit: '°', digits: 2 },
  { metric: 'rotationDeg', label: msg`Rotation`, unit: '°', digits: 0 },
];

/**
 * The tower crane card: the last reading as of the board clock (live at most once per second; replay the
 * last reading at or before the instant).
 */
export const TowerCranePanel = observer(function TowerCranePanel({ config, width, height }: PanelProps<TowerCraneConfig>) {
  const devices = useDevices();
  const { i18n } = useLingui();
  const refusal = useTelemetryTopic('towerCrane');

  const sn = config.sn;
  const device = devices.get(sn);
  if (refusal) return <RefusedMessage reason={refusal} />;
  if (!device) {
    return <PanelMessage>{devices.loading ? <Trans>Loading…</Trans> : <Trans>Device {sn} is not in this project</Trans>}</PanelMessage>;
  }
  const updated = formatBeijing(device.lastSeenMs, 'HH:mm:ss');
  const latest = device.latest ?? {};
  const moment = latest.momentPct ?? null;
  const momentRule = devices.threshold(config.sn, 'momentPct');
  const momentLevel = thresholdLevel(moment, momentRule);
  const momentColor = momentLevel ? LEVEL_COLOR[momentLevel] : STATUS_COLOR.online;
  // Readings in a 2 × 3 grid (label over value) beside the gauge: key values at 2× their pre-wall size
  // (VALUE_PX) still fit a 460 × 270 card of the demo board with the update time in the name row.
  const gridW = Math.min(300, Math.max(200, width * 0.62));
  const gaugeSize = Math.max(100, Math.min(width - gridW - 12, (height - 40) / 0.62));

  return (
    <div style={{ display: 'flex', flexDirection: 'column', height: '100%', gap: 2 }}>
      <div style={{ display: 'flex', alignItems: 'center', gap: 8, fontSize: 20, lineHeight: 1.15 }}>
        <span style={{ overflowWrap: 'anywhere', minWidth: 0, flex: 1 }}>{device.name}</span>
        <StatusBadge status={device.status} />
        <span data-updated style={{ opacity: 0.7, whiteSpace: 'nowrap' }}>
          <Trans>Updated {updated}</Trans>
        </span>
      </div>
      <div style={{ display: 'flex', flex: 1, minHeight: 0, alignItems: 'center', gap: 12 }}>
        <div style={{ position: 'relative', flex: '0 0 auto', textAlign: 'center' }}>
          <MomentGauge pct={moment} warnPct={momentRule?.warnHigh ?? null} alarmPct={momentRule?.alarmHigh ?? null} color={momentColor} size={gaugeSize} />
          <div data-metric="momentPct" style={{ marginTop: -gaugeSize * 0.22 }}>
            <ValueWithUnit value={moment} unit="%" digits={1} size="large" color={momentColor} />
            <div style={{ fontSize: 20, opacity: 0.8, lineHeight: 1.1 }}>
              <Trans>Moment</Trans>
            </div>
          </div>
        </div>
        <dl style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: '0 12px', margin: 0, width: gridW, flex: '0 0 auto', alignContent: 'center', marginLeft: 'auto' }}>
          {QUANTITIES.map((q) => {
            const v = latest[q.metric];
            const level = thresholdLevel(v, devices.threshold(config.sn, q.metric));
            return (
              <div key={q.metric} data-metric={q.metric} style={{ minWidth: 0 }}>
                <dt style={{ opacity: 0.8, fontSize: 20, lineHeight: 1, whiteSpace: 'nowrap', overflowX: 'clip', textOverflow: 'ellipsis' }}>{i18n._(q.label)}</dt>
                <dd style={{ margin: 0 }}>
                  <ValueWithUnit value={v} unit={q.unit} digits={q.digits} size="key" color={level ? LEVEL_COLOR[level] : undefined} />
                </dd>
              </div>
            );
          })}
        </dl>
      </div>
    </div>
  );
});
