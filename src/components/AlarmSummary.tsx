import { Trans, useLingui } from '@lingui/react/macro';
import { appUrl, type Alarm } from '../../protocol';
import { formatBeijing } from '../format/time';
import { LEVEL_LABEL } from './messages';
import { WatchMomentLink } from './captures/WatchMomentLink';
import { alarmTitle, limitNote, valueAgainstLimit } from './alarmText';

/**
 * What an operator must know before handling an alarm: what (the alarm in words and its level, with the
 * repeat count), where (device, and `location` when the caller knows it: a station, a person's bore and
 * chainage), when (raised and last seen, Beijing time), the reading against its limit and, for AI alarms,
 * the capture picture and "watch the moment" (its camera's recording). A definition list, so screen readers read it as label/value pairs.
 */
export function AlarmSummary({ alarm, location }: { alarm: Alarm; location?: string | null }) {
  const { i18n } = useLingui();
  const reading = valueAgainstLimit(alarm);
  const note = limitNote(i18n, alarm);
  const repeats = alarm.repeatCount ?? 1;
  const dd = { margin: 0 } as const;
  return (
    <dl data-alarm-summary style={{ display: 'grid', gridTemplateColumns: 'auto 1fr', gap: '4px 16px', margin: 0 }}>
      <dt>
        <Trans>What</Trans>
      </dt>
      <dd style={dd} data-what>
        {alarmTitle(i18n, alarm)} · {i18n._(LEVEL_LABEL[alarm.peakLevel ?? alarm.level])}
        {repeats > 1 ? ` · ×${repeats}` : ''}
      </dd>
      <dt>
        <Trans>Where</Trans>
      </dt>
      <dd style={dd} data-where>
        {alarm.deviceName} ({alarm.deviceSn}){location ? ` · ${location}` : ''}
      </dd>
      <dt>
        <Trans>When</Trans>
      </dt>
      <dd style={dd} data-when>
        {formatBeijing(alarm.raisedAtMs)}
        {alarm.lastSeenMs && alarm.lastSeenMs !== alarm.raisedAtMs ? (
          <>
            {' · '}
            <Trans>last seen {formatBeijing(alarm.lastSeenMs)}</Trans>
          </>
        ) : null}
      </dd>
      {reading ? (
        <>
          <dt>
            <Trans>Value / limit</Trans>
          </dt>
          <dd style={dd} data-reading>
            {reading}
            {note ? ` (${note})` : ''}
          </dd>
        </>
      ) : null}
      {alarm.picUrl ? (
        <>
          <dt>
            <Trans>Capture</Trans>
          </dt>
          <dd style={dd}>
            <img src={appUrl(alarm.picUrl)} alt={alarmTitle(i18n, alarm)} style={{ maxWidth: '100%', maxHeight: 240, display: 'block' }} />
            {alarm.kind === 'ai' ? <WatchMomentLink moment={{ projectId: alarm.projectId, cameraSn: alarm.deviceSn, atMs: alarm.raisedAtMs }} /> : null}
          </dd>
        </>
      ) : null}
    </dl>
  );
}
