/**
 * The answer when the accounts database cannot be reached (AccountsUnavailableError): 503 with Retry-After and
 * a message, JSON for /api/* and a short page for everything else. Used by the Astro middleware and by the
 * project's server in front of the prerendered pages.
 */
const ACCOUNTS_RETRY_AFTER_SECONDS = 30;

const MESSAGE = 'Sign-in and accounts are unavailable for a moment: the accounts database cannot be reached. Please try again shortly.';

export interface AccountsDownAnswer {
  status: 503;
  headers: Record<string, string>;
  body: string;
}

export function accountsDownAnswer(pathname: string): AccountsDownAnswer {
  const json = pathname.startsWith('/api/');
  return {
    status: 503,
    headers: {
      'Content-Type': json ? 'application/json; charset=utf-8' : 'text/html; charset=utf-8',
      'Cache-Control': 'no-store',
      'Retry-After': String(ACCOUNTS_RETRY_AFTER_SECONDS),
    },
    body: json
      ? JSON.stringify({ error: MESSAGE })
      : `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Temporarily unavailable · Courtvision</title></head><body style="font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;line-height:1.5"><h1>Temporarily unavailable</h1><p>${MESSAGE}</p><p><a href="/">Home</a></p></body></html>`,
  };
}
