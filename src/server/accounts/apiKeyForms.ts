/**
 * The account page's API key forms: make a key (shown once, in the result) and revoke one.
 * The rules are src/server/api/keys.ts's.
 */
import { ApiKeyError, createApiKey } from '../api/keys.ts';
import { toSession } from '../auth/requestSession.ts';
import { fail, type AccountContext, type ActionResult, type Actor } from './context.ts';

export async function createKeyAction(ctx: AccountContext, actor: Actor, fields: Record<string, string>): Promise<ActionResult> {
  const session = toSession({ ...actor.user, subscriptions: await ctx.store.subscriptionsFor(actor.user.id) });
  try {
    const { key, record } = await createApiKey(ctx.store, session, actor.user.id, fields.keyName ?? '');
    return { ok: true, message: `Your key "${record.name}" is ready. Copy it now: it is shown only this once.`, secret: key };
  } catch (error) {
    if (error instanceof ApiKeyError) return fail(400, error.message, 'keyName');
    throw error;
  }
}

export async function revokeKeyAction(ctx: AccountContext, actor: Actor, fields: Record<string, string>): Promise<ActionResult> {
  const id = Number(fields.keyId);
  if (!Number.isSafeInteger(id) || id <= 0) return fail(400, 'Which key? The form named none.');
  const revoked = await ctx.store.revokeApiKey(actor.user.id, id, Math.floor(Date.now() / 1000));
  return revoked
    ? { ok: true, message: 'The key is revoked: requests with it are refused from now on, on every server.' }
    : fail(400, 'That key is already revoked, or is not yours.');
}
