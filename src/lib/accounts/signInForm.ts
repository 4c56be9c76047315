/**
 * The sign-in form's script (progressive enhancement: without JavaScript the form posts normally).
 * On submit it posts the same fields to the credentials callback with fetch, form-encoded with `json: true`
 * and X-Auth-Return-Redirect (spec section 7), then goes where Auth.js says (the callback URL, or the sign-in
 * page with an error). A 429 shows the rate-limit message in place. If the callback never completes, a
 * fallback timer sends the browser to the callback URL after 60 seconds (spec section 4).
 */
import { SIGN_IN_FALLBACK_MS } from './authMessages.ts';

export interface SignInFormDeps {
  fetch: (input: string, init: RequestInit) => Promise<Response>;
  setTimeout: (fn: () => void, ms: number) => unknown;
  assign: (url: string) => void;
  /** Shows a message on the page (the rate-limit answer). */
  showError: (message: string) => void;
}

export function enhanceSignInForm(form: HTMLFormElement, deps: SignInFormDeps): void {
  let pending = false;
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (pending) return;
    pending = true;
    const button = form.querySelector<HTMLButtonElement>('button[type="submit"]');
    const label = button?.textContent ?? '';
    if (button) {
      button.disabled = true;
      button.textContent = 'Signing in…';
    }
    const callbackUrl = form.dataset.callbackUrl || '/';
    deps.setTimeout(() => deps.assign(callbackUrl), SIGN_IN_FALLBACK_MS);
    const body = new URLSearchParams();
    for (const [key, value] of new FormData(form)) if (typeof value === 'string') body.set(key, value);
    body.set('json', 'true');
    void deps
      .fetch(form.action, {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'X-Auth-Return-Redirect': '1' },
        body,
      })
      .then(async (response) => {
        const data = (await response.json().catch(() => null)) as { url?: unknown; message?: unknown } | null;
        if (response.status === 429 && typeof data?.message === 'string') {
          pending = false;
          if (button) {
            button.disabled = false;
            button.textContent = label;
          }
          deps.showError(data.message);
          return;
        }
        deps.assign(typeof data?.url === 'string' ? data.url : callbackUrl);
      })
      .catch(() => {
        // Network failure: the fallback timer still moves the browser on.
      });
  });
}
