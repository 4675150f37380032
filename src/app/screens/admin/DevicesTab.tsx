import { useState } from 'react';
import { observer } from 'mobx-react-lite';
import { Button, Input, Select } from '@fluentui/react-components';
import { Trans, useLingui } from '@lingui/react/macro';
import { ADMIN, DEVICE_KINDS, DEVICES, ENVIRONMENT, FLEET, isEventOnlyKind, PARTICULATE_KINDS, type DeviceKey, type RegistryDevice, type SprayState } from '../../../../protocol';
import { formatBeijing } from '../../../format/time';
import { kindLabel, metricLabel } from '../../../i18n/metricLabels';
import { useQuery, useStores } from '../../../stores';
import { ListPager } from '../ListPager';
import { paginate } from '../paginate';
import { AdminSection, CallError, DataTable, useAdminList } from './adminUi';
import { AddDeviceDialog, ImportDevicesDialog } from './DeviceAddImport';
import { DeviceEditDialog, DeviceMoveDialog } from './DeviceDialogs';
import { DEVICE_PAGE_SIZE, filterDevices, kindsPresent, NO_DEVICE_FILTER, type DeviceFilter } from './deviceFilter';
import { DeviceThresholdDialog, hasThresholds, KindDefaultsDialog } from './ThresholdDialogs';
import { CameraStreamsSection } from './CameraStreamsSection';
import { TransferRequestsSection } from './TransferRequestsSection';
import { SprayLinkageDialog } from '../SprayLinkageDialog';
import { MonitorSpraysDialog } from './DeviceSprayDialog';

type DevicesDialog =
  | { action: 'edit' | 'move' | 'thresholds' | 'sprays'; device: RegistryDevice }
  | { action: 'linkage'; cannonSn: string }
  | { action: 'add' | 'import' | 'kindDefaults' };

/**
 * The device registry of the current project: a toolbar (search by serial number, name or station, a kind
 * filter, and buttons opening the add, import and kind-defaults dialogs), the devices a page at a time with
 * their last report (silent ones marked; a kind that only sends events is never "not reporting"), and per
 * device its thresholds, editing (station, tunnel, chainage…), moving to another project and removing; a
 * fog cannon's spray linkage and the cannons a particulate monitor drives (the environment screen's dialog);
 * below, the transfer requests and the project's MQTT credentials.
 */
