import { useState, type ReactNode } from 'react';
import { observer } from 'mobx-react-lite';
import { Button, Field, Input, Select, Textarea } from '@fluentui/react-components';
import { useLingui } from '@lingui/react/macro';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { ACCIDENT_TYPES, CONTROL_LEVELS, EMERGENCY, MAX_PLAN_CONTACTS, RISK_LEVELS, type EmergencyRecord, type EmergencyRegister } from '../../../protocol';
import { useStores } from '../../stores';
import { ACCIDENT_TYPE_LABEL, CONTROL_LEVEL_LABEL, RISK_LEVEL_LABEL } from '../../components/registers/labels';
import { EditDialog, useDialogCall } from './admin/adminUi';
import { DRAFT_FIELDS, draftProblems, emergencyDraft, emergencyFieldsOf, type DraftProblem, type EmergencyDraft } from './emergencyForm';

/** The fields shown as a multi-line text. */
const LONG_FIELDS = new Set(['potentialRisks', 'controlMeasures', 'note']);
/** The fields chosen from a list, and their labels. */
const CHOICES: Record<string, { values: readonly string[]; labels: Record<string, MessageDescriptor> }> = {
  level: { values: RISK_LEVELS, labels: RISK_LEVEL_LABEL },
  accidentType: { values: ACCIDENT_TYPES, labels: ACCIDENT_TYPE_LABEL },
  controlLevel: { values: CONTROL_LEVELS, labels: CONTROL_LEVEL_LABEL },
};

/**
 * Adds (`record` null) or edits one record of an emergency register in a dialog (docs/api.md "Emergency
 * resources", emergency/save, `project.admin`): the register's fields with a message under each field the
 * schema refuses (checked before the call; the server's own refusal shows above the buttons), a supply point's
 * chainage written `K13+450` in a bore of the project, a plan's contacts as rows. Closes after a save; the
 * registers' lists reload through the query store.
 */
