/** Signing in over HTTP like a script would (CSRF token, then the credentials callback), for API-level tests. */
import { request as playwrightRequest, type APIRequestContext } from '@playwright/test';

export async function signedInContext(baseURL: string, who: { email: string; password: string } | null): Promise<APIRequestContext> {
  const context = await playwrightRequest.newContext({ baseURL });
  if (!who) return context;
  const { csrfToken } = (await (await context.get('/api/auth/csrf')).json()) as { csrfToken: string };
  const response = await context.post('/api/auth/callback/credentials', {
    form: { csrfToken, email: who.email, password: who.password, callbackUrl: '/' },
    headers: { Origin: baseURL },
    maxRedirects: 0,
  });
  const location = response.headers().location ?? '';
  if (response.status() !== 302 || location.includes('error=')) throw new Error(`sign-in of ${who.email} failed: ${response.status()} ${location}`);
  return context;
}
