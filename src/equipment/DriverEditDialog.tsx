import { useEffect, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { Button, Checkbox, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle } from '@fluentui/react-components';
import { Trans, useLingui } from '@lingui/react/macro';
import { beijingDateOf, beijingDayStartOf, certificateExpiryOf, certificateValidUntil, driverFieldsSchema, EQUIPMENT, LIFTING_DRIVERS, type LiftingDriver } from '../../protocol';
import { useQuery, useStores } from '../stores';
import { FormGrid, GenderField, TextField } from '../components/forms/FormGrid';

/** The form's text fields, as typed (dates as YYYY-MM-DD, Beijing days). */
interface Form {
  driverId: string;
  name: string;
  gender: string;
  idNumber: string;
  phone: string;
  cardNo: string;
  certificateNo: string;
  certificateType: string;
  issuingAuthority: string;
  issuedDate: string;
  expiryDate: string;
  machines: string[];
}

const EMPTY: Form = { driverId: '', name: '', gender: '', idNumber: '', phone: '', cardNo: '', certificateNo: '', certificateType: '', issuingAuthority: '', issuedDate: '', expiryDate: '', machines: [] };


/** The form of a registered driver (the ID number as the server answered it: masked but to administrators). */
function formOf(d: LiftingDriver): Form {
  return {
    driverId: d.driverId,
    name: d.name,
    gender: d.gender ?? '',
    idNumber: d.idNumber,
    phone: d.phone,
    cardNo: d.cardNo,
    certificateNo: d.certificateNo,
    certificateType: d.certificateType,
    issuingAuthority: d.issuingAuthority,
    issuedDate: d.certificateIssuedMs === null ? '' : beijingDateOf(d.certificateIssuedMs),
    expiryDate: certificateValidUntil(d.certificateExpiryMs),
    machines: d.machines,
  };
}

/**
 * Adds, edits or removes a driver of lifting equipment (docs/api.md "Equipment": project managers and
 * administrators). `driver` undefined: closed; null: a new driver, assigned to `machineSn` to begin with.
 * The expiry date is the last day the certificate is valid (Beijing time). Input is checked with the API's
 * schema before it is sent (the ID number's GB 11643 check character included); the server's refusal is
 * shown in the dialog. Changes go through QueryStore.mutate, so every list of drivers reloads.
 */
export const DriverEditDialog = observer(function DriverEditDialog({ projectId, driver, machineSn, onDone }: { projectId: string; driver: LiftingDriver | null | undefined; machineSn?: string; onDone: (changed: boolean) => void }) {
  const { queries } = useStores();
  const { t } = useLingui();
  const fleet = useQuery(EQUIPMENT.fleet, { projectId });
  const [form, setForm] = useState(EMPTY);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    setError(null);
    setForm(driver ? formOf(driver) : { ...EMPTY, machines: machineSn ? [machineSn] : [] });
  }, [driver, machineSn]);

  const call = async (send: () => Promise<unknown>) => {
    try {
      await send();
      onDone(true);
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    }
  };
  const save = () => {
    const issued = beijingDayStartOf(form.issuedDate);
    const parsed = driverFieldsSchema.safeParse({
      name: form.name,
      gender: form.gender === '' ? null : form.gender,
      idNumber: form.idNumber,
      phone: form.phone,
      cardNo: form.cardNo,
      certificateNo: form.certificateNo,
      certificateType: form.certificateType,
      issuingAuthority: form.issuingAuthority,
      certificateIssuedMs: Number.isNaN(issued) ? null : issued,
      certificateExpiryMs: certificateExpiryOf(form.expiryDate),
      machines: form.machines,
    });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      setError(`${issue.path.join('.')}: ${issue.message}`);
      return;
    }
    const opts = { skipErrorHandler: true };
    void call(() =>
      driver
        ? queries.mutate(LIFTING_DRIVERS.driverEdit, { projectId, driverId: driver.driverId, driver: parsed.data }, opts)
        : queries.mutate(LIFTING_DRIVERS.driverAdd, { projectId, driverId: form.driverId.trim(), driver: parsed.data }, opts),
    );
  };
  const input = (k: Exclude<keyof Form, 'machines'>, label: string, type: 'text' | 'date' = 'text', disabled = false) => (
    <TextField label={label} type={type} value={form[k]} disabled={disabled} onChange={(v) => setForm((f) => ({ ...f, [k]: v }))} />
  );
  const toggle = (sn: string, on: boolean) => setForm((f) => ({ ...f, machines: on ? [...f.machines, sn] : f.machines.filter((m) => m !== sn) }));

  return (
    <Dialog open={driver !== undefined} onOpenChange={(_e, d) => (d.open ? undefined : onDone(false))}>
      <DialogSurface aria-describedby={undefined}>
        <DialogBody>
          <DialogTitle>{driver ? <Trans>Edit driver</Trans> : <Trans>Add driver</Trans>}</DialogTitle>
          <DialogContent>
            <FormGrid label={t`Driver`} error={error} onSubmit={save} style={{ fontSize: 14 }}>
              {input('driverId', t`Driver ID (as enrolled at the cab terminal)`, 'text', !!driver)}
              {input('name', t`Name`)}
              <GenderField value={form.gender} onChange={(v) => setForm((f) => ({ ...f, gender: v }))} />
              {input('idNumber', t`ID number`)}
              {input('phone', t`Phone`)}
              {input('cardNo', t`Card`)}
              {input('certificateNo', t`Special-operation certificate number`)}
              {input('certificateType', t`Certificate type / work class`)}
              {input('issuingAuthority', t`Issuing authority`)}
              {input('issuedDate', t`Issue date`, 'date')}
              {input('expiryDate', t`Valid until`, 'date')}
              <fieldset style={{ gridColumn: '1 / 3', border: 'none', padding: 0, margin: 0 }}>
                <legend style={{ marginBottom: 4 }}>
                  <Trans>Assigned machines</Trans>
                </legend>
                {(fleet.data?.entries ?? []).map((m) => (
                  <Checkbox key={m.sn} label={`${m.name} (${m.sn})`} checked={form.machines.includes(m.sn)} onChange={(_, d) => toggle(m.sn, d.checked === true)} />
                ))}
              </fieldset>
            </FormGrid>
          </DialogContent>
          <DialogActions>
            {driver ? (
              <Button onClick={() => void call(() => queries.mutate(LIFTING_DRIVERS.driverDelete, { projectId, driverId: driver.driverId }, { skipErrorHandler: true }))}>
                <Trans>Delete</Trans>
              </Button>
            ) : null}
            <Button onClick={() => onDone(false)}>
              <Trans>Cancel</Trans>
            </Button>
            <Button appearance="primary" onClick={save}>
              <Trans>Save</Trans>
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
});
