import { observer } from 'mobx-react-lite';
import { Button } from '@fluentui/react-components';
import { Trans, useLingui } from '@lingui/react/macro';
import { TENANCY, type InvitationState, type TransferState } from '../../../../protocol';
import { formatBeijing } from '../../../format/time';
import { AdminSection, CallError, DataTable, useAdminList } from './adminUi';
import { useRoleLabel } from './UsersTab';

/** The names of the states of invitations and transfer requests shown to people. */
export function useTenancyStateLabel(): (state: InvitationState | TransferState) => string {
  const { t } = useLingui();
  return (state) =>
    ({
      pending: t`Waiting for an answer`,
      accepted: t`Accepted`,
      declined: t`Declined`,
      withdrawn: t`Withdrawn`,
      approved: t`Approved`,
      refused: t`Refused`,
      expired: t`Expired`,
    })[state];
}

/**
 * The invitations of the current project (docs/api.md "Invitations"), newest first with their state, open
 * ones withdrawable; and the open invitations other projects sent to users of this project's organisation,
 * which its administrators may accept or decline for them. Both are of the administration's domain, so a
 * member added (maybe invited) in the Users tab reloads them.
 */
export const InvitationSections = observer(function InvitationSections({ projectId }: { projectId: string }) {
  const { t } = useLingui();
  const roleLabel = useRoleLabel();
  const stateLabel = useTenancyStateLabel();
  const sent = useAdminList(TENANCY.invitationList, { projectId });
  const received = useAdminList(TENANCY.orgInvitationList, { projectId });

  return (
    <>
      <CallError error={sent.error} />
      <AdminSection title={t`Invitations of this project`}>
        <p style={{ margin: 0, fontSize: 13 }}>
          <Trans>Users of other organisations are invited: they become members once they or their organisation accept. An invitation to a name nobody has is listed the same and expires unanswered.</Trans>
        </p>
        <DataTable
          label={t`Invitations of this project`}
          head={[t`User`, t`Role`, t`Invited by`, t`Sent`, t`Expires`, t`State`, '']}
          rows={(sent.data ?? []).map((i) => ({
            key: String(i.invitationId),
            cells: [
              i.username,
              roleLabel(i.role),
              i.invitedBy,
              formatBeijing(i.createdAtMs),
              formatBeijing(i.expiresAtMs),
              stateLabel(i.state),
              i.state === 'pending' ? (
                <Button size="small" key="withdraw" onClick={() => void sent.run(TENANCY.invitationWithdraw, { projectId, invitationId: i.invitationId })}>
                  <Trans>Withdraw</Trans>
                </Button>
              ) : null,
            ],
          }))}
        />
      </AdminSection>
      <CallError error={received.error} />
      <AdminSection title={t`Invitations to users of this organisation`}>
        {(received.data ?? []).length === 0 ? (
          <p style={{ margin: 0, fontSize: 13 }}>
            <Trans>No open invitations.</Trans>
          </p>
        ) : (
          <DataTable
            label={t`Invitations to users of this organisation`}
            head={[t`User`, t`Project`, t`Organisation`, t`Role`, t`Invited by`, t`Expires`, '']}
            rows={(received.data ?? []).map(({ username, ...i }) => ({
              key: String(i.invitationId),
              cells: [
                username,
                i.projectName,
                i.coName,
                roleLabel(i.role),
                i.invitedBy,
                formatBeijing(i.expiresAtMs),
                <span key="decide" style={{ display: 'inline-flex', gap: 8 }}>
                  <Button size="small" appearance="primary" onClick={() => void received.run(TENANCY.orgInvitationDecide, { projectId, invitationId: i.invitationId, accept: true })}>
                    <Trans>Accept for {username}</Trans>
                  </Button>
                  <Button size="small" onClick={() => void received.run(TENANCY.orgInvitationDecide, { projectId, invitationId: i.invitationId, accept: false })}>
                    <Trans>Decline for {username}</Trans>
                  </Button>
                </span>,
              ],
            }))}
          />
        )}
      </AdminSection>
    </>
  );
});
