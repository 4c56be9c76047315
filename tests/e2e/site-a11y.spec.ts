/**
 * Accessibility of the site's own pages (axe-core, WCAG 2 A/AA rules) in the real browser: marketing pages,
 * an article, the guides, the teams table, the game finder and the 404 page. Stats tables drawn by the islands
 * are checked by their own suite.
 */
import AxeBuilder from '@axe-core/playwright';
import { test, expect } from './fixtures';

// The teams table has ~500 cells: axe takes a while on this shared machine.
test.describe.configure({ timeout: 90_000 });

// One page of each layout: home, an article, a card index, the teams table, the game finder.
const PAGES = ['/', '/articles/four-factors', '/stats/guides', '/stats/teams', '/stats/games?season=2022&type=playoffs&team=DEN'];

for (const path of PAGES) {
  test(`no WCAG A/AA violations on ${path}`, async ({ page }) => {
    await page.goto(path);
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    const summary = results.violations.map(
      (v) =>
        `${v.id}: ${v.help} (${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(', ')})`,
    );
    expect(summary).toEqual([]);
  });
}

test('no WCAG A/AA violations on the 404 page', async ({ page }) => {
  await page.goto('/no-such-page');
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(results.violations.map((v) => v.id)).toEqual([]);
});

// The account and billing pages: forms a visitor fills in, anonymous and signed in (the account page's many forms).
for (const path of ['/signup', '/signin', '/forgot', '/reset?token=bogus', '/pricing', '/purchase_confirmation']) {
  test(`no WCAG A/AA violations on ${path}`, async ({ page }) => {
    await page.goto(path);
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    expect(
      results.violations.map(
        (v) =>
          `${v.id}: ${v.help} (${v.nodes
            .map((n) => n.target.join(' '))
            .slice(0, 3)
            .join(', ')})`,
      ),
    ).toEqual([]);
  });
}

test('no WCAG A/AA violations on the account page, its forms answered with an error', async ({ page }) => {
  await page.goto('/signin?callbackUrl=%2Fprofile');
  await page.getByLabel('Email').fill('member@example.com');
  await page.getByLabel('Password').fill('demo-member-2023');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  const form = page.locator('form[data-form="password"]');
  await form.getByLabel('Current password').fill('not the password');
  await form.getByLabel('New password').fill('a long new passphrase');
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(page.locator('#password').getByRole('alert')).toBeVisible();
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(
    results.violations.map(
      (v) =>
        `${v.id}: ${v.help} (${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(', ')})`,
    ),
  ).toEqual([]);
});
