import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BRIDGE_USER, DEMO_PROJECT, OTHER_PROJECT, seedIfEmpty } from '../../../../server/seed';
import { openDatabase, type OpenDatabase } from '../../../../server/storage';
import { MAX_SESSIONS_PER_USER, RECENT_USE_MS, SESSION_IDLE_MS, SESSION_MAX_AGE_MS, SessionCapReached, SessionStore, hashToken } from '../../../../server/http/sessions';

const HOUR = 3_600_000;

describe('SessionStore', () => {
  let database: OpenDatabase;
  let nowMs = 1_800_000_000_000;
  let store: SessionStore;

  beforeAll(async () => {
    database = await openDatabase({ dataDir: 'memory://', databaseUrl: null });
    await seedIfEmpty(database.db, { adminPassword: 'admin-test-pw', simulator: true, demoPassword: 'bridge-test-pw' }, { info: () => undefined });
    store = new SessionStore(database.db, () => nowMs);
  }, 60_000);
  afterAll(() => database.close());

  it('resolves a new session to the user with their projects, demo project current', async () => {
    const { token, user } = await store.create('admin', null);
    expect(user.isAdmin).toBe(true);
    expect(user.projectId).toBe(DEMO_PROJECT.projectId);
    expect(user.coId).toBe(DEMO_PROJECT.coId);
    expect(user.projects.map((p) => p.projectId)).toEqual([DEMO_PROJECT.projectId, OTHER_PROJECT.projectId]);
    expect(await store.resolve(token)).toEqual(user);
  });

  it('stores only the SHA-256 of the token', async () => {
    const { token } = await store.create(BRIDGE_USER.username, null);
    const rows = await database.db.selectFrom('sessions').select('token_hash').execute();
    expect(rows.some((r) => r.token_hash === token)).toBe(false);
    expect(rows.some((r) => r.token_hash === hashToken(token))).toBe(true);
  });

  it('ends a session after 12 h without use and deletes it', async () => {
    const { token } = await store.create('admin', null);
    nowMs += SESSION_IDLE_MS - 1;
    expect(await store.resolve(token)).not.toBeNull();
    nowMs += SESSION_IDLE_MS; // the use above slid the expiry by 12 h
    expect(await store.resolve(token)).toBeNull();
    const left = await database.db.selectFrom('sessions').select('token_hash').where('token_hash', '=', hashToken(token)).execute();
    expect(left).toEqual([]);
  });

  it('slides with use but never beyond 7 days after login', async () => {
    const { token } = await store.create('admin', null);
    const start = nowMs;
    while (nowMs + 10 * HOUR < start + SESSION_MAX_AGE_MS) {
      nowMs += 10 * HOUR;
      expect(await store.resolve(token)).not.toBeNull();
    }
    nowMs = start + SESSION_MAX_AGE_MS;
    expect(await store.resolve(token)).toBeNull();
  });

  it('reads the sb_session cookie out of a Cookie header and ignores garbage', async () => {
    const { token } = await store.create(BRIDGE_USER.username, null);
    expect((await store.fromCookieHeader(`theme=dark; sb_session=${token}; x=1`))?.username).toBe(BRIDGE_USER.username);
    expect(await store.fromCookieHeader(undefined)).toBeNull();
    expect(await store.fromCookieHeader('sb_session=not-a-token')).toBeNull();
    expect(await store.fromCookieHeader(';;;=%%%')).toBeNull();
  });

  it('logs out: a destroyed session no longer resolves', async () => {
    const { token } = await store.create('admin', null);
    await store.destroy(token);
    expect(await store.resolve(token)).toBeNull();
  });

  it('prunes expired sessions and keeps live ones', async () => {
    const { token: live } = await store.create('admin', null);
    await database.db
      .insertInto('sessions')
      .values({ token_hash: 'x'.repeat(64), username: 'admin', project_id: DEMO_PROJECT.projectId, created_at_ms: 0, expires_at_ms: nowMs - 1 })
      .execute();
    expect(await store.prune()).toBeGreaterThanOrEqual(1);
    const expired = await database.db.selectFrom('sessions').select('token_hash').where('expires_at_ms', '<=', nowMs).execute();
    expect(expired).toEqual([]);
    expect(await store.resolve(live)).not.toBeNull();
  });

  it(`at ${MAX_SESSIONS_PER_USER} sessions, a login ends the least recently USED one, not the oldest one in use`, async () => {
    await database.db.deleteFrom('sessions').where('username', '=', BRIDGE_USER.username).execute();
    const tokens: string[] = [];
    for (let i = 0; i < MAX_SESSIONS_PER_USER; i++) {
      nowMs += 1;
      tokens.push((await store.create(BRIDGE_USER.username, null)).token);
    }
    nowMs += RECENT_USE_MS + 60_000;
    // the wall screen of the first login is still in use
    expect(await store.resolve(tokens[0])).not.toBeNull();
    const { evicted } = await store.create(BRIDGE_USER.username, null);
    expect(evicted).toBe(1);
    const count = await database.db.selectFrom('sessions').select('token_hash').where('username', '=', BRIDGE_USER.username).execute();
    expect(count).toHaveLength(MAX_SESSIONS_PER_USER);
    expect(await store.resolve(tokens[0])).not.toBeNull();
    expect(await store.resolve(tokens[1])).toBeNull();
  });

  it('refuses a login rather than end a session used in the last minutes', async () => {
    await database.db.deleteFrom('sessions').where('username', '=', BRIDGE_USER.username).execute();
    const tokens: string[] = [];
    for (let i = 0; i < MAX_SESSIONS_PER_USER; i++) tokens.push((await store.create(BRIDGE_USER.username, null)).token);
    await expect(store.create(BRIDGE_USER.username, null)).rejects.toBeInstanceOf(SessionCapReached);
    for (const t of tokens) expect(await store.resolve(t)).not.toBeNull();
    await database.db.deleteFrom('sessions').where('username', '=', BRIDGE_USER.username).execute();
  });

  it('bridge user sees only the bridge project', async () => {
    const { user } = await store.create(BRIDGE_USER.username, DEMO_PROJECT.projectId);
    expect(user.projectId).toBe(OTHER_PROJECT.projectId);
    expect(user.projects.map((p) => p.projectId)).toEqual([OTHER_PROJECT.projectId]);
  });
});
