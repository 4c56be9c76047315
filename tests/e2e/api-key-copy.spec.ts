/**
 * The Copy button of a new API key on the account page (src/lib/accounts/copyKey.ts). With the clipboard allowed, the key
 * lands in the clipboard (read back), the button reads "Copied" and the line under it says so. With the clipboard
 * refused and the copy command failing (both stubbed before the page's scripts run), the key is selected whole in
 * its box and the line says how to copy it by hand. Desktop 1366x900 and phone 390x844; without JavaScript no
 * button is shown.
 */
import type { Page } from '@playwright/test';
import { seedDemoAccounts } from './accountsHelpers';
import { expect, test } from './fixtures';

test.describe.configure({ timeout: 90_000, mode: 'serial' });
test.beforeAll(() => seedDemoAccounts());

/** Makes a key on /profile and returns it (the box's value). */
async function makeKey(page: Page, name: string): Promise<string> {
  const section = page.getByTestId('api-keys');
  await section.getByLabel('Name of a new key').fill(name);
  await section.getByRole('button', { name: 'Make a key' }).click();
  await expect(page).toHaveURL(/\/profile#api-keys$/);
  const key = await page.getByTestId('new-key').inputValue();
  expect(key).toMatch(/^cv_live_/);
  return key;
}

/** Revokes every key of the account (the demo subscriber may hold only a few live ones). */
async function revokeAll(page: Page): Promise<void> {
  await page.goto('/profile#api-keys');
  const section = page.getByTestId('api-keys');
  const revoke = section.getByRole('button', { name: /^Revoke/ });
  for (let live = await revoke.count(); live > 0; live -= 1) {
    await revoke.first().click();
    await expect(revoke).toHaveCount(live - 1);
  }
}

for (const size of [
  { name: 'desktop', width: 1366, height: 900 },
  { name: 'phone', width: 390, height: 844 },
]) {
  test(`${size.name}: Copy puts the key in the clipboard and says so`, async ({ page, context, signedInAs }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.setViewportSize({ width: size.width, height: size.height });
    await signedInAs('subscriber');
    await revokeAll(page);
    const key = await makeKey(page, `copy ${size.name}`);
    const copy = page.getByTestId('copy-key');
    await expect(copy).toBeVisible();
    await expect(copy).toHaveText('Copy');
    // The button sits beside the key, inside the page's width.
    const box = (await copy.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(size.width);
    await copy.click();
    await expect(copy).toHaveText('Copied');
    await expect(page.getByTestId('copy-status')).toHaveText('Copied to the clipboard.');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
    // "Copied" goes back to "Copy" after a while; the line stays.
    await expect(copy).toHaveText('Copy', { timeout: 8000 });
  });
}

test('the clipboard refused: the key is selected and the page says how to copy it', async ({ page, signedInAs }) => {
  await page.addInitScript(() => {
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: { writeText: () => Promise.reject(new DOMException('Write permission denied.', 'NotAllowedError')) },
    });
    document.execCommand = () => false;
  });
  await page.setViewportSize({ width: 390, height: 844 });
  await signedInAs('subscriber');
  await revokeAll(page);
  const key = await makeKey(page, 'copy refused');
  await page.getByTestId('copy-key').click();
  await expect(page.getByTestId('copy-status')).toHaveText(/did not allow copying: the key is selected, press Ctrl\+C/);
  await expect(page.getByTestId('copy-key')).toHaveText('Copy');
  const selection = await page.getByTestId('new-key').evaluate((el: HTMLInputElement) => ({
    focused: document.activeElement === el,
    text: el.value.slice(el.selectionStart ?? 0, el.selectionEnd ?? 0),
  }));
  expect(selection).toEqual({ focused: true, text: key });
});

test('without JavaScript: no Copy button, the key in its box', async ({ browser, baseURL, signedInAs }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
  await signedInAs('subscriber', context);
  const page = await context.newPage();
  await revokeAll(page);
  await expect(page).toHaveURL(/\/profile/);
  await makeKey(page, 'no script');
  await expect(page.getByTestId('copy-key')).toBeHidden();
  await revokeAll(page);
  await context.close();
});
