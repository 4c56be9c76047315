import { describe, expect, it } from 'vitest';
import {
  fillBlocks,
  markedBlock,
  planBadge,
  renderAccountNav,
  renderAccountOffer,
  renderPlanStatus,
  renderHeroAction,
  visitorBlocks,
} from '../../../../src/server/auth/accountNav.ts';
import { escapeHtml } from '../../../../src/lib/site/html.ts';
import type { Session } from '../../../../src/lib/accounts/sessionShape.ts';

const NOW = 1_800_000_000;
const session = (over: Partial<Session> = {}): Session => ({
  user: { name: 'Ann <b>', email: 'ann@example.com' },
  isAdmin: false,
  subscriptions: [{ plan: { name: 'Stats' }, expiresAt: NOW - 86_400 }],
  ...over,
});

describe('account nav', () => {
  it('anonymous: a Sign in link back to the current page', () => {
    const html = renderAccountNav(null, '/stats?season=2022', NOW);
    expect(html).toContain('href="/signin?callbackUrl=%2Fstats%3Fseason%3D2022"');
    expect(html).toContain('data-auth="anonymous"');
  });

  it('anonymous on the sign-up and sign-in pages: Sign in and Sign up keep where those pages lead (the checkout)', () => {
    const checkout = 'callbackUrl=%2Fcheckout%3Finterval%3Dmonth';
    for (const page of ['/signup?callbackUrl=%2Fcheckout%3Finterval%3Dmonth', '/signin?callbackUrl=%2Fcheckout%3Finterval%3Dmonth&error=CredentialsSignin']) {
      const html = renderAccountNav(null, page, NOW);
      expect(html).toContain(`href="/signin?${checkout}"`);
      expect(html).toContain(`href="/signup?${checkout}"`);
    }
    // An unsafe next page is not carried along: the home page instead.
    expect(renderAccountNav(null, '/signup?callbackUrl=%2F%2Fevil.example', NOW)).toContain('href="/signin?callbackUrl=%2F"');
  });

  it("signed in with an expired plan: the name leads to the expiry page's account section, not to /profile (which sends them back)", () => {
    expect(renderAccountNav(session(), '/subscription_expiration', NOW)).toContain('href="/subscription_expiration#account"');
    expect(renderAccountNav(session({ isAdmin: true }), '/', NOW)).toContain('class="account-name" href="/profile"');
    expect(renderAccountNav(session({ subscriptions: [] }), '/', NOW)).toContain('class="account-name" href="/profile"');
  });

  it('signed in: escaped name linking to the profile, plan badge, sign-out link', () => {
    const html = renderAccountNav(session({ subscriptions: [{ plan: { name: 'Stats' }, expiresAt: NOW + 86_400 }] }), '/', NOW);
    expect(html).toContain('Ann &lt;b&gt;');
    expect(html).not.toContain('<b>');
    expect(html).toContain('href="/profile"');
    expect(html).toContain('href="/signout"');
    expect(renderAccountNav(session(), '/', NOW)).toContain('Stats expired');
  });

  it('badges: admin, active, expired, none', () => {
    expect(planBadge(session({ isAdmin: true }), NOW)?.label).toBe('Admin');
    expect(planBadge(session({ subscriptions: [{ plan: { name: 'Stats' }, expiresAt: NOW + 1 }] }), NOW)).toEqual({ label: 'Stats', tone: 'active' });
    expect(planBadge(session(), NOW)?.tone).toBe('expired');
    expect(planBadge(session({ subscriptions: [] }), NOW)).toBeNull();
  });

  it('plan status line with the expiry date', () => {
    expect(renderPlanStatus(null, NOW)).toBe('');
    expect(renderPlanStatus(session(), NOW)).toContain('expired on <time datetime="2027-01-14">14 January 2027</time>');
    expect(renderPlanStatus(session({ subscriptions: [] }), NOW)).toContain('no Stats plan');
  });

  it('fills the marked blocks of a prerendered page and leaves the rest untouched', () => {
    const page = `<header>${markedBlock('account-nav', renderAccountNav(null, '/about', NOW))}</header><main>${markedBlock('plan-status', '')}<p>Body</p></main>`;
    const filled = fillBlocks(page, visitorBlocks(session(), '/about', NOW));
    expect(filled).toContain('data-auth="authenticated"');
    expect(filled).not.toContain('data-auth="anonymous"');
    expect(filled).toContain('data-plan-state="expired"');
    expect(filled.endsWith('<p>Body</p></main>')).toBe(true);
    const home = `<div>${markedBlock('account-offer', renderAccountOffer(null))}</div>`;
    expect(home).toContain('>Create your account</a>');
    expect(fillBlocks(home, visitorBlocks(session(), '/', NOW))).toBe(
      `<div>${markedBlock('account-offer', '<a class="button button-ghost" href="/profile">Your account</a>')}</div>`,
    );
    expect(fillBlocks('<p>no blocks</p>', visitorBlocks(session(), '/', NOW))).toBe('<p>no blocks</p>');
  });

  it("the home page's first button: Subscribe, Renew once the plan lapsed, the finder for a subscriber or an admin", () => {
    const label = (html: string) => /data-testid="hero-action">([^<]+)</.exec(html)?.[1];
    const href = (html: string) => /href="([^"]+)"/.exec(html)?.[1];
    expect(label(renderHeroAction(null, NOW))).toBe('Subscribe');
    expect(href(renderHeroAction(null, NOW))).toBe('/checkout?interval=month');
    expect(label(renderHeroAction(session({ subscriptions: [] }), NOW))).toBe('Subscribe');
    expect(label(renderHeroAction(session(), NOW))).toBe('Renew'); // expired a day before NOW
    const active = session({ subscriptions: [{ plan: { name: 'Stats' }, expiresAt: NOW + 86_400 }] });
    expect(label(renderHeroAction(active, NOW))).toBe('Open the finder');
    expect(href(renderHeroAction(active, NOW))).toBe('/stats/finder');
    expect(label(renderHeroAction(session({ isAdmin: true, subscriptions: [] }), NOW))).toBe('Open the finder');
    const home = `<p>${markedBlock('hero-action', renderHeroAction(null, 0))}</p>`;
    expect(fillBlocks(home, visitorBlocks(active, '/', NOW))).toContain('>Open the finder</a>');
  });

  it('escapes every HTML-special character', () => {
    expect(escapeHtml(`<a href="x" onclick='y'>&</a>`)).toBe('&lt;a href=&quot;x&quot; onclick=&#39;y&#39;&gt;&amp;&lt;/a&gt;');
  });
});
