/**
 * The sign-in providers. AUTH_PROVIDERS (comma-separated, default "credentials") chooses which are on; "none"
 * turns every provider off (sign-in then goes to the sign-in error page). Adding an OAuth provider is a few
 * lines: import it from @auth/core/providers/<name>, add an entry below; Auth.js reads AUTH_<ID>_ID and
 * AUTH_<ID>_SECRET from the environment.
 */
import Credentials from '@auth/core/providers/credentials';
import type { Provider } from '@auth/core/providers';
import { verifyCredentials } from './credentials.ts';

const AVAILABLE: Record<string, () => Provider> = {
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

export function enabledProviderIds(setting = process.env.AUTH_PROVIDERS ?? 'credentials'): string[] {
  if (setting.trim() === 'none') return [];
  const ids = setting
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
  const unknown = ids.filter((id) => !(id in AVAILABLE));
  if (unknown.length > 0) throw new Error(`AUTH_PROVIDERS names unknown providers: ${unknown.join(', ')}`);
  return ids;
}

export function configuredProviders(): Provider[] {
  return enabledProviderIds().map((id) => AVAILABLE[id]!());
}

/** The configured providers as the sign-in page lists them (credentials gets the form, others a button). */
export function providerSummaries(): { id: string; name: string; type: string }[] {
  return configuredProviders().map((p) => {
    const provider = typeof p === 'function' ? p() : p;
    return { id: provider.id, name: provider.name, type: provider.type };
  });
}
