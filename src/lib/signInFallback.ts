/**
 * The sign-in page's fallback (spec: "a fallback redirect 60 seconds after sign-in when the callback does not
 * complete"): when the form is submitted, start a timer; if the browser is still on the page when it fires
 * (the callback hung), go to the callback URL.
 */
import { SIGN_IN_FALLBACK_MS } from './authMessages.ts';

export interface FallbackDeps {
  setTimeout: (fn: () => void, ms: number) => unknown;
  assign: (url: string) => void;
}

export function armSignInFallback(form: HTMLFormElement, deps: FallbackDeps): void {
  let armed = false;
  form.addEventListener('submit', () => {
    if (armed) return;
    armed = true;
    const target = form.dataset.callbackUrl || '/';
    deps.setTimeout(() => deps.assign(target), SIGN_IN_FALLBACK_MS);
  });
}
