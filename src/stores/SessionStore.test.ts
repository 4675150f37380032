import { describe, expect, it } from 'vitest';
import { fail, ROUTES, type SessionUser } from '../../protocol';
import { fakeApi } from '../test/fakeApi';
import { subjectFeeds } from '../test/fakeFeeds';
import { RootStore } from './RootStore';

const USER: SessionUser = {
  username: 'admin',
  displayName: 'Administrator',
  isAdmin: true,
  projectId: 'demo-tunnel',
  coId: 'co-demo',
  coName: 'Demo Tunnel Construction Group',
  coLogo: '',
  mid: 'm1',
  projects: [{ projectId: 'demo-tunnel', name: 'Yunling Twin-Bore Tunnel', coId: 'co-demo' }],
};

function server() {
  let loggedIn = false;
  return fakeApi({
    [ROUTES.me]: () => (loggedIn ? USER : fail('UNAUTHENTICATED', 'not logged in')),
    [ROUTES.login]: (b) => {
      if (b.password !== 'secret') return fail('INVALID_CREDENTIALS', 'Invalid user name or password');
      loggedIn = true;
      return { ok: true };
    },
    [ROUTES.logout]: () => {
      loggedIn = false;
      return null;
    },
    [ROUTES.deviceList]: () => (loggedIn ? [] : fail('UNAUTHENTICATED', 'session expired')),
  });
}

describe('SessionStore', () => {
  it('goes from checking to the login form, then to authenticated', async () => {
    const root = new RootStore({ fetch: server().fetch, createFeeds: subjectFeeds().factory });
    expect(root.session.state).toBe('checking');
    await root.session.check();
    expect(root.session.state).toBe('anonymous');
    expect(root.session.error).toBeNull();

    await root.session.login('admin', 'wrong');
    expect(root.session.state).toBe('anonymous');
    expect(root.session.error).toBe('Invalid user name or password');

    await root.session.login('admin', 'secret');
    expect(root.session.state).toBe('authenticated');
    expect(root.session.projectId).toBe('demo-tunnel');
  });

  it('returns to the login form when a call says the session is gone', async () => {
    const api = server();
    const root = new RootStore({ fetch: api.fetch, createFeeds: subjectFeeds().factory });
    await root.session.login('admin', 'secret');
    await root.session.logout();
    expect(root.session.state).toBe('anonymous');
    await root.session.login('admin', 'secret');
    await api.fetch('/zhgd/auth/logout', { method: 'POST', body: '{}' }); // expired on the server side
    await expect(root.devices.load('demo-tunnel')).rejects.toMatchObject({ errorCode: 'UNAUTHENTICATED' });
    expect(root.session.state).toBe('anonymous');
    expect(root.notices.queue).toHaveLength(0);
  });
});
