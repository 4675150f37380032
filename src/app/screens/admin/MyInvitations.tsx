import { useState } from 'react';
import { observer } from 'mobx-react-lite';
import { Button, CounterBadge, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle } from '@fluentui/react-components';
import { Trans, useLingui } from '@lingui/react/macro';
import { TENANCY } from '../../../../protocol';
import { formatBeijing } from '../../../format/time';
import { useQuery, useStores } from '../../../stores';
import { CallError, DataTable, useDialogCall } from './adminUi';
import { useRoleLabel } from './UsersTab';

/**
 * The header's Invitations button: shown while the signed-in user has open invitations to projects
 * (docs/api.md "Invitations"), with their count; its dialog lists them to accept (the membership is made
 * with the role offered, and the project joins the organisation switch) or decline. Read when the header
 * mounts and after each answer.
 */
export const MyInvitations = observer(function MyInvitations() {
  const { session } = useStores();
  const { t } = useLingui();
  const roleLabel = useRoleLabel();
  const signedIn = session.user !== null;
  // a failed read leaves the button hidden: the list is not worth an error banner in every header
  const mine = useQuery(TENANCY.myInvitations, signedIn ? {} : null);
  const invitations = mine.data ?? [];
  const [open, setOpen] = useState(false);
  // an answer reloads the kept list (QueryStore reloads the queries of the contract's domain)
  const { error, call } = useDialogCall();

  async function respond(invitationId: number, accept: boolean) {
    if ((await call(TENANCY.invitationRespond, { invitationId, accept })) && accept) await session.check();
  }

  if (invitations.length === 0 && !open) return null;
  return (
    <>
      <Button size="small" appearance="subtle" onClick={() => setOpen(true)} icon={<CounterBadge count={invitations.length} size="medium" />} iconPosition="after">
        <Trans>Invitations</Trans>
      </Button>
      <Dialog open={open} onOpenChange={(_, d) => setOpen(d.open)}>
        <DialogSurface aria-label={t`Your invitations`} style={{ maxWidth: 900 }}>
          <DialogBody>
            <DialogTitle>
              <Trans>Your invitations</Trans>
            </DialogTitle>
            <DialogContent style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
              <CallError error={error} />
              {invitations.length === 0 ? (
                <p style={{ margin: 0, fontSize: 14 }}>
                  <Trans>No open invitations.</Trans>
                </p>
              ) : (
                <DataTable
                  label={t`Your invitations`}
                  head={[t`Project`, t`Organisation`, t`Role`, t`Invited by`, t`Expires`, '']}
                  rows={invitations.map((i) => ({
                    key: String(i.invitationId),
                    cells: [
                      i.projectName,
                      i.coName,
                      roleLabel(i.role),
                      i.invitedBy,
                      formatBeijing(i.expiresAtMs),
                      <span key="answer" style={{ display: 'inline-flex', gap: 8 }}>
                        <Button size="small" appearance="primary" onClick={() => void respond(i.invitationId, true)}>
                          <Trans>Accept</Trans>
                        </Button>
                        <Button size="small" onClick={() => void respond(i.invitationId, false)}>
                          <Trans>Decline</Trans>
                        </Button>
                      </span>,
                    ],
                  }))}
                />
              )}
            </DialogContent>
            <DialogActions>
              <Button onClick={() => setOpen(false)}>
                <Trans>Close</Trans>
              </Button>
            </DialogActions>
          </DialogBody>
        </DialogSurface>
      </Dialog>
    </>
  );
});
