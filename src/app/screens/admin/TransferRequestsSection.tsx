import { observer } from 'mobx-react-lite';
import { Button } from '@fluentui/react-components';
import { Trans, useLingui } from '@lingui/react/macro';
import { TENANCY } from '../../../../protocol';
import { formatBeijing } from '../../../format/time';
import { kindLabel } from '../../../i18n/metricLabels';
import { AdminSection, CallError, DataTable, useAdminList } from './adminUi';
import { useTenancyStateLabel } from './InvitationSections';

/**
 * Requests from other organisations' projects to release serial numbers this project holds (docs/api.md
 * "Device serials across organisations"), newest first: approving ends this project's registration of the
 * device (its history stays here), refusing changes nothing.
 */
export const TransferRequestsSection = observer(function TransferRequestsSection({ projectId }: { projectId: string }) {
  const { t, i18n } = useLingui();
  const transfers = useAdminList(TENANCY.transferList, { projectId });
  const stateLabel = useTenancyStateLabel();

  return (
    <>
      <CallError error={transfers.error} />
      <AdminSection title={t`Transfer requests`}>
        {(transfers.data ?? []).length === 0 ? (
          <p style={{ margin: 0, fontSize: 13 }}>
            <Trans>No other organisation has asked for a device of this project.</Trans>
          </p>
        ) : (
          <DataTable
            label={t`Transfer requests`}
            head={[t`Serial number`, t`Kind`, t`Requesting project`, t`Organisation`, t`Requested by`, t`Expires`, t`State`, '']}
            rows={(transfers.data ?? []).map(({ sn, ...r }) => ({
              key: String(r.transferId),
              cells: [
                sn,
                kindLabel(i18n, r.kind),
                r.toProjectName,
                r.toCoName,
                r.requestedBy,
                formatBeijing(r.expiresAtMs),
                stateLabel(r.state),
                r.state === 'pending' ? (
                  <span key="decide" style={{ display: 'inline-flex', gap: 8 }}>
                    <Button size="small" onClick={() => void transfers.run(TENANCY.transferDecide, { projectId, transferId: r.transferId, approve: true })}>
                      <Trans>Release {sn}</Trans>
                    </Button>
                    <Button size="small" appearance="primary" onClick={() => void transfers.run(TENANCY.transferDecide, { projectId, transferId: r.transferId, approve: false })}>
                      <Trans>Keep {sn}</Trans>
                    </Button>
                  </span>
                ) : null,
              ],
            }))}
          />
        )}
      </AdminSection>
    </>
  );
});
