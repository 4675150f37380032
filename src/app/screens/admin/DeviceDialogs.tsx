import { useState } from 'react';
import { observer } from 'mobx-react-lite';
import { Field, Input, Select } from '@fluentui/react-components';
import { useLingui } from '@lingui/react/macro';
import { ADMIN, isVehicleKind, roleIn, type RegistryDevice, type VehicleFields } from '../../../../protocol';
import { kindLabel } from '../../../i18n/metricLabels';
import { useStores } from '../../../stores';
import { EditDialog, useDialogCall } from './adminUi';
import { VehicleFieldsInput } from './VehicleFieldsInput';

/** A number field's text as the API wants it: null when empty, NaN (refused by the server) when not a number. */
function numberOrNull(text: string): number | null {
  return text.trim() === '' ? null : Number(text);
}

/** The text of a device's registry fields as typed in a form (numbers too, checked by the server). */
export interface DeviceFieldValues {
  name: string;
  station: string;
  position: string;
  reportPeriodS: string;
  /** Present in forms that place the device on a tunnel line (the edit dialog). */
  tunnelId?: string;
  chainageM?: string;
}

/**
 * A device's registry fields as form fields, for the add form and the edit dialog: name, station,
 * position, reporting period (s), and tunnel and chainage (m) when the form has them.
 */
export function DeviceFields<F extends DeviceFieldValues>({ form, onChange }: { form: F; onChange: (next: F) => void }) {
  const { t } = useLingui();
  const text = (key: keyof DeviceFieldValues, label: string, type?: 'number') => (
    <Field label={label}>
      <Input type={type} value={form[key] ?? ''} onChange={(_, d) => onChange({ ...form, [key]: d.value })} />
    </Field>
  );
  return (
    <>
      {text('name', t`Name`)}
      {text('station', t`Station`)}
      {text('position', t`Position`)}
      {text('reportPeriodS', t`Reporting period (s)`, 'number')}
      {form.tunnelId !== undefined ? text('tunnelId', t`Tunnel`) : null}
      {form.chainageM !== undefined ? text('chainageM', t`Chainage (m)`, 'number') : null}
    </>
  );
}

/**
 * Edits one device of the registry (deviceEdit): name, station, position, tunnel and chainage (metres), and
 * reporting period (seconds). Serial number and kind cannot change (they are the device's MQTT topic).
 * The server's refusal is shown in the dialog; `onSaved` runs after a successful save.
 */
export const DeviceEditDialog = observer(function DeviceEditDialog({
  projectId,
  device,
  onClose,
  onSaved,
}: {
  projectId: string;
  device: RegistryDevice;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t, i18n } = useLingui();
  const save = useDialogCall();
  const [form, setForm] = useState({
    name: device.name,
    station: device.station,
    position: device.position,
    tunnelId: device.tunnelId ?? '',
    chainageM: device.chainageM === null ? '' : String(device.chainageM),
    reportPeriodS: String(device.reportPeriodS),
  });
  // a vehicle's plate, type, driver and source are edited with the rest (other kinds have none)
  const isVehicle = isVehicleKind(device.kind);
  const [vehicle, setVehicle] = useState<VehicleFields>(device.vehicle ?? { plate: '', type: 'loader', driver: '', source: 'own' });

  async function handleSave() {
    const ok = await save.call(ADMIN.deviceEdit, {
      projectId,
      sn: device.sn,
      device: {
        name: form.name,
        station: form.station,
        position: form.position,
        tunnelId: form.tunnelId.trim() === '' ? null : form.tunnelId,
        chainageM: numberOrNull(form.chainageM),
        reportPeriodS: Number(form.reportPeriodS),
        ...(isVehicle ? { vehicle } : {}),
      },
    });
    if (ok) onSaved();
  }

  return (
    <EditDialog
      open
      title={t`Edit device ${device.sn}`}
      error={save.error}
      saveLabel={t`Save`}
      cancelLabel={t`Cancel`}
      onSave={() => void handleSave()}
      onClose={onClose}
    >
      <div style={{ display: 'grid', gridTemplateColumns: 'repeat(2, 1fr)', gap: 12 }}>
        <Field label={t`Serial number`}>
          <Input value={device.sn} disabled />
        </Field>
        <Field label={t`Kind`}>
          <Input value={kindLabel(i18n, device.kind)} disabled />
        </Field>
        <DeviceFields form={form} onChange={setForm} />
        {isVehicle ? <VehicleFieldsInput value={vehicle} onChange={setVehicle} /> : null}
      </div>
    </EditDialog>
  );
});

/**
 * Moves one device to another project of the caller (deviceMove). The device keeps its serial number;
 * the server clears its tunnel and chainage, which belong to the old project's line. The choice lists
 * the projects where the caller is an organisation administrator, the current one excepted.
 */
export const DeviceMoveDialog = observer(function DeviceMoveDialog({
  projectId,
  device,
  onClose,
  onSaved,
}: {
  projectId: string;
  device: RegistryDevice;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { session } = useStores();
  const { t } = useLingui();
  const save = useDialogCall();
  const user = session.user;
  const targets = (user?.projects ?? []).filter((p) => p.projectId !== projectId && (user?.isAdmin === true || roleIn(user!, p.projectId) === 'orgAdmin'));
  const [toProjectId, setToProjectId] = useState(targets[0]?.projectId ?? '');

  async function handleSave() {
    if (await save.call(ADMIN.deviceMove, { projectId, sn: device.sn, toProjectId })) onSaved();
  }

  return (
    <EditDialog
      open
      title={t`Move device ${device.sn}`}
      error={save.error}
      saveLabel={t`Move`}
      cancelLabel={t`Cancel`}
      onSave={() => void handleSave()}
      onClose={onClose}
    >
      <Field label={t`To project`} hint={t`Tunnel and chainage are cleared: set them in the new project.`}>
        <Select value={toProjectId} onChange={(_, d) => setToProjectId(d.value)}>
          {targets.length === 0 ? <option value="">{t`No other project`}</option> : null}
          {targets.map((p) => (
            <option key={p.projectId} value={p.projectId}>
              {p.name}
            </option>
          ))}
        </Select>
      </Field>
    </EditDialog>
  );
});
