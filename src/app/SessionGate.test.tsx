import { afterEach, describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { fail, ROUTES, type SessionUser } from '../../protocol';
import { createInProcessTelemetry } from '../../workers/telemetry/Telemetry';
import { activateLocale } from '../i18n/i18n';
import { RootStore } from '../stores';
import { fakeApi } from '../test/fakeApi';
import { subjectFeeds } from '../test/fakeFeeds';
import { App } from './App';

const WAIT = { timeout: 5000 };
const USER: SessionUser = {
  username: 'admin', displayName: 'Admin', isAdmin: true, projectId: 'p1', coId: 'c', coName: 'C', coLogo: '', mid: 'm',
  projects: [{ projectId: 'p1', name: 'Project One', coId: 'c' }],
};

function server() {
  const state = { loggedIn: false, failNextLoginWith: null as null | ReturnType<typeof fail> };
  const guard = (data: () => unknown) => () => (state.loggedIn ? data() : fail('UNAUTHENTICATED', 'Please log in'));
  const api = fakeApi({
    [ROUTES.me]: guard(() => USER),
    [ROUTES.login]: () => {
      if (state.failNextLoginWith) return state.failNextLoginWith;
      state.loggedIn = true;
      return USER;
    },
    [ROUTES.logout]: () => {
      state.loggedIn = false;
      return null;
    },
    [ROUTES.boardList]: guard(() => ({ result: '0', board: [{ boardId: 'b1', name: 'Board one', version: 1 }] })),
    [ROUTES.deviceList]: guard(() => []),
  });
  return { api, state };
}

async function signIn() {
  fireEvent.change(await screen.findByLabelText(/User name/, {}, WAIT), { target: { value: 'admin' } });
  fireEvent.change(screen.getByLabelText(/Password/), { target: { value: 'pw' } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('session in the shell (SPEC §1)', () => {
  afterEach(() => {
    window.location.hash = '';
  });

  it('an expired session mid-use goes to login and, after login, back to the same route and query', { timeout: 20_000 }, async () => {
    await activateLocale('en');
    window.location.hash = '#/dataV/create?keep=me';
    const { api, state } = server();
    const root = new RootStore({ fetch: api.fetch, createFeeds: subjectFeeds().factory, createTelemetry: createInProcessTelemetry });
    render(<App root={root} />);
    await signIn();
    await screen.findByRole('option', { name: 'Board one' }, WAIT);

    state.loggedIn = false; // the server forgot the session (expired, restarted)
    await act(async () => {
      await root.request(ROUTES.deviceList, { projectId: 'p1' }).catch(() => {});
    });
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeTruthy();
    expect(window.location.hash).toBe('#/dataV/create?keep=me');

    await signIn();
    await screen.findByRole('option', { name: 'Board one' }, WAIT);
    expect(window.location.hash).toBe('#/dataV/create?keep=me');
  });

  it('Logout in the header ends the session and shows the login form', async () => {
    await activateLocale('en');
    window.location.hash = '#/dataV/create';
    const { api, state } = server();
    const root = new RootStore({ fetch: api.fetch, createFeeds: subjectFeeds().factory, createTelemetry: createInProcessTelemetry });
    render(<App root={root} />);
    await signIn();
    fireEvent.click(await screen.findByRole('button', { name: 'Logout' }, WAIT));
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeTruthy();
    expect(state.loggedIn).toBe(false);
  });

  it('shows the server message of a rate-limited login', async () => {
    await activateLocale('en');
    const { api, state } = server();
    state.failNextLoginWith = fail('RATE_LIMITED', 'Too many failed logins, please try again later');
    const root = new RootStore({ fetch: api.fetch, createFeeds: subjectFeeds().factory, createTelemetry: createInProcessTelemetry });
    render(<App root={root} />);
    await signIn();
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Too many failed logins, please try again later'), WAIT);
  });
});
