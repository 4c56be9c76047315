/**
 * The accounts store interface: everything the app and the operator CLI need from persistent account data.
 * One interface, two implementations: the embedded SQLite file (one node) and PostgreSQL (any number of nodes);
 * every method is async for that reason, even though node:sqlite is synchronous.
 */

export interface UserRecord {
  id: number;
  /** Stored lower-cased and trimmed; unique. */
  email: string;
  name: string;
  /** PHC string of an argon2id hash. */
  passwordHash: string;
  isAdmin: boolean;
  /** seconds since epoch */
  createdAt: number;
  /** When the owner proved the address by following an emailed link (seconds since epoch); null: not yet. */
  emailVerifiedAt: number | null;
}

export interface SubscriptionRecord {
  userId: number;
  planName: string;
  /** seconds since epoch */
  expiresAt: number;
}

export interface NewUser {
  email: string;
  name: string;
  passwordHash: string;
  isAdmin?: boolean;
  /** Created by an operator for a known person (the CLI, the demo accounts): the address counts as verified. */
  emailVerified?: boolean;
}

/** What an emailed single-use link is for. */
export type TokenPurpose = 'verify-email' | 'reset-password' | 'change-email';

/** A single-use token as the store keeps it: only the SHA-256 digest of the random value in the link. */
export interface NewAccountToken {
  digest: string;
  purpose: TokenPurpose;
  userId: number;
  /** The address the link goes to (change-email: the new address, which the link proves). */
  email: string;
  /** seconds since epoch */
  expiresAt: number;
}

/** A message to send, queued in the store in the same transaction as the change it tells about. */
export interface QueuedMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The Message-ID header, fixed when queued so every attempt sends the same message. */
  messageId: string;
  /** The one action link in it, if any (printed to the log when mail goes to the local outbox). */
  link: string | null;
}

export interface MailRecord extends QueuedMail {
  id: number;
  /** Attempts so far (before this one). */
  attempts: number;
  /** seconds since epoch */
  createdAt: number;
}

/** What redeeming a token does, in the same transaction as marking it used. */
export type TokenEffect =
  | { kind: 'verify-email' }
  /** Sets the password, ends every session of the user, and tells them. */
  | { kind: 'reset-password'; passwordHash: string; mail: QueuedMail }
  /** Moves the account to the token's (new) address, which is verified by that. */
  | { kind: 'change-email' };

export type RedeemFailure = 'invalid' | 'expired' | 'used' | 'email-taken';
export type RedeemResult = { ok: true; user: UserRecord } | { ok: false; reason: RedeemFailure };

/** A server-side session as the owner may see it (the data download). */
export interface SessionSummary {
  /** seconds since epoch */
  createdAt: number;
  expiresAt: number;
}

export interface UserWithSubscriptions extends UserRecord {
  subscriptions: SubscriptionRecord[];
}

/** Thrown when an email is already taken (emails are compared case-insensitively). */
export class DuplicateEmailError extends Error {
  constructor(email: string) {
    super(`An account with the email ${email} already exists`);
    this.name = 'DuplicateEmailError';
  }
}

/**
 * The accounts database cannot serve: refused, reset or timed-out connections (also every pooled connection busy
 * past the connect timeout), a server shutting down or out of connections. The request is answered 503 with
 * Retry-After (src/middleware.ts, src/server/http), not 500. A write whose connection was lost as it
 * committed may have been applied.
 */
export class AccountsUnavailableError extends Error {
  constructor(cause: unknown) {
    super(`The accounts database cannot be reached (${cause instanceof Error ? cause.message : String(cause)})`, { cause });
    this.name = 'AccountsUnavailableError';
  }
}

/** Thrown when an operation names an account that does not exist. */
export class UnknownAccountError extends Error {
  constructor(email: string) {
    super(`No account with the email ${email}`);
    this.name = 'UnknownAccountError';
  }
}

/**
 * Sign-in failure counters, kept in the store so that every web node sees the same counts. A key names a
 * limiter and its bucket (e.g. "ip:203.0.113.9", "account:ann@example.com"); times are milliseconds since epoch.
 */
