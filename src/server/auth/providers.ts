/**
 * The sign-in providers. AUTH_PROVIDERS (comma-separated, default "credentials") chooses which are on; "none"
 * turns every provider off (sign-in then goes to the sign-in error page). Adding an OAuth provider is a few
 * lines: add its id to providerIds.ts, import it from @auth/core/providers/<name> and add an entry below;
 * Auth.js reads AUTH_<ID>_ID and AUTH_<ID>_SECRET from the environment.
 */
import Credentials from '@auth/core/providers/credentials';
import type { Provider } from '@auth/core/providers';
import { config } from '../config.ts';
import { verifyCredentials } from './credentials.ts';
import type { ProviderId } from './providerIds.ts';

const AVAILABLE: Record<ProviderId, () => Provider> = {
  credentials: () =>
    Credentials({
      id: 'credentials',
      name: 'Email and password',
      credentials: {
        email: { label: 'Email', type: 'email' },
        password: { label: 'Password', type: 'password' },
      },
      async authorize(credentials) {
        const user = await verifyCredentials(credentials);
        return user ? { id: String(user.id), name: user.name, email: user.email } : null;
      },
    }),
};

/** The providers switched on by AUTH_PROVIDERS (validated in src/server/config.ts). */
export function configuredProviders(ids: readonly string[] = config.authProviders): Provider[] {
  return ids.map((id) => AVAILABLE[id as ProviderId]());
}

/** The configured providers as the sign-in page lists them (credentials gets the form, others a button). */
export function providerSummaries(): { id: string; name: string; type: string }[] {
  return configuredProviders().map((p) => {
    const provider = typeof p === 'function' ? p() : p;
    return { id: provider.id, name: provider.name, type: provider.type };
  });
}
