import { defineConfig } from 'vitest/config';

/** Integration tests: the real server in process with the embedded MQTT broker and socket.io. */
export default defineConfig({
  test: {
    name: 'integration',
    environment: 'node',
    include: ['tests/integration/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    fileParallelism: false,
  },
});
