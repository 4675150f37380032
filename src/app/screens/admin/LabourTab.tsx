import { useState } from 'react';
import { observer } from 'mobx-react-lite';
import { Button, Field, Input, Select } from '@fluentui/react-components';
import { Trans, useLingui } from '@lingui/react/macro';
import { ATTENDANCE, DEFAULT_SHIFT, ENTERPRISE_TYPES, MAINLAND_PHONE, MAX_LATE_GRACE_MIN, type CompanyAttendance, type EnterpriseType, type TeamShift } from '../../../../protocol';
import { clockText, contactText, ENTERPRISE_TYPE_LABEL, shiftText } from '../../../components/attendance/labels';
import { AdminSection, CallError, DataTable, EditDialog, useAdminList, useDialogCall } from './adminUi';
import { SHIFT_PRESETS, shiftFromTimes } from './shiftForm';

type LabourDialog = { action: 'company'; company: CompanyAttendance } | { action: 'shift'; company: string; team: string; shift: TeamShift };

/**
 * The labour register's companies and teams of the current project (docs/api.md "Labour attendance"): each
 * cooperating company with its enterprise type and contact, each of its teams with its shift (Beijing time) and lateness grace, edited in
 * dialogs (attendance/company/type and attendance/team/shift, both audited). Companies and teams are those
 * of the person register; a team without a shift of its own works the day shift.
 */
export const LabourTab = observer(function LabourTab({ projectId }: { projectId: string }) {
  const { t, i18n } = useLingui();
  const companies = useAdminList(ATTENDANCE.companies, { projectId });
  const [dialog, setDialog] = useState<LabourDialog | null>(null);
  const close = () => setDialog(null);
  const graceMin = DEFAULT_SHIFT.lateGraceMin;
  const defaultShift = shiftText(DEFAULT_SHIFT);
  const rows = (companies.data ?? []).flatMap((c) =>
    (c.teams.length > 0 ? c.teams : [null]).map((tm, i) => ({
      key: `${c.company}\u0000${tm?.team ?? ''}`,
      cells: [
        i === 0 ? c.company : '',
        i === 0 ? (
          <span key="type" style={{ display: 'inline-flex', gap: 8, alignItems: 'center' }}>
            {i18n._(ENTERPRISE_TYPE_LABEL[c.enterpriseType])}
            <Button size="small" aria-label={t`Edit company ${c.company}`} onClick={() => setDialog({ action: 'company', company: c })}>
              <Trans>Edit</Trans>
            </Button>
          </span>
        ) : (
          ''
        ),
        i === 0 ? contactText(c) : '',
        tm?.team ?? '—',
        tm ? shiftText(tm.shift) : '',
        tm ? t`${tm.shift.lateGraceMin} min` : '',
        tm?.personCount ?? '',
        tm ? (
          <Button key="shift" size="small" aria-label={t`Shift of ${tm.team}`} onClick={() => setDialog({ action: 'shift', company: c.company, team: tm.team, shift: tm.shift })}>
            <Trans>Change shift</Trans>
          </Button>
        ) : (
          ''
        ),
      ],
    })),
  );
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 16 }}>
      <CallError error={companies.error} />
      <AdminSection title={t`Cooperating companies and teams`}>
        <p style={{ margin: 0, fontSize: 13 }}>
          <Trans>
            Companies and teams come from the person register. Shifts are in Beijing time; a first entry more than the team's grace after the shift start is late. A team with no shift of its own works {defaultShift} with a {graceMin} min grace.
          </Trans>
        </p>
        <DataTable label={t`Cooperating companies and teams`} head={[t`Company`, t`Enterprise type`, t`Contact`, t`Team`, t`Shift`, t`Lateness grace`, t`People`, '']} rows={rows} />
        {companies.data && rows.length === 0 ? <p style={{ margin: 0, fontSize: 14 }}>{t`No person registered in this project yet`}</p> : null}
      </AdminSection>
      {dialog?.action === 'company' ? <CompanyDialog projectId={projectId} company={dialog.company} onClose={close} /> : null}
      {dialog?.action === 'shift' ? <ShiftDialog projectId={projectId} company={dialog.company} team={dialog.team} shift={dialog.shift} onClose={close} /> : null}
    </div>
  );
});

/**
 * A company's enterprise type and contact (attendance/company/type, audited): the phone checked as a
 * mainland mobile or landline before sending, the server's refusal shown in the dialog.
 */
