/**
 * Self-service accounts on both stores, through the real actions (src/server/accounts) and the real store:
 * sign-up and its verification link, a taken address, forgotten passwords, single-use tokens (reused, expired,
 * tampered, another purpose, two redemptions at once), account changes and deletion, and the upgrade of a
 * version-3 accounts database (today's schema before self-service) with nothing lost.
 */
import { DatabaseSync } from 'node:sqlite';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { workAfterAnswersDone } from '../../../../src/server/accounts/afterAnswer.ts';
import { newToken, tokenDigest, type AccountContext } from '../../../../src/server/accounts/context.ts';
import { FORGOT_MESSAGE, checkResetLink, requestPasswordReset, resetPassword } from '../../../../src/server/accounts/recovery.ts';
import { accountData, changeName, changePassword, confirmEmailChange, deleteAccount, requestEmailChange } from '../../../../src/server/accounts/settings.ts';
import { SIGNED_UP_MESSAGE, SIGN_UP_MIN_MS, resendVerification, signUp, verifyEmail } from '../../../../src/server/accounts/signup.ts';
import { sha256Hex } from '../../../../src/server/auth/digest.ts';
import { passwordChangedMail } from '../../../../src/server/mail/messages.ts';
import { hashPassword, verifyPassword } from '../../../../src/server/auth/password.ts';
import { LATEST_VERSION, MIGRATIONS } from '../../../../src/server/auth/store/migrations.ts';
import { migratePostgres } from '../../../../src/server/auth/store/postgresMigrations.ts';
import { nowSeconds } from '../../../../src/server/auth/store/rows.ts';
import { migrate } from '../../../../src/server/auth/store/sqliteStore.ts';
import type { AccountStore, MailRecord, UserRecord } from '../../../../src/server/auth/store/types.ts';
import { STORE_KINDS, freshLocation, openStoreAt, type StoreKind } from '../../../support/accountStores.ts';

const STRONG = 'rebound tempo lattice';
const LIMITS = { perIp: 1000, perEmail: 1000, windowSeconds: 3600 };

/** Every queued message, taken off the queue (as the worker would), oldest first, once the work after answers is done. */
async function takeMail(store: AccountStore): Promise<MailRecord[]> {
  await workAfterAnswersDone();
  const mails = await store.claimMail(nowSeconds() + 1, 60, 100);
  for (const m of mails) await store.completeMail(m.id);
  return mails;
}

/** The token in a message's link (?token=...). */
function tokenIn(mail: MailRecord | undefined): string {
  expect(mail?.link, 'the message has a link').toBeTruthy();
  const token = new URL(mail!.link!).searchParams.get('token');
  expect(token).toBeTruthy();
  expect(mail!.text).toContain(mail!.link!);
  return token!;
}

