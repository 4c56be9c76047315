/**
 * /forgot does the same work for an address with an account and one without until it answers: the same store
 * calls, in the same order, and nothing written for the known address yet; its link is made after the answer
 * (src/server/accounts/afterAnswer.ts). Checked on both stores through the real action. (How long each takes
 * is measured by a loop, not asserted here.)
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { workAfterAnswersDone } from '../../../../src/server/accounts/afterAnswer.ts';
import type { AccountContext } from '../../../../src/server/accounts/context.ts';
import { FORGOT_MESSAGE, requestPasswordReset } from '../../../../src/server/accounts/recovery.ts';
import { nowSeconds } from '../../../../src/server/auth/store/rows.ts';
import type { AccountStore } from '../../../../src/server/auth/store/types.ts';
import { STORE_KINDS, openTestStore, type StoreKind } from '../../../support/accountStores.ts';

const LIMITS = { perIp: 1000, perEmail: 1000, windowSeconds: 3600 };

/** The store, with the names of the methods called on it written to `calls`. */
function recording(store: AccountStore, calls: string[]): AccountStore {
  return new Proxy(store, {
    get(target, name, receiver) {
      const value = Reflect.get(target, name, receiver);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        calls.push(String(name));
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
}

describe.each(STORE_KINDS)('forgotten password on the %s store', (kind: StoreKind) => {
  let store: AccountStore;
  beforeEach(async () => {
    store = await openTestStore(kind);
    await store.createUser({ email: 'ann@example.com', name: 'Ann Analyst', passwordHash: 'x' });
  });
  afterEach(async () => {
    await workAfterAnswersDone();
    await store.close();
  });

  it('a known and an unknown address take the same store calls before the answer; the link is made after it', async () => {
    const ask = async (email: string) => {
      const calls: string[] = [];
      const ctx: AccountContext = { store: recording(store, calls), origin: 'https://courtvision.test', ip: '198.51.100.7', limits: LIMITS };
      const answer = await requestPasswordReset(ctx, { email });
      return { answer, calls };
    };
    await ask('warm-up@example.com'); // the limiter prunes its old counts at most once a minute: done here
    await workAfterAnswersDone();

    const unknown = await ask('nobody@example.com');
    const known = await ask('Ann@Example.com');
    expect(known.answer).toEqual({ ok: true, message: FORGOT_MESSAGE });
    expect(unknown.answer).toEqual(known.answer);
    expect(known.calls).toEqual(unknown.calls);
    expect(known.calls).toContain('findUserByEmail');
    // When the answer is given, nothing is queued for the known address yet ...
    expect(await store.mailQueueCounts()).toEqual({ waiting: 0, failed: 0 });
    // ... and after it, its link is.
    await workAfterAnswersDone();
    const mails = await store.claimMail(nowSeconds() + 1, 60, 10);
    expect(mails.map((m) => [m.to, m.subject])).toEqual([['ann@example.com', 'Reset your Courtvision password']]);
  });
});
