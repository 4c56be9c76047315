import { DatabaseSync } from 'node:sqlite';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { LATEST_VERSION, MIGRATIONS } from '../../../../src/server/auth/store/migrations.ts';
import { migratePostgres } from '../../../../src/server/auth/store/postgresMigrations.ts';
import { PostgresAccountStore } from '../../../../src/server/auth/store/postgresStore.ts';
import { SqliteAccountStore, migrate, openSqliteDatabase } from '../../../../src/server/auth/store/sqliteStore.ts';
import { DuplicateEmailError, UnknownAccountError, type AccountStore } from '../../../../src/server/auth/store/types.ts';
import { STORE_KINDS, freshPgDatabase, openTestStore, type StoreKind } from '../../../support/accountStores.ts';
import { FAKE_HASH, tempDbPath } from './helpers.ts';

const stores: AccountStore[] = [];
const pools: pg.Pool[] = [];
afterEach(async () => {
  for (const s of stores.splice(0)) await s.close();
  for (const p of pools.splice(0)) await p.end();
});
function keep<T extends AccountStore>(store: T): T {
  stores.push(store);
  return store;
}

describe('migrations: one history for both stores', () => {
  it('every version has SQL for both dialects, numbered 1, 2, 3... without gaps', () => {
    expect(MIGRATIONS.map((m) => m.version)).toEqual(MIGRATIONS.map((_, i) => i + 1));
    for (const m of MIGRATIONS) {
      expect(m.sqlite.trim()).not.toBe('');
      expect(m.postgres.trim()).not.toBe('');
    }
  });

  it.each(STORE_KINDS)('a new %s database reaches the latest version with the same tables', async (kind) => {
    const store = keep(await openTestStore(kind));
    expect(await store.schemaVersion()).toBe(LATEST_VERSION);
  });
});

describe('migrations (PostgreSQL)', () => {
  async function tablesOf(pool: pg.Pool): Promise<string[]> {
    const { rows } = await pool.query<{ table_name: string }>(
      "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY table_name",
    );
    return rows.map((r) => r.table_name);
  }

  it('record each version in schema_migrations, and the same tables as SQLite', async () => {
    const url = await freshPgDatabase();
    keep(new PostgresAccountStore(url));
    const store = stores.at(-1)!;
    expect(await store.schemaVersion()).toBe(LATEST_VERSION);
    const pool = new pg.Pool({ connectionString: url });
    pools.push(pool);
    const { rows } = await pool.query<{ version: number }>('SELECT version FROM schema_migrations ORDER BY version');
    expect(rows.map((r) => r.version)).toEqual(MIGRATIONS.map((m) => m.version));
    const db = openSqliteDatabase(tempDbPath());
    const sqliteTables = (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all() as { name: string }[]).map((r) => r.name);
    db.close();
    expect(await tablesOf(pool)).toEqual([...sqliteTables, 'schema_migrations'].sort());
  });

  it('nodes starting together apply each migration once; reopening applies none', async () => {
    const url = await freshPgDatabase();
    const together = [0, 1, 2, 3].map(() => keep(new PostgresAccountStore(url, { max: 2 })));
    expect(await Promise.all(together.map((s) => s.schemaVersion()))).toEqual([3, 3, 3, 3].map(() => LATEST_VERSION));
    await together[0]!.createUser({ email: 'kept@example.com', name: 'Kept', passwordHash: FAKE_HASH });
    const again = keep(new PostgresAccountStore(url));
    expect((await again.listUsers()).map((u) => u.email)).toEqual(['kept@example.com']);
  });

  it('upgrade a version-1 database without losing its users; a failed migration leaves nothing behind', async () => {
    const url = await freshPgDatabase();
    const pool = new pg.Pool({ connectionString: url });
    pools.push(pool);
    expect(await migratePostgres(pool, MIGRATIONS.slice(0, 1))).toBe(1);
    await pool.query('INSERT INTO users (email, name, password_hash, created_at) VALUES ($1, $2, $3, $4)', ['old@example.com', 'Old', FAKE_HASH, 1]);
    const broken = [
      ...MIGRATIONS.slice(0, 1),
      { version: 2, description: 'broken', sqlite: '', postgres: 'CREATE TABLE half (x INTEGER); SELECT * FROM missing_table;' },
    ];
    await expect(migratePostgres(pool, broken)).rejects.toThrow(/migration 2 \(broken\) failed/);
    expect(await tablesOf(pool)).not.toContain('half');
    const store = keep(new PostgresAccountStore(url));
    expect(await store.schemaVersion()).toBe(LATEST_VERSION);
    expect((await store.findUserByEmail('old@example.com'))?.name).toBe('Old');
  });
});

