/**
 * The phone's compact bar (390x844, src/islands/PhoneControls.tsx) shows the filters the visitor applied whole: a
 * subscriber's "Period: Q4" is on screen inside the bar, not cut off after the season; and the bar the server paints
 * before the app starts (FirstViewTable) stands at the height and place of the app's (two lines high, whether its
 * summary takes one or two), so the bar does not push the table when the app takes over.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, statsAppReady, test } from './fixtures';

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });
test.describe.configure({ timeout: 60_000 });

/** Where `text` is laid out inside the element, and the element's own box (both in page pixels). */
async function textBox(el: Locator, text: string) {
  return el.evaluate((node, wanted) => {
    const textNode = [...node.childNodes].find((n) => n.nodeType === Node.TEXT_NODE && n.textContent?.includes(wanted));
    if (!textNode) return null;
    const range = document.createRange();
    const at = textNode.textContent!.indexOf(wanted);
    range.setStart(textNode, at);
    range.setEnd(textNode, at + wanted.length);
    const rects = [...range.getClientRects()];
    const box = node.getBoundingClientRect();
    return {
      box: { left: box.left, right: box.right, top: box.top, bottom: box.bottom },
      text: {
        left: Math.min(...rects.map((r) => r.left)),
        right: Math.max(...rects.map((r) => r.right)),
        top: Math.min(...rects.map((r) => r.top)),
        bottom: Math.max(...rects.map((r) => r.bottom)),
      },
    };
  }, text);
}

async function expectShownWhole(summary: Locator, piece: string): Promise<void> {
  await expect(summary).toContainText(piece);
  const at = await textBox(summary, piece);
  expect(at, piece).not.toBeNull();
  const { box, text } = at!;
  expect(text.left, `${piece} starts inside the bar`).toBeGreaterThanOrEqual(box.left - 0.5);
  expect(text.right, `${piece} ends inside the bar`).toBeLessThanOrEqual(box.right + 0.5);
  expect(text.bottom, `${piece} is not below the bar's last line`).toBeLessThanOrEqual(box.bottom + 0.5);
}

test("a subscriber's Period: Q4 reads whole in the folded bar, with the season", async ({ page, signedInAs }) => {
  await signedInAs('subscriber');
  await page.goto('/stats/players?period=4');
  await statsAppReady(page);
  const summary = page.getByTestId('phone-summary');
  await expect(summary).toHaveText('Offensive Overview · Period: Q4 · 2022-23 · Regular season');
  await expectShownWhole(summary, 'Period: Q4');
  await expectShownWhole(summary, 'Regular season');
  // The bar stays folded: the first row is still on the first screen.
  const top = await page
    .locator('.sa-tbody .sa-row')
    .first()
    .evaluate((el) => el.getBoundingClientRect().top + window.scrollY);
  expect(top).toBeLessThanOrEqual(700);
});

test('three chosen filters come before the season pieces, none of them cut', async ({ page, signedInAs }) => {
  await signedInAs('subscriber');
  await page.goto('/stats/players?period=4&opponent=BOS&opponent=LAL&location=home');
  await statsAppReady(page);
  const summary = page.getByTestId('phone-summary');
  await expect(summary).toContainText('Period: Q4');
  for (const piece of ['Location:', 'Period: Q4', 'Opponent:', '2 more']) await expectShownWhole(summary, piece);
});

/** The bar's box. */
async function barBox(page: Page, bar: string) {
  const b = await page.locator(bar).first().boundingBox();
  return { barTop: b!.y, barHeight: b!.height };
}

for (const path of ['/stats/players', '/stats/team/players/BOS', '/stats/team/onoff/BOS']) {
  test(`${path}: the server's bar stands where the app's bar will, at its height`, async ({ page }) => {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(
      (url) => /^\/_astro\/StatsApp\.[^/]+\.js$/.test(url.pathname),
      async (route) => {
        await released;
        await route.continue();
      },
    );
    await page.goto(path);
    await expect(page.getByTestId('first-view')).toBeVisible();
    const server = await barBox(page, '.first-view-bar');
    release();
    await statsAppReady(page);
    await expect(page.getByTestId('first-view')).toHaveCount(0);
    const app = await barBox(page, '.sa-app .sa-phone-bar');
    expect(app.barTop).toBeCloseTo(server.barTop, 0);
    expect(app.barHeight).toBeCloseTo(server.barHeight, 0);
  });
}
