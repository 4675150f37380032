import { useState } from 'react';
import { observer } from 'mobx-react-lite';
import { Button } from '@fluentui/react-components';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Alarm } from '../../../protocol';
import { useAlarmFeed } from '../../panelData';
import { formatBeijing, formatNumber, LEVEL_COLOR, LEVEL_LABEL, PanelMessage, STATUS_COLOR } from '../../components';
import type { PanelProps } from '../types';
import type { AlarmFeedConfig } from './index';
import { DEAL_STATUS_LABEL, KIND_LABEL, METRIC_LABEL } from './labels';
import { DealDialog } from './DealDialog';

/** The alarms a feed shows for a config, newest first. */
export function selectAlarms(alarms: readonly Alarm[], config: AlarmFeedConfig): Alarm[] {
  const kinds = config.kinds ? new Set<string>(config.kinds) : null;
  const out: Alarm[] = [];
  for (const a of alarms) {
    if (kinds && !kinds.has(a.kind)) continue;
    if (config.activeOnly && a.state !== 'active') continue;
    if (config.untreatedOnly && a.dealStatus !== 0) continue;
    out.push(a);
    if (out.length >= config.limit) break;
  }
  return out;
}

const AlarmRow = observer(function AlarmRow({ alarm, fresh, onHandle }: { alarm: Alarm; fresh: boolean; onHandle: ((a: Alarm) => void) | null }) {
  const { i18n } = useLingui();
  const color = LEVEL_COLOR[alarm.level] ?? STATUS_COLOR.unknown;
  const cleared = alarm.state === 'cleared';
  const metricLabel = METRIC_LABEL[alarm.metric];
  const metric = metricLabel ? i18n._(metricLabel) : alarm.metric;
  const unit = alarm.unit ?? '';
  return (
    <li
      data-alarm-id={alarm.alarmId}
      data-level={alarm.level}
      className={fresh ? 'sb-flash' : undefined}
      style={{
        listStyle: 'none',
        borderLeft: `4px solid ${color}`,
        // A cleared row keeps only its level stripe: a neutral tint of the text colour reads in both modes.
        background: cleared ? 'color-mix(in srgb, var(--sb-text, #e2e8f0) 4%, transparent)' : `${color}1f`,
        padding: '6px 8px',
        marginBottom: 6,
        borderRadius: 4,
        opacity: cleared && alarm.dealStatus !== 0 ? 0.7 : 1,
        fontSize: 15,
      }}
    >
      <div style={{ display: 'flex', gap: 8, alignItems: 'baseline', flexWrap: 'wrap' }}>
        <strong style={{ color }}>{i18n._(LEVEL_LABEL[alarm.level])}</strong>
        <span>{i18n._(KIND_LABEL[alarm.kind])}</span>
        <span style={{ fontWeight: 600 }}>{metric}</span>
        {alarm.value !== null ? (
          <span style={{ fontVariantNumeric: 'tabular-nums' }}>
            <span style={{ color, fontWeight: 700 }}>{formatNumber(alarm.value, 2)}</span>
            {alarm.threshold !== null ? ` / ${formatNumber(alarm.threshold, 3)}` : ''} {unit}
          </span>
        ) : null}
        <span style={{ marginLeft: 'auto', opacity: 0.8 }}>{alarm.deviceName}</span>
      </div>
      <div style={{ display: 'flex', gap: 10, alignItems: 'center', fontSize: 13, opacity: 0.85, marginTop: 2 }}>
        <time dateTime={new Date(alarm.raisedAtMs).toISOString()}>{formatBeijing(alarm.raisedAtMs, 'MM-DD HH:mm:ss')}</time>
        <span data-state={alarm.state}>{cleared ? <Trans>Cleared</Trans> : <Trans>Active</Trans>}</span>
        <span data-deal-status={alarm.dealStatus}>{i18n._(DEAL_STATUS_LABEL[alarm.dealStatus])}</span>
        {alarm.dealStatus === 0 && onHandle ? (
          <Button size="small" appearance="outline" style={{ marginLeft: 'auto' }} onClick={() => onHandle(alarm)}>
            <Trans>Handle</Trans>
          </Button>
        ) : alarm.dealRemark ? (
          <span style={{ marginLeft: 'auto', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', maxWidth: '45%' }} title={alarm.dealRemark}>
            {alarm.dealRemark}
          </span>
        ) : null}
      </div>
    </li>
  );
});

/**
 * The alarm feed as of the board clock: newest first, new arrivals flash once, Handle opens the deal
 * dialog. In replay: the alarms raised up to the instant with their state then, and no Handle.
 */
export const AlarmFeedPanel = observer(function AlarmFeedPanel({ config }: PanelProps<AlarmFeedConfig>) {
  const alarms = useAlarmFeed();
  const [handling, setHandling] = useState<Alarm | null>(null);
  const list = selectAlarms(alarms.alarms, config);
  const active = alarms.alarms.filter((a) => a.state === 'active').length;
  const deal = alarms.deal;

  return (
    <div style={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
      <div style={{ fontSize: 14, opacity: 0.8, marginBottom: 4 }}>
        <Trans>Active alarms: {active}</Trans>
      </div>
      {list.length === 0 ? (
        <PanelMessage>{alarms.loading ? <Trans>Loading…</Trans> : <Trans>No alarms</Trans>}</PanelMessage>
      ) : (
        <ol style={{ margin: 0, padding: 0, overflowY: 'auto', flex: 1, minHeight: 0 }}>
          {list.map((a) => (
            <AlarmRow key={a.alarmId} alarm={a} fresh={alarms.fresh.has(a.alarmId)} onHandle={deal ? setHandling : null} />
          ))}
        </ol>
      )}
      {handling && deal ? <DealDialog alarm={handling} deal={deal} onClose={() => setHandling(null)} /> : null}
    </div>
  );
});
