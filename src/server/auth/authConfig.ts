/**
 * The Auth.js configuration (used by auth-astro's endpoints under /api/auth through /auth.config.ts, and by the
 * server-side helpers that call Auth directly). JWT sessions; the JWT holds only `sub` (user id) and `sid` (a
 * random session id whose SHA-256 lives in the accounts store until sign-out).
 */
import type { AuthConfig } from '@auth/core';
import type { Session } from '../../lib/accounts/sessionShape.ts';
import { config } from '../config.ts';
import { callbackPathOf } from './callbackUrl.ts';
import { configuredProviders } from './providers.ts';
import { resolveAuthSecret } from './secret.ts';
import { SESSION_MAX_AGE_SECONDS, liveSessionUserId, openSession, sessionForToken } from './requestSession.ts';
import { sha256Hex } from './digest.ts';
import { getAccountStore } from './store/index.ts';
import { AUTH_BASE_PATH, AUTH_PAGES } from '../../lib/accounts/authPaths.ts';

export { AUTH_BASE_PATH, AUTH_PAGES };

function runtimeSecret(): string {
  // The project's server has already resolved the secret (and refused to start in production without one);
  // this fallback only serves `astro dev`, which does not go through that server.
  return config.authSecret || resolveAuthSecret({ envSecret: undefined, production: false, file: config.authSecretFile });
}

const EVERYDAY_ERRORS = new Set(['CredentialsSignin', 'MissingCSRF', 'InvalidCallbackUrl']);

let shared: (AuthConfig & { prefix: string }) | null = null;

/** One configuration for the server-side helpers (csrf.ts). */
export function getAuthConfig(): AuthConfig & { prefix: string } {
  shared ??= createAuthConfig();
  return shared;
}

export function createAuthConfig(): AuthConfig & { prefix: string } {
  return {
    prefix: AUTH_BASE_PATH,
    basePath: AUTH_BASE_PATH,
    secret: runtimeSecret(),
    trustHost: true,
    ...(config.authUrl.startsWith('https://') ? { useSecureCookies: true } : {}),
    providers: configuredProviders(),
    pages: { ...AUTH_PAGES },
    session: { strategy: 'jwt', maxAge: SESSION_MAX_AGE_SECONDS },
    logger: {
      // Wrong passwords and stale forms are everyday events: one line, no stack trace. Anything else in full.
      error(error) {
        if (EVERYDAY_ERRORS.has(error.name)) console.warn(`[auth] ${error.name}`);
        else console.error('[auth]', error);
      },
    },
    callbacks: {
      // Only this site's own paths (callbackUrl.ts); anything else goes to the home page.
      redirect({ url, baseUrl }) {
        const path = callbackPathOf(url, baseUrl);
        return path ? baseUrl + path : baseUrl;
      },
      async jwt({ token, user }) {
        if (user?.id) {
          // Sign-in: open a server-side session and keep only ids in the token.
          return openSession(Number(user.id));
        }
        // Every later use: the session must still exist (sign-out deletes it); null clears the cookie.
        return (await liveSessionUserId(token)) === null ? null : token;
      },
      async session({ token }) {
        const session = await sessionForToken(token);
        // Auth.js types the result as its own session shape; ours is the spec's (src/lib/accounts/sessionShape.ts).
        return session as unknown as Session & { expires: string };
      },
    },
    events: {
      async signOut(message) {
        const token = 'token' in message ? message.token : null;
        if (token && typeof token.sid === 'string') await getAccountStore().deleteSession(sha256Hex(token.sid));
      },
    },
  };
}