export interface FailureCounters {
  /** Counts one failure for the key at the given time. */
  recordFailure(key: string, at: number): Promise<void>;
  /**
   * The times of the key's failures after `since`, newest first, at most `max` of them: their number is the
   * count in the window (capped at `max`, all a limit of `max` needs to know), the last one tells when the
   * window frees a place.
   */
  recentFailures(key: string, since: number, max: number): Promise<number[]>;
  /** Forgets the key's failures (a successful sign-in). */
  clearFailures(key: string): Promise<void>;
  /**
   * Deletes the failures at or before `before` whose key starts with `keyPrefix` (a limiter prunes what its own
   * window no longer sees); returns how many.
   */
  pruneFailures(keyPrefix: string, before: number): Promise<number>;
}

/** A paid subscription as the payment provider last described it (src/server/billing). */
export interface BillingSubscription {
  subscriptionId: string;
  customerId: string;
  userId: number | null;
  /** The provider's status: active, trialing, past_due, canceled, unpaid, incomplete, incomplete_expired, paused. */
  status: string;
  interval: 'month' | 'year';
  amountCents: number;
  currency: string;
  /** seconds since epoch */
  currentPeriodEnd: number;
  cancelAtPeriodEnd: boolean;
  startedAt: number;
  endedAt: number | null;
  /** When the provider was in this state (the event's time): an older state never replaces a newer one. */
  stateAt: number;
}

/** One webhook event (or the checkout return page) to apply, all in one transaction. */
export interface BillingUpdate {
  /** The provider's event id (processed once), or null for a state read from the provider directly. */
  eventId: string | null;
  /** The event type, or what read the state (e.g. "checkout-return"). */
  type: string;
  /** seconds since epoch: the event's creation time */
  created: number;
  /** The customer to link to the user, when the event tells it. */
  customer: { userId: number; customerId: string } | null;
  subscription: BillingSubscription | null;
  /** The Stats plan expiry the new state gives (null: the plan is left as it is). */
  planExpiresAt: number | null;
  /** Messages the change calls for, given the state it replaces (queued in the same transaction). */
  mailsFor?: (previous: BillingSubscription | null, next: BillingSubscription) => QueuedMail[];
  /** For the operator: recorded with the event's outcome (the admin billing page), e.g. a duplicate cancelled. */
  note?: string;
}

export type BillingOutcome = 'applied' | 'duplicate' | 'stale' | 'no-user';

export interface BillingEventRecord {
  eventId: string;
  type: string;
  created: number;
  receivedAt: number;
  userId: number | null;
  outcome: string;
}

export interface BillingStore {
  billingCustomerOf(userId: number): Promise<string | null>;
  linkBillingCustomer(userId: number, customerId: string): Promise<void>;
  /** The user a provider customer belongs to. */
  userOfBillingCustomer(customerId: string): Promise<number | null>;
  /**
   * Applies an update in one transaction: the event recorded (a second time: 'duplicate', nothing changes), the
   * customer linked, the subscription state stored unless a newer one is ('stale'), the Stats plan's expiry set,
   * the change logged (old and new state) and its messages queued.
   */
  applyBillingUpdate(update: BillingUpdate): Promise<BillingOutcome>;
  /** The user's paid subscriptions, newest first. */
  billingSubscriptionsOf(userId: number): Promise<BillingSubscription[]>;
  /** Every subscription state (the admin page's figures). */
  allBillingSubscriptions(): Promise<BillingSubscription[]>;
  recentBillingEvents(limit: number): Promise<BillingEventRecord[]>;
}

/** A developer API key as its owner sees it (the key itself is shown once, at creation, and never kept). */
export interface ApiKeyRecord {
  id: number;
  userId: number;
  name: string;
  /** Its first characters ("cv_live_AbC1"), so that the owner (or a scanner) recognises it. */
  prefix: string;
  /** seconds since epoch */
  createdAt: number;
  lastUsedAt: number | null;
  /** Requests answered with it. */
  requests: number;
  revokedAt: number | null;
}

/** One quota window a request counts against: `cost` is added unless the window would pass its `limit`. */
export interface QuotaUse {
  /** Who and which window kind, e.g. "key:12:minute". */
  bucket: string;
  /** seconds since epoch */
  windowStart: number;
  cost: number;
  limit: number;
}

