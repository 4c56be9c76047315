/**
 * The per-address sign-in rule (src/server/auth/signInGuard.ts): one address can be a whole office behind NAT, so
 * past its failures it slows and then refuses guesses (made-up addresses, accounts it keeps failing on) while a
 * colleague behind it who types the right password for an account not under attack still gets in; an account
 * under attack from many addresses stays protected. On both stores, with real accounts and argon2id passwords:
 * each attempt goes the way the middleware takes it (the guard's verdict, then the password check, then the
 * failure or success recorded).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignInGuard, answeredAsWrongPassword, type SignInPolicy } from '../../../../src/server/auth/signInGuard.ts';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../../../src/server/auth/password.ts';
import type { AccountStore } from '../../../../src/server/auth/store/types.ts';
import { STORE_KINDS, openTestStore } from '../../../support/accountStores.ts';

/** The defaults of the configuration (docs/reference/configuration.md, src/server/config.ts). */
const DEFAULTS: SignInPolicy = { maxFailuresPerIp: 20, maxFailuresPerAccountIp: 5, slowAfterFailuresPerAccount: 10, windowSeconds: 900, maxDelayMs: 300_000 };
const OFFICE = '203.0.113.7';
const T0 = 1_800_000_000_000;

type Outcome = 'signed in' | 'wrong password' | 'refused (429)';

describe.each(STORE_KINDS)('sign-in from a busy address on the %s store', (kind) => {
  let store: AccountStore;
  beforeAll(async () => {
    store = await openTestStore(kind);
    for (const [email, password] of [
      ['carol@example.com', 'carol desk lamp 7'],
      ['dave@example.com', 'dave window seat 3'],
      ['erin@example.com', 'erin coffee mug 9'],
      ['victim@example.com', 'victim long passphrase'],
    ]) {
      await store.createUser({ email: email!, name: email!.split('@')[0]!, passwordHash: await hashPassword(password!) });
    }
  });
  afterAll(async () => {
    await store.close();
  });

  /** One sign-in as the middleware and Auth.js make it. */
  async function attempt(guard: SignInGuard, ip: string, email: string, password: string, now: number): Promise<{ outcome: Outcome; checked: boolean }> {
    const verdict = await guard.check(ip, email, now);
    if (!verdict.allowed) return { outcome: answeredAsWrongPassword(verdict) ? 'wrong password' : 'refused (429)', checked: false };
    const user = await store.findUserByEmail(email);
    const ok = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), password);
    if (ok && user) {
      await guard.recordSuccess(ip, email);
      return { outcome: 'signed in', checked: true };
    }
    await guard.recordFailure(ip, email, now);
    return { outcome: 'wrong password', checked: true };
  }

  /** How many refusals waited as long as a password check (counted, not waited, here). */
  let waitedAsACheck = 0;

  /** A guard on the store, its address already past its 20 failures: made-up addresses guessed from the office. */
  async function busyOffice(): Promise<SignInGuard> {
    waitedAsACheck = 0;
    const guard = new SignInGuard(
      DEFAULTS,
      () => store,
      async () => void waitedAsACheck++,
    );
    await store.pruneFailures('', Number.MAX_SAFE_INTEGER);
    for (let i = 0; i < 20; i++) await guard.recordFailure(OFFICE, `made-up-${i}@example.com`, T0 + i * 100);
    return guard;
  }

  it('the attacker at the address: guesses at made-up addresses are slowed, then refused (answered as wrong passwords)', async () => {
    const guard = await busyOffice();
    // Fourteen minutes (inside the 15-minute window of the first 20) of one guess every 250 ms at addresses
    // that have no account.
    const checkedAt: number[] = [];
    let refused = 0;
    for (let t = T0 + 2_000; t < T0 + 14 * 60_000; t += 250) {
      const verdict = await guard.check(OFFICE, `guess-${t}@example.com`, t);
      if (!verdict.allowed) {
        expect(answeredAsWrongPassword(verdict)).toBe(true);
        refused++;
        continue;
      }
      checkedAt.push(t);
      await guard.recordFailure(OFFICE, `guess-${t}@example.com`, t);
    }
    // Checked guesses come 1 s after the 20th failure, then after 2 s, 4 s ... 256 s, then one per 300 s: 10 of
    // 3,352 tries.
    expect(checkedAt[0]).toBe(T0 + 3_000);
    const gaps = checkedAt.slice(1).map((t, i) => t - checkedAt[i]!);
    expect(gaps).toEqual([2_000, 4_000, 8_000, 16_000, 32_000, 64_000, 128_000, 256_000, 300_000]);
    expect(refused).toBe(3_352 - checkedAt.length);
    // Each refusal was answered no sooner than a password check would have been.
    expect(waitedAsACheck).toBe(refused);
  });

  it('a colleague at the same address with the right password gets in, and may mistype twice', async () => {
    const guard = await busyOffice();
    const now = T0 + 2_100;
    // The attacker's next guess is refused ...
    expect((await guard.check(OFFICE, 'someone-else@example.com', now)).allowed).toBe(false);
    // ... Carol, typing her password, gets in at once.
    expect(await attempt(guard, OFFICE, 'Carol@Example.com', 'carol desk lamp 7', now)).toEqual({ outcome: 'signed in', checked: true });
    // Dave mistypes twice, then gets in; each attempt is checked.
    expect(await attempt(guard, OFFICE, 'dave@example.com', 'dave window seat', now + 1)).toEqual({ outcome: 'wrong password', checked: true });
    expect(await attempt(guard, OFFICE, 'dave@example.com', 'dave window seat 4', now + 2)).toEqual({ outcome: 'wrong password', checked: true });
    expect(await attempt(guard, OFFICE, 'dave@example.com', 'dave window seat 3', now + 3)).toEqual({ outcome: 'signed in', checked: true });
    // Erin's account, guessed at three times from here (the attacker trying real accounts), is a guess now.
    for (const guess of ['123456', 'password1', 'erin2024']) await attempt(guard, OFFICE, 'erin@example.com', guess, now + 10);
    expect(await attempt(guard, OFFICE, 'erin@example.com', 'erin coffee mug 9', now + 20)).toEqual({ outcome: 'wrong password', checked: false });
    // From home, Erin's account is not under attack: she gets in.
    expect(await attempt(guard, '198.51.100.20', 'erin@example.com', 'erin coffee mug 9', now + 30)).toEqual({ outcome: 'signed in', checked: true });
  });

  it('an account under attack from many addresses stays protected, for a colleague at a busy address too', async () => {
    const guard = await busyOffice();
    await store.clearFailures('account:victim@example.com');
    const now = T0 + 3_000;
    // 30 addresses, one guess each, one every 100 ms: past the 10th the account checks one per doubling delay.
    let checked = 0;
    for (let i = 0; i < 30; i++) {
      const r = await attempt(guard, `10.0.${i}.1`, 'victim@example.com', `guess number ${i}`, now + i * 100);
      if (r.checked) checked++;
      expect(r.outcome).toBe('wrong password');
    }
    expect(checked).toBe(11);
    // Inside the account's delay, its owner's right password is not checked, from the office or from anywhere.
    for (const ip of [OFFICE, '192.0.2.50']) {
      expect(await attempt(guard, ip, 'victim@example.com', 'victim long passphrase', now + 3_100)).toEqual({ outcome: 'wrong password', checked: false });
    }
  });
});
