import { describe, expect, it } from 'vitest';
import { accountLivesOnExpiryPage, classifyPath, decideAccess, hasExpiredStatsPlan, opensFor, type PageClass } from '../../../../src/server/auth/access.ts';
import { MAIN_NAV, STATS_NAV } from '../../../../src/lib/site/site.ts';
import type { Session } from '../../../../src/lib/accounts/sessionShape.ts';

const NOW = 1_800_000_000;
const user = { name: 'U', email: 'u@example.com' };
const ROLES: Record<string, Session | null> = {
  anonymous: null,
  member: { user, isAdmin: false, subscriptions: [] },
  subscriber: { user, isAdmin: false, subscriptions: [{ plan: { name: 'Stats' }, expiresAt: NOW + 86_400 }] },
  expired: { user, isAdmin: false, subscriptions: [{ plan: { name: 'Stats' }, expiresAt: NOW - 1 }] },
  admin: { user, isAdmin: true, subscriptions: [{ plan: { name: 'Stats' }, expiresAt: NOW - 86_400 }] },
};

/** One path per page class, with the class it must have. */
const PAGES: Record<string, { path: string; cls: PageClass }> = {
  marketing: { path: '/about', cls: 'page' },
  home: { path: '/', cls: 'page' },
  article: { path: '/articles/four-factors', cls: 'page' },
  stats: { path: '/stats/team/team/BOS', cls: 'page' },
  purchase: { path: '/purchase_confirmation', cls: 'billing' },
  pricing: { path: '/pricing', cls: 'billing' },
  checkout: { path: '/checkout', cls: 'billing' },
  testCheckout: { path: '/billing/test-checkout', cls: 'billing' },
  signUp: { path: '/signup', cls: 'auth' },
  reset: { path: '/reset', cls: 'auth' },
  verify: { path: '/verify', cls: 'auth' },
  profile: { path: '/profile', cls: 'protected' },
  protected: { path: '/protected/', cls: 'protected' },
  expiry: { path: '/subscription_expiration', cls: 'expiry' },
  asset: { path: '/_astro/Base.B-2KBYzv.css', cls: 'asset' },
  logo: { path: '/img/teams/bos.png', cls: 'asset' },
  authEndpoint: { path: '/api/auth/session', cls: 'auth' },
  signIn: { path: '/signin', cls: 'auth' },
  signInError: { path: '/signin/error', cls: 'auth' },
  signOut: { path: '/signout', cls: 'auth' },
  api: { path: '/api/data', cls: 'api' },
};

type Expect = 'allow' | 'signin' | 'expiry';
/** The whole matrix (spec sections 4 and 6): role x page class. */
const MATRIX: Record<string, Record<string, Expect>> = {
  anonymous: {
    pricing: 'allow',
    checkout: 'allow',
    testCheckout: 'signin',
    signUp: 'allow',
    reset: 'allow',
    verify: 'allow',
    marketing: 'allow',
    home: 'allow',
    article: 'allow',
    stats: 'allow',
    purchase: 'allow',
    profile: 'signin',
    protected: 'signin',
    expiry: 'allow',
    asset: 'allow',
    logo: 'allow',
    authEndpoint: 'allow',
    signIn: 'allow',
    signInError: 'allow',
    signOut: 'allow',
    api: 'allow',
  },
  member: {
    pricing: 'allow',
    checkout: 'allow',
    testCheckout: 'allow',
    signUp: 'allow',
    reset: 'allow',
    verify: 'allow',
    marketing: 'allow',
    home: 'allow',
    article: 'allow',
    stats: 'allow',
    purchase: 'allow',
    profile: 'allow',
    protected: 'allow',
    expiry: 'allow',
    asset: 'allow',
    logo: 'allow',
    authEndpoint: 'allow',
    signIn: 'allow',
    signInError: 'allow',
    signOut: 'allow',
    api: 'allow',
  },
  subscriber: {
    pricing: 'allow',
    checkout: 'allow',
    testCheckout: 'allow',
    signUp: 'allow',
    reset: 'allow',
    verify: 'allow',
    marketing: 'allow',
    home: 'allow',
    article: 'allow',
    stats: 'allow',
    purchase: 'allow',
    profile: 'allow',
    protected: 'allow',
    expiry: 'allow',
    asset: 'allow',
    logo: 'allow',
    authEndpoint: 'allow',
    signIn: 'allow',
    signInError: 'allow',
    signOut: 'allow',
    api: 'allow',
  },
  expired: {
    pricing: 'allow',
    checkout: 'allow',
    testCheckout: 'allow',
    signUp: 'allow',
    reset: 'allow',
    verify: 'allow',
    marketing: 'expiry',
    home: 'expiry',
    article: 'expiry',
    stats: 'expiry',
    purchase: 'allow',
    profile: 'expiry',
    protected: 'expiry',
    expiry: 'allow',
    asset: 'allow',
    logo: 'allow',
    authEndpoint: 'allow',
    signIn: 'allow',
    signInError: 'allow',
    signOut: 'allow',
    api: 'allow',
  },
  admin: {
    pricing: 'allow',
    checkout: 'allow',
    testCheckout: 'allow',
    signUp: 'allow',
    reset: 'allow',
    verify: 'allow',
    marketing: 'allow',
    home: 'allow',
    article: 'allow',
    stats: 'allow',
    purchase: 'allow',
    profile: 'allow',
    protected: 'allow',
    expiry: 'allow',
    asset: 'allow',
    logo: 'allow',
    authEndpoint: 'allow',
    signIn: 'allow',
    signInError: 'allow',
    signOut: 'allow',
    api: 'allow',
  },
};