describe('migrations (SQLite)', () => {
  it('bring a new database to the latest version, in WAL mode with foreign keys', () => {
    const db = openSqliteDatabase(tempDbPath());
    const version = (db.prepare('PRAGMA user_version').get() as { user_version: number }).user_version;
    expect(version).toBe(MIGRATIONS.at(-1)!.version);
    expect((db.prepare('PRAGMA journal_mode').get() as { journal_mode: string }).journal_mode).toBe('wal');
    const tables = (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all() as { name: string }[]).map((r) => r.name);
    expect(tables).toEqual([
      'account_tokens',
      'admin_actions',
      'alert_deliveries',
      'api_keys',
      'api_usage',
      'billing_changes',
      'billing_customers',
      'billing_events',
      'billing_subscriptions',
      'flash_messages',
      'mail_queue',
      'saved_views',
      'sessions',
      'signin_failures',
      'subscriptions',
      'trial_claims',
      'trial_reminders',
      'users',
      'view_alerts',
    ]);
    db.close();
  });

  it('upgrade a version-1 database without losing its users, and are not re-applied on reopen', async () => {
    const file = tempDbPath();
    const v1 = new DatabaseSync(file);
    expect(migrate(v1, MIGRATIONS.slice(0, 1))).toBe(1);
    v1.prepare('INSERT INTO users (email, name, password_hash, created_at) VALUES (?, ?, ?, ?)').run('old@example.com', 'Old', FAKE_HASH, 1);
    v1.close();

    const store = keep(new SqliteAccountStore(file));
    expect((await store.findUserByEmail('old@example.com'))?.name).toBe('Old');
    await store.close();
    // Reopening runs no migration again (CREATE TABLE would fail if it did).
    const again = keep(new SqliteAccountStore(file));
    expect((await again.listUsers()).map((u) => u.email)).toEqual(['old@example.com']);
  });

  it('leave nothing behind when a migration fails', () => {
    const db = new DatabaseSync(tempDbPath());
    const broken = [
      ...MIGRATIONS.slice(0, 1),
      { version: 2, description: 'broken', sqlite: 'CREATE TABLE half (x INTEGER); SELECT * FROM missing_table;', postgres: '' },
    ];
    expect(() => migrate(db, broken)).toThrow(/migration 2 \(broken\) failed/);
    expect((db.prepare('PRAGMA user_version').get() as { user_version: number }).user_version).toBe(1);
    expect(db.prepare("SELECT name FROM sqlite_master WHERE name = 'half'").get()).toBeUndefined();
    db.close();
  });
});