export const EmergencyRecordDialog = observer(function EmergencyRecordDialog({ projectId, register, record, onClose }: { projectId: string; register: EmergencyRegister; record: EmergencyRecord | null; onClose: () => void }) {
  const { t, i18n } = useLingui();
  const { tunnels } = useStores();
  const save = useDialogCall();
  const [draft, setDraft] = useState<EmergencyDraft>(() => emergencyDraft(register, record, tunnels.tunnels[0]?.tunnelId ?? ''));
  const [shown, setShown] = useState<Record<string, DraftProblem>>({});
  const label: Record<string, string> = {
    riskPart: t`Risk part`,
    level: t`Risk level`,
    accidentType: t`Accident type`,
    executionPhase: t`Execution phase`,
    controlLevel: t`Control level`,
    potentialRisks: t`Potential risks`,
    controlMeasures: t`Control measures`,
    safetyOfficer: t`Safety officer`,
    name: register === 'plan' ? t`Special plan` : t`Supply point`,
    leader: t`Leader`,
    leaderPhone: t`Leader's phone`,
    species: t`Species`,
    quantity: t`Quantity`,
    unit: t`Unit`,
    section: t`Section`,
    tunnelId: t`Bore`,
    chainageM: t`Chainage (K13+450)`,
    contact: t`Contact`,
    phone: t`Phone`,
    note: t`Kept there`,
  };
  const problemText: Record<DraftProblem, string> = {
    required: t`Required`,
    phone: t`Not a phone number (digits, spaces, + - ( ))`,
    number: t`Not a number`,
    chainage: t`Write the chainage as K13+450`,
    invalid: t`Not valid`,
  };
  const message = (key: string) => (shown[key] ? problemText[shown[key]] : undefined);
  const setText = (key: string, value: string) => setDraft({ ...draft, text: { ...draft.text, [key]: value } });
  const setContact = (i: number, key: 'name' | 'duty' | 'phone', value: string) => setDraft({ ...draft, contacts: draft.contacts.map((c, j) => (j === i ? { ...c, [key]: value } : c)) });

  async function handleSave() {
    const problems = draftProblems(draft);
    setShown(problems);
    if (Object.keys(problems).length > 0) return;
    if (await save.call(EMERGENCY.save, { projectId, ...(record ? { recordId: record.recordId } : {}), record: emergencyFieldsOf(draft) })) onClose();
  }

  const input = (key: string): ReactNode => {
    const value = draft.text[key] ?? '';
    const choice = CHOICES[key];
    if (choice)
      return (
        <Select value={value} onChange={(_, d) => setText(key, d.value)}>
          {choice.values.map((v) => (
            <option key={v} value={v}>
              {i18n._(choice.labels[v])}
            </option>
          ))}
        </Select>
      );
    if (key === 'tunnelId')
      return (
        <Select value={value} onChange={(_, d) => setText(key, d.value)}>
          {value && !tunnels.get(value) ? <option value={value}>{value}</option> : null}
          {tunnels.tunnels.map((b) => (
            <option key={b.tunnelId} value={b.tunnelId}>
              {b.name}
            </option>
          ))}
        </Select>
      );
    if (LONG_FIELDS.has(key)) return <Textarea value={value} onChange={(_, d) => setText(key, d.value)} />;
    return <Input value={value} inputMode={key === 'quantity' ? 'decimal' : undefined} onChange={(_, d) => setText(key, d.value)} />;
  };

  const title = i18n._(TITLES[register][record ? 1 : 0]);
  return (
    <EditDialog open title={title} error={save.error} saveLabel={t`Save`} cancelLabel={t`Cancel`} onSave={() => void handleSave()} onClose={onClose}>
      <div style={{ display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: 12 }}>
        {DRAFT_FIELDS[register].map((key) => (
          <Field key={key} label={label[key]} validationMessage={message(key)} validationState={shown[key] ? 'error' : 'none'} style={LONG_FIELDS.has(key) ? { gridColumn: '1 / -1' } : undefined}>
            {input(key)}
          </Field>
        ))}
      </div>
      {register === 'plan' ? (
        <fieldset style={{ border: 'none', padding: 0, margin: 0, display: 'grid', gap: 8 }}>
          <legend style={{ fontWeight: 600, marginBottom: 4 }}>{t`Contacts`}</legend>
          {draft.contacts.map((c, i) => (
            <div key={i} style={{ display: 'grid', gridTemplateColumns: '1fr 1fr 1fr auto', gap: 8, alignItems: 'start' }} data-plan-contact={i}>
              <Field label={t`Name`} validationMessage={message(`contacts.${i}.name`)} validationState={shown[`contacts.${i}.name`] ? 'error' : 'none'}>
                <Input value={c.name} onChange={(_, d) => setContact(i, 'name', d.value)} />
              </Field>
              <Field label={t`Duty`}>
                <Input value={c.duty} onChange={(_, d) => setContact(i, 'duty', d.value)} />
              </Field>
              <Field label={t`Phone`} validationMessage={message(`contacts.${i}.phone`)} validationState={shown[`contacts.${i}.phone`] ? 'error' : 'none'}>
                <Input value={c.phone} onChange={(_, d) => setContact(i, 'phone', d.value)} />
              </Field>
              <Button aria-label={t`Remove contact ${i + 1}`} style={{ marginTop: 26 }} onClick={() => setDraft({ ...draft, contacts: draft.contacts.filter((_, j) => j !== i) })}>
                ✕
              </Button>
            </div>
          ))}
          <Button style={{ justifySelf: 'start' }} disabled={draft.contacts.length >= MAX_PLAN_CONTACTS} onClick={() => setDraft({ ...draft, contacts: [...draft.contacts, { name: '', duty: '', phone: '' }] })}>
            {t`Add contact`}
          </Button>
        </fieldset>
      ) : null}
    </EditDialog>
  );
});

/** The dialog's title by register: adding, editing. */
const TITLES: Record<EmergencyRegister, readonly [MessageDescriptor, MessageDescriptor]> = {
  riskSource: [msg`Add risk source`, msg`Edit risk source`],
  plan: [msg`Add emergency plan`, msg`Edit emergency plan`],
  material: [msg`Add material`, msg`Edit material`],
  supplyPoint: [msg`Add supply point`, msg`Edit supply point`],
};
