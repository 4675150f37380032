import { useState } from 'react';
import { observer } from 'mobx-react-lite';
import { Button, Checkbox, Field, Input, Select } from '@fluentui/react-components';
import { Trans, useLingui } from '@lingui/react/macro';
import { ADMIN, ROLES, type PasswordReset, type Role } from '../../../../protocol';
import { useStores } from '../../../stores';
import { AdminSection, CallError, DataTable, useAdminList } from './adminUi';
import { InvitationSections } from './InvitationSections';

/** The role names shown to people. */
export function useRoleLabel(): (role: Role) => string {
  const { t } = useLingui();
  return (role) =>
    ({
      orgAdmin: t`Organisation administrator`,
      projectManager: t`Project manager`,
      safetyOfficer: t`Safety officer`,
      viewer: t`Viewer`,
      wallScreen: t`Wall screen`,
    })[role];
}

/** Members of the current project with their roles; users of the installation (installation administrators). */
export const UsersTab = observer(function UsersTab({ projectId }: { projectId: string }) {
  const { session } = useStores();
  const { t } = useLingui();
  const roleLabel = useRoleLabel();
  const isAdmin = session.user?.isAdmin === true;
  const members = useAdminList(ADMIN.memberList, { projectId });
  const [add, setAdd] = useState<{ username: string; role: Role }>({ username: '', role: 'viewer' });

  const roleSelect = (value: Role, onChange: (r: Role) => void, label: string) => (
    <Select aria-label={label} size="small" style={{ maxWidth: 240 }} value={value} onChange={(_, d) => onChange(d.value as Role)}>
      {ROLES.map((r) => (
        <option key={r} value={r}>
          {roleLabel(r)}
        </option>
      ))}
    </Select>
  );

  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 16 }}>
      <CallError error={members.error} />
      <AdminSection title={t`Members of this project`}>
        <DataTable
          label={t`Members of this project`}
          head={[t`User`, t`Name`, t`Role`, t`State`, '']}
          rows={(members.data ?? []).map((m) => ({
            key: m.username,
            cells: [
              m.username,
              m.displayName,
              roleSelect(m.role, (role) => void members.run(ADMIN.memberSet, { projectId, username: m.username, role }), t`Role of ${m.username}`),
              m.disabled ? t`Disabled` : t`Active`,
              <Button size="small" key="remove" onClick={() => void members.run(ADMIN.memberRemove, { projectId, username: m.username })}>
                <Trans>Remove</Trans>
              </Button>,
            ],
          }))}
        />
        <div style={{ display: 'flex', gap: 12, alignItems: 'flex-end' }}>
          <Field label={t`User name`}>
            <Input value={add.username} onChange={(_, d) => setAdd({ ...add, username: d.value })} />
          </Field>
          <Field label={t`Role`}>{roleSelect(add.role, (role) => setAdd({ ...add, role }), t`Role`)}</Field>
          <Button appearance="primary" onClick={() => void members.run(ADMIN.memberSet, { projectId, ...add }).then((r) => r && setAdd({ username: '', role: 'viewer' }))}>
            <Trans>Add member</Trans>
          </Button>
        </div>
      </AdminSection>
      <InvitationSections projectId={projectId} />

      {isAdmin ? <AllUsers /> : null}
    </div>
  );
});

/** Every user of the installation: create, reset a password, disable (installation administrators). */
const AllUsers = observer(function AllUsers() {
  const { t } = useLingui();
  const roleLabel = useRoleLabel();
  const users = useAdminList(ADMIN.userList, {});
  const [user, setUser] = useState({ username: '', displayName: '', password: '', wallScreen: false });
  const [reset, setReset] = useState<PasswordReset | null>(null);
  return (
    <>
      <CallError error={users.error} />
    <AdminSection title={t`Users`}>
      {reset ? (
        <div role="status" style={{ fontSize: 13 }}>
          <Trans>
            Temporary password of {reset.username}: <code data-testid="temporary-password">{reset.temporaryPassword}</code> (shown once; they choose their own at next login)
          </Trans>
        </div>
      ) : null}
      <DataTable
        label={t`Users`}
        head={[t`User`, t`Name`, t`Projects`, t`State`, '']}
        rows={(users.data ?? []).map((u) => ({
          key: u.username,
          cells: [
            u.username + (u.isAdmin ? ` · ${t`administrator`}` : '') + (u.wallScreen ? ` · ${t`wall screen`}` : ''),
            u.displayName,
            u.memberships.map((m) => `${m.projectId}: ${roleLabel(m.role)}`).join(', '),
            u.disabled ? t`Disabled` : u.mustChangePassword ? t`Must change password` : t`Active`,
            <span key="actions" style={{ display: 'inline-flex', gap: 8 }}>
              <Button size="small" onClick={() => void users.run(ADMIN.userResetPassword, { username: u.username }).then(setReset)}>
                <Trans>Reset password</Trans>
              </Button>
              <Button size="small" onClick={() => void users.run(ADMIN.userDisable, { username: u.username, disabled: !u.disabled })}>
                {u.disabled ? t`Enable` : t`Disable`}
              </Button>
            </span>,
          ],
        }))}
      />
      <div style={{ display: 'flex', gap: 12, alignItems: 'flex-end', flexWrap: 'wrap' }}>
        <Field label={t`User name`}>
          <Input value={user.username} onChange={(_, d) => setUser({ ...user, username: d.value })} />
        </Field>
        <Field label={t`Name`}>
          <Input value={user.displayName} onChange={(_, d) => setUser({ ...user, displayName: d.value })} />
        </Field>
        <Field label={t`First password`} hint={t`At least 10 characters, letters and digits`}>
          <Input type="password" value={user.password} onChange={(_, d) => setUser({ ...user, password: d.value })} />
        </Field>
        <Checkbox label={t`Wall screen account`} checked={user.wallScreen} onChange={(_, d) => setUser({ ...user, wallScreen: d.checked === true })} />
        <Button
          appearance="primary"
          onClick={() => void users.run(ADMIN.userAdd, user).then((r) => r && setUser({ username: '', displayName: '', password: '', wallScreen: false }))}
        >
          <Trans>Create user</Trans>
        </Button>
      </div>
    </AdminSection>
    </>
  );
});
