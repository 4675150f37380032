import { useState } from 'react';
import { observer } from 'mobx-react-lite';
import { Button, Field, Input, Select } from '@fluentui/react-components';
import { Trans, useLingui } from '@lingui/react/macro';
import { ADMIN, DEVICE_KINDS, DEVICES, FLEET, isVehicleKind, listsMeasured, type DeviceKey, type DeviceKind, type GasCode, type ImportResult, type RegistryDevice, type VehicleFields } from '../../../../protocol';
import { formatBeijing } from '../../../format/time';
import { kindLabel, metricLabel } from '../../../i18n/metricLabels';
import { useStores } from '../../../stores';
import { AdminSection, CallError, DataTable, fileToBase64, useAdminList } from './adminUi';
import { CameraStreamsSection } from './CameraStreamsSection';
import { DeviceEditDialog, DeviceFields, DeviceMoveDialog } from './DeviceDialogs';
import { TransferRequestsSection } from './TransferRequestsSection';
import { VehicleFieldsInput } from './VehicleFieldsInput';

/**
 * The device registry of the current project: devices with their last report (silent ones marked), adding
 * editing (station, tunnel, chainage…) and moving to another project in dialogs, removing, the .xlsx/CSV import with its per-row problems, and the project's MQTT credentials.
 */
