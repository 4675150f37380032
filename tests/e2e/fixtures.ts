import { test as base } from '@playwright/test';

/**
 * Playwright's `test` with one automatic step: after each test the page's session is logged out, so a
 * full e2e run (about 60 logins as `admin`) never reaches the server's cap of sessions per user, which
 * keeps sessions used within the last minutes (server/http/sessions.ts MAX_SESSIONS_PER_USER).
 */
export const test = base.extend<{ logOutAfter: void }>({
  logOutAfter: [
    async ({ page }, use) => {
      await use();
      // The context may already be closed by the test; a session left behind then is the test's own.
      await page.request.post('/zhgd/auth/logout').catch(() => undefined);
    },
    { auto: true },
  ],
});

export { expect } from '@playwright/test';
