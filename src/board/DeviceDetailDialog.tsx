import { observer } from 'mobx-react-lite';
import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle } from '@fluentui/react-components';
import { Trans, useLingui } from '@lingui/react/macro';
import { useStores } from '../stores';
import { StatusBadge } from '../components';
import { formatBeijing } from '../format/time';
import { kindLabel, metricLabel } from '../i18n/metricLabels';
import { metricRows, thresholdText, valueText } from './deviceDetail';
import { PersonCard } from '../people/PersonCard';
import { usePanelData } from '../panelData';
import { RangeChart } from './timeControls/RangeChart';
import { isEquipmentKind, isPersonTagKind } from '../../protocol';
import { EquipmentDetail } from './equipment/EquipmentDetail';

/**
 * The detail of the device `deviceDetail.sn` (opened by a click in a live panel): name, kind, position,
 * status, last seen (Beijing time), latest values with units and their thresholds, all live from
 * DeviceStore. Kind and metric names, units and decimals come from the kind's descriptor (protocol/kinds),
 * translated by src/i18n/metricLabels.ts. Lifting equipment gets its tabbed modal instead (equipment/EquipmentDetail.tsx).
 */
export const DeviceDetailDialog = observer(function DeviceDetailDialog() {
  const { deviceDetail, devices, live } = useStores();
  const { t, i18n } = useLingui();
  const sn = deviceDetail.sn;
  // in replay: the device as of the instant, and its chart over the replayed range
  const source = usePanelData();
  const replaying = source.mode === 'replay';
  const device = sn ? (replaying ? source.device(sn) : devices.get(sn)) : undefined;
  // a beacon is a person (a positioned kind): their card (src/people/PersonCard.tsx) instead of the device detail
  if (sn && device && isPersonTagKind(device.kind)) return <PersonCard projectId={live.projectId} target={{ beaconSn: sn }} onClose={() => deviceDetail.close()} />;
  const labels = { warn: t`warning`, alarm: t`alarm` };
  const cell = { padding: '4px 8px', textAlign: 'left' } as const;
  const equipment = device !== undefined && isEquipmentKind(device.kind);

  return (
    <Dialog open={sn !== null} onOpenChange={(_e, d) => (d.open ? undefined : deviceDetail.close())}>
      <DialogSurface aria-describedby={undefined} style={equipment ? { maxWidth: 'min(1180px, 96vw)', width: 'min(1180px, 96vw)' } : undefined}>
        <DialogBody>
          <DialogTitle>{device?.name ?? sn}</DialogTitle>
          <DialogContent>
            {!device ? (
              <p role="alert">
                <Trans>Unknown device {sn}</Trans>
              </p>
            ) : equipment ? (
              <EquipmentDetail device={device} />
            ) : (
              <>
                <dl data-device-detail={device.sn} style={{ display: 'grid', gridTemplateColumns: 'auto 1fr', gap: '4px 16px', margin: '0 0 12px' }}>
                  <dt><Trans>Serial number</Trans></dt>
                  <dd style={{ margin: 0 }}>{device.sn}</dd>
                  <dt><Trans>Kind</Trans></dt>
                  <dd style={{ margin: 0 }}>{kindLabel(i18n, device.kind)}</dd>
                  <dt><Trans>Position</Trans></dt>
                  <dd style={{ margin: 0 }}>{device.position}</dd>
                  <dt><Trans>Status</Trans></dt>
                  <dd style={{ margin: 0 }}><StatusBadge status={device.status} /></dd>
                  <dt><Trans>Last seen</Trans></dt>
                  <dd style={{ margin: 0 }}>{formatBeijing(device.lastSeenMs) || '—'}</dd>
                </dl>
                <table style={{ borderCollapse: 'collapse', width: '100%' }}>
                  <thead>
                    <tr>
                      <th style={cell}><Trans>Metric</Trans></th>
                      <th style={cell}><Trans>Latest</Trans></th>
                      <th style={cell}><Trans>Thresholds</Trans></th>
                    </tr>
                  </thead>
                  <tbody>
                    {metricRows(device).map((r) => (
                      <tr key={r.metric} data-metric={r.metric}>
                        <td style={cell}>{metricLabel(i18n, device.kind, r.metric)}</td>
                        <td style={cell}>{valueText(r)}</td>
                        <td style={cell}>{thresholdText(r.threshold, labels)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
                {replaying ? <RangeChart source={source} sn={device.sn} kind={device.kind} metrics={metricRows(device).map((r) => r.metric).slice(0, 6)} reportPeriodS={device.reportPeriodS} /> : null}
              </>
            )}
          </DialogContent>
          <DialogActions>
            <Button appearance="primary" onClick={() => deviceDetail.close()}>
              <Trans>Close</Trans>
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
});
