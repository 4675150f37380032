import { useState } from 'react';
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Radio,
  RadioGroup,
  Textarea,
} from '@fluentui/react-components';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Alarm } from '../../../protocol';
import { BusinessError, useDevices, useTunnels, type DealAlarmFn } from '../../panelData';
import { AlarmSummary, alarmTitle, deviceLocationText, useNotify } from '../../components';
import { validateDeal, type DealErrors } from './validateDeal';

/**
 * The Handle dialog of an alarm (docs/product.md "States", "Validation and display"): what, where, when, the reading against its limit and any
 * capture picture (AlarmSummary) above the form; choose processed or misinformation, write a remark. Both are
 * checked before sending, with the messages of docs/product.md "Validation and display", then sent through `deal` (the panel-data source's); on success "Processing successful" is toasted and the
 * dialog closes.
 */
export function DealDialog({ alarm, deal, onClose }: { alarm: Alarm; deal: DealAlarmFn; onClose: () => void }) {
  const { t, i18n } = useLingui();
  const notify = useNotify();
  const [dealStatus, setDealStatus] = useState<1 | 2 | null>(null);
  const [remark, setRemark] = useState('');
  const [errors, setErrors] = useState<DealErrors>({});
  const [busy, setBusy] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);

  async function handleSubmit() {
    const found = validateDeal({ dealStatus, dealRemark: remark });
    setErrors(found);
    if (found.status || found.remark) return;
    setBusy(true);
    setServerError(null);
    try {
      await deal(alarm.alarmId, dealStatus, remark);
      notify('success', t`Processing successful`);
      onClose();
    } catch (e) {
      setServerError(e instanceof BusinessError ? e.errorMessage : String(e));
    } finally {
      setBusy(false);
    }
  }

  const devices = useDevices();
  const tunnels = useTunnels();
  const what = alarmTitle(i18n, alarm);
  const device = alarm.deviceName;
  const location = deviceLocationText(devices.get(alarm.deviceSn), tunnels.tunnels);
  return (
    <Dialog open modalType="modal" onOpenChange={(_, d) => (!d.open ? onClose() : undefined)}>
      <DialogSurface aria-describedby={undefined}>
        <DialogBody>
          <DialogTitle>
            <Trans>
              Handle alarm: {what}, {device}
            </Trans>
          </DialogTitle>
          <DialogContent style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
            <AlarmSummary alarm={alarm} location={location} />
            <Field label={t`Status`} required validationMessage={errors.status ? i18n._(errors.status) : undefined}>
              <RadioGroup
                layout="horizontal"
                value={dealStatus === null ? '' : String(dealStatus)}
                onChange={(_, d) => setDealStatus(d.value === '2' ? 2 : 1)}
              >
                <Radio value="1" label={t`Processed`} />
                <Radio value="2" label={t`Misinformation`} />
              </RadioGroup>
            </Field>
            <Field label={t`Remarks`} required validationMessage={errors.remark ? i18n._(errors.remark) : undefined}>
              <Textarea value={remark} maxLength={1000} resize="vertical" onChange={(_, d) => setRemark(d.value)} />
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
            <Button appearance="primary" onClick={() => void handleSubmit()} disabled={busy}>
              <Trans>Submit</Trans>
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
