/**
 * The admins' account lookup and actions (src/server/admin/userAdmin.ts) on both accounts stores: what the
 * lookup shows, a complimentary plan granted (days checked) and revoked, refused for a paying account, a new
 * confirmation link (a token and a queued message; none for a confirmed address), and each done action logged.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AccountStore, UserRecord } from '../../../../src/server/auth/store/types.ts';
import type { AccountContext } from '../../../../src/server/accounts/context.ts';
import { STORE_KINDS, openTestStore, type StoreKind } from '../../../support/accountStores.ts';
import { lookupAccount, lookupAddress, runAdminAction } from '../../../../src/server/admin/userAdmin.ts';
import { emailClaim } from '../../../../src/server/billing/trial.ts';
import { nowSeconds } from '../../../../src/server/auth/store/rows.ts';

const ADMIN = { email: 'admin@example.com' };
const DAY = 86_400;

describe.each(STORE_KINDS)('admin account actions on the %s store', (kind: StoreKind) => {
  let store: AccountStore;
  let ctx: AccountContext;
  let ann: UserRecord;

  beforeEach(async () => {
    store = await openTestStore(kind);
    ctx = { store, origin: 'https://courtvision.test', ip: '203.0.113.5' };
    ann = await store.createUser({ email: 'ann@example.com', name: 'Ann Lee', passwordHash: 'x' });
  });
  afterEach(async () => {
    await store.close();
  });

  const mails = async () => {
    const claimed = await store.claimMail(nowSeconds() + 1, 60, 100);
    for (const m of claimed) await store.completeMail(m.id);
    return claimed;
  };

  it('the lookup: by address in any case; plan, trial, sign-ins and keys as the store has them', async () => {
    expect(lookupAddress(null)).toBeNull();
    expect(lookupAddress('not-an-address')).toEqual({ ok: false, message: 'That is not an email address.' });
    expect(await lookupAccount(store, 'nobody@example.com')).toBeNull();
    await store.createSession(ann.id, 'digest-1', nowSeconds() + 3600);
    await store.createApiKey({ userId: ann.id, name: 'laptop', prefix: 'cv_live_AbC1', digest: 'd'.repeat(64), createdAt: nowSeconds() });
    await store.claimTrial([emailClaim(ann.email)], ann.id, 'sub_x', 1_800_000_000);
    expect(lookupAddress('  ANN@Example.com ')).toEqual({ ok: true, email: 'ann@example.com' });
    const found = (await lookupAccount(store, 'ann@example.com'))!;
    expect(found.user.email).toBe('ann@example.com');
    expect(found.signIns).toHaveLength(1);
    expect(found.apiKeys.map((k) => k.prefix)).toEqual(['cv_live_AbC1']);
    expect(found.trial).toEqual({ used: true, claimedAt: 1_800_000_000 });
    expect(found.plans).toEqual([]);
  });

  it('grant for N days, then revoke; each logged with the admin, the address and what was done', async () => {
    for (const days of ['0', '3651', 'x', '1.5', '', '1e3', '0x10', '-5']) {
      expect(await runAdminAction(ctx, ADMIN, { action: 'grant', email: ann.email, days })).toMatchObject({ ok: false, status: 400, field: 'days' });
    }
    expect(await runAdminAction(ctx, ADMIN, { action: 'grant', email: 'nobody@example.com', days: '5' })).toMatchObject({ ok: false, status: 400 });
    expect(await runAdminAction(ctx, ADMIN, { action: 'delete', email: ann.email })).toMatchObject({ ok: false, status: 400 });
    expect(await store.adminActions(null, 10)).toEqual([]);

    const granted = await runAdminAction(ctx, ADMIN, { action: 'grant', email: 'Ann@Example.com', days: '30' });
    expect(granted.ok).toBe(true);
    const [plan] = await store.subscriptionsFor(ann.id);
    expect(plan!.planName).toBe('Stats');
    expect(Math.abs(plan!.expiresAt - (nowSeconds() + 30 * DAY))).toBeLessThan(5);
    const until = new Date(plan!.expiresAt * 1000).toISOString().slice(0, 10);
    expect(await store.adminActions(ann.email, 10)).toMatchObject([
      { adminEmail: ADMIN.email, action: 'grant', targetEmail: ann.email, detail: `Stats for 30 days, until ${until}` },
    ]);

    expect(await runAdminAction(ctx, ADMIN, { action: 'revoke', email: ann.email })).toMatchObject({ ok: true });
    expect(await store.subscriptionsFor(ann.id)).toEqual([]);
    expect(await runAdminAction(ctx, ADMIN, { action: 'revoke', email: ann.email })).toMatchObject({ ok: false, status: 400 });
    expect((await store.adminActions(ann.email, 10)).map((a) => a.action)).toEqual(['revoke', 'grant']);
  });

  it('a paying account: grant and revoke refused (409), nothing changed or logged', async () => {
    const now = nowSeconds();
    await store.applyBillingUpdate({
      eventId: 'evt_paying',
      type: 'customer.subscription.created',
      created: now,
      customer: { userId: ann.id, customerId: 'cus_ann' },
      subscription: {
        subscriptionId: 'sub_ann',
        customerId: 'cus_ann',
        userId: ann.id,
        status: 'active',
        interval: 'month',
        amountCents: 800,
        currency: 'usd',
        currentPeriodEnd: now + 30 * DAY,
        cancelAtPeriodEnd: false,
        startedAt: now,
        endedAt: null,
        stateAt: now,
      },
      planExpiresAt: now + 31 * DAY,
    });
    const before = await store.subscriptionsFor(ann.id);
    expect(await runAdminAction(ctx, ADMIN, { action: 'grant', email: ann.email, days: '5' })).toMatchObject({ ok: false, status: 409 });
    expect(await runAdminAction(ctx, ADMIN, { action: 'revoke', email: ann.email })).toMatchObject({ ok: false, status: 409 });
    expect(await store.subscriptionsFor(ann.id)).toEqual(before);
    expect(await store.adminActions(null, 10)).toEqual([]);
  });

  it('resend the confirmation: a new link to the owner, logged; none for a confirmed address', async () => {
    expect(await runAdminAction(ctx, ADMIN, { action: 'resend-confirmation', email: ann.email })).toMatchObject({ ok: true });
    const sent = await mails();
    expect(sent.map((m) => m.to)).toEqual([ann.email]);
    expect(sent[0]!.text).toMatch(/https:\/\/courtvision\.test\/verify\?token=[A-Za-z0-9_-]{43}/);
    expect((await store.adminActions(ann.email, 10)).map((a) => a.action)).toEqual(['resend-confirmation']);
    await store.markEmailVerified(ann.email);
    expect(await runAdminAction(ctx, ADMIN, { action: 'resend-confirmation', email: ann.email })).toMatchObject({ ok: false, status: 400 });
    expect(await mails()).toEqual([]);
    expect(await store.adminActions(ann.email, 10)).toHaveLength(1);
  });
});