export const DevicesTab = observer(function DevicesTab({ projectId }: { projectId: string }) {
  const { queries } = useStores();
  const { t, i18n } = useLingui();
  const devices = useAdminList(ADMIN.deviceRegistryList, { projectId });
  /** Asked on demand and never kept in the store's queries: a secret stays on this screen only. */
  const [key, setKey] = useState<DeviceKey | null>(null);
  const [dialog, setDialog] = useState<DevicesDialog | null>(null);
  const [filter, setFilter] = useState<DeviceFilter>(NO_DEVICE_FILTER);
  const [page, setPage] = useState(1);
  // the fog cannons with their linkage: a device that is one gets "Linkage…", a particulate monitor "Fog cannons…"
  const sprays = useQuery(ENVIRONMENT.sprayList, { projectId }).data ?? [];
  const closeDialog = () => setDialog(null);
  const changeFilter = (next: DeviceFilter) => {
    setFilter(next);
    setPage(1);
  };

  const all = devices.data ?? [];
  const shown = paginate(filterDevices(all, filter), page, DEVICE_PAGE_SIZE);
  const silentCount = all.filter((d) => d.silent).length;
  const unconfiguredCount = all.filter((d) => d.unconfiguredMetrics.length > 0).length;
  /** Confirms the kind defaults of the metrics a device reports with no threshold (threshold/reset, audited). */
  const confirmDefaults = (d: RegistryDevice) =>
    void devices.run(FLEET.thresholdReset, { projectId, target: { sn: d.sn }, metrics: d.unconfiguredMetrics });
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 16 }}>
      <CallError error={devices.error} />
      <AdminSection
        title={t`Devices`}
        actions={
          <span style={{ display: 'inline-flex', alignItems: 'center', gap: 8, flexWrap: 'wrap' }}>
            <span style={{ fontSize: 13 }} data-silent-count={silentCount}>
              {t`${silentCount} not reporting`}
              {unconfiguredCount > 0 ? ` · ${t`${unconfiguredCount} with unconfigured metrics`}` : ''}
            </span>
            <Button appearance="primary" onClick={() => setDialog({ action: 'add' })}>
              <Trans>Add a device</Trans>
            </Button>
            <Button onClick={() => setDialog({ action: 'import' })}>
              <Trans>Import a list</Trans>
            </Button>
            <Button onClick={() => setDialog({ action: 'kindDefaults' })}>
              <Trans>Default thresholds</Trans>
            </Button>
          </span>
        }
      >
        <div role="search" style={{ display: 'flex', gap: 12, alignItems: 'center', flexWrap: 'wrap' }}>
          <Input
            aria-label={t`Search devices`}
            placeholder={t`Serial number, name or station`}
            value={filter.q}
            onChange={(_, d) => changeFilter({ ...filter, q: d.value })}
            style={{ minWidth: 280 }}
          />
          <Select aria-label={t`Kind filter`} value={filter.kind} onChange={(_, d) => changeFilter({ ...filter, kind: d.value })}>
            <option value="">{t`All kinds`}</option>
            {kindsPresent(all, DEVICE_KINDS).map((k) => (
              <option key={k} value={k}>
                {kindLabel(i18n, k)}
              </option>
            ))}
          </Select>
        </div>
        <DataTable
          label={t`Devices`}
          head={[t`Serial number`, t`Kind`, t`Name`, t`Station`, t`Position`, t`Tunnel`, t`Chainage (m)`, t`Reporting period (s)`, t`Last report`, '']}
          rows={shown.items.map((d) => ({
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
                {d.lastSeenMs === null ? (isEventOnlyKind(d.kind) ? t`No event yet` : t`Never`) : formatBeijing(d.lastSeenMs)}
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
                {hasThresholds(d.kind) ? (
                  <Button size="small" aria-label={t`Thresholds of ${d.sn}`} onClick={() => setDialog({ action: 'thresholds', device: d })}>
                    <Trans>Thresholds</Trans>
                  </Button>
                ) : null}
                {sprays.some((s) => s.sn === d.sn) ? (
                  <Button size="small" aria-label={t`Spray linkage of ${d.sn}`} onClick={() => setDialog({ action: 'linkage', cannonSn: d.sn })}>
                    <Trans>Linkage…</Trans>
                  </Button>
                ) : null}
                {PARTICULATE_KINDS.includes(d.kind) ? (
                  <Button size="small" aria-label={t`Fog cannons of ${d.sn}`} onClick={() => setDialog({ action: 'sprays', device: d })}>
                    <Trans>Fog cannons…</Trans>
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
        {devices.data && shown.total === 0 ? (
          <p style={{ margin: 0, fontSize: 14 }}>{all.length === 0 ? t`No device registered in this project yet` : t`No device matches the search`}</p>
        ) : null}
        <ListPager total={shown.total} page={shown.page} pageCount={shown.pageCount} onPage={setPage} hideSingle />
      </AdminSection>
      {dialog?.action === 'edit' ? <DeviceEditDialog key={dialog.device.sn} projectId={projectId} device={dialog.device} onClose={closeDialog} onSaved={closeDialog} /> : null}
      {dialog?.action === 'move' ? <DeviceMoveDialog key={dialog.device.sn} projectId={projectId} device={dialog.device} onClose={closeDialog} onSaved={closeDialog} /> : null}
      {dialog?.action === 'thresholds' ? <DeviceThresholdDialog key={dialog.device.sn} projectId={projectId} sn={dialog.device.sn} kind={dialog.device.kind} onClose={closeDialog} /> : null}
      {dialog?.action === 'sprays' ? <MonitorSpraysDialog monitor={dialog.device} sprays={sprays} onEdit={(cannonSn) => setDialog({ action: 'linkage', cannonSn })} onClose={closeDialog} /> : null}
      {dialog?.action === 'linkage' ? <LinkageOf projectId={projectId} cannon={sprays.find((s) => s.sn === dialog.cannonSn)} onClose={closeDialog} /> : null}
      {dialog?.action === 'add' ? <AddDeviceDialog projectId={projectId} onClose={closeDialog} /> : null}
      {dialog?.action === 'import' ? <ImportDevicesDialog projectId={projectId} onClose={closeDialog} /> : null}
      {dialog?.action === 'kindDefaults' ? <KindDefaultsDialog projectId={projectId} initialKind={DEVICE_KINDS.find((k) => k === filter.kind) ?? null} onClose={closeDialog} /> : null}
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

/** The linkage dialog of a cannon of environment/spray/list (nothing while the list loads or once it is gone). */
function LinkageOf({ projectId, cannon, onClose }: { projectId: string; cannon: SprayState | undefined; onClose: () => void }) {
  return cannon ? <SprayLinkageDialog key={cannon.sn} projectId={projectId} cannon={cannon} onClose={onClose} /> : null;
}
