/**
 * What the sign-in pages say for each Auth.js error code (spec section 8). The wrong-credentials message is
 * the same for an unknown email and a wrong password, so it does not reveal which accounts exist.
 */
export const SIGN_IN_ERRORS: Record<string, string> = {
  CredentialsSignin: 'Wrong email or password.',
  SessionRequired: 'Please sign in to see that page.',
  MissingCSRF: 'Your sign-in form was missing its security token (it may have expired). Please try again.',
  Configuration: 'Sign-in is not available: no sign-in provider is configured on this server.',
  AccessDenied: 'This account may not sign in.',
  Verification: 'The sign-in link is no longer valid.',
};

export const GENERIC_SIGN_IN_ERROR = 'Sign-in did not work. Please try again.';

/** The message for an error code from the query string, or null when there is none. */
export function signInErrorMessage(code: string | null | undefined): string | null {
  if (!code) return null;
  return SIGN_IN_ERRORS[code] ?? GENERIC_SIGN_IN_ERROR;
}

/** If the sign-in callback never completes, the sign-in page sends the browser on after this long. */
export const SIGN_IN_FALLBACK_MS = 60_000;
