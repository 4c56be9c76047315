/**
 * The stats client for a signed-in subscriber: gated filters restored from the URL, unlocked, applied and sent;
 * the searchable lineup player picker; the time-into-game slider shown as period and clock.
 */
import type { Page, Request } from '@playwright/test';
import { DEMO, seedDemoAccounts, submitSignIn } from './accountsHelpers';
import { expect, statsAppReady, test } from './fixtures';

// Stats pages compute on demand and this machine is shared: give each test room (a slow run is not a failure).
test.describe.configure({ timeout: 90_000 });

test.beforeAll(() => seedDemoAccounts());

const isData = (r: Request) => new URL(r.url()).pathname === '/api/data';

async function dataRequestsOf(page: Page): Promise<Request[]> {
  const requests: Request[] = [];
  page.on('request', (r) => {
    if (isData(r)) requests.push(r);
  });
  return requests;
}

test('gated filters in the URL are restored once the user is known, shown as pills and sent', async ({ page, signedInAs }) => {
  test.setTimeout(90_000);
  await signedInAs('subscriber');
  const requests = await dataRequestsOf(page);
  await page.goto('/stats/players?location=home&period=4');
  // A possession-level filter nobody asked for yet is computed on demand: allow the server its time.
  await statsAppReady(page, 60_000);
  expect(requests).toHaveLength(1);
  const sent = new URL(requests[0]!.url()).searchParams;
  expect(sent.getAll('location')).toEqual(['home']);
  expect(sent.getAll('period')).toEqual(['4']);
  await expect(page.locator('.sa-pill[data-filter="Location"]')).toContainText('Home');
  await expect(page.locator('.sa-pill[data-filter="Period"]')).toContainText('Q4');
  await page.locator('[data-group="Game"]').click();
  await expect(page.locator('.sa-popover')).not.toContainText('Needs the Stats plan');
  await expect(page.locator('.sa-popover [data-filter="Location"] button', { hasText: 'Home' })).toHaveAttribute('aria-pressed', 'true');
});

test('a lineup player picked by name filters the table to possessions with him on the court', async ({ page, signedInAs }) => {
  test.setTimeout(90_000);
  await signedInAs('subscriber');
  const requests = await dataRequestsOf(page);
  await page.goto('/stats/lineups');
  await statsAppReady(page, 20_000);
  await page.locator('[data-group="Lineup"]').click();
  const onCourt = page.locator('.sa-popover [data-filter="OnCourt"]');
  await onCourt.getByRole('combobox').fill('lebron');
  await onCourt.getByRole('option', { name: 'LeBron James' }).click();
  await expect(onCourt.locator('.sa-chosen')).toContainText('LeBron James');
  await page.keyboard.press('Escape');
  const next = page.waitForRequest((r) => isData(r) && new URL(r.url()).searchParams.get('on_court') === '2544');
  await page.getByRole('button', { name: 'Apply' }).click();
  await next;
  await expect(page).toHaveURL(/onCourt=2544/);
  // Lineup filters never show a pill.
  await expect(page.locator('.sa-pill[data-filter="OnCourt"]')).toHaveCount(0);
  // Every lineup left has him in it.
  await expect(page.locator('.sa-tbody .sa-row').first()).toContainText('LeBron James', { timeout: 30_000 });
  const lineups = await page.locator('.sa-tbody .sa-row > :first-child').allTextContents();
  expect(lineups.length).toBeGreaterThan(3);
  expect(lineups.every((l) => l.includes('LeBron James'))).toBe(true);
  // The first view came with the page; the lineup filter is the one request.
  expect(requests.length).toBe(1);
});

test('the time-into-game slider reads as period and clock, and applies as seconds', async ({ page, signedInAs }) => {
  test.setTimeout(90_000);
  await signedInAs('subscriber');
  await page.goto('/stats/league');
  await statsAppReady(page, 20_000);
  await page.locator('[data-group="Time Within Game"]').click();
  const filter = page.locator('.sa-popover [data-filter="TimeIntoGame"]');
  await expect(filter.locator('.sa-range-values')).toHaveText('Q1 12:00 – OT3 0:00');
  await expect(filter.locator('.sa-ticks')).toHaveText('Q1Q2Q3Q4O1O2O3');
  const from = filter.getByRole('slider', { name: 'Time into game: from' });
  await from.focus();
  for (let i = 0; i < 72; i++) await page.keyboard.press('ArrowRight'); // 72 steps of 10 s: the start of Q2
  await expect(filter.locator('.sa-range-values')).toHaveText('Q2 12:00 – OT3 0:00');
  await expect(from).toHaveAttribute('aria-valuetext', 'Q2 12:00');
  await page.keyboard.press('Escape');
  const next = page.waitForRequest((r) => isData(r) && new URL(r.url()).searchParams.get('time_into_game_low') === '720');
  await page.getByRole('button', { name: 'Apply' }).click();
  const sent = new URL((await next).url()).searchParams;
  expect(sent.get('time_into_game_high')).toBe('3780');
  await expect(page).toHaveURL(/timeIntoGame=720_3780/);
  await expect(page.locator('.sa-pill[data-filter="TimeIntoGame"]')).toContainText('Q2 12:00 – OT3 0:00');
});

test('the "sign in" of a lock comes back to the permalink with its gated filters applied', async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto('/stats/players?location=home&season=2012');
  await statsAppReady(page, 30_000);
  // Anonymous: the link's paid filter is shown as a locked pill, not applied.
  await expect(page.locator('.sa-pill[data-filter="Location"][data-locked="true"]')).toHaveCount(1);
  await page.locator('[data-group="Game"]').click();
  await page.locator('.sa-popover [data-filter="Location"]').getByRole('link', { name: 'sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/signin\?/);
  await submitSignIn(page, DEMO.subscriber.email, DEMO.subscriber.password);
  // Back on the permalink, then written in its canonical order once the filters are restored.
  await expect(page).toHaveURL(/\/stats\/players\?season=2012&location=home$/, { timeout: 30_000 });
  await expect(page.locator('.sa-pill[data-filter="Location"]:not([data-locked])')).toContainText('Home', { timeout: 60_000 });
  await expect(page.locator('.sa-pill[data-locked="true"]')).toHaveCount(0);
  await expect(page.locator('.sa-pill[data-filter="Season"]')).toContainText('2012-13');
});