export const DevicesTab = observer(function DevicesTab({ projectId }: { projectId: string }) {
  const { queries } = useStores();
  const { t, i18n } = useLingui();
  const devices = useAdminList(ADMIN.deviceRegistryList, { projectId });
  const [form, setForm] = useState({ sn: '', kind: 'gas' as DeviceKind, name: '', station: '', position: '', reportPeriodS: '10', gases: '' });
  const [vehicle, setVehicle] = useState<VehicleFields>({ plate: '', type: 'loader', driver: '', source: 'own' });
  const [result, setResult] = useState<ImportResult | null>(null);
  /** Asked on demand and never kept in the store's queries: a secret stays on this screen only. */
  const [key, setKey] = useState<DeviceKey | null>(null);
  const [dialog, setDialog] = useState<{ action: 'edit' | 'move'; device: RegistryDevice } | null>(null);
  const closeDialog = () => setDialog(null);
  const afterSave = () => setDialog(null); // the dialog saved through queries.mutate: the list reloads

  async function handleImport(file: File) {
    const format = file.name.toLowerCase().endsWith('.csv') ? 'csv' : 'xlsx';
    setResult(await devices.run(ADMIN.deviceImport, { projectId, format, contentBase64: await fileToBase64(file) }));
  }

  const silentCount = (devices.data ?? []).filter((d) => d.silent).length;
  const unconfiguredCount = (devices.data ?? []).filter((d) => d.unconfiguredMetrics.length > 0).length;
  /** Confirms the kind defaults of the metrics a device reports with no threshold (threshold/reset, audited). */
  const confirmDefaults = (d: RegistryDevice) =>
    void devices.run(FLEET.thresholdReset, { projectId, target: { sn: d.sn }, metrics: d.unconfiguredMetrics });
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 16 }}>
      <CallError error={devices.error} />
      <AdminSection title={t`Devices`} actions={
          <span style={{ fontSize: 13 }}>
            {t`${silentCount} not reporting`}
            {unconfiguredCount > 0 ? ` · ${t`${unconfiguredCount} with unconfigured metrics`}` : ''}
          </span>
        }
      >
        <DataTable
          label={t`Devices`}
          head={[t`Serial number`, t`Kind`, t`Name`, t`Station`, t`Position`, t`Tunnel`, t`Chainage (m)`, t`Reporting period (s)`, t`Last report`, '']}
          rows={(devices.data ?? []).map((d) => ({
            key: d.sn,
            cells: [
              d.sn,
              kindLabel(i18n, d.kind),
              d.name,
              d.station,
              d.position,
              d.tunnelId ?? '',
              d.chainageM ?? '',
              d.reportPeriodS,
              <span key="seen" style={{ color: d.silent ? '#ff7875' : undefined }}>
                {d.lastSeenMs === null ? t`Never` : formatBeijing(d.lastSeenMs)}
                {d.silent ? ` · ${t`not reporting`}` : ''}
                {d.unconfiguredMetrics.length > 0 ? (
                  <span data-unconfigured={d.unconfiguredMetrics.join(' ')} style={{ display: 'block', color: '#ffc53d' }}>
                    {t`Reporting a metric with no configured threshold: ${d.unconfiguredMetrics.map((m) => metricLabel(i18n, d.kind, m)).join(', ')} (judged on the kind default)`}
                  </span>
                ) : null}
              </span>,
              <span key="actions" style={{ display: 'inline-flex', gap: 8 }}>
                {d.unconfiguredMetrics.length > 0 ? (
                  <Button size="small" appearance="primary" aria-label={t`Confirm the default thresholds of ${d.sn}`} onClick={() => confirmDefaults(d)}>
                    <Trans>Confirm default</Trans>
                  </Button>
                ) : null}
                <Button size="small" aria-label={t`Edit ${d.sn}`} onClick={() => setDialog({ action: 'edit', device: d })}>
                  <Trans>Edit</Trans>
                </Button>
                <Button size="small" aria-label={t`Move ${d.sn}`} onClick={() => setDialog({ action: 'move', device: d })}>
                  <Trans>Move</Trans>
                </Button>
                <Button size="small" aria-label={t`Remove ${d.sn}`} onClick={() => void devices.run(ADMIN.deviceRemove, { projectId, sns: [d.sn] })}>
                  <Trans>Remove</Trans>
                </Button>
              </span>,
            ],
          }))}
        />
      </AdminSection>
      {dialog?.action === 'edit' ? <DeviceEditDialog key={dialog.device.sn} projectId={projectId} device={dialog.device} onClose={closeDialog} onSaved={afterSave} /> : null}
      {dialog?.action === 'move' ? <DeviceMoveDialog key={dialog.device.sn} projectId={projectId} device={dialog.device} onClose={closeDialog} onSaved={afterSave} /> : null}

      <div style={{ display: 'grid', gridTemplateColumns: '2fr 1fr', gap: 16 }}>
        <AdminSection title={t`Add a device`}>
          <div style={{ display: 'grid', gridTemplateColumns: 'repeat(4, 1fr)', gap: 12 }}>
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
            <Field label={t`Gases (e.g. CH4;CO)`}>
              <Input value={form.gases} disabled={!listsMeasured(form.kind)} onChange={(_, d) => setForm({ ...form, gases: d.value })} />
            </Field>
            {isVehicleKind(form.kind) ? <VehicleFieldsInput value={vehicle} onChange={setVehicle} /> : null}
          </div>
          <Button
            appearance="primary"
            style={{ alignSelf: 'flex-start' }}
            onClick={() => {
              const { gases, reportPeriodS, ...rest } = form;
              const device = { ...rest, reportPeriodS: Number(reportPeriodS), gases: listsMeasured(form.kind) ? gases.split(/[;,\s]+/).filter(Boolean) : [] };
              // The typed codes as they are: the contract's body check refuses an unknown one, naming it, before sending.
              const typed = { ...device, gases: device.gases as GasCode[], vehicle: isVehicleKind(form.kind) ? vehicle : null };
              void devices.run(ADMIN.deviceAdd, { projectId, device: typed });
            }}
          >
            <Trans>Add device</Trans>
          </Button>
        </AdminSection>

        <AdminSection title={t`Import a list`}>
          <div style={{ fontSize: 13 }}>
            <Trans>An .xlsx or .csv file with the columns sn, kind, name, station, position, tunnelId, chainageM, reportPeriodS, gases, for cameras streamSource (rtsp, hls or demo), mainUrl, subUrl, and for vehicles plate, vehicleType, driver, source. Nothing is imported when a row is wrong.</Trans>
          </div>
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
          {result ? (
            result.problems.length === 0 ? (
              <div role="status">{t`${result.imported} devices imported (${result.created} new, ${result.updated} updated)`}</div>
            ) : (
              <DataTable
                label={t`Import problems`}
                head={[t`Row`, t`Field`, t`Problem`]}
                rows={result.problems.map((p, i) => ({ key: String(i), cells: [p.row, p.field, p.message] }))}
              />
            )
          ) : null}
        </AdminSection>
      </div>
      <TransferRequestsSection projectId={projectId} />
      <CameraStreamsSection projectId={projectId} />

      <AdminSection
        title={t`MQTT credentials of this project`}
        actions={
          <span style={{ display: 'inline-flex', gap: 8 }}>
            <Button size="small" onClick={() => void queries.mutate(DEVICES.deviceKey, { projectId }).then(setKey)}>
              <Trans>Show</Trans>
            </Button>
            <Button size="small" onClick={() => void queries.mutate(DEVICES.deviceKey, { projectId, rotate: true }).then(setKey)}>
              <Trans>Rotate</Trans>
            </Button>
          </span>
        }
      >
        {key ? (
          <div style={{ fontFamily: 'monospace', fontSize: 13 }} data-testid="mqtt-credentials">
            {key.username} / {key.password}
          </div>
        ) : (
          <div style={{ fontSize: 13 }}>
            <Trans>Devices log in to the broker with these; rotating them disconnects every device of the project until it has the new password.</Trans>
          </div>
        )}
      </AdminSection>
    </div>
  );
});
