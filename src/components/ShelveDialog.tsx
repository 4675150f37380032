import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Dropdown, Field, Option, Radio, RadioGroup, Textarea } from '@fluentui/react-components';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { MAX_SHELVE_MINUTES } from '../../protocol';
import { BusinessError } from '../api/request';

/** The shelving times offered (minutes): 15 min, 1 h, 4 h, 8 h (MAX_SHELVE_MINUTES, one shift). */
export const SHELVE_MINUTES = [15, 60, 240, MAX_SHELVE_MINUTES] as const;

const MINUTE_LABELS: Record<number, MessageDescriptor> = { 15: msg`15 min`, 60: msg`1 h`, 240: msg`4 h`, 480: msg`8 h` };

/** Preset shelving reasons (EEMUA 191: shelving is for a known nuisance while it is being fixed); free text stays possible. */
const REASON_PRESETS: MessageDescriptor[] = [
  msg`Maintenance on the device`,
  msg`Sensor being calibrated`,
  msg`Known nuisance alarm, repair ordered`,
  msg`Planned work in the area`,
];

/** Shelves alarms for `minutes` with a reason (AlarmStore.shelve, or the alarm center's request); rejects with the server's error. */
export type ShelveAlarmsFn = (alarmIds: number[], minutes: number, reason: string) => Promise<unknown>;

/**
 * The one Shelve dialog (EEMUA 191 shelving; docs/product.md "Alarm display"), used by the board's alarm
 * banner and the alarm center: a time (15 min to 8 h) and a reason (a preset or free text), both required.
 * `title` names what is shelved (an alarm or a flood group) where the caller has a name. SOS alarms are
 * never passed here (no shelve action is offered for them; the server would refuse them by id).
 * `onClose(true)` once shelved, `onClose(false)` when cancelled.
 */
export function ShelveDialog({ alarmIds, title, shelve, onClose }: { alarmIds: readonly number[]; title?: string; shelve: ShelveAlarmsFn; onClose: (done: boolean) => void }) {
  const { t, i18n } = useLingui();
  const [minutes, setMinutes] = useState<number>(SHELVE_MINUTES[1]);
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const [busy, setBusy] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const count = alarmIds.length;

  async function submit() {
    if (!reason.trim()) {
      setMissing(true);
      return;
    }
    setBusy(true);
    setServerError(null);
    try {
      await shelve(alarmIds.slice(0, 500), minutes, reason.trim()); // the server takes up to 500 ids at once
      onClose(true);
    } catch (e) {
      setServerError(e instanceof BusinessError ? e.errorMessage : String(e));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open modalType="modal" onOpenChange={(_, d) => (!d.open ? onClose(false) : undefined)}>
      <DialogSurface aria-describedby={undefined} data-shelve-dialog>
        <DialogBody>
          <DialogTitle>{title ? <Trans>Shelve <Plural value={count} one="# alarm" other="# alarms" />: {title}</Trans> : <Plural value={count} one="Shelve # alarm" other="Shelve # alarms" />}</DialogTitle>
          <DialogContent style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
            <p style={{ margin: 0 }}>
              <Trans>Shelved alarms stay in the alarm center but are not announced (no banner, no sound) until the time ends.</Trans>
            </p>
            <Field label={t`For`} required>
              <RadioGroup layout="horizontal" value={String(minutes)} onChange={(_, d) => setMinutes(Number(d.value))}>
                {SHELVE_MINUTES.map((m) => (
                  <Radio key={m} value={String(m)} label={i18n._(MINUTE_LABELS[m])} />
                ))}
              </RadioGroup>
            </Field>
            <Dropdown aria-label={t`Preset reasons`} placeholder={t`Preset reasons`} onOptionSelect={(_, d) => setReason(d.optionText ?? '')}>
              {REASON_PRESETS.map((p) => (
                <Option key={p.id} value={p.id ?? ''}>
                  {i18n._(p)}
                </Option>
              ))}
            </Dropdown>
            <Field label={t`Shelve reason`} required validationMessage={missing && !reason.trim() ? t`Please fill in the reason` : undefined}>
              <Textarea value={reason} maxLength={500} resize="vertical" placeholder={t`Why is this alarm shelved?`} onChange={(_, d) => setReason(d.value)} />
            </Field>
            {serverError ? (
              <div role="alert" style={{ color: '#ff7875' }}>
                {serverError}
              </div>
            ) : null}
          </DialogContent>
          <DialogActions>
            <Button appearance="secondary" onClick={() => onClose(false)} disabled={busy}>
              <Trans>Cancel</Trans>
            </Button>
            <Button appearance="primary" onClick={() => void submit()} disabled={busy} data-shelve-submit>
              <Trans>Shelve</Trans>
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