describe.each(STORE_KINDS)('self-service accounts on the %s store', (kind: StoreKind) => {
  let store: AccountStore;
  let ctx: AccountContext;
  beforeEach(async () => {
    store = openStoreAt(kind, await freshLocation(kind));
    await store.schemaVersion();
    ctx = { store, origin: 'https://courtvision.test', ip: '198.51.100.7', limits: LIMITS };
  });
  afterEach(async () => {
    await store.close();
  });

  async function signedUp(email = 'ann@example.com', name = 'Ann Analyst'): Promise<{ user: UserRecord; verifyToken: string }> {
    expect(await signUp(ctx, { name, email, password: STRONG })).toEqual({
      ok: true,
      message: SIGNED_UP_MESSAGE,
      deviceProof: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
    });
    const [mail] = await takeMail(store);
    return { user: (await store.findUserByEmail(email))!, verifyToken: tokenIn(mail) };
  }

  /** A live session of the user, as sign-in makes one; returns its digest. */
  async function session(user: UserRecord): Promise<string> {
    const digest = sha256Hex(crypto.randomUUID());
    await store.createSession(user.id, digest, nowSeconds() + 3600);
    return digest;
  }

  it('sign-up creates an unverified account whose emailed link verifies it, once', async () => {
    const { user, verifyToken } = await signedUp('  Ann@Example.com ');
    expect(user.email).toBe('ann@example.com');
    expect(user.emailVerifiedAt).toBeNull();
    expect(await verifyPassword(user.passwordHash, STRONG)).toBe(true);
    expect(await verifyEmail(ctx, verifyToken)).toEqual({ ok: true, message: 'Thank you: ann@example.com is confirmed.', userId: user.id });
    expect((await store.findUserById(user.id))!.emailVerifiedAt).not.toBeNull();
    const again = await verifyEmail(ctx, verifyToken);
    expect(again).toMatchObject({ ok: false, status: 400, message: expect.stringMatching(/already been used/) });
  });

  it('the verification message has both parts, the site name and a link on the public origin', async () => {
    await signUp(ctx, { name: 'Ann <b>Analyst</b>', email: 'ann@example.com', password: STRONG });
    const [mail] = await takeMail(store);
    expect(mail).toMatchObject({ to: 'ann@example.com', subject: 'Confirm your email for Courtvision' });
    expect(mail!.link).toMatch(/^https:\/\/courtvision\.test\/verify\?token=[A-Za-z0-9_-]{43}$/);
    expect(mail!.html).toContain('Ann &lt;b&gt;Analyst&lt;/b&gt;');
    expect(mail!.html).toContain(`href="${mail!.link}"`);
    expect(mail!.messageId).toMatch(/^<[0-9a-f-]{36}@localhost>$/);
  });

  it('a new and a taken address both answer no sooner than the sign-up floor, so that the time tells nothing', async () => {
    const timed = async (email: string) => {
      const t0 = performance.now();
      await signUp(ctx, { name: 'Tim Timer', email, password: STRONG });
      return performance.now() - t0;
    };
    const fresh = await timed('tim@example.com');
    const taken = await timed('tim@example.com');
    expect(fresh).toBeGreaterThanOrEqual(SIGN_UP_MIN_MS - 1);
    expect(taken).toBeGreaterThanOrEqual(SIGN_UP_MIN_MS - 1);
  });

  it('a taken address answers exactly as a new one, creates nothing, and mails its owner instead', async () => {
    await signedUp();
    const before = (await store.listUsers()).length;
    const answer = await signUp(ctx, { name: 'Mallory', email: 'ANN@example.com', password: 'another strong passphrase' });
    expect(answer).toEqual({ ok: true, message: SIGNED_UP_MESSAGE, deviceProof: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) });
    expect((await store.listUsers()).length).toBe(before);
    expect(await verifyPassword((await store.findUserByEmail('ann@example.com'))!.passwordHash, STRONG)).toBe(true);
    const [mail, ...rest] = await takeMail(store);
    expect(rest).toEqual([]);
    expect(mail).toMatchObject({ to: 'ann@example.com', subject: 'Someone tried to create a Courtvision account with your email' });
    expect(mail!.text).toContain('https://courtvision.test/forgot');
    // Every link in the text ends its line (a full stop after it would be taken into the link by some clients).
    for (const url of mail!.text.match(/https?:\/\/\S+/g) ?? []) expect(url, mail!.text).not.toMatch(/[.,:;]$/);
  });

  it('sign-up refuses weak passwords and bad fields with a message naming the field, writing nothing', async () => {
    const cases: [Record<string, string>, string, RegExp][] = [
      [{ name: 'Ann', email: 'ann@example.com', password: 'short' }, 'password', /at least 8/],
      [{ name: 'Ann', email: 'ann@example.com', password: 'password1' }, 'password', /commonly used/],
      [{ name: 'Ann', email: 'ann@example.com', password: 'courtvision rules' }, 'password', /site's name/],
      [{ name: 'Ann', email: 'ann.smith@example.com', password: 'ann.smith 2024 !' }, 'password', /email address/],
      [{ name: 'Ann', email: 'not-an-email', password: STRONG }, 'email', /email address such as/],
      [{ name: '   ', email: 'ann@example.com', password: STRONG }, 'name', /Enter your name/],
      [{ name: 'Ann', email: 'ann@example.com', password: 'x'.repeat(1025) }, 'password', /at most 1,024/],
    ];
    for (const [input, field, message] of cases) {
      const result = await signUp(ctx, input);
      expect(result, JSON.stringify(input).slice(0, 80)).toMatchObject({ ok: false, status: 400, field, message: expect.stringMatching(message) });
    }
    expect(await store.listUsers()).toEqual([]);
    expect(await store.mailQueueCounts()).toEqual({ waiting: 0, failed: 0 });
  });

  it('tokens: tampered, made up, of another purpose, or expired are refused with a clear message', async () => {
    const { user, verifyToken } = await signedUp();
    const tampered = verifyToken.slice(0, -1) + (verifyToken.endsWith('A') ? 'B' : 'A');
    for (const bad of [tampered, newToken().value, 'short', '', null, 42, 'x'.repeat(5000)]) {
      expect(await verifyEmail(ctx, bad)).toMatchObject({ ok: false, status: 400, message: expect.stringMatching(/not valid/) });
    }
    // A reset link is no verification link, and the other way round.
    await requestPasswordReset(ctx, { email: user.email });
    const resetToken = tokenIn((await takeMail(store))[0]);
    expect(await verifyEmail(ctx, resetToken)).toMatchObject({ ok: false, message: expect.stringMatching(/not valid/) });
    expect(await checkResetLink(ctx, verifyToken)).toMatchObject({ ok: false, message: expect.stringMatching(/not valid/) });
    // Expired: a token issued with an expiry in the past.
    const old = newToken();
    await store.issueToken({ digest: old.digest, purpose: 'verify-email', userId: user.id, email: user.email, expiresAt: nowSeconds() - 1 }, []);
    expect(await verifyEmail(ctx, old.value)).toMatchObject({ ok: false, message: expect.stringMatching(/expired/) });
    expect((await store.findUserById(user.id))!.emailVerifiedAt).toBeNull();
  });

  it('a new verification link replaces the old one; a verified account is told so', async () => {
    const { user, verifyToken } = await signedUp();
    const actor = { user, sessionDigest: await session(user) };
    expect(await resendVerification(ctx, actor)).toEqual({ ok: true, message: 'We sent a new link to ann@example.com.' });
    const fresh = tokenIn((await takeMail(store))[0]);
    expect(await verifyEmail(ctx, verifyToken)).toMatchObject({ ok: false, message: expect.stringMatching(/not valid/) });
    expect(await verifyEmail(ctx, fresh)).toMatchObject({ ok: true });
    const verified = { user: (await store.findUserById(user.id))!, sessionDigest: actor.sessionDigest };
    expect(await resendVerification(ctx, verified)).toEqual({ ok: true, message: 'Your email is already confirmed.' });
    expect(await takeMail(store)).toEqual([]);
  });

  it('forgotten password: the same answer for any address; the link sets a new password and ends every session', async () => {
    const { user } = await signedUp();
    const sessions = [await session(user), await session(user)];
    expect(await requestPasswordReset(ctx, { email: 'nobody@example.com' })).toEqual({ ok: true, message: FORGOT_MESSAGE });
    expect(await takeMail(store)).toEqual([]);
    expect(await requestPasswordReset(ctx, { email: 'ANN@example.com' })).toEqual({ ok: true, message: FORGOT_MESSAGE });
    const [mail] = await takeMail(store);
    expect(mail).toMatchObject({ to: 'ann@example.com', subject: 'Reset your Courtvision password' });
    const token = tokenIn(mail);
    expect(mail!.link).toMatch(/^https:\/\/courtvision\.test\/reset\?token=/);
    expect(await checkResetLink(ctx, token)).toEqual({ ok: true, message: 'Choose a new password for ann@example.com.' });
    // A weak password is refused and the link still works.
    expect(await resetPassword(ctx, { token, password: 'password' })).toMatchObject({ ok: false, field: 'password' });
    expect(await resetPassword(ctx, { token, password: 'new kestrel harbour' })).toMatchObject({ ok: true });
    expect(await verifyPassword((await store.findUserById(user.id))!.passwordHash, 'new kestrel harbour')).toBe(true);
    for (const digest of sessions) expect(await store.findSessionUser(digest, nowSeconds())).toBeNull();
    const [told] = await takeMail(store);
    expect(told).toMatchObject({ to: 'ann@example.com', subject: 'Your Courtvision password was changed' });
    expect(await resetPassword(ctx, { token, password: 'third sparrow ledger' })).toMatchObject({
      ok: false,
      message: expect.stringMatching(/already been used/),
    });
  });

  it('a token redeemed by two requests at the same moment works once', async () => {
    const { user } = await signedUp();
    await requestPasswordReset(ctx, { email: user.email });
    const token = tokenIn((await takeMail(store))[0]);
    const digest = tokenDigest(token)!;
    const hashes = await Promise.all([hashPassword('first quartz meadow'), hashPassword('second quartz meadow')]);
    const mail = passwordChangedMail(user.email, user.name, 'https://courtvision.test/forgot');
    const results = await Promise.all(
      hashes.map((passwordHash, i) =>
        store.redeemToken(digest, 'reset-password', { kind: 'reset-password', passwordHash, mail: { ...mail, messageId: `<m${i}@x>` } }, nowSeconds()),
      ),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok)).toEqual([{ ok: false, reason: 'used' }]);
    expect((await takeMail(store)).length).toBe(1);
  });

  it('change of password needs the current one, keeps this session and ends the others', async () => {
    const { user } = await signedUp();
    const mine = await session(user);
    const other = await session(user);
    const actor = { user, sessionDigest: mine };
    expect(await changePassword(ctx, actor, { currentPassword: 'wrong one here', newPassword: 'fresh walnut orbit' })).toMatchObject({
      ok: false,
      status: 401,
      field: 'currentPassword',
    });
    expect(await changePassword(ctx, actor, { currentPassword: STRONG, newPassword: 'fresh walnut orbit' })).toMatchObject({ ok: true });
    expect(await store.findSessionUser(mine, nowSeconds())).toBe(user.id);
    expect(await store.findSessionUser(other, nowSeconds())).toBeNull();
    expect((await takeMail(store)).map((m) => m.subject)).toEqual(['Your Courtvision password was changed']);
  });

  it('change of name, and of email through a link to the new address (the old one is told)', async () => {
    const { user } = await signedUp();
    const actor = { user, sessionDigest: await session(user) };
    expect(await changeName(ctx, actor, { name: '  Ann B. Analyst ' })).toMatchObject({ ok: true });
    expect((await store.findUserById(user.id))!.name).toBe('Ann B. Analyst');
    expect(await requestEmailChange(ctx, actor, { password: 'nope nope nope', newEmail: 'ann@new.example' })).toMatchObject({ ok: false, status: 401 });
    expect(await requestEmailChange(ctx, actor, { password: STRONG, newEmail: 'ann@example.com' })).toMatchObject({ ok: false, field: 'newEmail' });
    expect(await requestEmailChange(ctx, actor, { password: STRONG, newEmail: 'Ann@New.example' })).toMatchObject({ ok: true });
    const mails = await takeMail(store);
    expect(mails.map((m) => [m.to, m.subject])).toEqual([
      ['ann@new.example', 'Confirm your new email for Courtvision'],
      ['ann@example.com', 'A change of email was asked for your Courtvision account'],
    ]);
    expect((await store.findUserById(user.id))!.email).toBe('ann@example.com');
    const token = tokenIn(mails[0]);
    expect(mails[0]!.link).toMatch(/\/confirm-email\?token=/);
    expect(await confirmEmailChange(ctx, token)).toEqual({ ok: true, message: 'Your account now uses ann@new.example.' });
    const moved = (await store.findUserById(user.id))!;
    expect(moved.email).toBe('ann@new.example');
    expect(moved.emailVerifiedAt).not.toBeNull();
    expect(await confirmEmailChange(ctx, token)).toMatchObject({ ok: false, message: expect.stringMatching(/already been used/) });
  });

  it('the security notices (password changed, a change of email asked) say what to do, never to reply to a From that takes no replies', async () => {
    const { user } = await signedUp();
    const actor = { user, sessionDigest: await session(user) };
    await changePassword(ctx, actor, { currentPassword: STRONG, newPassword: 'fresh walnut orbit' });
    await requestPasswordReset(ctx, { email: user.email });
    const resetToken = tokenIn((await takeMail(store)).find((m) => m.subject === 'Reset your Courtvision password'));
    expect(await resetPassword(ctx, { token: resetToken, password: 'second walnut orbit' })).toMatchObject({ ok: true });
    const reset = (await store.findUserById(user.id))!;
    expect(
      await requestEmailChange(ctx, { user: reset, sessionDigest: await session(reset) }, { password: 'second walnut orbit', newEmail: 'ann@new.example' }),
    ).toMatchObject({ ok: true });
    const notices = (await takeMail(store)).filter((m) => m.to === 'ann@example.com');
    expect(notices.map((m) => m.subject)).toEqual(['Your Courtvision password was changed', 'A change of email was asked for your Courtvision account']);
    for (const mail of notices) {
      expect(mail.text).not.toMatch(/reply/i);
      expect(mail.html).not.toMatch(/reply/i);
      // What to do instead: choose a new password, at the site's own forgot-password page.
      expect(mail.text).toContain('choose a new');
      // The link ends its line, so no punctuation sticks to it when a mail client makes it clickable.
      expect(mail.text).toMatch(/: https:\/\/courtvision\.test\/forgot\n/);
    }
  });

  it('an address taken before the link is followed stays with its owner', async () => {
    const { user } = await signedUp();
    const actor = { user, sessionDigest: await session(user) };
    await requestEmailChange(ctx, actor, { password: STRONG, newEmail: 'bob@example.com' });
    const token = tokenIn((await takeMail(store))[0]);
    await signedUp('bob@example.com', 'Bob');
    expect(await confirmEmailChange(ctx, token)).toMatchObject({ ok: false, status: 409 });
    expect((await store.findUserById(user.id))!.email).toBe('ann@example.com');
    // Asking for a taken address answers as for a free one, and mails that address's owner, not a link.
    expect(await requestEmailChange(ctx, actor, { password: STRONG, newEmail: 'bob@example.com' })).toMatchObject({ ok: true });
    expect((await takeMail(store)).map((m) => [m.to, m.link])).toEqual([
      ['bob@example.com', null],
      ['ann@example.com', null],
    ]);
  });

  it('deleting the account needs the password and removes everything of it, but the goodbye message', async () => {
    const { user, verifyToken } = await signedUp();
    const digest = await session(user);
    await store.grantSubscription(user.email, 'Stats', nowSeconds() + 3600);
    await requestPasswordReset(ctx, { email: user.email }); // a queued message to the address
    const actor = { user, sessionDigest: digest };
    expect(await deleteAccount(ctx, actor, { password: 'wrong password here', confirm: 'delete' })).toMatchObject({ ok: false, status: 401 });
    expect(await deleteAccount(ctx, actor, { password: STRONG, confirm: 'nope' })).toMatchObject({ ok: false, field: 'confirm' });
    expect(await deleteAccount(ctx, actor, { password: STRONG, confirm: 'delete' })).toMatchObject({ ok: true });
    expect(await store.findUserByEmail(user.email)).toBeNull();
    expect(await store.findSessionUser(digest, nowSeconds())).toBeNull();
    expect(await store.subscriptionsFor(user.id)).toEqual([]);
    expect(await verifyEmail(ctx, verifyToken)).toMatchObject({ ok: false });
    expect((await takeMail(store)).map((m) => m.subject)).toEqual(['Your Courtvision account was deleted']);
  });

  it('the data download has the profile, the plans and the sign-ins, and no password hash', async () => {
    const { user } = await signedUp();
    await session(user);
    await store.grantSubscription(user.email, 'Stats', 2_000_000_000);
    const data = await accountData(store, user);
    expect(data.profile).toMatchObject({ name: 'Ann Analyst', email: 'ann@example.com', emailVerifiedAt: null, role: 'member' });
    expect(data.plans).toEqual([{ plan: 'Stats', expiresAt: '2033-05-18T03:33:20.000Z' }]);
    expect(data.signIns).toHaveLength(1);
    expect(JSON.stringify(data)).not.toContain('argon2');
  });

  it('rate limits count per address and per IP, across requests, whether or not the address has an account', async () => {
    const limited = { ...ctx, limits: { perIp: 3, perEmail: 2, windowSeconds: 3600 } };
    expect(await requestPasswordReset(limited, { email: 'x@example.com' })).toMatchObject({ ok: true });
    expect(await requestPasswordReset(limited, { email: 'x@example.com' })).toMatchObject({ ok: true });
    const refused = await requestPasswordReset(limited, { email: 'x@example.com' });
    expect(refused).toMatchObject({ ok: false, status: 429 });
    expect(refused.ok ? 0 : refused.retryAfterSeconds).toBeGreaterThan(3500);
    // Another address from the same IP: the IP's limit (3) is reached at its first attempt after those three.
    expect(await requestPasswordReset(limited, { email: 'y@example.com' })).toMatchObject({ ok: false, status: 429 });
    // Another IP is not affected.
    expect(await requestPasswordReset({ ...limited, ip: '203.0.113.1' }, { email: 'y@example.com' })).toMatchObject({ ok: true });
  });
});

