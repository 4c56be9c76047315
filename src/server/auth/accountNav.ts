/**
 * Per-visitor parts of otherwise static pages, as HTML strings: the header's sign-in state and the plan status
 * line of the plan pages. Astro components render them for server-rendered pages; for prerendered pages (built
 * anonymous) the project's server replaces each block between its marker comments with the visitor's version,
 * so the marketing pages show who is signed in without any client JavaScript.
 */
import { formatPlanDate, isoPlanDate, mayUseGatedFilters, statsPlanStatus } from '../../lib/accounts/planStatus.ts';
import { STATS_PLAN, type Session } from '../../lib/accounts/sessionShape.ts';
import { AUTH_PAGES, SIGN_UP_PATH } from '../../lib/accounts/authPaths.ts';
import { escapeHtml } from '../../lib/site/html.ts';
import { safeCallbackPath } from './callbackUrl.ts';
import { EXPIRY_PAGE, accountLivesOnExpiryPage } from './access.ts';

/** 'plan-price' is the same for every visitor (src/server/billing/priceLine.ts); the others are per visitor. */
export type BlockName = 'account-nav' | 'plan-status' | 'account-offer' | 'hero-action' | 'plan-price';

const startMarker = (name: BlockName) => `<!--${name}-->`;
const endMarker = (name: BlockName) => `<!--/${name}-->`;

/** A block with its markers, as it appears in a page. */
export function markedBlock(name: BlockName, inner: string): string {
  return startMarker(name) + inner + endMarker(name);
}

/** Replaces each named block of a page with new inner HTML; blocks a page lacks are skipped. */
export function fillBlocks(html: string, fills: Partial<Record<BlockName, string>>): string {
  let out = html;
  for (const [name, inner] of Object.entries(fills) as [BlockName, string][]) {
    const start = out.indexOf(startMarker(name));
    if (start < 0) continue;
    const end = out.indexOf(endMarker(name), start);
    if (end < 0) continue;
    out = out.slice(0, start) + markedBlock(name, inner) + out.slice(end + endMarker(name).length);
  }
  return out;
}

/** A short plan label for the header: Admin, Stats, Stats expired, or nothing. */
export function planBadge(session: Session, now: number): { label: string; tone: 'admin' | 'active' | 'expired' } | null {
  if (session.isAdmin) return { label: 'Admin', tone: 'admin' };
  const status = statsPlanStatus(session, now);
  if (status.state === 'none') return null;
  return status.state === 'active' ? { label: STATS_PLAN, tone: 'active' } : { label: `${STATS_PLAN} expired`, tone: 'expired' };
}

/**
 * Where the header's "Sign in" and "Sign up" come back to: the page itself, except on the sign-in and sign-up
 * pages, whose own next page is kept ("/signup?callbackUrl=/checkout?interval=month" gives the checkout, so
 * switching from sign-up to sign-in does not lose the purchase).
 */
export function returnPathOf(currentPath: string): string {
  const url = new URL(currentPath, 'http://courtvision.invalid');
  if (url.pathname !== AUTH_PAGES.signIn && url.pathname !== SIGN_UP_PATH) return currentPath;
  return safeCallbackPath(url.searchParams.get('callbackUrl'));
}

/** The account page a signed-in user can open: /profile, or the expiry page's account section when /profile would send them there. */
export function accountPageFor(session: Session, now: number): string {
  return accountLivesOnExpiryPage(session, now) ? `${EXPIRY_PAGE}#account` : '/profile';
}

/** The header's account area. currentPath is where "Sign in" comes back to (returnPathOf). */
export function renderAccountNav(session: Session | null, currentPath: string, now: number): string {
  if (!session) {
    const back = returnPathOf(currentPath);
    const href = `${AUTH_PAGES.signIn}?${new URLSearchParams({ callbackUrl: back })}`;
    const signUp = `${SIGN_UP_PATH}?${new URLSearchParams({ callbackUrl: back })}`;
    return (
      `<div class="account-nav" data-auth="anonymous"><a class="account-link" href="${escapeHtml(href)}">Sign in</a>` +
      `<a class="account-link account-signup" href="${escapeHtml(signUp)}">Sign up</a></div>`
    );
  }
  const badge = planBadge(session, now);
  // An admin's badge is the link to the admin pages (/admin: accounts, billing, the stats database); nobody else gets one.
  const badgeHtml = !badge
    ? ''
    : session.isAdmin
      ? `<a class="account-badge account-badge-admin" href="/admin" data-testid="admin-link">${escapeHtml(badge.label)}</a>`
      : `<span class="account-badge account-badge-${badge.tone}">${escapeHtml(badge.label)}</span>`;
  return (
    `<div class="account-nav" data-auth="authenticated">` +
    `<a class="account-name" href="${accountPageFor(session, now)}" title="${escapeHtml(session.user.email)}">${escapeHtml(session.user.name)}</a>` +
    badgeHtml +
    `<a class="account-link" href="${AUTH_PAGES.signOut}">Sign out</a>` +
    `</div>`
  );
}

/** One line about the visitor's Stats plan (empty for anonymous visitors). */
export function renderPlanStatus(session: Session | null, now: number): string {
  if (!session) return '';
  const status = statsPlanStatus(session, now);
  const when = (s: number) => `<time datetime="${isoPlanDate(s)}">${formatPlanDate(s)}</time>`;
  const text =
    status.state === 'expired'
      ? `Your ${STATS_PLAN} plan expired on ${when(status.expiresAt)}.`
      : status.state === 'active'
        ? `Your ${STATS_PLAN} plan is active until ${when(status.expiresAt)}.`
        : `You have no ${STATS_PLAN} plan yet.`;
  return `<p class="plan-status" data-plan-state="${status.state}">${text}</p>`;
}

/** The home page's plan card: "Create your account" for a visitor, the account page for someone who has one. */
export function renderAccountOffer(session: Session | null): string {
  return session
    ? `<a class="button button-ghost" href="/profile">Your account</a>`
    : `<a class="button button-ghost" href="${SIGN_UP_PATH}">Create your account</a>`;
}

/**
 * The home page's first-screen button beside the price: Subscribe for a visitor without a running plan (Renew once
 * one has lapsed); a subscriber or an admin is sent to what the plan opens, the finder, instead of to a checkout.
 */
export function renderHeroAction(session: Session | null, now: number): string {
  if (mayUseGatedFilters(session, now)) {
    return `<a class="button button-primary" href="/stats/finder" data-testid="hero-action">Open the finder</a>`;
  }
  const label = session && statsPlanStatus(session, now).state === 'expired' ? 'Renew' : 'Subscribe';
  return `<a class="button button-primary" href="/checkout?interval=month" data-testid="hero-action">${label}</a>`;
}

/** Every per-visitor block for a signed-in visitor of a prerendered page. */
export function visitorBlocks(session: Session, currentPath: string, now: number): Record<Exclude<BlockName, 'plan-price'>, string> {
  return {
    'account-nav': renderAccountNav(session, currentPath, now),
    'plan-status': renderPlanStatus(session, now),
    'account-offer': renderAccountOffer(session),
    'hero-action': renderHeroAction(session, now),
  };
}
