import { useState, type ReactNode } from 'react';
import { observer } from 'mobx-react-lite';
import { Button } from '@fluentui/react-components';
import { Trans, useLingui } from '@lingui/react/macro';
import { ARCHIVE_FILE_GROUPS, EQUIPMENT, equipmentRoleOf, userMay, type ArchiveFileGroup, type DeviceInfo } from '../../../protocol';
import { useQuery, useStores } from '../../stores';
import { downloadExport } from '../../api/downloadExport';
import { useProjectId } from '../../app/shell/useProjectId';
import { STATUS_COLOR } from '../../components';
import { PhotoThumbs } from '../../components/registers/Photos';
import { ArchiveEditDialog } from '../../equipment/ArchiveEditDialog';
import { formatBeijing } from '../../format/time';
import { cellStyle, DataTable, TabMessage } from './parts';

const DAY_MS = 86_400_000;

/**
 * Archive: the type plate, units, registration, inspection (the next one amber within 30 days), ratings and
 * the dimensions the kind records, the papers referenced by number and the files by group (members open them).
 * Project managers and administrators edit it (ArchiveEditDialog); anyone may export the fleet's archives (.xlsx).
 */
export const ArchiveTab = observer(function ArchiveTab({ device }: { device: DeviceInfo }) {
  const { t } = useLingui();
  const { session } = useStores();
  const projectId = useProjectId() ?? '';
  const user = session.user;
  const mayEdit = !!user && (user.isAdmin || userMay(user, projectId, 'threshold.edit'));
  const [editing, setEditing] = useState(false);
  const [exportError, setExportError] = useState<string | null>(null);
  const load = useQuery(EQUIPMENT.archive, { projectId, sn: device.sn });
  const dims = equipmentRoleOf(device.kind)?.archive;
  if (load.error) return <TabMessage error>{load.error}</TabMessage>;
  if (!load.data) return <TabMessage><Trans>Loading…</Trans></TabMessage>;
  const a = load.data.archive;
  const exportAll = async () => {
    setExportError(null);
    if (!(await downloadExport(EQUIPMENT.archiveExport.path, { projectId }, 'equipment-archives.xlsx'))) setExportError(t`The export failed. Please retry.`);
  };
  const actions = (
    <div style={{ display: 'flex', gap: 8, alignItems: 'center', marginBottom: 10 }}>
      {mayEdit ? (
        <Button size="small" appearance="primary" onClick={() => setEditing(true)}>
          {a ? <Trans>Edit archive</Trans> : <Trans>Create archive</Trans>}
        </Button>
      ) : null}
      <Button size="small" onClick={() => void exportAll()}>
        <Trans>Export the fleet's archives (.xlsx)</Trans>
      </Button>
      {exportError ? <TabMessage error>{exportError}</TabMessage> : null}
      {editing ? <ArchiveEditDialog projectId={projectId} sn={device.sn} kind={device.kind} archive={a} onClose={() => setEditing(false)} /> : null}
    </div>
  );
  if (!a) {
    return (
      <>
        {actions}
        <TabMessage><Trans>Nothing is archived for this equipment</Trans></TabMessage>
      </>
    );
  }
  const date = (ms: number | null) => (ms === null ? '—' : formatBeijing(ms, 'YYYY-MM-DD'));
  const amount = (v: number | null, unit: string) => (v === null ? '—' : `${v} ${unit}`);
  const text = (v: string) => (v === '' ? '—' : v);
  const dueSoon = a.nextInspectionMs !== null && a.nextInspectionMs - Date.now() < 30 * DAY_MS;
  const field = (label: ReactNode, value: ReactNode, key: string) => (
    <div key={key} style={{ display: 'contents' }} data-archive={key}>
      <dt style={{ opacity: 0.75 }}>{label}</dt>
      <dd style={{ margin: 0 }}>{value}</dd>
    </div>
  );
  const groupLabel: Record<ArchiveFileGroup, string> = { inspectionReport: t`Inspection report`, registrationCertificate: t`Use registration certificate`, photos: t`Photos` };
  return (
    <>
      {actions}
      <div style={{ display: 'flex', gap: 24, flexWrap: 'wrap' }}>
        <dl style={{ display: 'grid', gridTemplateColumns: 'auto 1fr', gap: '6px 16px', margin: 0, fontSize: 14, minWidth: 320 }}>
          {field(<Trans>Model</Trans>, a.model, 'model')}
          {field(<Trans>Manufacturer</Trans>, a.maker, 'maker')}
          {field(<Trans>Factory number</Trans>, text(a.serialNo), 'serial')}
          {field(<Trans>Manufacture date</Trans>, date(a.manufacturedAtMs), 'manufactured')}
          {field(<Trans>Property right unit</Trans>, text(a.propertyUnit), 'propertyUnit')}
          {field(<Trans>Installation unit</Trans>, text(a.installationUnit), 'installationUnit')}
          {field(<Trans>Installation date</Trans>, date(a.installedAtMs), 'installed')}
          {field(<Trans>Use registration number</Trans>, text(a.registrationNo), 'registration')}
          {field(<Trans>Inspection report number</Trans>, text(a.inspectionReportNo), 'inspectionReport')}
          {field(<Trans>Inspection date</Trans>, date(a.lastInspectionMs), 'lastInspection')}
          {field(<Trans>Next inspection due</Trans>, <span style={{ color: dueSoon ? STATUS_COLOR.warning : undefined }}>{date(a.nextInspectionMs)}</span>, 'nextInspection')}
          {field(<Trans>Rated load</Trans>, amount(a.ratedLoadT, 't'), 'rated')}
          {dims?.ratedMoment ? field(<Trans>Rated lifting moment</Trans>, amount(a.ratedMomentKnm, 'kN·m'), 'ratedMoment') : null}
          {field(dims?.height === 'cageTravel' ? <Trans>Max cage travel height</Trans> : <Trans>Max hook height</Trans>, amount(a.maxHeightM, 'm'), 'maxHeight')}
          {dims?.span ? field(dims.span === 'jibLength' ? <Trans>Jib length</Trans> : dims.span === 'boomLength' ? <Trans>Max boom length</Trans> : <Trans>Span</Trans>, amount(a.maxSpanM, 'm'), 'maxSpan') : null}
        </dl>
        <div style={{ flex: 1, minWidth: 320, display: 'grid', gap: 12, alignContent: 'start' }}>
          {ARCHIVE_FILE_GROUPS.map((g) => (
            <div key={g} data-archive-files={g} style={{ display: 'grid', gap: 4, fontSize: 14 }}>
              <span style={{ opacity: 0.75 }}>{groupLabel[g]}</span>
              {a.files[g].length === 0 ? <span>—</span> : <PhotoThumbs projectId={projectId} attachments={a.files[g]} />}
            </div>
          ))}
          {a.documents.length > 0 ? (
            <DataTable label="documents" head={[<Trans key="t">Document</Trans>, <Trans key="r">Reference</Trans>, <Trans key="i">Issued</Trans>]}>
              {a.documents.map((d) => (
                <tr key={d.reference}>
                  <td style={cellStyle}>{d.title}</td>
                  <td style={cellStyle}>{d.reference}</td>
                  <td style={cellStyle}>{date(d.issuedAtMs)}</td>
                </tr>
              ))}
            </DataTable>
          ) : null}
        </div>
      </div>
    </>
  );
});