describe.each(STORE_KINDS)('%s store', (kind: StoreKind) => {
  const fresh = async () => keep(await openTestStore(kind));

  describe('users', () => {
    it('stores emails trimmed and lower-cased, and refuses a second account with the same email in any case', async () => {
      const store = await fresh();
      const before = Math.floor(Date.now() / 1000);
      const user = await store.createUser({ email: '  Ann@Example.COM ', name: 'Ann', passwordHash: FAKE_HASH });
      const after = Math.ceil(Date.now() / 1000);
      expect(user).toMatchObject({ email: 'ann@example.com', name: 'Ann', isAdmin: false });
      // seconds since the epoch, at the moment of the sign-up
      expect(user.createdAt).toBeGreaterThanOrEqual(before);
      expect(user.createdAt).toBeLessThanOrEqual(after);
      await expect(store.createUser({ email: 'ANN@example.com', name: 'Other', passwordHash: FAKE_HASH })).rejects.toBeInstanceOf(DuplicateEmailError);
      expect(await store.listUsers()).toHaveLength(1);
      expect((await store.findUserByEmail('ann@EXAMPLE.com'))?.id).toBe(user.id);
      expect((await store.findUserById(user.id))?.email).toBe('ann@example.com');
      expect(await store.findUserByEmail('nobody@example.com')).toBeNull();
    });

    it('upserts: same email updates name, hash and admin flag instead of adding a row', async () => {
      const store = await fresh();
      const first = await store.upsertUser({ email: 'a@example.com', name: 'A', passwordHash: FAKE_HASH });
      const second = await store.upsertUser({ email: 'A@example.com', name: 'A2', passwordHash: `${FAKE_HASH}x`, isAdmin: true });
      expect(second.id).toBe(first.id);
      expect(second).toMatchObject({ name: 'A2', passwordHash: `${FAKE_HASH}x`, isAdmin: true });
      expect(await store.listUsers()).toHaveLength(1);
    });

    it('of ten simultaneous sign-ups with one email, exactly one gets the account', async () => {
      const store = await fresh();
      const attempts = await Promise.allSettled(
        Array.from({ length: 10 }, (_, i) => store.createUser({ email: `Same@Example.com`, name: `N${i}`, passwordHash: FAKE_HASH })),
      );
      expect(attempts.filter((a) => a.status === 'fulfilled')).toHaveLength(1);
      for (const a of attempts.filter((a) => a.status === 'rejected')) expect(a.reason).toBeInstanceOf(DuplicateEmailError);
      expect((await store.listUsers()).map((u) => u.email)).toEqual(['same@example.com']);
    });

    it('sets and clears the admin flag; unknown accounts are an error', async () => {
      const store = await fresh();
      await store.createUser({ email: 'a@example.com', name: 'A', passwordHash: FAKE_HASH });
      expect((await store.setAdmin('a@example.com', true)).isAdmin).toBe(true);
      expect((await store.findUserByEmail('a@example.com'))?.isAdmin).toBe(true);
      expect((await store.setAdmin('a@example.com', false)).isAdmin).toBe(false);
      await expect(store.setAdmin('b@example.com', true)).rejects.toBeInstanceOf(UnknownAccountError);
    });
  });

  describe('subscriptions', () => {
    it('grant creates or replaces the plan expiry; revoke removes it', async () => {
      const store = await fresh();
      const user = await store.createUser({ email: 'a@example.com', name: 'A', passwordHash: FAKE_HASH });
      await store.grantSubscription('a@example.com', 'Stats', 2_000_000_000);
      await store.grantSubscription('a@example.com', 'Stats', 2_100_000_000);
      expect(await store.subscriptionsFor(user.id)).toEqual([{ userId: user.id, planName: 'Stats', expiresAt: 2_100_000_000 }]);
      expect((await store.listUsers())[0]!.subscriptions).toHaveLength(1);
      expect(await store.revokeSubscription('a@example.com', 'Stats')).toBe(true);
      expect(await store.revokeSubscription('a@example.com', 'Stats')).toBe(false);
      expect(await store.subscriptionsFor(user.id)).toEqual([]);
    });

    it('a failed grant writes nothing', async () => {
      const store = await fresh();
      await expect(store.grantSubscription('ghost@example.com', 'Stats', 2_000_000_000)).rejects.toBeInstanceOf(UnknownAccountError);
      await expect(store.grantSubscription('ghost@example.com', 'Stats', 1.5)).rejects.toThrow(/whole seconds/);
      expect(await store.listUsers()).toEqual([]);
    });
  });

  describe('server-side sessions', () => {
    it('are live until they expire or are deleted; a password change ends them all', async () => {
      const store = await fresh();
      const user = await store.createUser({ email: 'a@example.com', name: 'A', passwordHash: FAKE_HASH });
      await store.createSession(user.id, 'd1', 3_000_000_000);
      await store.createSession(user.id, 'd2', 4_000_000_000);
      expect(await store.findSessionUser('d1', 2_999_999_999)).toBe(user.id);
      expect(await store.findSessionUser('d1', 3_000_000_000)).toBeNull();
      expect(await store.findSessionUser('nope', 1)).toBeNull();
      await store.deleteSession('d2');
      expect(await store.findSessionUser('d2', 1)).toBeNull();
      await store.createSession(user.id, 'd3', 4_000_000_000);
      await store.setPasswordHash('a@example.com', `${FAKE_HASH}new`);
      expect(await store.findSessionUser('d3', 1)).toBeNull();
    });

    it('liveSession gives the user of a live session with all their plans, read fresh', async () => {
      const store = await fresh();
      const user = await store.createUser({ email: 'b@example.com', name: 'B', passwordHash: FAKE_HASH, isAdmin: true });
      await store.createUser({ email: 'other@example.com', name: 'O', passwordHash: FAKE_HASH });
      await store.grantSubscription('other@example.com', 'Stats', 2_500_000_000);
      await store.createSession(user.id, 'live', 3_000_000_000);
      const bare = await store.liveSession('live', 2_000_000_000);
      expect(bare).toMatchObject({ id: user.id, email: 'b@example.com', name: 'B', isAdmin: true, subscriptions: [] });
      await store.grantSubscription('b@example.com', 'Stats', 2_100_000_000);
      await store.grantSubscription('b@example.com', 'Archive', 2_200_000_000);
      expect((await store.liveSession('live', 2_000_000_000))?.subscriptions).toEqual([
        { userId: user.id, planName: 'Archive', expiresAt: 2_200_000_000 },
        { userId: user.id, planName: 'Stats', expiresAt: 2_100_000_000 },
      ]);
      await store.revokeSubscription('b@example.com', 'Stats');
      expect((await store.liveSession('live', 2_000_000_000))?.subscriptions.map((p) => p.planName)).toEqual(['Archive']);
      expect(await store.liveSession('live', 3_000_000_000)).toBeNull(); // expired
      expect(await store.liveSession('unknown', 1)).toBeNull();
      await store.deleteSession('live');
      expect(await store.liveSession('live', 2_000_000_000)).toBeNull();
    });
  });

  describe('sign-in failure counters', () => {
    it("count a key's failures inside the window, newest first and capped; clear and prune", async () => {
      const store = await fresh();
      for (const at of [1_000, 2_000, 3_000, 4_000]) await store.recordFailure('account:a@example.com', at);
      await store.recordFailure('account:b@example.com', 3_500);
      await store.recordFailure('ip:10.0.0.1', 1_000);
      expect(await store.recentFailures('account:a@example.com', 1_500, 10)).toEqual([4_000, 3_000, 2_000]);
      expect(await store.recentFailures('account:a@example.com', 0, 2)).toEqual([4_000, 3_000]);
      expect(await store.recentFailures('account:nobody', 0, 10)).toEqual([]);
      // Times past 2^31 ms (every real timestamp) survive the round trip exactly.
      await store.recordFailure('account:c@example.com', 1_763_900_000_123);
      expect(await store.recentFailures('account:c@example.com', 0, 1)).toEqual([1_763_900_000_123]);
      expect(await store.pruneFailures('account:', 2_000)).toBe(2);
      expect(await store.recentFailures('account:a@example.com', 0, 10)).toEqual([4_000, 3_000]);
      expect(await store.recentFailures('ip:10.0.0.1', 0, 10)).toEqual([1_000]); // another limiter's keys stay
      await store.clearFailures('account:a@example.com');
      expect(await store.recentFailures('account:a@example.com', 0, 10)).toEqual([]);
      expect(await store.recentFailures('account:b@example.com', 0, 10)).toEqual([3_500]);
    });
  });
});