describe('classifyPath', () => {
  for (const [name, { path, cls }] of Object.entries(PAGES)) {
    it(`${name} ${path} is ${cls}`, () => expect(classifyPath(path)).toBe(cls));
  }
});

describe('decideAccess: every role x page class', () => {
  for (const [role, session] of Object.entries(ROLES)) {
    for (const [page, { path }] of Object.entries(PAGES)) {
      const want = MATRIX[role]![page]!;
      it(`${role} opening ${page} (${path}) -> ${want}`, () => {
        const decision = decideAccess({ pathname: path, search: '?x=1', session, now: NOW });
        if (want === 'allow') expect(decision).toEqual({ action: 'allow' });
        if (want === 'expiry') expect(decision).toEqual({ action: 'redirect', location: '/subscription_expiration' });
        if (want === 'signin') {
          expect(decision.action).toBe('redirect');
          const location = new URL((decision as { location: string }).location, 'http://x');
          expect(location.pathname).toBe('/signin');
          expect(location.searchParams.get('error')).toBe('SessionRequired');
          expect(location.searchParams.get('callbackUrl')).toBe(`${path}?x=1`);
        }
      });
    }
  }
});

describe('hasExpiredStatsPlan', () => {
  it('is about the Stats plan only, and true only when every Stats subscription is past expiry', () => {
    const base = { user, isAdmin: false };
    expect(hasExpiredStatsPlan({ ...base, subscriptions: [] }, NOW)).toBe(false);
    expect(hasExpiredStatsPlan({ ...base, subscriptions: [{ plan: { name: 'Other' }, expiresAt: NOW - 5 }] }, NOW)).toBe(false);
    expect(hasExpiredStatsPlan({ ...base, subscriptions: [{ plan: { name: 'Stats' }, expiresAt: NOW }] }, NOW)).toBe(true);
    expect(hasExpiredStatsPlan({ ...base, subscriptions: [{ plan: { name: 'Stats' }, expiresAt: NOW + 1 }] }, NOW)).toBe(false);
    expect(
      hasExpiredStatsPlan(
        {
          ...base,
          subscriptions: [
            { plan: { name: 'Stats' }, expiresAt: NOW - 10 },
            { plan: { name: 'Stats' }, expiresAt: NOW + 10 },
          ],
        },
        NOW,
      ),
    ).toBe(false);
  });
});

describe('what the header and footer may offer (opensFor)', () => {
  it('an expired user is offered only the pages that do not send them back: pricing, never the stats, the home page or search', () => {
    const offered = [...MAIN_NAV, ...STATS_NAV].filter((l) => opensFor(l.href, ROLES.expired!, NOW)).map((l) => l.href);
    expect(offered).toEqual(['/pricing']);
    expect(opensFor('/', ROLES.expired!, NOW)).toBe(false);
    expect(opensFor('/search?q=curry', ROLES.expired!, NOW)).toBe(false);
    expect(opensFor('/checkout?interval=month', ROLES.expired!, NOW)).toBe(true);
  });
  it('everyone else is offered every area', () => {
    for (const role of ['anonymous', 'member', 'subscriber', 'admin']) {
      expect(
        [...MAIN_NAV, ...STATS_NAV].every((l) => opensFor(l.href, ROLES[role]!, NOW)),
        role,
      ).toBe(true);
    }
  });
  it('the account of a lapsed customer lives on the expiry page; an admin, a member or a subscriber keeps /profile', () => {
    expect(accountLivesOnExpiryPage(ROLES.expired!, NOW)).toBe(true);
    for (const role of ['anonymous', 'member', 'subscriber', 'admin']) expect(accountLivesOnExpiryPage(ROLES[role]!, NOW), role).toBe(false);
  });
});