/**
 * Developer API keys and quota counters, in the store so that every web node sees the same keys, revocations
 * and counts.
 */
export interface ApiKeyStore {
  createApiKey(key: { userId: number; name: string; prefix: string; digest: string; createdAt: number }): Promise<ApiKeyRecord>;
  /** The user's keys, newest first, revoked ones included. */
  apiKeysOf(userId: number): Promise<ApiKeyRecord[]>;
  /** Revokes one of the user's keys; false when the user has no such live key. */
  revokeApiKey(userId: number, keyId: number, at: number): Promise<boolean>;
  /** The live (not revoked) key with this digest and its owner with their plans, read fresh; else null. */
  apiKeyOwner(digest: string): Promise<{ key: ApiKeyRecord; user: UserWithSubscriptions } | null>;
  /**
   * Counts one request against every window in `uses`, all or nothing: when any window would pass its limit,
   * nothing is counted and `allowed` is false. `used` is each window's count afterwards (or now, when refused).
   * A key's request counter and last-used time are updated with it.
   */
  consumeQuota(uses: readonly QuotaUse[], keyId: number | null, at: number): Promise<{ allowed: boolean; used: number[] }>;
  /** Deletes counters of windows that started before `before`; returns how many. */
  pruneQuota(before: number): Promise<number>;
}

/**
 * One-time flash entries: what a form's answer shows on the page it redirects to (POST-redirect-GET), kept for
 * a short while in the store so that any web node can show it, and taken (deleted) when read: shown once.
 */
export interface FlashStore {
  /** Keeps an entry under the digest of its random id (the id itself is only in the visitor's cookie). */
  putFlash(entry: { digest: string; userId: number; body: string; expiresAt: number }): Promise<void>;
  /** Deletes the entry and returns its body when it is the user's and has not expired; else null (and deleted). */
  takeFlash(digest: string, userId: number, now: number): Promise<string | null>;
}

/**
 * What a free trial was given against: the address (its SHA-256, so the claim outlives a deleted account without
 * keeping the address) and, with Stripe, the card's fingerprint. Each is used for one trial, ever.
 */
export interface TrialClaim {
  kind: 'email' | 'card';
  key: string;
}

export interface TrialClaimRecord extends TrialClaim {
  userId: number | null;
  subscriptionId: string;
  claimedAt: number;
}

/** An admin's action on an account (src/pages/admin/users.astro), kept for the record. */
export interface AdminActionRecord {
  id: number;
  adminEmail: string;
  action: string;
  targetEmail: string;
  detail: string;
  at: number;
}

export interface TrialStore {
  /** The claims among these already held (by any subscription but `exceptSubscriptionId`). */
  trialClaimsHeld(claims: readonly TrialClaim[], exceptSubscriptionId?: string): Promise<TrialClaimRecord[]>;
  /**
   * Records a subscription's trial against every claim, all or nothing: 'taken' (nothing written) when one is
   * held by another subscription; the same subscription again (a replay) is 'claimed' and changes nothing.
   */
  claimTrial(claims: readonly TrialClaim[], userId: number, subscriptionId: string, at: number): Promise<'claimed' | 'taken'>;
  /** The trials the user's claims record (what the admin page shows as "trial used"). */
  trialClaimsOf(userId: number): Promise<TrialClaimRecord[]>;
  /** Trialing subscriptions, not cancelled, whose trial ends in (after, until], with no reminder queued for that end. */
  trialsEndingBetween(after: number, until: number): Promise<BillingSubscription[]>;
  /** Queues a trial's reminder with its record, once per subscription and trial end (false: queued before, by any node). */
  queueTrialReminder(subscriptionId: string, trialEnd: number, mail: QueuedMail, at: number): Promise<boolean>;
  logAdminAction(entry: Omit<AdminActionRecord, 'id'>): Promise<void>;
  /** The latest actions, newest first, on one address or (null) on any. */
  adminActions(targetEmail: string | null, limit: number): Promise<AdminActionRecord[]>;
}

