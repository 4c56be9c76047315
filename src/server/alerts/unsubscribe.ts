/**
 * The unsubscribe page's work (src/pages/alerts/unsubscribe.astro): a GET shows what the link would stop (mail
 * scanners open links: a GET changes nothing), the POST with the same token and the page's CSRF token stops it.
 * A tampered or damaged token, an expired one, and an alert already off each get their own plain message.
 */
import type { AccountStore } from '../auth/store/types.ts';
import type { ActionResult } from '../accounts/context.ts';
import { checkUnsubscribeToken } from './unsubscribeToken.ts';

export type UnsubscribeState =
  | { kind: 'ask'; viewName: string }
  | { kind: 'done'; viewName: string }
  | { kind: 'off' }
  | { kind: 'refused'; result: ActionResult };

export const INVALID_LINK =
  'This unsubscribe link is not valid: it may have been cut or changed. Sign in and turn the alert off on your account page (Saved views).';
export const EXPIRED_LINK =
  'This unsubscribe link has expired. The latest alert mail has a link that works, or sign in and turn the alert off on your account page (Saved views).';

export async function unsubscribe(
  store: AccountStore,
  token: unknown,
  confirm: boolean,
  now = Math.floor(Date.now() / 1000),
  secret?: string,
): Promise<UnsubscribeState> {
  const check = checkUnsubscribeToken(token, now, secret);
  if (!check.ok) return { kind: 'refused', result: { ok: false, status: 400, message: check.reason === 'expired' ? EXPIRED_LINK : INVALID_LINK } };
  const view = await store.savedViewOf(check.userId, check.viewId);
  if (!view?.alert) return { kind: 'off' };
  if (!confirm) return { kind: 'ask', viewName: view.name };
  await store.setViewAlert(check.userId, check.viewId, false, null, now);
  return { kind: 'done', viewName: view.name };
}
