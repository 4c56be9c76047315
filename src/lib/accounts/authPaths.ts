/** Paths of the auth endpoints and pages (no imports, so isomorphic modules and the server can share them). */

/** The auth base path of spec section 7 (csrf, providers, session, signin, callback, signout live under it). */
export const AUTH_BASE_PATH = '/api/auth';

/** The project's own sign-in, sign-out and sign-in error pages (Auth.js `pages`). */
export const AUTH_PAGES = { signIn: '/signin', signOut: '/signout', error: '/signin/error' } as const;

/** Self-service account pages (src/pages): create an account, recover a password, follow an emailed link (an alert's unsubscribe too). */
export const SIGN_UP_PATH = '/signup';
export const ACCOUNT_PAGES = ['/signup', '/forgot', '/reset', '/verify', '/confirm-email', '/alerts/unsubscribe'] as const;