describe('an accounts database of schema version 3 (before self-service) upgrades in place', () => {
  const rows = { email: 'old@example.com', name: 'Old Timer', hash: '$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA', created: 1_600_000_000 };

  /** Opened by this version: migrated to the latest schema, the user, plan and session as they were, verified. */
  async function expectKept(store: AccountStore): Promise<void> {
    try {
      expect(await store.schemaVersion()).toBe(LATEST_VERSION);
      const user = (await store.findUserByEmail(rows.email))!;
      expect(user).toMatchObject({ name: rows.name, passwordHash: rows.hash, createdAt: rows.created, emailVerifiedAt: rows.created });
      expect(await store.subscriptionsFor(user.id)).toEqual([{ userId: user.id, planName: 'Stats', expiresAt: 2_000_000_000 }]);
      expect(await store.findSessionUser('d1', nowSeconds())).toBe(user.id);
    } finally {
      await store.close();
    }
  }

  it('on SQLite: users, plans and sessions kept; existing accounts count as verified', async () => {
    const file = await freshLocation('sqlite');
    const db = new DatabaseSync(file);
    migrate(db, MIGRATIONS.slice(0, 3));
    db.prepare('INSERT INTO users (email, name, password_hash, is_admin, created_at) VALUES (?, ?, ?, 0, ?)').run(
      rows.email,
      rows.name,
      rows.hash,
      rows.created,
    );
    db.prepare("INSERT INTO subscriptions (user_id, plan_name, expires_at) VALUES (1, 'Stats', 2000000000)").run();
    db.prepare("INSERT INTO sessions (id_digest, user_id, created_at, expires_at) VALUES ('d1', 1, 1, 9999999999)").run();
    db.close();
    await expectKept(openStoreAt('sqlite', file));
  });

  it('on PostgreSQL: the same', async () => {
    const url = await freshLocation('postgres');
    const pool = new pg.Pool({ connectionString: url });
    try {
      expect(await migratePostgres(pool, MIGRATIONS.slice(0, 3))).toBe(3);
      await pool.query('INSERT INTO users (email, name, password_hash, created_at) VALUES ($1, $2, $3, $4)', [rows.email, rows.name, rows.hash, rows.created]);
      await pool.query("INSERT INTO subscriptions (user_id, plan_name, expires_at) SELECT id, 'Stats', 2000000000 FROM users");
      await pool.query("INSERT INTO sessions (id_digest, user_id, created_at, expires_at) SELECT 'd1', id, 1, 9999999999 FROM users");
    } finally {
      await pool.end();
    }
    await expectKept(openStoreAt('postgres', url));
  });
});
