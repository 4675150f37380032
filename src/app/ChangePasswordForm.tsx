import { useState, type FormEvent } from 'react';
import { observer } from 'mobx-react-lite';
import { Button, Field, Input } from '@fluentui/react-components';
import { Trans, useLingui } from '@lingui/react/macro';
import { AUTH, PASSWORD_MIN_LENGTH, passwordProblem } from '../../protocol';
import { BusinessError } from '../api/request';
import { useStores } from '../stores';
import { SCREEN } from '../theme/theme';

/**
 * Shown instead of the app while the session user must choose a new password (after an administrator created
 * the account or reset its password; docs/api.md "Users and members"). The rules are checked here as the
 * server checks them (protocol/roles.ts passwordProblem), so the form says which rule a password breaks.
 */
export const ChangePasswordForm = observer(function ChangePasswordForm() {
  const { session, request } = useStores();
  const { t } = useLingui();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [again, setAgain] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const username = session.user?.username ?? '';

  const ruleText = (p: ReturnType<typeof passwordProblem>) =>
    p === 'length'
      ? t`At least ${PASSWORD_MIN_LENGTH} characters`
      : p === 'letterAndDigit'
        ? t`Use letters and digits`
        : p === 'username'
          ? t`Must not contain the user name`
          : null;

  async function handleSubmit(e: FormEvent) {
    e.preventDefault();
    const problem = ruleText(passwordProblem(next, username));
    if (problem) return setError(problem);
    if (next !== again) return setError(t`The two new passwords differ`);
    setBusy(true);
    try {
      await request(AUTH.passwordChange, { currentPassword: current, newPassword: next }, { skipErrorHandler: true });
      await session.check();
    } catch (err) {
      setError(err instanceof BusinessError ? err.errorMessage : String(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <main style={{ minHeight: '100vh', display: 'grid', placeItems: 'center', background: SCREEN.pageBackground, color: SCREEN.text }}>
      <form
        onSubmit={(e) => void handleSubmit(e)}
        style={{ width: 380, display: 'flex', flexDirection: 'column', gap: 16, padding: 32, background: SCREEN.panelBackground, border: `1px solid ${SCREEN.panelBorder}`, borderRadius: 8 }}
      >
        <h1 style={{ margin: 0, fontSize: 18 }}>
          <Trans>Choose a new password</Trans>
        </h1>
        <div style={{ color: SCREEN.textMuted, fontSize: 13 }}>
          <Trans>Your password was set by an administrator. Choose your own to continue: at least {PASSWORD_MIN_LENGTH} characters, letters and digits, not your user name.</Trans>
        </div>
        <Field label={t`Current password`} required>
          <Input type="password" value={current} autoComplete="current-password" onChange={(_, d) => setCurrent(d.value)} />
        </Field>
        <Field label={t`New password`} required>
          <Input type="password" value={next} autoComplete="new-password" onChange={(_, d) => setNext(d.value)} />
        </Field>
        <Field label={t`New password again`} required>
          <Input type="password" value={again} autoComplete="new-password" onChange={(_, d) => setAgain(d.value)} />
        </Field>
        {error ? (
          <div role="alert" style={{ color: '#ff7875' }}>
            {error}
          </div>
        ) : null}
        <div style={{ display: 'flex', gap: 8, justifyContent: 'flex-end' }}>
          <Button onClick={() => void session.logout()}>
            <Trans>Logout</Trans>
          </Button>
          <Button appearance="primary" type="submit" disabled={busy}>
            <Trans>Save password</Trans>
          </Button>
        </div>
      </form>
    </main>
  );
});
