/**
 * GET /api/account/views/{id}: one of the signed-in user's saved views (JSON); 404 when it is not theirs.
 * POST /api/account/views/{id}: `action` rename (with `name`), delete, alert-on or alert-off, JSON or a form, with
 * the CSRF token. A form is sent back to /profile#saved-views with the message; JSON gets the view or a 4xx.
 */
import type { APIRoute } from 'astro';
import { getAccountStore } from '../../../../server/auth/store/index.ts';
import { NOT_FOUND, SavedViewError, deleteView, renameView, setAlert, viewIdOf } from '../../../../server/accounts/savedViews.ts';
import { done, json, readViewRequest, runViewAction, viewJson } from '../../../../server/accounts/savedViewApi.ts';
import { currentDataThrough } from '../../../../server/stats/entities/seasons.ts';

export const prerender = false;

export const GET: APIRoute = async ({ locals, params }) => {
  if (!locals.account) return json({ error: 'Sign in to see your saved views.' }, 401);
  const id = viewIdOf(params.id);
  const view = id === null ? null : await getAccountStore().savedViewOf(locals.account.user.id, id);
  return view ? json({ view: viewJson(view) }) : json({ error: NOT_FOUND }, 404);
};

export const POST: APIRoute = async (context) => {
  const req = await readViewRequest(context);
  if (req instanceof Response) return req;
  const store = getAccountStore();
  const userId = req.account.user.id;
  return runViewAction(context, req, async () => {
    const id = viewIdOf(context.params.id);
    if (id === null) throw new SavedViewError(404, NOT_FOUND);
    const after = async (message: string) => {
      const view = await store.savedViewOf(userId, id);
      return done(context, req, message, view ? { view: viewJson(view) } : { deleted: id });
    };
    switch (req.fields.action) {
      case 'rename':
        await renameView(store, userId, id, req.fields.name);
        return after('Renamed.');
      case 'delete':
        await deleteView(store, userId, id);
        return after('Deleted.');
      case 'alert-on':
        // From the data's last date on: the games already held are not mailed.
        await setAlert(store, req.account.session, userId, id, true, await currentDataThrough());
        return after('Alert on: after each data update, the new games matching this view are mailed to you.');
      case 'alert-off':
        await setAlert(store, req.account.session, userId, id, false, null);
        return after('Alert off.');
      default:
        throw new SavedViewError(400, 'Which change? The action must be rename, delete, alert-on or alert-off.');
    }
  });
};