/**
 * A saved view: a stats page or finder query (its path and query on this site) kept under a name by its owner,
 * with at most one alert (src/server/alerts): after each stats update, the new games matching it are mailed.
 */
export interface SavedViewRecord {
  id: number;
  userId: number;
  name: string;
  /** Path and query on this site, checked when saved (src/server/accounts/savedViews.ts), e.g. /stats/players?season=2022. */
  url: string;
  /** seconds since epoch */
  createdAt: number;
  updatedAt: number;
  /** The alert on the view, or null. seenThrough: the games on or before this date (YYYY-MM-DD) were looked at. */
  alert: { createdAt: number; seenThrough: string | null } | null;
}

/** What an alert gave for one update: a digest line mailed, nothing new, or nothing sent (the plan had ended). */
export type AlertOutcome = 'mailed' | 'none' | 'lapsed';

export interface AlertDelivery {
  viewId: number;
  outcome: AlertOutcome;
  rowCount: number;
}

export interface AlertDeliveryRecord extends AlertDelivery {
  updateKey: string;
  at: number;
}

/** One person's alerts for one stats update, recorded with their digest (if any) in one transaction. */
export interface AlertDigest {
  userId: number;
  /** The update looked at (ingest_meta.updated_at): one record per alert and update. */
  updateKey: string;
  /** The data's last date: each alert's seenThrough moves to it. */
  through: string | null;
  deliveries: AlertDelivery[];
  mail: QueuedMail | null;
  at: number;
}

export interface SavedViewStore {
  /** Saves a view, unless the user holds `max` views already: 'full', nothing written. */
  createSavedView(view: { userId: number; name: string; url: string; at: number }, max: number): Promise<SavedViewRecord | 'full'>;
  /** The user's views, newest first. */
  savedViewsOf(userId: number): Promise<SavedViewRecord[]>;
  /** The user's view with this id; null when there is none or it is another user's. */
  savedViewOf(userId: number, viewId: number): Promise<SavedViewRecord | null>;
  /** false when the user has no such view. */
  renameSavedView(userId: number, viewId: number, name: string, at: number): Promise<boolean>;
  /** Deletes the view with its alert and records; false when the user has no such view. */
  deleteSavedView(userId: number, viewId: number): Promise<boolean>;
  /**
   * Puts an alert on the user's view (seenThrough: the games already there are not mailed) or takes it off;
   * false when the user has no such view. Putting one on a view that has one keeps it as it is.
   */
  setViewAlert(userId: number, viewId: number, on: boolean, seenThrough: string | null, at: number): Promise<boolean>;
  /** Every alert with nothing recorded for this update, with its view and its owner's plans, by owner. */
  alertsPending(updateKey: string): Promise<{ view: SavedViewRecord; user: UserWithSubscriptions }[]>;
  /**
   * Records one person's deliveries for an update, moves their alerts' seenThrough and queues the digest, all or
   * nothing: false (nothing written) when any of these alerts has a record for the update already (a rerun, or
   * another process got there first), so a digest is queued at most once per alert and update.
   */
  recordAlertDigest(digest: AlertDigest): Promise<boolean>;
  /** What an alert gave, update by update, newest first. */
  alertDeliveries(viewId: number): Promise<AlertDeliveryRecord[]>;
}

