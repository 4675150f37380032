import { useState } from 'react';
import { observer } from 'mobx-react-lite';
import { Button, Field, Input, Select } from '@fluentui/react-components';
import { Trans, useLingui } from '@lingui/react/macro';
import { ADMIN, DEVICE_KINDS, isVehicleKind, listsMeasured, type DeviceKind, type GasCode, type ImportResult, type VehicleFields } from '../../../../protocol';
import { downloadExport } from '../../../api/downloadExport';
import { kindLabel } from '../../../i18n/metricLabels';
import { useStores } from '../../../stores';
import { CallError, DataTable, EditDialog, errorText, fileToBase64, ToolDialog, useDialogCall } from './adminUi';
import { DeviceFields } from './DeviceDialogs';
import { VehicleFieldsInput } from './VehicleFieldsInput';

/**
 * Registers one device (admin/device/add) from a dialog: serial number, kind (as the UI names it), the
 * registry fields, a gas station's gases and a vehicle's fields. The server's refusal stays in the dialog
 * with the fields as typed; `onClose` after a successful add (the device list reloads).
 */
export const AddDeviceDialog = observer(function AddDeviceDialog({ projectId, onClose }: { projectId: string; onClose: () => void }) {
  const { t, i18n } = useLingui();
  const save = useDialogCall();
  const [form, setForm] = useState({ sn: '', kind: 'gas' as DeviceKind, name: '', station: '', position: '', reportPeriodS: '10', gases: '' });
  const [vehicle, setVehicle] = useState<VehicleFields>({ plate: '', type: 'loader', driver: '', source: 'own' });

  async function handleSave() {
    const { gases, reportPeriodS, ...rest } = form;
    const measured = listsMeasured(form.kind) ? gases.split(/[;,\s]+/).filter(Boolean) : [];
    // The typed codes as they are: the contract's body check refuses an unknown one, naming it, before sending.
    const device = { ...rest, reportPeriodS: Number(reportPeriodS), gases: measured as GasCode[], vehicle: isVehicleKind(form.kind) ? vehicle : null };
    if (await save.call(ADMIN.deviceAdd, { projectId, device })) onClose();
  }

  return (
    <EditDialog open title={t`Add a device`} error={save.error} saveLabel={t`Add device`} cancelLabel={t`Cancel`} onSave={() => void handleSave()} onClose={onClose}>
      <div style={{ display: 'grid', gridTemplateColumns: 'repeat(2, 1fr)', gap: 12 }}>
        <Field label={t`Serial number`}>
          <Input value={form.sn} onChange={(_, d) => setForm({ ...form, sn: d.value })} />
        </Field>
        <Field label={t`Kind`}>
          <Select value={form.kind} onChange={(_, d) => setForm({ ...form, kind: d.value as DeviceKind })}>
            {DEVICE_KINDS.map((k) => (
              <option key={k} value={k}>
                {kindLabel(i18n, k)}
              </option>
            ))}
          </Select>
        </Field>
        <DeviceFields form={form} onChange={setForm} />
        {listsMeasured(form.kind) ? (
          <Field label={t`Gases (e.g. CH4;CO)`}>
            <Input value={form.gases} onChange={(_, d) => setForm({ ...form, gases: d.value })} />
          </Field>
        ) : null}
        {isVehicleKind(form.kind) ? <VehicleFieldsInput value={vehicle} onChange={setVehicle} /> : null}
      </div>
    </EditDialog>
  );
});

/**
 * The device list import (admin/device/import) in a dialog: the columns it reads, the empty template to
 * download (admin/device/importTemplate, .xlsx or CSV), the file to send, and the answer: how many were
 * imported, or every wrong row (then nothing was written).
 */
export const ImportDevicesDialog = observer(function ImportDevicesDialog({ projectId, onClose }: { projectId: string; onClose: () => void }) {
  const { queries } = useStores();
  const { t } = useLingui();
  const [result, setResult] = useState<ImportResult | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function handleImport(file: File) {
    const format = file.name.toLowerCase().endsWith('.csv') ? 'csv' : 'xlsx';
    try {
      setResult(await queries.mutate(ADMIN.deviceImport, { projectId, format, contentBase64: await fileToBase64(file) }, { skipErrorHandler: true }));
      setError(null);
    } catch (e) {
      setResult(null);
      setError(errorText(e));
    }
  }
  async function handleTemplate(format: 'xlsx' | 'csv') {
    if (!(await downloadExport(ADMIN.deviceImportTemplate.path, { projectId, format }, `devices-${projectId}.${format}`))) setError(t`The template could not be downloaded`);
  }

  return (
    <ToolDialog title={t`Import a list`} closeLabel={t`Close`} onClose={onClose}>
      <div style={{ fontSize: 14 }}>
        <Trans>
          An .xlsx or .csv file with the columns sn, kind, name, station, position, tunnelId, chainageM, reportPeriodS, gases, for cameras streamSource (rtsp, hls or demo), mainUrl, subUrl, and for vehicles plate, vehicleType, driver,
          source. Nothing is imported when a row is wrong.
        </Trans>
      </div>
      <span style={{ display: 'inline-flex', gap: 8 }}>
        <Button size="small" onClick={() => void handleTemplate('xlsx')}>
          <Trans>Download the template (.xlsx)</Trans>
        </Button>
        <Button size="small" onClick={() => void handleTemplate('csv')}>
          <Trans>Download the template (CSV)</Trans>
        </Button>
      </span>
      <input
        type="file"
        aria-label={t`Device list file`}
        accept=".xlsx,.csv"
        onChange={(e) => {
          const file = e.target.files?.[0];
          if (file) void handleImport(file);
          e.target.value = '';
        }}
      />
      <CallError error={error} />
      {result ? (
        result.problems.length === 0 ? (
          <div role="status">{t`${result.imported} devices imported (${result.created} new, ${result.updated} updated)`}</div>
        ) : (
          <div style={{ maxHeight: '40vh', overflow: 'auto' }}>
            <DataTable label={t`Import problems`} head={[t`Row`, t`Field`, t`Problem`]} rows={result.problems.map((p, i) => ({ key: String(i), cells: [p.row, p.field, p.message] }))} />
          </div>
        )
      ) : null}
    </ToolDialog>
  );
});
