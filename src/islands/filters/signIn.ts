/**
 * The sign-in link of a locked filter: the sign-in page, coming back to this view afterwards. When the page was
 * opened with gated filters (dropped while signed out), it comes back to that original query instead, so they
 * apply once signed in.
 */
import { AUTH_PAGES, SIGN_UP_PATH } from '../../lib/accounts/authPaths';
import { hasGatedFilterKeys } from '../../lib/params/queryState';
import { $entryQuery } from '../../stores/entryQuery';

function backHere(page: string): string {
  if (typeof window === 'undefined') return page;
  const entry = $entryQuery.get();
  const search = hasGatedFilterKeys(entry) ? entry : window.location.search;
  return `${page}?${new URLSearchParams({ callbackUrl: window.location.pathname + search })}`;
}

export function signInHref(): string {
  return backHere(AUTH_PAGES.signIn);
}

/** The sign-up link beside it: a new account, then sign-in comes back to the same place. */
export function signUpHref(): string {
  return backHere(SIGN_UP_PATH);
}

/** Where a "Stats plan" lock leads a signed-in user without an active plan: the pricing page. */
export const PLANS_HREF = '/pricing';
