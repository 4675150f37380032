import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Field, Radio, RadioGroup, Textarea } from '@fluentui/react-components';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Alarm } from '../../protocol';
import { BusinessError } from '../api/request';
import { useNotify } from '../components';

/** The shelving times a board offers (minutes): 15 min, 1 h, 4 h, 8 h (the longest the server takes). */
export const SHELVE_MINUTES = [15, 60, 240, 480] as const;

/** Shelves alarms: AlarmStore.shelve. */
export type ShelveAlarmsFn = (alarmIds: number[], minutes: number, reason: string) => Promise<Alarm[]>;

/**
 * The Shelve dialog of the board's alarm banner (EEMUA 191 shelving; docs/product.md "Alarm display"):
 * `title` names what is shelved (one alarm or a flood group); the operator picks a time and writes a
 * reason, both required. SOS alarms are never passed here (the banner offers no action for them).
 */
export function ShelveDialog({ title, alarms, shelve, onClose }: { title: string; alarms: readonly Alarm[]; shelve: ShelveAlarmsFn; onClose: () => void }) {
  const { t } = useLingui();
  const notify = useNotify();
  const [minutes, setMinutes] = useState<number>(SHELVE_MINUTES[1]);
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const [busy, setBusy] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const labels: Record<(typeof SHELVE_MINUTES)[number], string> = { 15: t`15 min`, 60: t`1 h`, 240: t`4 h`, 480: t`8 h` };
  const count = alarms.length;

  async function submit() {
    if (!reason.trim()) {
      setMissing(true);
      return;
    }
    setBusy(true);
    setServerError(null);
    try {
      // the server takes up to 500 ids at once; a store holds at most 400 alarms
      await shelve(
        alarms.filter((a) => a.kind !== 'sos').slice(0, 500).map((a) => a.alarmId),
        minutes,
        reason.trim(),
      );
      notify('success', t`Shelved`);
      onClose();
    } catch (e) {
      setServerError(e instanceof BusinessError ? e.errorMessage : String(e));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open modalType="modal" onOpenChange={(_, d) => (!d.open ? onClose() : undefined)}>
      <DialogSurface aria-describedby={undefined} data-shelve-dialog>
        <DialogBody>
          <DialogTitle>
            <Trans>
              Shelve {count} alarm(s): {title}
            </Trans>
          </DialogTitle>
          <DialogContent style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
            <p style={{ margin: 0 }}>
              <Trans>Shelved alarms stay in the alarm center but are not announced (no banner, no sound) until the time ends.</Trans>
            </p>
            <Field label={t`For`} required>
              <RadioGroup layout="horizontal" value={String(minutes)} onChange={(_, d) => setMinutes(Number(d.value))}>
                {SHELVE_MINUTES.map((m) => (
                  <Radio key={m} value={String(m)} label={labels[m]} />
                ))}
              </RadioGroup>
            </Field>
            <Field label={t`Reason`} required validationMessage={missing && !reason.trim() ? t`Please fill in the reason` : undefined}>
              <Textarea value={reason} maxLength={500} resize="vertical" onChange={(_, d) => setReason(d.value)} />
            </Field>
            {serverError ? (
              <div role="alert" style={{ color: '#ff7875' }}>
                {serverError}
              </div>
            ) : null}
          </DialogContent>
          <DialogActions>
            <Button appearance="secondary" onClick={onClose} disabled={busy}>
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
