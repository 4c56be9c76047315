/**
 * The account forms' side of a page that shows them (src/components/AccountSettings.astro): /profile, and
 * /subscription_expiration for a lapsed customer, whom every other page sends there (src/server/auth/access.ts).
 * One handler for both, so the forms, their checks, their CSRF protection and their emails are the same ones:
 * the posted form (CSRF first), the action it names (profileForms.ts), then POST-redirect-GET back to the page
 * that sent it (`${here}#section`, flash.ts) or, for a refused form, the answer in place with its status.
 */
import type { RequestAccount } from '../auth/requestSession.ts';
import { getAccountStore } from '../auth/store/index.ts';
import type { CsrfResult } from '../auth/csrf.ts';
import type { ApiKeyRecord } from '../auth/store/types.ts';
import { mayUseGatedFilters } from '../../lib/accounts/planStatus.ts';
import type { ActionResult } from './context.ts';
import { redirectWithFlash, takeFlash } from './flash.ts';
import { STALE_FORM, accountContext, answerWith, formCsrf, postedForm, type PageRequest } from './pageForm.ts';
import { isProfileIntent, runProfileForm, sectionOf, type ProfileIntent } from './profileForms.ts';

/** What a page with the account forms renders. */
export interface AccountForms {
  /** The answer to show (a refused form's, or the flash of one that went through), and which form it belongs to. */
  result: ActionResult | null;
  /** A form of the page (ProfileIntent), or 'plan' for the Billing section's answers (src/pages/billing/renewal.astro). */
  intent: string | null;
  /** The account was deleted by this post: the page says so and shows no forms. */
  deleted: boolean;
  /** null: Auth.js could not give a token (the page says so instead of the forms). */
  csrf: CsrfResult | null;
  apiKeys: ApiKeyRecord[];
  mayMakeKeys: boolean;
}

/**
 * Runs the posted account form of `signedIn` on the page at `here`, or reads the flash of the one before. A
 * Response is the redirect to send at once (the form went through); otherwise the page renders the state.
 */
export async function accountForms(page: PageRequest, signedIn: RequestAccount, here: string): Promise<Response | AccountForms> {
  const store = getAccountStore();
  const form = await postedForm(page);
  const postedIntent: ProfileIntent | null = form && isProfileIntent(form.fields.intent) ? form.fields.intent : null;
  const posted: ActionResult | null = form
    ? form.csrfOk
      ? await runProfileForm(accountContext(page), { user: signedIn.user, sessionDigest: signedIn.sessionDigest }, form.fields)
      : STALE_FORM
    : null;
  const deleted = postedIntent === 'delete' && posted?.ok === true;
  // POST-redirect-GET: a change that went through is shown once on the page the browser is sent to, so that
  // reloading it re-posts nothing (a second key, a second email). A refused form is answered here, with its status.
  if (posted?.ok && !deleted) {
    return redirectWithFlash(page, store, signedIn.user.id, { form: postedIntent, result: posted }, `${here}#${sectionOf(postedIntent)}`);
  }
  const flash = form ? null : await takeFlash(page, store, signedIn.user.id);
  const result: ActionResult | null = posted ?? flash?.result ?? null;
  const intent: string | null = posted ? postedIntent : (flash?.form ?? null);
  answerWith(page, result);
  if (deleted) return { result, intent, deleted, csrf: null, apiKeys: [], mayMakeKeys: false };
  return {
    result,
    intent,
    deleted,
    csrf: await formCsrf(page),
    apiKeys: await store.apiKeysOf(signedIn.user.id),
    mayMakeKeys: mayUseGatedFilters(signedIn.session, Math.floor(Date.now() / 1000)),
  };
}
