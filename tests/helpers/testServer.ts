import { startServer, type RunningServer } from '../../server/app';
import { loadConfig } from '../../server/config';

/** Admin password the test servers are started with. */
export const TEST_ADMIN_PASSWORD = 'admin-test-pw';

/**
 * Starts the real server in process on free ports (HTTP and embedded MQTT), in-memory PGlite, no
 * simulator, unless `env` says otherwise. Close it with `server.close()`.
 */
export function startTestServer(env: Record<string, string> = {}): Promise<RunningServer> {
  return startServer(
    loadConfig({
      PORT: '0',
      HOST: '127.0.0.1',
      MQTT_PORT: '0',
      DATA_DIR: 'memory://',
      SIMULATOR: 'off',
      ADMIN_PASSWORD: TEST_ADMIN_PASSWORD,
      ...env,
    }),
  );
}
