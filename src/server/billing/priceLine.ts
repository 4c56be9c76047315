/**
 * The Stats plan's price in one line, for the first screen of the home page, e.g.
 *   "Stats plan: $8.00 a month or $75.00 a year. Every filter. Cancel any time."
 * The home page is prerendered, but the prices are configuration (PLAN_*_CENTS, read when the server starts), so
 * the page carries this line as a marked block (src/server/auth/accountNav.ts) that the project's server fills
 * for every visitor, signed in or not: the built page and the running server can never show two prices.
 */
import { escapeHtml } from '../../lib/site/html.ts';
import { planPrice, trialDays } from './plans.ts';

export function renderPriceLine(): string {
  const monthly = planPrice('month').display;
  const annual = planPrice('year').display;
  const trial = trialDays();
  const start = trial > 0 ? `${trial} days free, then ` : '';
  return (
    `<p class="hero-price" data-testid="hero-price"><strong>Stats plan: ${escapeHtml(start)}${escapeHtml(monthly)} a month</strong>` +
    ` or ${escapeHtml(annual)} a year. Every filter; cancel any time.</p>`
  );
}
