import { useEffect, useState } from 'react';
import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Dropdown, Option, Textarea } from '@fluentui/react-components';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { ROUTES, type Alarm } from '../../../protocol';
import { useStores } from '../../stores';
import { formatBeijingHourMinute } from '../../format/time';
import { SCREEN } from '../../theme/theme';

/** Shelving durations offered (minutes; at most MAX_SHELVE_MINUTES of protocol/api.ts). */
export const SHELVE_DURATIONS: ReadonlyArray<{ minutes: number; label: MessageDescriptor }> = [
  { minutes: 15, label: msg`15 minutes` },
  { minutes: 60, label: msg`1 hour` },
  { minutes: 240, label: msg`4 hours` },
  { minutes: 480, label: msg`8 hours` },
];

/** Preset shelving reasons (EEMUA 191: shelving is for a known nuisance while it is being fixed); free text stays possible. */
const REASON_PRESETS: MessageDescriptor[] = [
  msg`Maintenance on the device`,
  msg`Sensor being calibrated`,
  msg`Known nuisance alarm, repair ordered`,
  msg`Planned work in the area`,
];

/** Whether `a` is shelved at `nowMs`. */
export function isShelved(a: Pick<Alarm, 'shelvedUntilMs'>, nowMs: number): boolean {
  return a.shelvedUntilMs !== null && a.shelvedUntilMs !== undefined && a.shelvedUntilMs > nowMs;
}

/** Whether `a` may be shelved: open (untreated), not SOS (docs/api.md "alarm/shelve"). */
export function canShelve(a: Pick<Alarm, 'dealStatus' | 'kind'>): boolean {
  return a.dealStatus === 0 && a.kind !== 'sos';
}

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

/**
 * Shelve one or several alarms: a duration (15 min to 8 h) and a reason (a preset or free text).
 * `onClose(true)` once shelved.
 */
export function ShelveDialog({ alarmIds, onClose }: { alarmIds: number[] | null; onClose: (done: boolean) => void }) {
  const { request } = useStores();
  const { t, i18n } = useLingui();
  const [minutes, setMinutes] = useState(60);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const count = alarmIds?.length ?? 0;
  useEffect(() => {
    if (alarmIds) setReason('');
  }, [alarmIds]);
  const duration = SHELVE_DURATIONS.find((d) => d.minutes === minutes) ?? SHELVE_DURATIONS[1];
  const submit = async () => {
    if (!alarmIds || !reason.trim()) return;
    setBusy(true);
    try {
      await request<Alarm[]>(ROUTES.alarmShelve, { alarmIds, minutes, reason: reason.trim() });
      onClose(true);
    } catch {
      // shown by the request client (an SOS alarm is named there)
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open={alarmIds !== null} onOpenChange={(_, d) => !d.open && onClose(false)}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>
            <Trans>Shelve {count} alarm(s)</Trans>
          </DialogTitle>
          <DialogContent style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
            <Dropdown
              aria-label={t`Shelve for`}
              value={i18n._(duration.label)}
              selectedOptions={[String(minutes)]}
              onOptionSelect={(_, d) => setMinutes(Number(d.optionValue ?? 60))}
            >
              {SHELVE_DURATIONS.map((d) => (
                <Option key={d.minutes} value={String(d.minutes)}>
                  {i18n._(d.label)}
                </Option>
              ))}
            </Dropdown>
            <Dropdown aria-label={t`Preset reasons`} placeholder={t`Preset reasons`} onOptionSelect={(_, d) => setReason(d.optionText ?? '')}>
              {REASON_PRESETS.map((p) => (
                <Option key={p.id} value={p.id ?? ''}>
                  {i18n._(p)}
                </Option>
              ))}
            </Dropdown>
            <Textarea aria-label={t`Shelve reason`} placeholder={t`Why is this alarm shelved?`} value={reason} onChange={(_, d) => setReason(d.value)} />
          </DialogContent>
          <DialogActions>
            <Button onClick={() => onClose(false)}>
              <Trans>Cancel</Trans>
            </Button>
            <Button appearance="primary" disabled={busy || !reason.trim()} onClick={() => void submit()}>
              <Trans>Shelve</Trans>
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
