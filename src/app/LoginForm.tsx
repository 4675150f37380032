import { useState, type FormEvent } from 'react';
import { observer } from 'mobx-react-lite';
import { Button, Field, Input } from '@fluentui/react-components';
import { Trans, useLingui } from '@lingui/react/macro';
import { useStores } from '../stores';
import { GENERIC_ERROR_MESSAGE } from '../api/request';
import { SCREEN } from '../theme/theme';
import { LocaleSwitch } from './LocaleSwitch';

/** The product's name, as on the login page, the tab title and the app manifest (vite.config.ts). */
export const PRODUCT_NAME = 'SiteBoard';

/** The login form shown until the session is authenticated (docs/product.md "Shell and session": rendering is blocked until login), under the product's name and logo (public/icon.svg). */
export const LoginForm = observer(function LoginForm() {
  const { session } = useStores();
  const { t } = useLingui();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [missing, setMissing] = useState(false);

  function handleSubmit(e: FormEvent) {
    e.preventDefault();
    const empty = !username.trim() || !password;
    setMissing(empty);
    if (!empty) void session.login(username, password);
  }

  // The server's texts (server/http/errors.ts) are English; show them in the UI language when known.
  const known: Record<string, string> = {
    [GENERIC_ERROR_MESSAGE]: t`Request error, please retry.`,
    'Invalid username or password': t`Invalid username or password`,
    'Invalid verification code': t`Invalid verification code`,
    'Too many failed logins, please try again later': t`Too many failed logins, please try again later`,
    'Please enter your user name and password': t`Please enter your user name and password`,
  };
  const serverError = session.error ? (known[session.error] ?? session.error) : null;
  return (
    <main style={{ minHeight: '100vh', display: 'grid', placeItems: 'center', background: SCREEN.pageBackground }}>
      <form
        onSubmit={handleSubmit}
        style={{ width: 360, display: 'flex', flexDirection: 'column', gap: 16, padding: 32, background: SCREEN.panelBackground, border: `1px solid ${SCREEN.panelBorder}`, borderRadius: 8 }}
      >
        <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center' }}>
          <div data-testid="product" style={{ display: 'flex', alignItems: 'center', gap: 10 }}>
            <img src={`${import.meta.env.BASE_URL}icon.svg`} alt="" width={40} height={40} />
            <div>
              <div style={{ fontSize: 20, fontWeight: 700, letterSpacing: 0.3 }}>{PRODUCT_NAME}</div>
              <div style={{ fontSize: 12, color: SCREEN.textMuted }}>
                <Trans>Construction site dashboards</Trans>
              </div>
            </div>
          </div>
          <LocaleSwitch />
        </div>
        <h1 style={{ margin: 0, fontSize: 18 }}>
          <Trans>Sign in</Trans>
        </h1>
        <Field label={t`User name`} required validationMessage={missing && !username.trim() ? t`Please enter your user name` : undefined}>
          <Input value={username} autoComplete="username" onChange={(_, d) => setUsername(d.value)} />
        </Field>
        <Field label={t`Password`} required validationMessage={missing && !password ? t`Please enter your password` : undefined}>
          <Input type="password" value={password} autoComplete="current-password" onChange={(_, d) => setPassword(d.value)} />
        </Field>
        {serverError ? (
          <div role="alert" style={{ color: '#ff7875' }}>
            {serverError}
          </div>
        ) : null}
        <Button appearance="primary" type="submit" disabled={session.busy}>
          <Trans>Sign in</Trans>
        </Button>
      </form>
    </main>
  );
});
