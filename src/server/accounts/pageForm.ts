/**
 * The account pages' side of a form post (routes stay thin): the posted fields, the CSRF check (the same
 * double-submit token as the sign-in form, src/server/auth/csrf.ts), the request's AccountContext, and how a
 * result sets the page's status. Every form works without JavaScript: a plain POST to its own page, answered
 * with the page and a message.
 */
import { getAccountStore } from '../auth/store/index.ts';
import { rateLimitKeyOf } from '../auth/clientIp.ts';
import { fetchCsrfToken, verifyCsrfToken, type CsrfResult } from '../auth/csrf.ts';
import { mailQueued } from '../mail/processWorker.ts';
import { cancelForDeletion } from '../billing/checkout.ts';
import { billingContext } from '../billing/pageBilling.ts';
import { publicOrigin } from '../site/publicOrigin.ts';
import type { AccountContext, ActionResult } from './context.ts';

/** What the pages need of Astro's global (or an APIContext). */
export interface PageRequest {
  request: Request;
  url: URL;
  /** Throws when the adapter cannot tell. */
  readonly clientAddress: string;
  response: { status?: number; headers: Headers };
}

export const STALE_FORM = { ok: false, status: 403, message: 'This form has expired. Reload the page and try again.' } as const satisfies ActionResult;

/** The account context of a request: the shared store, the public origin, the client's rate-limit bucket. */
export function accountContext(page: PageRequest): AccountContext {
  return {
    store: getAccountStore(),
    origin: publicOrigin(page.url),
    ip: rateLimitKeyOf(page),
    mailQueued,
    endBilling: async (user) => {
      await cancelForDeletion(billingContext(page.url), user);
    },
  };
}

export interface PostedForm {
  /** Text fields (a file or a repeated field: the last text value). */
  fields: Record<string, string>;
  /** True when the form carried this visitor's CSRF token. */
  csrfOk: boolean;
}

/** The posted form, or null for a GET (or a body that is not a form: answered as a stale form). */
export async function postedForm(page: PageRequest): Promise<PostedForm | null> {
  if (page.request.method !== 'POST') return null;
  const fields: Record<string, string> = {};
  try {
    for (const [key, value] of await page.request.formData()) if (typeof value === 'string') fields[key] = value;
  } catch {
    return { fields, csrfOk: false };
  }
  return { fields, csrfOk: verifyCsrfToken(page.request, fields.csrfToken) };
}

/** A CSRF token for the page's forms (its cookie is set on the response); null when Auth.js cannot give one. */
export async function formCsrf(page: PageRequest): Promise<CsrfResult | null> {
  const csrf = await fetchCsrfToken(page.request);
  if (csrf) for (const cookie of csrf.setCookies) page.response.headers.append('Set-Cookie', cookie);
  return csrf;
}

/** Sets the page's status (and Retry-After) from a result; personal pages are never cached. */
export function answerWith(page: PageRequest, result: ActionResult | null): void {
  page.response.headers.set('Cache-Control', 'private, no-store');
  if (!result || result.ok) return;
  page.response.status = result.status;
  if (result.retryAfterSeconds) page.response.headers.set('Retry-After', String(result.retryAfterSeconds));
}
