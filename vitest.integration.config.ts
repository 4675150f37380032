import { defineConfig } from 'vitest/config';

/**
 * Integration tests: the real server in process with the embedded MQTT broker, socket.io and PGlite
 * (also Mosquitto, Redis and PostgreSQL where a test says so), one file at a time. `integration` runs in
 * node; `integration-dom` runs the browser code's tests against a real server (tests/integration/src,
 * mirroring src/) under jsdom with the browser build's plugins (React, Lingui: vite.config.ts) and the
 * unit tests' setup. Colocated unit tests (vite.config.ts) start none of these, so that step stays fast.
 */
export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    fileParallelism: false,
    projects: [
      {
        extends: true,
        test: {
          name: 'integration',
          environment: 'node',
          include: ['tests/integration/**/*.test.ts'],
          exclude: ['tests/integration/src/**'],
        },
      },
      {
        extends: './vite.config.ts',
        test: {
          name: 'integration-dom',
          environment: 'jsdom',
          include: ['tests/integration/src/**/*.test.{ts,tsx}'],
          setupFiles: ['src/test/setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
