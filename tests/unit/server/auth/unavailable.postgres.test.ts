/**
 * The PostgreSQL account store when its database cannot serve (src/server/auth/store/postgresStore.ts): a
 * refused connection fails as AccountsUnavailableError (answered 503 by the site), while a statement's own error
 * (a duplicate email) stays what it is. Real connections; tests/e2e/two-nodes.spec.ts cuts a running node's
 * database and checks the 503 answers and the recovery.
 */
import { describe, expect, it } from 'vitest';
import { freePort } from '../../../../scripts/lib/freePort.ts';
import { PostgresAccountStore } from '../../../../src/server/auth/store/postgresStore.ts';
import { AccountsUnavailableError, DuplicateEmailError } from '../../../../src/server/auth/store/types.ts';
import { freshPgDatabase } from '../../../support/accountStores.ts';

describe('PostgreSQL account store out of reach', () => {
  it('a database nobody listens for: AccountsUnavailableError, not a raw socket error', async () => {
    const store = new PostgresAccountStore(`postgres://postgres@127.0.0.1:${await freePort()}/courtvision`);
    try {
      const failure = await store.findSessionUser('0'.repeat(64), 1).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(AccountsUnavailableError);
      expect((failure as Error).message).toMatch(/cannot be reached \(.*ECONNREFUSED/);
    } finally {
      await store.close();
    }
  });

  it("a statement's own error stays what it is: a duplicate email is DuplicateEmailError", async () => {
    const store = new PostgresAccountStore(await freshPgDatabase());
    try {
      await store.createUser({ email: 'a@example.com', name: 'A', passwordHash: 'x' });
      await expect(store.createUser({ email: 'a@example.com', name: 'A', passwordHash: 'x' })).rejects.toBeInstanceOf(DuplicateEmailError);
    } finally {
      await store.close();
    }
  });
});
