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
  const gaugeSize = Math.max(120, Math.min(width * 0.48, (height - 40) / 0.62));

  return (
    <div style={{ display: 'flex', flexDirection: 'column', height: '100%', gap: 4 }}>
      <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 8, fontSize: 20 }}>
        <span style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', minWidth: 0 }}>{device.name}</span>
        <StatusBadge status={device.status} />
      </div>
      <div style={{ display: 'flex', flex: 1, minHeight: 0, alignItems: 'center', gap: 12 }}>
        <div style={{ position: 'relative', flex: '0 0 auto', textAlign: 'center' }}>
          <MomentGauge pct={moment} warnPct={momentRule?.warnHigh ?? null} alarmPct={momentRule?.alarmHigh ?? null} color={momentColor} size={gaugeSize} />
          <div data-metric="momentPct" style={{ marginTop: -gaugeSize * 0.22 }}>
            <ValueWithUnit value={moment} unit="%" digits={1} size="large" color={momentColor} />
            <div style={{ fontSize: 20, opacity: 0.8 }}>
              <Trans>Moment</Trans>
            </div>
          </div>
        </div>
        <dl style={{ display: 'grid', gridTemplateColumns: 'auto auto', gap: '0 12px', margin: 0, flex: 1, alignContent: 'center', lineHeight: 1.2 }}>
          {QUANTITIES.map((q) => {
            const v = latest[q.metric];
            const level = thresholdLevel(v, devices.threshold(config.sn, q.metric));
            return (
              <div key={q.metric} data-metric={q.metric} style={{ display: 'contents' }}>
                <dt style={{ opacity: 0.8, fontSize: 20, alignSelf: 'center' }}>{i18n._(q.label)}</dt>
                <dd style={{ margin: 0, textAlign: 'right' }}>
                  <ValueWithUnit value={v} unit={q.unit} digits={q.digits} color={level ? LEVEL_COLOR[level] : undefined} />
                </dd>
              </div>
            );
          })}
        </dl>
      </div>
      <div style={{ fontSize: 20, opacity: 0.7, textAlign: 'right' }}>
        <Trans>Updated {updated}</Trans>
      </div>
    </div>
  );
});
