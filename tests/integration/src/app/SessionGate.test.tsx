import { afterEach, describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ADMIN, AUTH, DEVICES } from '../../../../protocol';
import { activateLocale } from '../../../../src/i18n/i18n';
import { appRoot, signInThroughForm } from '../../../../src/test/render';
import { CallError, MAX_LOGIN_FAILURES, TEST_ADMIN_PASSWORD, useRealServer } from '../../../../src/test/realServer';
import { App } from '../../../../src/app/App';

const WAIT = { timeout: 5000 };
const real = useRealServer();
/** The seeded demo board (server/seed/demoBoard.ts), listed in the builder. */
const SEEDED_BOARD = 'Tunnel live board';

describe('session in the shell (docs/product.md "Shell and session")', () => {
  afterEach(() => {
    window.location.hash = '';
  });

  it('an expired session mid-use goes to login and, after login, back to the same route and query', { timeout: 20_000 }, async () => {
    await activateLocale('en');
    window.location.hash = '#/dataV/create?keep=me';
    const api = real().client();
    const root = appRoot(api.fetch);
    render(<App root={root} />);
    await signInThroughForm('admin', TEST_ADMIN_PASSWORD, WAIT.timeout);
    await screen.findByRole('option', { name: SEEDED_BOARD }, WAIT);

    await api.expireSession(); // the server forgot the session (expired, restarted)
    await act(async () => {
      await root.request(DEVICES.deviceList, { projectId: 'demo-tunnel' }).catch(() => {});
    });
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeTruthy();
    expect(window.location.hash).toBe('#/dataV/create?keep=me');

    await signInThroughForm('admin', TEST_ADMIN_PASSWORD, WAIT.timeout);
    await screen.findByRole('option', { name: SEEDED_BOARD }, WAIT);
    expect(window.location.hash).toBe('#/dataV/create?keep=me');
  });

  it('a user whose password was set by an administrator chooses their own before anything else', { timeout: 20_000 }, async () => {
    await activateLocale('en');
    window.location.hash = '#/dataV/create';
    const admin = real().client();
    await admin.login('admin', TEST_ADMIN_PASSWORD);
    await admin.call(ADMIN.userAdd.path, { username: 'newcomer', displayName: 'New', password: 'first-pass-2026' });
    await admin.call(ADMIN.memberSet.path, { projectId: 'demo-tunnel', username: 'newcomer', role: 'projectManager' });
    const root = appRoot(real().client().fetch);
    render(<App root={root} />);
    await signInThroughForm('newcomer', 'first-pass-2026', WAIT.timeout);
    await screen.findByRole('heading', { name: 'Choose a new password' }, WAIT);
    expect(screen.queryByRole('option', { name: SEEDED_BOARD })).toBeNull();
    fireEvent.change(screen.getByLabelText(/Current password/), { target: { value: 'first-pass-2026' } });
    fireEvent.change(screen.getByLabelText(/^New password\s*\*?$/), { target: { value: 'short' } });
    fireEvent.change(screen.getByLabelText(/New password again/), { target: { value: 'short' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save password' }));
    expect((await screen.findByRole('alert')).textContent).toBe('At least 10 characters');
    fireEvent.change(screen.getByLabelText(/^New password\s*\*?$/), { target: { value: 'my-own-pass-7' } });
    fireEvent.change(screen.getByLabelText(/New password again/), { target: { value: 'my-own-pass-7' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save password' }));
    await screen.findByRole('option', { name: SEEDED_BOARD }, WAIT);
  });

  it('Logout in the header ends the session and shows the login form', async () => {
    await activateLocale('en');
    window.location.hash = '#/dataV/create';
    const api = real().client();
    const root = appRoot(api.fetch);
    render(<App root={root} />);
    await signInThroughForm('admin', TEST_ADMIN_PASSWORD, WAIT.timeout);
    const logoutButton = await screen.findByRole('button', { name: 'Logout' }, WAIT);
    const session = api.cookie;
    fireEvent.click(logoutButton);
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeTruthy();
    // the server no longer knows the session, not just the browser
    await expect(real().client(session).call(AUTH.me.path)).rejects.toMatchObject({ errorCode: 'UNAUTHENTICATED' });
  });

  it('shows the server message of a rate-limited login', async () => {
    await activateLocale('en');
    // the server's throttle after MAX_LOGIN_FAILURES wrong passwords for one user name
    const name = 'locked-out';
    for (let i = 0; i < MAX_LOGIN_FAILURES; i++) await expect(real().client().login(name, 'wrong')).rejects.toBeInstanceOf(CallError);
    const root = appRoot(real().client().fetch);
    render(<App root={root} />);
    await signInThroughForm(name, 'wrong', WAIT.timeout);
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Too many failed logins, please try again later'), WAIT);
  });
});
