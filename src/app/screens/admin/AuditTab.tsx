import { useState } from 'react';
import { observer } from 'mobx-react-lite';
import { Button, Input } from '@fluentui/react-components';
import { Trans, useLingui } from '@lingui/react/macro';
import { ADMIN } from '../../../../protocol';
import { formatBeijing } from '../../../format/time';
import { downloadExport } from '../../../api/downloadExport';
import { AdminSection, CallError, DataTable, useAdminList } from './adminUi';
import { auditActionText, auditDetailLines } from './auditText';

/**
 * The audit log of the current project: newest first, searchable, exportable as .xlsx or CSV; actions in
 * words (a failed one in red), the logged body as name: value lines (auditText.ts).
 */
export const AuditTab = observer(function AuditTab({ projectId }: { projectId: string }) {
  const { t, i18n } = useLingui();
  const [q, setQ] = useState('');
  const [applied, setApplied] = useState('');
  const page = useAdminList(ADMIN.auditList, { projectId, q: applied || undefined, limit: 200 });

  async function handleExport(format: 'xlsx' | 'csv') {
    if (!(await downloadExport(ADMIN.auditExport.path, { projectId, q: applied || undefined, format }, `audit-${projectId}.${format}`))) page.setError(t`The export failed`);
  }

  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 16 }}>
      <CallError error={page.error} />
      <AdminSection
        title={t`Audit log`}
        actions={
          <span style={{ display: 'inline-flex', gap: 8 }}>
            <Input size="small" aria-label={t`Search`} placeholder={t`User, action, device…`} value={q} onChange={(_, d) => setQ(d.value)} onKeyDown={(e) => e.key === 'Enter' && setApplied(q)} />
            <Button size="small" onClick={() => setApplied(q)}>
              <Trans>Search</Trans>
            </Button>
            <Button size="small" onClick={() => void handleExport('xlsx')}>
              <Trans>Export .xlsx</Trans>
            </Button>
            <Button size="small" onClick={() => void handleExport('csv')}>
              <Trans>Export CSV</Trans>
            </Button>
          </span>
        }
      >
        <DataTable
          label={t`Audit log`}
          head={[t`Time`, t`User`, t`Action`, t`Target`, t`Detail`]}
          rows={(page.data?.rows ?? []).map((r) => ({
            key: String(r.auditId),
            cells: [
              formatBeijing(r.atMs),
              r.username,
              <span key="a" title={r.action} data-action={r.action} style={r.action.endsWith('.failed') ? { color: '#ff7875' } : undefined}>
                {auditActionText(i18n, r.action)}
              </span>,
              r.target,
              <span key="d" style={{ display: 'grid', gap: 2, fontSize: 13, overflowWrap: 'anywhere' }}>
                {auditDetailLines(r.detail).map((line, i) => (
                  <span key={i}>{line}</span>
                ))}
              </span>,
            ],
          }))}
        />
      </AdminSection>
    </div>
  );
});
