/**
 * The saved views' HTTP side (routes under src/pages/api/account/views stay thin): who asks, the body (a JSON
 * object from the stats pages' "Save view" button, or a plain form from the account page), the CSRF check (the
 * same double-submit token as every form, src/server/auth/csrf.ts: field `csrfToken`, or the `X-CSRF-Token`
 * header), and the answer: JSON with a status for a JSON request, POST-redirect-GET to /profile#saved-views with
 * the message for a form. Example: `POST /api/account/views/12` with `action=rename&name=Threes&csrfToken=...`
 * renames view 12 of the signed-in user and sends the browser back to the list; another account gets a 404.
 */
import type { APIContext } from 'astro';
import { getAccountStore } from '../auth/store/index.ts';
import { verifyCsrfToken } from '../auth/csrf.ts';
import type { RequestAccount } from '../auth/requestSession.ts';
import type { SavedViewRecord } from '../auth/store/types.ts';
import { redirectWithFlash } from './flash.ts';
import { STALE_FORM, type PageRequest } from './pageForm.ts';
import { SavedViewError } from './savedViews.ts';

/** The account page's section the forms return to. */
export const SAVED_VIEWS_SECTION = 'saved-views';
export const SAVED_VIEWS_HOME = `/profile#${SAVED_VIEWS_SECTION}`;
/** A body past this is refused before it is read whole (a name and an address are far shorter). */
const MAX_BODY_BYTES = 16 * 1024;

const NO_STORE = { 'Cache-Control': 'private, no-store' };

/** An endpoint's context as the account pages' helpers take it (the flash's cookie is on the redirect itself). */
function asPage(context: APIContext): PageRequest {
  return { request: context.request, url: context.url, clientAddress: '', response: { headers: new Headers() } };
}

export function json(body: unknown, status = 200): Response {
  return Response.json(body, { status, headers: NO_STORE });
}

/** The view as its owner's client sees it. */
export function viewJson(v: SavedViewRecord) {
  return { id: v.id, name: v.name, url: v.url, createdAt: v.createdAt, updatedAt: v.updatedAt, alert: v.alert !== null };
}

export interface ViewRequest {
  account: RequestAccount;
  fields: Record<string, unknown>;
  /** The request came from a form (answered with a redirect), not from a script (answered with JSON). */
  form: boolean;
}

/**
 * The signed-in account and the checked body of a POST, or the Response refusing it (401 signed out, 403 stale
 * form, 400 an unreadable body, 413 a body too large, 415 neither JSON nor a form).
 */
export async function readViewRequest(context: APIContext): Promise<ViewRequest | Response> {
  const account = context.locals.account;
  if (!account) return json({ error: 'Sign in to keep saved views.' }, 401);
  const type = (context.request.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  const form = type === 'application/x-www-form-urlencoded' || type === 'multipart/form-data';
  if (!form && type !== 'application/json') return json({ error: 'Send the view as JSON or as a form.' }, 415);
  const length = Number(context.request.headers.get('content-length') ?? '0');
  if (length > MAX_BODY_BYTES) return json({ error: 'The request is too large.' }, 413);
  const fields: Record<string, unknown> = {};
  try {
    if (form) {
      for (const [key, value] of await context.request.formData()) if (typeof value === 'string') fields[key] = value;
    } else {
      const text = await context.request.text();
      if (text.length > MAX_BODY_BYTES) return json({ error: 'The request is too large.' }, 413);
      const body: unknown = JSON.parse(text);
      if (typeof body !== 'object' || body === null || Array.isArray(body)) return json({ error: 'The body must be a JSON object.' }, 400);
      Object.assign(fields, body);
    }
  } catch {
    return json({ error: form ? 'The form could not be read.' : 'The body is not valid JSON.' }, 400);
  }
  const token = fields.csrfToken ?? context.request.headers.get('x-csrf-token');
  if (!verifyCsrfToken(context.request, token)) {
    return form ? failForm(context, account, STALE_FORM.message) : json({ error: STALE_FORM.message }, 403);
  }
  return { account, fields, form };
}

async function failForm(context: APIContext, account: RequestAccount, message: string): Promise<Response> {
  return redirectWithFlash(
    asPage(context),
    getAccountStore(),
    account.user.id,
    { form: SAVED_VIEWS_SECTION, result: { ok: false, status: 400, message } },
    SAVED_VIEWS_HOME,
  );
}

/** The answer to a view request that went through: JSON, or back to the list with the message. */
export async function done(context: APIContext, req: ViewRequest, message: string, body: unknown, status = 200): Promise<Response> {
  if (!req.form) return json(body, status);
  return redirectWithFlash(
    asPage(context),
    getAccountStore(),
    req.account.user.id,
    { form: SAVED_VIEWS_SECTION, result: { ok: true, message } },
    SAVED_VIEWS_HOME,
  );
}

/**
 * Runs an action, turning a SavedViewError into its answer: JSON with its status, or for a form the message on the
 * list, except a 404, which a form gets as a 404 too (a view id that is not the asker's is not found either way).
 */
export async function runViewAction(context: APIContext, req: ViewRequest, action: () => Promise<Response>): Promise<Response> {
  try {
    return await action();
  } catch (error) {
    if (!(error instanceof SavedViewError)) throw error;
    if (!req.form || error.status === 404) return json({ error: error.message, ...(error.field ? { field: error.field } : {}) }, error.status);
    return redirectWithFlash(
      asPage(context),
      getAccountStore(),
      req.account.user.id,
      {
        form: SAVED_VIEWS_SECTION,
        result: { ok: false, status: error.status === 409 ? 409 : error.status, message: error.message, ...(error.field ? { field: error.field } : {}) },
      },
      SAVED_VIEWS_HOME,
    );
  }
}
