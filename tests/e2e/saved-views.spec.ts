/**
 * Saved views in the browser, on a desktop and on a phone: a subscriber saves a stats page with "Save view", finds it
 * on the account page with its link, renames it and deletes it; another account's view is "not found"; an
 * address of another site is refused; an anonymous visitor is offered sign-in instead.
 */
import AxeBuilder from '@axe-core/playwright';
import { seedDemoAccounts, signIn, usersCli } from './accountsHelpers';
import { appSecret, unsubscribeToken } from '../../src/server/alerts/unsubscribeToken';
import { openPhoneControls } from './phoneControls';
import { expect, statsAppReady, test } from './fixtures';

test.describe.configure({ timeout: 120_000 });

const SIZES = [
  { name: 'desktop', viewport: { width: 1366, height: 900 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
] as const;

const PASSWORD = 'saved-views-password-2023';
const PAGE = '/stats/players?season=2012';

test.beforeAll(() => seedDemoAccounts());

for (const size of SIZES) {
  test.describe(size.name, () => {
    test.use({ viewport: size.viewport });

    test('save a stats page, see it on the account page, rename it, delete it', async ({ page, signedInAs }) => {
      const email = `views-${size.name}-${Date.now()}@example.com`;
      usersCli('add', email, '--name', 'Vera Views', '--password', PASSWORD);
      usersCli('grant', email, '--days', '30');
      await signIn(page, { email, password: PASSWORD }, '/');

      await page.goto(PAGE);
      await statsAppReady(page, 60_000);
      if (size.name === 'phone') await openPhoneControls(page);
      // What is saved is the address on screen when Save is pressed (the app may have written its state into it).
      const onScreen = new URL(page.url());
      const saved = onScreen.pathname + onScreen.search;
      expect(saved).toMatch(/^\/stats\/players\?.*season=2012/);
      await page.getByTestId('save-view').click();
      const dialog = page.getByRole('dialog', { name: 'Save this view' });
      await dialog.getByLabel('Name').fill('  Team defense  ');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect(dialog.getByRole('status')).toContainText('Saved as "Team defense"');

      await dialog.getByRole('link', { name: 'Your saved views' }).click();
      await expect(page).toHaveURL(/\/profile#saved-views$/);
      const views = page.getByTestId('saved-view');
      await expect(views).toHaveCount(1);
      await expect(views.locator('[data-field="view-name"]')).toHaveText('Team defense');
      await expect(views.locator('[data-field="view-name"]')).toHaveAttribute('href', saved);
      await expect(views.locator('[data-field="view-link"]')).toHaveValue(/^http:\/\/[^/]+\/stats\/players\?/);
      expect(
        new URL(await views.locator('[data-field="view-link"]').inputValue()).pathname +
          new URL(await views.locator('[data-field="view-link"]').inputValue()).search,
      ).toBe(saved);
      // A stats page's view carries no alert switch (only finder views of games do).
      await expect(views.locator('[data-form="view-alert"]')).toHaveCount(0);

      await views.getByLabel('New name for Team defense').fill('Defense, every team');
      await views.getByRole('button', { name: 'Rename' }).click();
      await expect(page).toHaveURL(/\/profile#saved-views$/);
      await expect(page.getByTestId('saved-views').getByRole('status')).toHaveText('Renamed.');
      await expect(views.locator('[data-field="view-name"]')).toHaveText('Defense, every team');
      const axe = await new AxeBuilder({ page }).include('#saved-views').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
      expect(
        axe.violations.map(
          (v) =>
            `${v.id}: ${v.help} (${v.nodes
              .map((n) => n.target.join(' '))
              .slice(0, 3)
              .join(', ')})`,
        ),
      ).toEqual([]);

      // An empty name is refused with a message; the view keeps its name.
      await views.getByLabel('New name for Defense, every team').fill('   ');
      await views.getByLabel('New name for Defense, every team').evaluate((input: HTMLInputElement) => input.removeAttribute('required'));
      await views.getByRole('button', { name: 'Rename' }).click();
      await expect(page.getByTestId('saved-views').getByRole('alert')).toHaveText('Give the view a name.');
      await expect(views.locator('[data-field="view-name"]')).toHaveText('Defense, every team');

      // The view opens the page it saved.
      const id = await views.getAttribute('data-view-id');
      await views.locator('[data-field="view-name"]').click();
      await expect.poll(() => new URL(page.url()).pathname + new URL(page.url()).search).toBe(saved);

      // Another account: not found, and nothing changed.
      const other = await page.context().browser()!.newContext({ viewport: size.viewport });
      await signedInAs('subscriber', other);
      const otherPage = await other.newPage();
      expect((await otherPage.request.get(`/api/account/views/${id}`)).status()).toBe(404);
      const csrf = ((await (await otherPage.request.get('/api/auth/csrf')).json()) as { csrfToken: string }).csrfToken;
      const stolen = await otherPage.request.post(`/api/account/views/${id}`, { data: { action: 'delete', csrfToken: csrf } });
      expect(stolen.status()).toBe(404);
      await other.close();

      // Our own: a view of another site is refused (400, the field named); without the CSRF token, 403.
      const token = ((await (await page.request.get('/api/auth/csrf')).json()) as { csrfToken: string }).csrfToken;
      const evil = await page.request.post('/api/account/views', { data: { name: 'Away', url: 'https://evil.example/stats/players', csrfToken: token } });
      expect(evil.status()).toBe(400);
      expect(await evil.json()).toMatchObject({ field: 'url' });
      expect((await page.request.post('/api/account/views', { data: { name: 'No token', url: '/stats/players' } })).status()).toBe(403);

      await page.goto('/profile#saved-views');
      await page.getByTestId('saved-view').getByRole('button', { name: 'Delete Defense, every team' }).click();
      await expect(page.getByTestId('saved-views').getByRole('status')).toHaveText('Deleted.');
      await expect(page.getByTestId('saved-view')).toHaveCount(0);
      await expect(page.getByTestId('no-saved-views')).toBeVisible();
    });

    test('an anonymous visitor is offered sign-in instead of saving', async ({ page }) => {
      await page.goto(PAGE);
      await statsAppReady(page, 60_000);
      if (size.name === 'phone') await openPhoneControls(page);
      const link = page.getByTestId('save-view');
      await expect(link).toHaveAttribute('href', /^\/signin\?callbackUrl=%2Fstats%2Fplayers%3F.*season%3D2012/);
      await expect(page.getByRole('dialog', { name: 'Save this view' })).toHaveCount(0);
    });
  });
}

test('bad requests to the saved-views API get a clear 4xx with a JSON message', async ({ page, signedInAs }) => {
  expect((await page.request.get('/api/account/views')).status()).toBe(401);
  await signedInAs('subscriber');
  const csrfToken = ((await (await page.request.get('/api/auth/csrf')).json()) as { csrfToken: string }).csrfToken;
  const post = (path: string, body: string, type = 'application/json') =>
    page.request.post(path, { headers: { 'content-type': type }, data: Buffer.from(body) });
  const cases: [Promise<import('@playwright/test').APIResponse>, number, RegExp][] = [
    [post('/api/account/views', '<view/>', 'application/xml'), 415, /JSON or as a form/],
    [post('/api/account/views', '{"name":', 'application/json'), 400, /not valid JSON/],
    [post('/api/account/views', '[1,2]'), 400, /JSON object/],
    [post('/api/account/views', JSON.stringify({ name: 'x'.repeat(20_000), url: '/stats/players', csrfToken })), 413, /too large/],
    [post('/api/account/views', JSON.stringify({ name: '', url: '/stats/players', csrfToken })), 400, /Give the view a name/],
    [post('/api/account/views', JSON.stringify({ name: 'x', url: '//evil.example/stats', csrfToken })), 400, /only a stats page of this site/],
    [post('/api/account/views', JSON.stringify({ name: 'x', url: '/stats/../signout', csrfToken })), 400, /cannot be saved/],
    [post('/api/account/views/abc', JSON.stringify({ action: 'delete', csrfToken })), 404, /No such saved view/],
    [post('/api/account/views/99999999', JSON.stringify({ action: 'rename', name: 'y', csrfToken })), 404, /No such saved view/],
  ];
  for (const [answer, status, message] of cases) {
    const r = await answer;
    expect(r.status(), await r.text()).toBe(status);
    expect(((await r.json()) as { error: string }).error).toMatch(message);
  }
  const made = await post('/api/account/views', JSON.stringify({ name: 'Teams', url: '/stats/teams', csrfToken }));
  expect(made.status()).toBe(201);
  const { view } = (await made.json()) as { view: { id: number } };
  const odd = await post(`/api/account/views/${view.id}`, JSON.stringify({ action: 'explode', csrfToken }));
  expect(odd.status()).toBe(400);
  expect(await odd.json()).toMatchObject({ error: expect.stringMatching(/rename, delete, alert-on or alert-off/) });
  const alert = await post(`/api/account/views/${view.id}`, JSON.stringify({ action: 'alert-on', csrfToken }));
  expect(alert.status()).toBe(400);
  expect(await alert.json()).toMatchObject({ error: expect.stringMatching(/finder view of player games or team games/) });
  expect((await post(`/api/account/views/${view.id}`, JSON.stringify({ action: 'delete', csrfToken }))).status()).toBe(200);
});

test.describe("an alert mail's unsubscribe link", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('asks, then turns the alert off without a sign-in; a changed or expired link says so', async ({ page, browser }) => {
    const email = `alert-${Date.now()}@example.com`;
    usersCli('add', email, '--name', 'Al Alert', '--password', PASSWORD);
    usersCli('grant', email, '--days', '30');
    const userId = (JSON.parse(usersCli('list', '--json')) as { id: number; email: string }[]).find((u) => u.email === email)!.id;
    await signIn(page, { email, password: PASSWORD }, '/');
    const csrfToken = ((await (await page.request.get('/api/auth/csrf')).json()) as { csrfToken: string }).csrfToken;
    const made = await page.request.post('/api/account/views', { data: { name: 'Forty', url: '/stats/finder?cond=pts:ge:40', csrfToken } });
    expect(made.status()).toBe(201);
    const { view } = (await made.json()) as { view: { id: number } };
    const on = await page.request.post(`/api/account/views/${view.id}`, { data: { action: 'alert-on', csrfToken } });
    expect(await on.json()).toMatchObject({ view: { alert: true } });
    await page.goto('/profile#saved-views');
    await expect(page.getByTestId('alert-badge')).toHaveText('Alert on');

    const now = Math.floor(Date.now() / 1000);
    const token = unsubscribeToken(view.id, userId, now, appSecret());
    const stranger = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const mail = await stranger.newPage();
    await mail.goto(`/alerts/unsubscribe?token=${encodeURIComponent(token)}`);
    await expect(mail.getByTestId('unsubscribe')).toContainText('Stop mailing new games for your saved view Forty?');
    await mail.getByRole('button', { name: 'Stop this alert' }).click();
    await expect(mail.getByRole('status')).toHaveText('The alert on "Forty" is off: no more mail for it.');
    expect(await (await page.request.get(`/api/account/views/${view.id}`)).json()).toMatchObject({ view: { alert: false } });
    await mail.goto(`/alerts/unsubscribe?token=${encodeURIComponent(token)}`);
    await expect(mail.getByTestId('unsubscribe')).toHaveAttribute('data-state', 'off');

    const changed = token.replace(/^(\d+)\./, (_, id: string) => `${Number(id) + 1}.`);
    const refused = await mail.goto(`/alerts/unsubscribe?token=${encodeURIComponent(changed)}`);
    expect(refused!.status()).toBe(400);
    await expect(mail.getByRole('alert')).toContainText('This unsubscribe link is not valid');
    const old = unsubscribeToken(view.id, userId, now - 91 * 86_400, appSecret());
    const expired = await mail.goto(`/alerts/unsubscribe?token=${encodeURIComponent(old)}`);
    expect(expired!.status()).toBe(400);
    await expect(mail.getByRole('alert')).toContainText('This unsubscribe link has expired');
    await stranger.close();
  });
});
