import type { Role } from '../../protocol';
import { startServer, type RunningServer } from '../../server/app';
import { loadConfig } from '../../server/config';
import { hashPassword } from '../../server/http/passwords';
import { BRIDGE_USER, seedDemoUsers } from '../../server/seed';
import { ApiClient } from './apiClient';

/** Failed logins of one user name after which the server answers RATE_LIMITED (server/http/loginThrottle). */
export { MAX_FAILURES as MAX_LOGIN_FAILURES } from '../../server/http/loginThrottle';

/** Admin password the test servers are started with. */
export const TEST_ADMIN_PASSWORD = 'admin-test-pw';
/** Password of the demo user (BRIDGE_USER) on test servers: set by {@link startTestServer}, never a product default. */
export const TEST_DEMO_PASSWORD = 'bridge-test-pw';

/**
 * Starts the real server in process on free ports (HTTP and embedded MQTT), in-memory PGlite, no
 * simulator, REST rate limits off (tests of the limits turn them on), every alarm repeat written at once
 * (ALARM_REPEAT_PUSH_MS 0), unless `env` says otherwise. The
 * demo user BRIDGE_USER is created with {@link TEST_DEMO_PASSWORD} (or env DEMO_PASSWORD), although the
 * product creates demo users only with the simulator. `opts` go to startServer (a hook the test listens
 * on). Close it with `server.close()`.
 */
export async function startTestServer(env: Record<string, string> = {}, opts: Parameters<typeof startServer>[1] = {}): Promise<RunningServer> {
  const server = await startServer(
    loadConfig({
      PORT: '0',
      HOST: '127.0.0.1',
      MQTT_PORT: '0',
      DATA_DIR: 'memory://',
      SIMULATOR: 'off',
      ADMIN_PASSWORD: TEST_ADMIN_PASSWORD,
      RATE_LIMIT_AUTH_PER_MINUTE: '0',
      RATE_LIMIT_API_PER_MINUTE: '0',
      // The tests read the demo's English names (server/seed/demoNames.ts); the product default is zh-CN.
      SEED_LOCALE: 'en',
      // Every alarm change written before its PUBACK, so a test reads a repeat right after publishing it; the
      // repeat rate bound (default 1000 ms) is tested where it is the subject (tests/integration/faults/alarmFlood).
      ALARM_REPEAT_PUSH_MS: '0',
      // No camera recorded (an ffmpeg per demo camera around the clock); tests/integration/videoRecording records.
      VIDEO_RECORD: 'off',
      ...env,
    }),
    opts,
  );
  try {
    await seedDemoUsers(server.db, env.DEMO_PASSWORD ?? TEST_DEMO_PASSWORD);
  } catch (err) {
    await server.close();
    throw err;
  }
  return server;
}

/** A new client of the server at `baseUrl` with a session of `username` (default the seeded admin). @throws when refused. */
export async function loggedInClient(baseUrl: string, username = 'admin', password = TEST_ADMIN_PASSWORD): Promise<ApiClient> {
  const client = new ApiClient(baseUrl);
  await client.login(username, password);
  return client;
}

/**
 * Adds user `username` (password `{username}-pw`, not an installation administrator) as a member of
 * `projectId` in `role`, and answers a client logged in as them: a test's viewer, officer or manager.
 */
export async function memberClient(server: RunningServer, projectId: string, username: string, role: Role): Promise<ApiClient> {
  const password = `${username}-pw`;
  await server.db.insertInto('users').values({ username, display_name: username, password_hash: await hashPassword(password), is_admin: false, created_at_ms: Date.now() }).execute();
  await server.db.insertInto('memberships').values({ username, project_id: projectId, mid: `${username}@${projectId}`, role }).execute();
  return loggedInClient(server.url, username, password);
}

/**
 * {@link startTestServer} plus the two seeded users logged in: `admin` (member of both demo projects) and
 * `bridge` (server/seed BRIDGE_USER, member of demo-bridge only). Close with `server.close()`.
 */
export async function startServerWithUsers(env: Record<string, string> = {}): Promise<{ server: RunningServer; admin: ApiClient; bridge: ApiClient }> {
  const server = await startTestServer(env);
  try {
    const [admin, bridge] = await Promise.all([loggedInClient(server.url), loggedInClient(server.url, BRIDGE_USER.username, env.DEMO_PASSWORD ?? TEST_DEMO_PASSWORD)]);
    return { server, admin, bridge };
  } catch (err) {
    await server.close();
    throw err;
  }
}
