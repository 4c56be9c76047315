/**
 * The header's sign-in state as an HTML string, rendered by src/components/AccountNav.astro for server-rendered
 * pages and filled into prerendered pages by the project's server (between the two marker comments), so the
 * marketing pages show who is signed in without any client JavaScript.
 */
import { STATS_PLAN, type Session } from '../../lib/session.ts';
import { AUTH_PAGES } from './authPaths.ts';

export const ACCOUNT_NAV_START = '<!--account-nav-->';
export const ACCOUNT_NAV_END = '<!--/account-nav-->';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

/** A short plan label for the header: Admin, Stats, Stats expired, or nothing. */
export function planBadge(session: Session, now: number): { label: string; tone: 'admin' | 'active' | 'expired' } | null {
  if (session.isAdmin) return { label: 'Admin', tone: 'admin' };
  const stats = session.subscriptions.filter((s) => s.plan.name === STATS_PLAN);
  if (stats.length === 0) return null;
  return stats.some((s) => s.expiresAt > now)
    ? { label: STATS_PLAN, tone: 'active' }
    : { label: `${STATS_PLAN} expired`, tone: 'expired' };
}

/** The inner markup (without the markers). currentPath is where "Sign in" comes back to. */
export function renderAccountNav(session: Session | null, currentPath: string, now: number): string {
  if (!session) {
    const href = `${AUTH_PAGES.signIn}?${new URLSearchParams({ callbackUrl: currentPath })}`;
    return `<div class="account-nav" data-auth="anonymous"><a class="account-link" href="${escapeHtml(href)}">Sign in</a></div>`;
  }
  const badge = planBadge(session, now);
  const badgeHtml = badge ? `<span class="account-badge account-badge-${badge.tone}">${escapeHtml(badge.label)}</span>` : '';
  return (
    `<div class="account-nav" data-auth="authenticated">` +
    `<a class="account-name" href="/profile" title="${escapeHtml(session.user.email)}">${escapeHtml(session.user.name)}</a>` +
    badgeHtml +
    `<a class="account-link" href="${AUTH_PAGES.signOut}">Sign out</a>` +
    `</div>`
  );
}

/** The full block with markers, as it appears in a page. */
export function accountNavBlock(session: Session | null, currentPath: string, now: number): string {
  return ACCOUNT_NAV_START + renderAccountNav(session, currentPath, now) + ACCOUNT_NAV_END;
}

/**
 * Replaces the account block of a prerendered page with the signed-in version. Returns the page unchanged when
 * it has no block.
 */
export function fillAccountNav(html: string, session: Session, currentPath: string, now: number): string {
  const start = html.indexOf(ACCOUNT_NAV_START);
  const end = html.indexOf(ACCOUNT_NAV_END, start + ACCOUNT_NAV_START.length);
  if (start < 0 || end < 0) return html;
  return html.slice(0, start) + accountNavBlock(session, currentPath, now) + html.slice(end + ACCOUNT_NAV_END.length);
}
