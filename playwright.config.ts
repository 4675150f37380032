import { defineConfig } from '@playwright/test';

/**
 * End-to-end tests in Debian's Chromium against the built app served by the real server
 * (tests/e2e/global-setup.ts starts it on a temporary data dir and free ports).
 */
export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 60_000,
  // what a user would wait for something to show on a loaded wall-screen PC: the 5 s default fell short for
  // a board's first lazy panels when the machine ran at a load of 10 on 2 cores; timing claims ("within 2 s")
  // set their own timeouts
  expect: { timeout: 10_000 },
  workers: 1,
  reporter: [['list']],
  outputDir: 'test-results',
  globalSetup: './tests/e2e/global-setup.ts',
  use: {
    baseURL: process.env.E2E_BASE_URL ?? 'http://127.0.0.1:18080',
    viewport: { width: 1920, height: 1080 },
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
});
