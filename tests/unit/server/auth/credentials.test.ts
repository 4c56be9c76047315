import { beforeAll, describe, expect, it } from 'vitest';
import { verifyCredentials } from '../../../../src/server/auth/credentials.ts';
import { hashPassword } from '../../../../src/server/auth/password.ts';
import type { SqliteAccountStore } from '../../../../src/server/auth/store/sqliteStore.ts';
import { openTempStore } from './helpers.ts';

let store: SqliteAccountStore;
beforeAll(async () => {
  store = openTempStore().store;
  await store.createUser({ email: 'known@example.com', name: 'Known', passwordHash: await hashPassword('known-password') });
});

/** Median times of two operations measured alternately, so background load slows both alike. */
async function interleavedMedians(a: () => Promise<unknown>, b: () => Promise<unknown>, runs = 15): Promise<[number, number]> {
  const ta: number[] = [];
  const tb: number[] = [];
  for (let i = 0; i < runs; i++) {
    for (const [fn, into] of [
      [a, ta],
      [b, tb],
    ] as const) {
      const start = performance.now();
      await fn();
      into.push(performance.now() - start);
    }
  }
  const median = (xs: number[]) => xs.sort((x, y) => x - y)[Math.floor(xs.length / 2)]!;
  return [median(ta), median(tb)];
}

describe('verifyCredentials', () => {
  it('returns the user for the right password, any email case', async () => {
    expect((await verifyCredentials({ email: ' KNOWN@example.com', password: 'known-password' }, store))?.email).toBe('known@example.com');
  });

  it('returns null for a wrong password, an unknown email, or malformed input', async () => {
    expect(await verifyCredentials({ email: 'known@example.com', password: 'nope' }, store)).toBeNull();
    expect(await verifyCredentials({ email: 'unknown@example.com', password: 'known-password' }, store)).toBeNull();
    expect(await verifyCredentials({ email: 'known@example.com' }, store)).toBeNull();
    expect(await verifyCredentials(null, store)).toBeNull();
  });

  it('costs about the same for an unknown email as for a wrong password (no timing enumeration)', async () => {
    await verifyCredentials({ email: 'unknown@example.com', password: 'x' }, store); // warm the dummy hash
    const [wrongPassword, unknownEmail] = await interleavedMedians(
      () => verifyCredentials({ email: 'known@example.com', password: 'wrong' }, store),
      () => verifyCredentials({ email: 'unknown@example.com', password: 'wrong' }, store),
    );
    // Both run one argon2id verification (milliseconds); skipping it for unknown emails would be ~100x faster.
    expect(wrongPassword).toBeGreaterThan(2);
    expect(unknownEmail / wrongPassword).toBeGreaterThan(0.5);
    expect(unknownEmail / wrongPassword).toBeLessThan(2);
  });
});
