/**
 * Developer API keys: made for Stats plan subscribers (and admins) on the account page, named by their
 * owner, shown once, kept only as a SHA-256 digest. A key is `cv_live_` + 32 random bytes (base64url): the prefix
 * lets the owner, and secret scanners, recognise a leaked one. A key works while it is not revoked and its
 * owner's plan is active (admins: always); every check reads the store, so a revocation or a lapsed plan holds
 * on every node at the next request.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mayUseGatedFilters } from '../../lib/accounts/planStatus';
import type { Session } from '../../lib/accounts/sessionShape';
import { toSession } from '../auth/requestSession';
import type { AccountStore, ApiKeyRecord } from '../auth/store/types';

export const KEY_PREFIX = 'cv_live_';
/** The characters of a key shown on the account page: the prefix and the first 4 random characters. */
const SHOWN = KEY_PREFIX.length + 4;
/** Live keys one account may hold. */
export const MAX_LIVE_KEYS = 10;
/** A key's name: what its owner calls it ("laptop notebook", "nightly job"). */
export const KEY_NAME_MAX = 60;
/** A well-formed key: the prefix and 43 base64url characters (32 bytes). */
const KEY_SHAPE = /^cv_live_[A-Za-z0-9_-]{43}$/;

const nowSeconds = (): number => Math.floor(Date.now() / 1000);

export const digestOf = (key: string): string => createHash('sha256').update(key).digest('hex');

/** Why a key cannot be made; the account page shows the message. */
export class ApiKeyError extends Error {}

/** Makes a key for the user: the whole key (to show once) and its record. */
export async function createApiKey(store: AccountStore, session: Session, userId: number, name: string): Promise<{ key: string; record: ApiKeyRecord }> {
  const trimmed = name.trim();
  if (!trimmed) throw new ApiKeyError('Give the key a name, so that you can tell your keys apart.');
  if (trimmed.length > KEY_NAME_MAX) throw new ApiKeyError(`A key's name has at most ${KEY_NAME_MAX} characters.`);
  if (!mayUseGatedFilters(session, nowSeconds())) throw new ApiKeyError('API keys come with an active Stats plan.');
  const live = (await store.apiKeysOf(userId)).filter((k) => k.revokedAt === null);
  if (live.length >= MAX_LIVE_KEYS) throw new ApiKeyError(`You have ${MAX_LIVE_KEYS} live keys: revoke one before making another.`);
  const key = KEY_PREFIX + randomBytes(32).toString('base64url');
  const record = await store.createApiKey({ userId, name: trimmed, prefix: key.slice(0, SHOWN), digest: digestOf(key), createdAt: nowSeconds() });
  return { key, record };
}

/** What a request's Authorization header says about its key. */
export type KeyCheck = { kind: 'none' } | { kind: 'valid'; key: ApiKeyRecord; session: Session } | { kind: 'invalid'; status: 401 | 403; message: string };

/**
 * The key of a request: none (no Authorization header), valid (with its owner's session: gating works as for the
 * owner), or invalid with the status and message to answer (a malformed header, an unknown or revoked key, a plan
 * that ended).
 */
export async function checkApiKey(store: AccountStore, authorization: string | null, now: number = nowSeconds()): Promise<KeyCheck> {
  if (authorization === null) return { kind: 'none' };
  const match = /^Bearer ([^\s]{1,200})$/i.exec(authorization.trim());
  if (!match) return { kind: 'invalid', status: 401, message: 'The Authorization header must be "Bearer <your API key>".' };
  const key = match[1]!;
  if (!KEY_SHAPE.test(key)) return { kind: 'invalid', status: 401, message: `That is not an API key of this site (keys start with ${KEY_PREFIX}).` };
  const found = await store.apiKeyOwner(digestOf(key));
  if (!found) return { kind: 'invalid', status: 401, message: 'This API key is unknown or was revoked.' };
  const session = toSession(found.user);
  if (!mayUseGatedFilters(session, now)) {
    return { kind: 'invalid', status: 403, message: "The Stats plan of this key's owner is not active: renew it on the account page to use the key again." };
  }
  return { kind: 'valid', key: found.key, session };
}
