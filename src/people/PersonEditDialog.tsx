import { useEffect, useState } from 'react';
import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle } from '@fluentui/react-components';
import { Trans, useLingui } from '@lingui/react/macro';
import { PEOPLE, personFieldsSchema, type Person, type PersonFields } from '../../protocol';
import { useStores } from '../stores';
import { FormGrid, GenderField, TextField } from '../components/forms/FormGrid';

type Form = Record<keyof PersonFields, string>;

const EMPTY: Form = { name: '', beaconSn: '', company: '', team: '', workType: '', phone: '', gender: '', birthDate: '', idNumber: '', realNameCardNo: '', address: '', position: '', entryDate: '', leaveDate: '' };

/** The form of a registered person (the ID number as the server answered it: masked but to administrators). */
function formOf(p: Person): Form {
  return {
    name: p.name,
    beaconSn: p.beaconSn ?? '',
    company: p.company,
    team: p.team,
    workType: p.workType,
    phone: p.phone,
    gender: p.gender ?? '',
    birthDate: p.birthDate ?? '',
    idNumber: p.idNumber,
    realNameCardNo: p.realNameCardNo,
    address: p.address,
    position: p.position,
    entryDate: p.entryDate ?? '',
    leaveDate: p.leaveDate ?? '',
  };
}

const orNull = (v: string) => (v.trim() === '' ? null : v.trim());

/**
 * Adds, edits or removes a person of the registry (administrators; docs/api.md "People and zones").
 * `person` undefined: closed; null: a new person. Input is checked with the API's schema before it is
 * sent; the server's refusal (a beacon already worn by someone else) is shown in the dialog. Changes go
 * through QueryStore.mutate, so every screen listing people (or zones and their headcounts) reloads.
 */
export function PersonEditDialog({ projectId, person, onDone }: { projectId: string | null; person: Person | null | undefined; onDone: (changed: boolean) => void }) {
  const { queries } = useStores();
  const { t } = useLingui();
  const [form, setForm] = useState(EMPTY);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    setError(null);
    setForm(person ? formOf(person) : EMPTY);
  }, [person]);

  const call = async (send: () => Promise<unknown>) => {
    try {
      await send();
      onDone(true);
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    }
  };
  const save = () => {
    if (!projectId) return;
    const parsed = personFieldsSchema.safeParse({
      ...form,
      beaconSn: orNull(form.beaconSn),
      gender: orNull(form.gender),
      birthDate: orNull(form.birthDate),
      entryDate: orNull(form.entryDate),
      leaveDate: orNull(form.leaveDate),
    });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      setError(`${issue.path.join('.')}: ${issue.message}`);
      return;
    }
    const opts = { skipErrorHandler: true };
    void call(() =>
      person ? queries.mutate(PEOPLE.personEdit, { projectId, personId: person.personId, person: parsed.data }, opts) : queries.mutate(PEOPLE.personAdd, { projectId, person: parsed.data }, opts),
    );
  };
  const input = (k: keyof PersonFields, label: string, type: 'text' | 'date' = 'text') => <TextField label={label} type={type} value={form[k]} onChange={(v) => setForm((f) => ({ ...f, [k]: v }))} />;

  return (
    <Dialog open={person !== undefined} onOpenChange={(_e, d) => (d.open ? undefined : onDone(false))}>
      <DialogSurface aria-describedby={undefined}>
        <DialogBody>
          <DialogTitle>{person ? <Trans>Edit person</Trans> : <Trans>Add person</Trans>}</DialogTitle>
          <DialogContent>
            <FormGrid label={t`Person`} error={error} onSubmit={save}>
              {input('name', t`Name`)}
              {input('beaconSn', t`Beacon`)}
              {input('company', t`Company`)}
              {input('team', t`Team`)}
              {input('workType', t`Work type`)}
              {input('phone', t`Phone`)}
              {input('position', t`Job position`)}
              <GenderField value={form.gender} onChange={(v) => setForm((f) => ({ ...f, gender: v }))} />
              {input('birthDate', t`Birth date`, 'date')}
              {input('idNumber', t`ID number`)}
              {input('realNameCardNo', t`Real-name card number`)}
              {input('address', t`Address`)}
              {input('entryDate', t`Entry date`, 'date')}
              {input('leaveDate', t`Leave date`, 'date')}
            </FormGrid>
          </DialogContent>
          <DialogActions>
            {person ? (
              <Button onClick={() => projectId && void call(() => queries.mutate(PEOPLE.personDelete, { projectId, personId: person.personId }, { skipErrorHandler: true }))}>
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
}
