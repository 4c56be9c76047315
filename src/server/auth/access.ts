/**
 * Who may open which page (spec sections 4 and 6), as one pure decision used by the Astro middleware (server
 * rendered pages, /api/*) and by the project's server (prerendered pages):
 * - /profile, /protected and the billing pages of one's own plan (portal, test checkout and portal) need a
 *   session: anonymous visitors go to sign-in with error=SessionRequired and a callbackUrl back to the page;
 * - a signed-in non-admin whose Stats plan is past expiry goes to /subscription_expiration from any other page;
 *   admins are exempt; assets, the auth endpoints, the sign-in/sign-out pages and the self-service account pages
 *   (sign-up, password recovery, emailed links) are never redirected (an expired user must still be able to
 *   sign out, confirm an address or reset a password), nor are pricing, checkout, its return page and the
 *   billing pages (renewing must work); the JSON API is not a page and is never redirected.
 * A lapsed customer still owns their account: the expiry page itself carries the account's forms (password,
 * email, API keys, data download, deletion; src/server/accounts/accountPage.ts), so /profile can keep the
 * spec's redirect. The header and footer offer only links that open for the visitor (`opensFor`), so an
 * expired user is never shown a page that only bounces back here.
 */
import { statsPlanStatus } from '../../lib/accounts/planStatus.ts';
import type { Session } from '../../lib/accounts/sessionShape.ts';
import { ACCOUNT_PAGES, AUTH_BASE_PATH, AUTH_PAGES } from '../../lib/accounts/authPaths.ts';

export const EXPIRY_PAGE = '/subscription_expiration';
export const PROTECTED_PAGES: readonly string[] = ['/profile', '/protected'];

export type PageClass = 'asset' | 'auth' | 'api' | 'expiry' | 'billing' | 'protected' | 'page';

/** Buying or renewing the plan must work for someone whose plan has expired: never redirected. */
export const BILLING_PAGES: readonly string[] = ['/pricing', '/checkout', '/purchase_confirmation'];

/** Billing pages that act on the signed-in user's own plan: anonymous visitors sign in first. */
export const SIGNED_IN_BILLING_PAGES: readonly string[] = ['/billing/portal', '/billing/renewal', '/billing/test-checkout', '/billing/test-portal'];

export type AccessDecision = { action: 'allow' } | { action: 'redirect'; location: string };

function stripTrailingSlash(pathname: string): string {
  return pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
}

/** Classifies a request path. Files with an extension other than .html are assets. */
export function classifyPath(pathname: string): PageClass {
  const path = stripTrailingSlash(pathname);
  if (path === AUTH_BASE_PATH || path.startsWith(`${AUTH_BASE_PATH}/`)) return 'auth';
  if (path === AUTH_PAGES.signIn || path.startsWith(`${AUTH_PAGES.signIn}/`) || path === AUTH_PAGES.signOut) return 'auth';
  // Sign-up, password recovery and the emailed links must work whatever the state of a plan.
  if ((ACCOUNT_PAGES as readonly string[]).includes(path)) return 'auth';
  if (path === '/api' || path.startsWith('/api/')) return 'api';
  if (path.startsWith('/_astro/') || path.startsWith('/_image') || path.startsWith('/_server-islands/')) return 'asset';
  const last = path.slice(path.lastIndexOf('/') + 1);
  if (/\.[A-Za-z0-9]+$/.test(last) && !last.endsWith('.html')) return 'asset';
  if (path === EXPIRY_PAGE) return 'expiry';
  if (BILLING_PAGES.includes(path) || path.startsWith('/billing/')) return 'billing';
  if (PROTECTED_PAGES.includes(path)) return 'protected';
  return 'page';
}

/** True when the user has a Stats plan and every Stats subscription is past its expiry (seconds since epoch). */
export function hasExpiredStatsPlan(session: Session, now: number): boolean {
  return statsPlanStatus(session, now).state === 'expired';
}

/** The sign-in URL for a protected page, with the SessionRequired error and a callback back to it. */
export function signInRedirect(pathWithQuery: string): string {
  const params = new URLSearchParams({ error: 'SessionRequired', callbackUrl: pathWithQuery });
  return `${AUTH_PAGES.signIn}?${params}`;
}

export interface AccessRequest {
  pathname: string;
  /** query string including '?', kept in the callback URL */
  search?: string;
  session: Session | null;
  /** seconds since epoch */
  now: number;
}

export function decideAccess({ pathname, search = '', session, now }: AccessRequest): AccessDecision {
  const kind = classifyPath(pathname);
  if (!session && kind === 'billing' && SIGNED_IN_BILLING_PAGES.includes(stripTrailingSlash(pathname))) {
    return { action: 'redirect', location: signInRedirect(pathname + search) };
  }
  if (kind === 'asset' || kind === 'auth' || kind === 'api' || kind === 'expiry' || kind === 'billing') return { action: 'allow' };
  if (!session) {
    return kind === 'protected' ? { action: 'redirect', location: signInRedirect(pathname + search) } : { action: 'allow' };
  }
  if (!session.isAdmin && hasExpiredStatsPlan(session, now)) return { action: 'redirect', location: EXPIRY_PAGE };
  return { action: 'allow' };
}

/**
 * True when a link to `href` (a path of this site, with or without a query) opens that page for this visitor
 * instead of sending them elsewhere: for an expired user, /stats/players is false and /pricing true. The header and
 * the footer offer only such links.
 */
export function opensFor(href: string, session: Session | null, now: number): boolean {
  const { pathname, search } = new URL(href, 'http://courtvision.invalid');
  return decideAccess({ pathname, search, session, now }).action === 'allow';
}

/** True when this visitor is sent to the expiry page from their account page: a lapsed customer, whose account lives there. */
export function accountLivesOnExpiryPage(session: Session | null, now: number): boolean {
  const decision = decideAccess({ pathname: '/profile', session, now });
  return decision.action === 'redirect' && decision.location === EXPIRY_PAGE;
}
