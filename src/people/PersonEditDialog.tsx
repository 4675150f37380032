import { useEffect, useState } from 'react';
import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Field, Input } from '@fluentui/react-components';
import { Trans, useLingui } from '@lingui/react/macro';
import { PEOPLE, personFieldsSchema, type Person, type PersonFields } from '../../protocol';
import { useStores } from '../stores';

const EMPTY: Record<keyof PersonFields, string> = { name: '', beaconSn: '', company: '', team: '', workType: '', phone: '' };

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
    setForm(person ? { name: person.name, beaconSn: person.beaconSn ?? '', company: person.company, team: person.team, workType: person.workType, phone: person.phone } : EMPTY);
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
    const parsed = personFieldsSchema.safeParse({ ...form, beaconSn: form.beaconSn.trim() === '' ? null : form.beaconSn.trim() });
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
  const input = (k: keyof PersonFields, label: string) => (
    <Field label={label}>
      <Input value={form[k]} onChange={(_, d) => setForm((f) => ({ ...f, [k]: d.value }))} />
    </Field>
  );

  return (
    <Dialog open={person !== undefined} onOpenChange={(_e, d) => (d.open ? undefined : onDone(false))}>
      <DialogSurface aria-describedby={undefined}>
        <DialogBody>
          <DialogTitle>{person ? <Trans>Edit person</Trans> : <Trans>Add person</Trans>}</DialogTitle>
          <DialogContent>
            <form
              aria-label={t`Person`}
              style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 8 }}
              onSubmit={(e) => {
                e.preventDefault();
                save();
              }}
            >
              {input('name', t`Name`)}
              {input('beaconSn', t`Beacon`)}
              {input('company', t`Company`)}
              {input('team', t`Team`)}
              {input('workType', t`Work type`)}
              {input('phone', t`Phone`)}
              {error ? (
                <p role="alert" style={{ gridColumn: '1 / 3', color: '#d13438', margin: 0 }}>
                  {error}
                </p>
              ) : null}
              <button type="submit" hidden />
            </form>
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
