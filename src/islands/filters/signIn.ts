/** The sign-in link of a locked filter: the sign-in page, coming back to this very view afterwards. */
import { AUTH_PAGES } from '../../lib/authPaths';

export function signInHref(): string {
  if (typeof window === 'undefined') return AUTH_PAGES.signIn;
  const back = window.location.pathname + window.location.search;
  return `${AUTH_PAGES.signIn}?${new URLSearchParams({ callbackUrl: back })}`;
}
