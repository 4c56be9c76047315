/**
 * The account page's forms: which action each `intent` runs, so that /profile stays a thin route. A result
 * belongs to the form that sent it (the page shows it there).
 */
import type { Actor, AccountContext, ActionResult } from './context.ts';
import { fail } from './context.ts';
import { resendVerification } from './signup.ts';
import { changeName, changePassword, deleteAccount, requestEmailChange } from './settings.ts';
import { createKeyAction, revokeKeyAction } from './apiKeyForms.ts';

export const PROFILE_INTENTS = ['name', 'password', 'email', 'resend', 'delete', 'api-key', 'api-key-revoke'] as const;
export type ProfileIntent = (typeof PROFILE_INTENTS)[number];

/** The section of the account page a form belongs to (where the browser comes back to after it). */
export function sectionOf(intent: ProfileIntent | null): string {
  if (intent === 'api-key' || intent === 'api-key-revoke') return 'api-keys';
  if (intent === 'resend') return 'email-confirmation';
  return intent ?? 'top';
}

export function isProfileIntent(value: unknown): value is ProfileIntent {
  return typeof value === 'string' && (PROFILE_INTENTS as readonly string[]).includes(value);
}

export async function runProfileForm(ctx: AccountContext, actor: Actor, fields: Record<string, string>): Promise<ActionResult> {
  switch (fields.intent) {
    case 'name':
      return changeName(ctx, actor, fields);
    case 'password':
      return changePassword(ctx, actor, fields);
    case 'email':
      return requestEmailChange(ctx, actor, fields);
    case 'resend':
      return resendVerification(ctx, actor);
    case 'delete':
      return deleteAccount(ctx, actor, fields);
    case 'api-key':
      return createKeyAction(ctx, actor, fields);
    case 'api-key-revoke':
      return revokeKeyAction(ctx, actor, fields);
    default:
      return fail(400, `Unknown form: expected one of ${PROFILE_INTENTS.join(', ')}.`);
  }
}
