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
        // A 404 page legitimately answers 404: Chromium logs the document's own status as a console error.
        const url = msg.location().url;
        if (/Failed to load resource: the server responded with a status of 404/.test(msg.text()) && url === page.url()) return;
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
