import { useEffect, type ReactNode } from 'react';
import { observer } from 'mobx-react-lite';
import { Spinner } from '@fluentui/react-components';
import { useStores } from '../stores';
import { LoginForm } from './LoginForm';

/** Renders `children` only for an authenticated session: a spinner while checking, the login form otherwise. */
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
  return session.state === 'authenticated' ? <>{children}</> : <LoginForm />;
});