const CompanyDialog = observer(function CompanyDialog({ projectId, company, onClose }: { projectId: string; company: CompanyAttendance; onClose: () => void }) {
  const { t, i18n } = useLingui();
  const save = useDialogCall();
  const [type, setType] = useState<EnterpriseType>(company.enterpriseType);
  const [contactName, setContactName] = useState(company.contactName);
  const [contactPhone, setContactPhone] = useState(company.contactPhone);
  async function handleSave() {
    const phone = contactPhone.trim();
    if (phone !== '' && !MAINLAND_PHONE.test(phone)) {
      save.setError(t`The phone must be a mainland mobile (11 digits) or a landline with its area code (010-12345678)`);
      return;
    }
    if (await save.call(ATTENDANCE.companyType, { projectId, company: company.company, enterpriseType: type, contactName: contactName.trim(), contactPhone: phone })) onClose();
  }
  return (
    <EditDialog open title={t`Company ${company.company}`} error={save.error} saveLabel={t`Save`} cancelLabel={t`Cancel`} onSave={() => void handleSave()} onClose={onClose}>
      <Field label={t`Enterprise type`}>
        <Select value={type} onChange={(_, d) => setType(d.value as EnterpriseType)}>
          {ENTERPRISE_TYPES.map((e) => (
            <option key={e} value={e}>
              {i18n._(ENTERPRISE_TYPE_LABEL[e])}
            </option>
          ))}
        </Select>
      </Field>
      <div style={{ display: 'grid', gridTemplateColumns: 'repeat(2, 1fr)', gap: 12 }}>
        <Field label={t`Contact person`}>
          <Input value={contactName} maxLength={32} onChange={(_, d) => setContactName(d.value)} />
        </Field>
        <Field label={t`Contact phone`}>
          <Input value={contactPhone} inputMode="tel" placeholder="13812345678" onChange={(_, d) => setContactPhone(d.value)} />
        </Field>
      </div>
    </EditDialog>
  );
});

/**
 * A team's shift (attendance/team/shift, audited): start and end in Beijing time, an end before the start
 * ending the next day, or one of the site's two 12-hour shifts; a typo is named before sending, the
 * server's refusal shown in the dialog.
 */
const ShiftDialog = observer(function ShiftDialog({ projectId, company, team, shift, onClose }: { projectId: string; company: string; team: string; shift: TeamShift; onClose: () => void }) {
  const { t } = useLingui();
  const save = useDialogCall();
  const [start, setStart] = useState(clockText(shift.startMin));
  const [end, setEnd] = useState(clockText(shift.startMin + shift.lengthMin));
  const [grace, setGrace] = useState(String(shift.lateGraceMin));
  const presetLabel = { day: t`Day shift`, night: t`Night shift` };
  async function handleSave() {
    const parsed = shiftFromTimes(start, end, grace);
    if ('bad' in parsed) {
      const problem = {
        start: t`The start is not a time of day (HH:mm)`,
        end: t`The end must be a time of day (HH:mm) at least an hour after the start`,
        grace: t`The lateness grace must be whole minutes from 0 to ${MAX_LATE_GRACE_MIN}`,
      };
      save.setError(problem[parsed.bad]);
      return;
    }
    if (await save.call(ATTENDANCE.teamShift, { projectId, company, team, shift: parsed.shift })) onClose();
  }
  return (
    <EditDialog open title={t`Shift of ${team}`} error={save.error} saveLabel={t`Save`} cancelLabel={t`Cancel`} onSave={() => void handleSave()} onClose={onClose}>
      <span style={{ display: 'inline-flex', gap: 8 }}>
        {SHIFT_PRESETS.map((p) => (
          <Button
            key={p.id}
            onClick={() => {
              setStart(clockText(p.shift.startMin));
              setEnd(clockText(p.shift.startMin + p.shift.lengthMin));
            }}
          >
            {`${presetLabel[p.id]} ${shiftText(p.shift)}`}
          </Button>
        ))}
      </span>
      <div style={{ display: 'grid', gridTemplateColumns: 'repeat(2, 1fr)', gap: 12 }}>
        <Field label={t`Start (Beijing time)`}>
          <Input value={start} placeholder="07:00" onChange={(_, d) => setStart(d.value)} />
        </Field>
        <Field label={t`End (Beijing time)`}>
          <Input value={end} placeholder="19:00" onChange={(_, d) => setEnd(d.value)} />
        </Field>
      </div>
      <Field label={t`Lateness grace (min)`} hint={t`A first entry more than this after the shift start is late`}>
        <Input value={grace} inputMode="numeric" placeholder={String(DEFAULT_SHIFT.lateGraceMin)} onChange={(_, d) => setGrace(d.value)} />
      </Field>
    </EditDialog>
  );
});
