import { Trans } from '@lingui/react/macro';
import type { Alarm } from '../../../protocol';
import { isShelved } from '../../components';
import { formatBeijingHourMinute } from '../../format/time';
import { SCREEN } from '../../theme/theme';

/** "Shelved until 14:30 by admin: Sensor being calibrated" (Beijing time), or nothing when not shelved. */
export function ShelvedBadge({ alarm }: { alarm: Alarm }) {
  if (!isShelved(alarm, Date.now())) return null;
  const until = formatBeijingHourMinute(alarm.shelvedUntilMs!);
  const by = alarm.shelvedBy ?? '';
  const reason = alarm.shelveReason ?? '';
  return (
    // the table's own size and colour, framed: read as a state of the row, not as a decoration
    <span
      data-shelved-until={alarm.shelvedUntilMs}
      style={{ display: 'inline-block', marginTop: 2, padding: '0 6px', border: `1px solid ${SCREEN.textMuted}`, borderRadius: 4, color: SCREEN.text, fontSize: 'inherit', lineHeight: 1.5 }}
    >
      <Trans>
        Shelved until {until} by {by}: {reason}
      </Trans>
    </span>
  );
}
