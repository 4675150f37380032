import { useRef, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { Button } from '@fluentui/react-components';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { Alarm } from '../../../protocol';
import { useAlarmFeed } from '../../panelData';
import { alarmTitle, formatBeijing, isOpenActive, LEVEL_COLOR, LEVEL_LABEL, PanelMessage, STATUS_COLOR, triageAlarms, useWholeItems, valueAgainstLimit } from '../../components';
import type { PanelProps } from '../types';
import type { AlarmFeedConfig } from './index';
import { DEAL_STATUS_LABEL } from './labels';
import { DealDialog } from './DealDialog';

/**
 * The alarms a feed shows for a config, in triage order (an active SOS first, then level, then time;
 * src/components/alarmText), at most `config.limit`.
 */
export function selectAlarms(alarms: readonly Alarm[], config: AlarmFeedConfig): Alarm[] {
  const kinds = config.kinds ? new Set<string>(config.kinds) : null;
  const out = alarms.filter((a) => (!kinds || kinds.has(a.kind)) && (!config.activeOnly || a.state === 'active') && (!config.untreatedOnly || a.dealStatus === 0));
  return triageAlarms(out).slice(0, config.limit);
}

const AlarmRow = observer(function AlarmRow({ alarm, fresh, onHandle, hidden }: { alarm: Alarm; fresh: boolean; onHandle: ((a: Alarm) => void) | null; hidden: boolean }) {
  const { i18n } = useLingui();
  const color = LEVEL_COLOR[alarm.peakLevel ?? alarm.level] ?? STATUS_COLOR.unknown;
  const cleared = alarm.state === 'cleared';
  const title = alarmTitle(i18n, alarm);
  const reading = valueAgainstLimit(alarm);
  const repeats = alarm.repeatCount ?? 1;
  const seenMs = alarm.lastSeenMs ?? alarm.raisedAtMs;
  return (
    <li
      data-alarm-id={alarm.alarmId}
      data-level={alarm.level}
      data-kind={alarm.kind}
      className={fresh ? 'sb-flash' : undefined}
      aria-hidden={hidden || undefined}
      style={{
        listStyle: 'none',
        visibility: hidden ? 'hidden' : undefined,
        borderLeft: `6px solid ${color}`,
        // A cleared row keeps only its level stripe: a neutral tint of the text colour reads in both modes.
        background: cleared ? 'color-mix(in srgb, var(--sb-text, #e2e8f0) 4%, transparent)' : `${color}1f`,
        padding: '6px 10px',
        marginBottom: 6,
        borderRadius: 4,
        opacity: cleared && alarm.dealStatus !== 0 ? 0.7 : 1,
        fontSize: 20,
      }}
    >
      <div style={{ display: 'flex', gap: 10, alignItems: 'baseline', flexWrap: 'wrap' }}>
        <strong style={{ color }}>{i18n._(LEVEL_LABEL[alarm.level])}</strong>
        <span data-alarm-title style={{ fontWeight: 700 }}>
          {title}
        </span>
        {repeats > 1 ? (
          <span data-repeat-count={repeats} style={{ fontVariantNumeric: 'tabular-nums', fontWeight: 700 }}>
            ×{repeats}
          </span>
        ) : null}
        {reading ? (
          <span style={{ fontVariantNumeric: 'tabular-nums', color, fontWeight: 700 }}>{reading}</span>
        ) : null}
        <span style={{ marginLeft: 'auto', opacity: 0.85 }}>{alarm.deviceName}</span>
      </div>
      <div style={{ display: 'flex', gap: 10, alignItems: 'center', fontSize: 20, opacity: 0.9, marginTop: 2, flexWrap: 'wrap' }}>
        <time dateTime={new Date(seenMs).toISOString()}>{formatBeijing(alarm.raisedAtMs, 'MM-DD HH:mm:ss')}</time>
        <span data-state={alarm.state}>{cleared ? <Trans>Cleared</Trans> : <Trans>Active</Trans>}</span>
        {alarm.ackedAtMs && alarm.dealStatus === 0 ? (
          <span data-acked>
            <Trans>Acknowledged</Trans>
          </span>
        ) : null}
        <span data-deal-status={alarm.dealStatus}>{i18n._(DEAL_STATUS_LABEL[alarm.dealStatus])}</span>
        {alarm.dealStatus === 0 && onHandle ? (
          <Button size="medium" appearance="outline" style={{ marginLeft: 'auto', fontSize: 20, minHeight: 36 }} onClick={() => onHandle(alarm)}>
            <Trans>Handle</Trans>
          </Button>
        ) : alarm.dealRemark ? (
          <span style={{ marginLeft: 'auto', overflowWrap: 'anywhere' }}>
            {alarm.dealRemark}
          </span>
        ) : null}
      </div>
    </li>
  );
});

/**
 * The alarm feed as of the board clock, in triage order (an active SOS first, then level, then time);
 * repeats of one condition are one row with their count. New arrivals flash once, Handle opens the deal
 * dialog. "Active" counts active and untreated alarms; "untreated" counts every open one. In replay: the
 * alarms raised up to the instant with their state then, and no Handle. Only whole cards show: those that
 * do not fit the panel are counted beneath ("3 more alarms not shown"), the most urgent first on screen.
 */
export const AlarmFeedPanel = observer(function AlarmFeedPanel({ config }: PanelProps<AlarmFeedConfig>) {
  const alarms = useAlarmFeed();
  const [handling, setHandling] = useState<Alarm | null>(null);
  const list = selectAlarms(alarms.alarms, config);
  const active = alarms.alarms.filter(isOpenActive).length;
  const untreated = alarms.alarms.filter((a) => a.dealStatus === 0).length;
  const deal = alarms.deal;
  const listRef = useRef<HTMLOListElement>(null);
  const fits = useWholeItems(listRef);
  const notShown = Math.max(0, list.length - fits);

  return (
    <div style={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
      <div style={{ fontSize: 20, opacity: 0.9, marginBottom: 4, display: 'flex', gap: 16 }}>
        <span data-active-count={active}>
          <Trans>Active alarms: {active}</Trans>
        </span>
        <span data-untreated-count={untreated}>
          <Trans>Untreated: {untreated}</Trans>
        </span>
      </div>
      {list.length === 0 ? (
        <PanelMessage>{alarms.loading ? <Trans>Loading…</Trans> : <Trans>No alarms</Trans>}</PanelMessage>
      ) : (
        <ol ref={listRef} style={{ margin: 0, padding: 0, overflow: 'hidden', flex: 1, minHeight: 0 }}>
          {list.map((a, i) => (
            <AlarmRow key={a.alarmId} alarm={a} fresh={alarms.fresh.has(a.alarmId)} onHandle={deal ? setHandling : null} hidden={i >= fits} />
          ))}
        </ol>
      )}
      {notShown > 0 ? (
        <div data-not-shown={notShown} style={{ fontSize: 20, opacity: 0.9, paddingTop: 4, flex: 'none' }}>
          <Plural value={notShown} one="# more alarm not shown" other="# more alarms not shown" />
        </div>
      ) : null}
      {handling && deal ? <DealDialog alarm={handling} deal={deal} onClose={() => setHandling(null)} /> : null}
    </div>
  );
});
