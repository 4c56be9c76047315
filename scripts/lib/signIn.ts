/**
 * Signs a user in through Auth.js's credentials flow as a browser does (GET /api/auth/csrf, then POST the form to
 * /api/auth/callback/credentials with the CSRF cookie), over any `fetcher`: a real server (fetch) or Auth.js
 * called in-process. Returns the Cookie header of every cookie set on the way (the session cookie included);
 * throws when no session cookie came back.
 */
export type Fetcher = (path: string, init?: RequestInit) => Promise<Response>;

export async function signInWithCredentials(fetcher: Fetcher, email: string, password: string, headers: Record<string, string> = {}): Promise<string> {
  const jar = new Map<string, string>();
  const keep = (response: Response) => {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const [name, ...value] = pair!.split('=');
      if (value.join('=') === '') jar.delete(name!.trim());
      else jar.set(name!.trim(), value.join('='));
    }
  };
  const cookie = () => [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
  const csrf = await fetcher('/api/auth/csrf', { headers });
  keep(csrf);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  keep(
    await fetcher('/api/auth/callback/credentials', {
      method: 'POST',
      redirect: 'manual',
      headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded', cookie: cookie() },
      body: new URLSearchParams({ csrfToken, email, password, callbackUrl: '/' }),
    }),
  );
  if (![...jar.keys()].some((name) => name.endsWith('authjs.session-token'))) throw new Error(`sign-in as ${email} failed: no session cookie`);
  return cookie();
}
