import { observer } from 'mobx-react-lite';
import { Button } from '@fluentui/react-components';
import { Trans, useLingui } from '@lingui/react/macro';
import { LINKAGE_UNIT, type RegistryDevice, type SprayState } from '../../../../protocol';
import { formatNumber } from '../../../components';
import { DataTable, ToolDialog } from './adminUi';

/**
 * The fog cannons a particulate monitor drives (docs/domain.md "Spray linkage"), from the device registry:
 * each cannon of the project with the monitor it follows, its on-limit and hold time, the ones this monitor
 * drives first; "Linkage…" opens the cannon's linkage dialog (the environment screen's, the same route and
 * audit). `sprays`: environment/spray/list.
 */
export const MonitorSpraysDialog = observer(function MonitorSpraysDialog({
  monitor,
  sprays,
  onEdit,
  onClose,
}: {
  monitor: Pick<RegistryDevice, 'sn' | 'name'>;
  sprays: readonly SprayState[];
  onEdit: (cannonSn: string) => void;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const drives = (s: SprayState) => s.linkage?.stationSn === monitor.sn;
  const ordered = [...sprays].sort((a, b) => Number(drives(b)) - Number(drives(a)) || a.name.localeCompare(b.name));
  return (
    <ToolDialog title={t`Fog cannons of ${monitor.name || monitor.sn}`} closeLabel={t`Close`} onClose={onClose}>
      <p style={{ margin: 0, fontSize: 14 }}>
        {t`This monitor drives ${sprays.filter(drives).length} of the project's ${sprays.length} fog cannons.`}
      </p>
      <DataTable
        label={t`Fog cannons`}
        head={[t`Fog cannon`, t`Linked monitor`, t`On above`, t`Off after below for (min)`, '']}
        rows={ordered.map((s) => ({
          key: s.sn,
          cells: [
            <span key="name" data-drives={drives(s) ? 'yes' : 'no'} style={{ fontWeight: drives(s) ? 600 : undefined }}>
              {s.name} ({s.sn})
            </span>,
            s.linkage ? s.linkage.stationSn : t`Not linked`,
            s.linkage ? `${s.linkage.metric === 'pm10' ? 'PM10' : 'TSP'} ${formatNumber(s.linkage.onAbove, s.linkage.metric === 'pm10' ? 0 : 2)} ${LINKAGE_UNIT[s.linkage.metric]}` : '',
            s.linkage ? formatNumber(s.linkage.holdS / 60, 1) : '',
            <Button key="edit" size="small" aria-label={t`Linkage of ${s.name}`} onClick={() => onEdit(s.sn)}>
              <Trans>Linkage…</Trans>
            </Button>,
          ],
        }))}
      />
      {sprays.length === 0 ? <p style={{ margin: 0, fontSize: 14 }}>{t`No fog cannon in this project`}</p> : null}
    </ToolDialog>
  );
});
