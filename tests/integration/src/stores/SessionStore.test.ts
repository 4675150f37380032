import { describe, expect, it } from 'vitest';
import { subjectFeeds } from '../../../../src/test/fakeFeeds';
import { TEST_ADMIN_PASSWORD, useRealServer } from '../../../../src/test/realServer';
import { RootStore } from '../../../../src/stores/RootStore';

const real = useRealServer();

describe('SessionStore', () => {
  it('goes from checking to the login form, then to authenticated', async () => {
    const root = new RootStore({ fetch: real().client().fetch, createFeeds: subjectFeeds().factory });
    expect(root.session.state).toBe('checking');
    await root.session.check();
    expect(root.session.state).toBe('anonymous');
    expect(root.session.error).toBeNull();

    await root.session.login('admin', 'wrong');
    expect(root.session.state).toBe('anonymous');
    expect(root.session.error).toBe('Invalid username or password');

    await root.session.login('admin', TEST_ADMIN_PASSWORD);
    expect(root.session.state).toBe('authenticated');
    expect(root.session.projectId).toBe('demo-tunnel');
  });

  it('returns to the login form when a call says the session is gone', async () => {
    const client = real().client();
    const root = new RootStore({ fetch: client.fetch, createFeeds: subjectFeeds().factory });
    await root.session.login('admin', TEST_ADMIN_PASSWORD);
    await root.session.logout();
    expect(root.session.state).toBe('anonymous');
    await root.session.login('admin', TEST_ADMIN_PASSWORD);
    await client.expireSession(); // ended on the server side; the browser still holds the cookie
    await expect(root.devices.load('demo-tunnel')).rejects.toMatchObject({ errorCode: 'UNAUTHENTICATED' });
    expect(root.session.state).toBe('anonymous');
    expect(root.notices.queue).toHaveLength(0);
  });
});
