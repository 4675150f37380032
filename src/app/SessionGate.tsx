import { useEffect, type ReactNode } from 'react';
import { observer } from 'mobx-react-lite';
import { Spinner } from '@fluentui/react-components';
import { useStores } from '../stores';
import { ChangePasswordForm } from './ChangePasswordForm';
import { LoginForm } from './LoginForm';

/**
 * Renders `children` only for an authenticated session: a spinner while checking, the login form otherwise,
 * and the password form while the user must choose a new password.
 */
export const SessionGate = observer(function SessionGate({ children }: { children: ReactNode }) {
  const { session } = useStores();
  useEffect(() => {
    if (session.state === 'checking') void session.check();
  }, [session]);
  if (session.state === 'checking') {
    return (
      <div style={{ minHeight: '100vh', display: 'grid', placeItems: 'center' }}>
        <Spinner />
      </div>
    );
  }
  if (session.state !== 'authenticated') return <LoginForm />;
  // A reset or first password: nothing else until the user has chosen their own (the server refuses it too).
  return session.user?.mustChangePassword ? <ChangePasswordForm /> : <>{children}</>;
});
