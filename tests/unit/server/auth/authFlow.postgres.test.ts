/**
 * The whole Auth.js sign-in flow of authFlow.test.ts again, with the accounts in PostgreSQL: DATABASE_URL points
 * at a fresh database of the test cluster before any server module reads the configuration, then the same
 * suite is loaded (its tests register here, in this file's own module graph).
 */
import { expect, it } from 'vitest';
import { freshPgDatabase } from '../../../support/accountStores.ts';

process.env.DATABASE_URL = await freshPgDatabase();
await import('./authFlow.test.ts');
// Imported only now: the configuration is read when the server modules load.
const { describeAccountStore, getAccountStore } = await import('../../../../src/server/auth/store/index.ts');
const { PostgresAccountStore } = await import('../../../../src/server/auth/store/postgresStore.ts');

it('ran on the PostgreSQL store', () => {
  expect(describeAccountStore()).toMatch(/^PostgreSQL 127\.0\.0\.1:\d+\/cv_test_/);
  expect(getAccountStore()).toBeInstanceOf(PostgresAccountStore);
});
