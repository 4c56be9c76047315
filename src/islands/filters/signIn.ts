/**
 * The sign-in link of a locked filter: the sign-in page, coming back to this view afterwards. When the page was
 * opened with gated filters (dropped while signed out), it comes back to that original query instead, so they
 * apply once signed in.
 */
import { AUTH_PAGES } from '../../lib/authPaths';
import { hasGatedFilterKeys } from '../../lib/queryState';
import { $entryQuery } from '../../stores/entryQuery';

export function signInHref(): string {
  if (typeof window === 'undefined') return AUTH_PAGES.signIn;
  const entry = $entryQuery.get();
  const search = hasGatedFilterKeys(entry) ? entry : window.location.search;
  return `${AUTH_PAGES.signIn}?${new URLSearchParams({ callbackUrl: window.location.pathname + search })}`;
}

/** Where a "Stats plan" lock leads a signed-in user without an active plan: the plans on the home page. */
export const PLANS_HREF = '/#plans';