export interface AccountStore extends FailureCounters, BillingStore, ApiKeyStore, FlashStore, TrialStore, SavedViewStore {
  createUser(user: NewUser): Promise<UserRecord>;
  /** Creates the user, or updates name, password hash and admin flag of the existing one (same email). */
  upsertUser(user: NewUser): Promise<UserRecord>;
  findUserByEmail(email: string): Promise<UserRecord | null>;
  findUserById(id: number): Promise<UserRecord | null>;
  listUsers(): Promise<UserWithSubscriptions[]>;
  setAdmin(email: string, isAdmin: boolean): Promise<UserRecord>;
  /** Deletes the account with its subscriptions and sessions; false when there was none. */
  deleteUser(email: string): Promise<boolean>;
  setPasswordHash(email: string, passwordHash: string): Promise<UserRecord>;
  /** Sets (creates or replaces) the user's subscription to a plan. */
  grantSubscription(email: string, planName: string, expiresAt: number): Promise<SubscriptionRecord>;
  /** Removes the user's subscription to a plan; false when there was none. */
  revokeSubscription(email: string, planName: string): Promise<boolean>;
  subscriptionsFor(userId: number): Promise<SubscriptionRecord[]>;
  /**
   * Server-side sessions: a signed-in browser holds a random session id inside its (encrypted) JWT; the store
   * keeps only its SHA-256 digest. Sign-out deletes the row, so a copied cookie stops working at once.
   */
  createSession(userId: number, sessionIdDigest: string, expiresAt: number): Promise<void>;
  /** The user id of a live session (present and not expired), else null. */
  findSessionUser(sessionIdDigest: string, now: number): Promise<number | null>;
  /**
   * The user of a live session with their plans, else null: everything a request's session needs, read fresh
   * (one round trip on PostgreSQL), so a revoked plan or session holds on every node at the next request.
   */
  liveSession(sessionIdDigest: string, now: number): Promise<UserWithSubscriptions | null>;
  deleteSession(sessionIdDigest: string): Promise<void>;
  deleteSessionsForUser(userId: number): Promise<number>;
  /**
   * Self-service sign-up: the new (unverified) user, their verification token and its message, all or nothing.
   * Throws DuplicateEmailError, writing nothing, when the email is taken.
   */
  signUp(user: NewUser, token: Omit<NewAccountToken, 'userId'>, mail: QueuedMail): Promise<UserRecord>;
  /**
   * Stores a new token with the messages that carry or announce it, in one transaction; the user's earlier
   * unused tokens of the same purpose stop working (only the newest link counts).
   */
  issueToken(token: NewAccountToken, mails: QueuedMail[]): Promise<void>;
  /**
   * Redeems a token for its purpose and applies its effect in one transaction; a token is used at most once,
   * even by two nodes at the same moment.
   */
  redeemToken(digest: string, purpose: TokenPurpose, effect: TokenEffect, now: number): Promise<RedeemResult>;
  /** Whether a token could be redeemed for its purpose now, and whose it is; changes nothing. */
  peekToken(digest: string, purpose: TokenPurpose, now: number): Promise<RedeemResult>;
  /** Marks the user's current address verified (the operator's `users verify`). */
  markEmailVerified(email: string): Promise<UserRecord>;
  updateName(userId: number, name: string): Promise<void>;
  /**
   * Sets a new password hash and ends every session of the user but `keepSessionDigest` (the one that asked),
   * queuing the message that tells the owner; all or nothing.
   */
  changePassword(userId: number, passwordHash: string, keepSessionDigest: string | null, mail: QueuedMail | null): Promise<void>;
  /** Deletes the user with everything that is theirs (plans, sessions, tokens, unsent mail to them), queuing `mail`. */
  deleteAccount(userId: number, mail: QueuedMail | null): Promise<boolean>;
  /** The user's live sessions, newest first (their sign-in history). */
  sessionsFor(userId: number, now: number): Promise<SessionSummary[]>;
  /** Queues messages (sent by the mail worker of any node). */
  enqueueMail(mails: QueuedMail[]): Promise<void>;
  /**
   * Takes up to `limit` messages that are due (at or before `dueBy`, default `now`), leasing them for `leaseSeconds`
   * from `now` so that no other node sends them meanwhile (a node that dies mid-send releases them when the lease
   * runs out).
   */
  claimMail(now: number, leaseSeconds: number, limit: number, dueBy?: number): Promise<MailRecord[]>;
  /** A message was accepted by the mail server: it leaves the queue. */
  completeMail(id: number): Promise<void>;
  /** A send failed: try again at `retryAt`, or (null) give up and keep it as failed for the operator. */
  mailFailed(id: number, error: string, retryAt: number | null): Promise<void>;
  /** Messages waiting (due or not) and given up, for operators and tests. */
  mailQueueCounts(): Promise<{ waiting: number; failed: number }>;
  /** The schema version of the database (migrations applied at open: the last one of MIGRATIONS). */
  schemaVersion(): Promise<number>;
  close(): Promise<void>;
}

/** Emails are case-insensitive identifiers: store and compare them trimmed and lower-cased. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}
