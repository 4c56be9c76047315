/**
 * The e2e test fixture: every page a test opens is watched for console errors and uncaught page errors,
 * and the test fails if any appeared. Import `test` and `expect` from here, not from @playwright/test.
 */
import { test as base, expect } from '@playwright/test';

export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('console', (msg) => {
        if (msg.type() !== 'error') return;
        // An error page legitimately answers 4xx/5xx: Chromium logs the document's own status as a console error.
        // Tests assert that status themselves; a failed subresource or API call still counts.
        const url = msg.location().url;
        if (/^Failed to load resource: the server responded with a status of \d+/.test(msg.text()) && url === page.url()) return;
        errors.push(`${msg.text()} (${url})`);
      });
      page.on('pageerror', (err) => errors.push(`page error: ${err.message}`));
      await use(errors);
      expect(errors, 'console errors and page errors').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
