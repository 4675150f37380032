import { useState } from 'react';
import { observer } from 'mobx-react-lite';
import { Button, Field, Input } from '@fluentui/react-components';
import { Trans, useLingui } from '@lingui/react/macro';
import { ADMIN } from '../../../../protocol';
import { AdminSection, DataTable, EditDialog, useDialogCall, type AdminData } from './adminUi';

/**
 * The organisations of the installation (installation administrators): renaming one in a dialog, archiving
 * and restoring (orgEdit). `orgs` is the list and its `run` (useAdminList of orgList, archived ones
 * included); `onChanged` runs after a change (the projects carry the organisation's name).
 */
export const OrganisationsSection = observer(function OrganisationsSection({
  orgs,
  onChanged,
}: {
  orgs: Pick<AdminData<typeof ADMIN.orgList>, 'data' | 'run'>;
  onChanged: () => void;
}) {
  const { t } = useLingui();
  const save = useDialogCall();
  const [renaming, setRenaming] = useState<{ coId: string; name: string } | null>(null);

  async function handleRename() {
    if (!renaming) return;
    if (await save.call(ADMIN.orgEdit, { coId: renaming.coId, name: renaming.name })) {
      setRenaming(null);
      onChanged();
    }
  }

  return (
    <AdminSection title={t`Organisations`}>
      <DataTable
        label={t`Organisations`}
        head={[t`Organisation id`, t`Name`, t`State`, '']}
        rows={(orgs.data ?? []).map((o) => ({
          key: o.coId,
          cells: [
            o.coId,
            o.name,
            o.archived ? t`Archived` : t`Active`,
            <span key="actions" style={{ display: 'inline-flex', gap: 8 }}>
              <Button
                size="small"
                aria-label={t`Rename ${o.coId}`}
                onClick={() => {
                  save.setError(null);
                  setRenaming({ coId: o.coId, name: o.name });
                }}
              >
                <Trans>Rename</Trans>
              </Button>
              <Button
                size="small"
                aria-label={o.archived ? t`Restore ${o.coId}` : t`Archive ${o.coId}`}
                onClick={() => void orgs.run(ADMIN.orgEdit, { coId: o.coId, archived: !o.archived }).then((r) => r && onChanged())}
              >
                {o.archived ? t`Restore` : t`Archive`}
              </Button>
            </span>,
          ],
        }))}
      />
      {renaming ? (
        <EditDialog
          open
          title={t`Rename organisation ${renaming.coId}`}
          error={save.error}
          saveLabel={t`Save`}
          cancelLabel={t`Cancel`}
          onSave={() => void handleRename()}
          onClose={() => setRenaming(null)}
        >
          <Field label={t`Name`}>
            <Input value={renaming.name} onChange={(_, d) => setRenaming({ ...renaming, name: d.value })} />
          </Field>
        </EditDialog>
      ) : null}
    </AdminSection>
  );
});
