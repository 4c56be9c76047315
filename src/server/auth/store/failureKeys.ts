/**
 * The keys of the failure counters (`signin_failures`), in one place: the sign-in limiter's (signInGuard.ts) and
 * the account actions' (src/server/accounts/limits.ts). Several name an email address, so deleting an account
 * deletes them with it (keysNaming, used by deleteUser and deleteAccount, concerns/): nothing of a deleted
 * address stays in the store. For ann@example.com signing in from 203.0.113.7 and asking for a reset:
 * `ip:203.0.113.7`, `account:ann@example.com`, `account-ip:ann@example.com|203.0.113.7`,
 * `forgot-ip:203.0.113.7`, `forgot-email:ann@example.com`.
 */

/** The account actions that send mail, each with its own counters. */
export const LIMITED_ACTIONS = ['signup', 'forgot', 'resend', 'change-email'] as const;
export type LimitedAction = (typeof LIMITED_ACTIONS)[number];

/** Sign-in failures from a client address (any account typed). */
export const ipKey = (ip: string) => `ip:${ip}`;
/** Sign-in failures on an account (the normalized email typed), from every address. */
export const accountKey = (account: string) => `account:${account}`;
/** Sign-in failures on an account from one address. */
export const accountIpKey = (account: string, ip: string) => `account-ip:${account}|${ip}`;
/** Requests of an account action from a client address. */
export const actionIpKey = (action: LimitedAction, ip: string) => `${action}-ip:${ip}`;
/** Requests of an account action for an address typed. */
export const actionEmailKey = (action: LimitedAction, email: string) => `${action}-email:${email}`;

/** The key prefixes of the sign-in limiter's counters (each pruned by its window). */
export const SIGN_IN_PREFIXES = ['ip:', 'account-ip:', 'account:'] as const;

/** Every key that names the (normalized) address: the exact keys, and the prefix of the per-address ones. */
export function keysNaming(email: string): { keys: string[]; prefix: string } {
  return {
    keys: [accountKey(email), ...LIMITED_ACTIONS.map((action) => actionEmailKey(action, email))],
    prefix: accountIpKey(email, ''),
  };
}
