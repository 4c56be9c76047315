/**
 * GET /api/account/export: the signed-in user's data (profile, plans, sign-ins, saved views) as a JSON download. Reading
 * only; another site cannot read the answer (no CORS), so a GET with the session cookie is enough.
 */
import type { APIRoute } from 'astro';
import { getAccountStore } from '../../../server/auth/store/index.ts';
import { accountData } from '../../../server/accounts/settings.ts';

export const prerender = false;

export const GET: APIRoute = async ({ locals }) => {
  const account = locals.account;
  if (!account) return Response.json({ error: 'Sign in to download your data.' }, { status: 401, headers: { 'Cache-Control': 'no-store' } });
  const data = await accountData(getAccountStore(), account.user);
  return new Response(JSON.stringify(data, null, 2), {
    headers: {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Disposition': 'attachment; filename="courtvision-account.json"',
      'Cache-Control': 'private, no-store',
    },
  });
};
