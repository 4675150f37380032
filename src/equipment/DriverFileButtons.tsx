import { useState } from 'react';
import { Button } from '@fluentui/react-components';
import { Trans, useLingui } from '@lingui/react/macro';
import { LIFTING_DRIVERS, type ImportProblem } from '../../protocol';
import { downloadExport } from '../api/downloadExport';
import { fileToBase64 } from '../app/screens/admin/adminUi';
import { LEVEL_COLOR } from '../components';
import { useStores } from '../stores';

/**
 * The driver register as .xlsx, for project managers and administrators on the equipment's driver tab: import
 * (refused whole; every bad row is listed by its number), the import template and the export
 * (equipment/driver/import, importTemplate, export; docs/api.md "Equipment"). An import goes through
 * QueryStore.mutate, so every list of drivers reloads.
 */
export function DriverFileButtons({ projectId }: { projectId: string }) {
  const { t } = useLingui();
  const { queries } = useStores();
  const [problems, setProblems] = useState<ImportProblem[]>([]);
  const [notice, setNotice] = useState<string | null>(null);

  const importFile = async (file: File) => {
    setNotice(null);
    try {
      const r = await queries.mutate(LIFTING_DRIVERS.driverImport, { projectId, contentBase64: await fileToBase64(file) }, { skipErrorHandler: true });
      setProblems(r.problems);
      if (r.problems.length === 0) setNotice(t`${r.created} drivers added, ${r.updated} updated`);
    } catch (err) {
      setProblems([]);
      setNotice(err instanceof Error ? err.message : String(err));
    }
  };

  return (
    <div data-driver-files style={{ display: 'flex', flexDirection: 'column', gap: 6, marginTop: 8 }}>
      <div style={{ display: 'flex', gap: 8, alignItems: 'center', flexWrap: 'wrap' }}>
        <label style={{ fontSize: 14, display: 'flex', gap: 6, alignItems: 'center' }}>
          <Trans>Import drivers .xlsx</Trans>
          <input type="file" accept=".xlsx" aria-label={t`Import drivers .xlsx`} onChange={(e) => e.target.files?.[0] && void importFile(e.target.files[0])} />
        </label>
        <Button size="small" onClick={() => void downloadExport(LIFTING_DRIVERS.driverImportTemplate.path, { projectId }, 'drivers-template.xlsx')}>
          <Trans>Import template</Trans>
        </Button>
        <Button size="small" onClick={() => void downloadExport(LIFTING_DRIVERS.driverExport.path, { projectId }, 'drivers.xlsx')}>
          <Trans>Export drivers .xlsx</Trans>
        </Button>
      </div>
      {notice ? (
        <p role="status" style={{ margin: 0, fontSize: 14 }}>
          {notice}
        </p>
      ) : null}
      {problems.length > 0 ? (
        <ul role="alert" style={{ margin: 0, color: LEVEL_COLOR.alarm, fontSize: 14 }}>
          {problems.map((p, i) => (
            <li key={i}>{t`Row ${p.row}, ${p.field}: ${p.message}`}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
