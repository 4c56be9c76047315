/**
 * GET /api/account/views: the signed-in user's saved views (JSON, newest first).
 * POST /api/account/views: saves the address `url` (a /stats path with its query) under `name`, JSON or a form,
 * with the CSRF token; 201 with the view, or 4xx with a message (rules: src/server/accounts/savedViews.ts).
 */
import type { APIRoute } from 'astro';
import { getAccountStore } from '../../../../server/auth/store/index.ts';
import { saveView } from '../../../../server/accounts/savedViews.ts';
import { done, json, readViewRequest, runViewAction, viewJson } from '../../../../server/accounts/savedViewApi.ts';

export const prerender = false;

export const GET: APIRoute = async ({ locals }) => {
  if (!locals.account) return json({ error: 'Sign in to see your saved views.' }, 401);
  const views = await getAccountStore().savedViewsOf(locals.account.user.id);
  return json({ views: views.map(viewJson) });
};

export const POST: APIRoute = async (context) => {
  const req = await readViewRequest(context);
  if (req instanceof Response) return req;
  return runViewAction(context, req, async () => {
    const view = await saveView(getAccountStore(), req.account.session, req.account.user.id, { name: req.fields.name, url: req.fields.url });
    return done(context, req, `Saved "${view.name}".`, { view: viewJson(view) }, 201);
  });
};
