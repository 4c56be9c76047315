/**
 * On a phone (viewport <= 720 px) the stats pages fold the side, the metric set, the unit size, the filter bar, the
 * pills and the percentile legend behind the compact "Metrics and filters" bar (src/islands/PhoneControls.tsx). A
 * user taps it first; so does a test, e.g. `if (size.name === 'phone') await openPhoneControls(page);` before it
 * clicks the Lineup group. Applying the filters, or reloading the page, folds them again.
 */
import type { Page } from '@playwright/test';
import { expect } from './fixtures';

export async function openPhoneControls(page: Page): Promise<void> {
  const bar = page.getByRole('button', { name: /Metrics and filters/ });
  await expect(bar).toBeVisible({ timeout: 30_000 });
  if ((await bar.getAttribute('aria-expanded')) !== 'true') await bar.click();
  await expect(bar).toHaveAttribute('aria-expanded', 'true');
}
