import { DatabaseSync } from 'node:sqlite';
import { afterEach, describe, expect, it } from 'vitest';
import { MIGRATIONS } from '../../../../src/server/auth/store/migrations.ts';
import { SqliteAccountStore, migrate, openSqliteDatabase } from '../../../../src/server/auth/store/sqliteStore.ts';
import { DuplicateEmailError, UnknownAccountError } from '../../../../src/server/auth/store/types.ts';
import { FAKE_HASH, openTempStore, tempDbPath } from './helpers.ts';

const stores: SqliteAccountStore[] = [];
function fresh() {
  const opened = openTempStore();
  stores.push(opened.store);
  return opened;
}
afterEach(async () => {
  for (const s of stores.splice(0)) await s.close();
});

describe('migrations', () => {
  it('bring a new database to the latest version, in WAL mode with foreign keys', () => {
    const db = openSqliteDatabase(tempDbPath());
    const version = (db.prepare('PRAGMA user_version').get() as { user_version: number }).user_version;
    expect(version).toBe(MIGRATIONS.at(-1)!.version);
    expect((db.prepare('PRAGMA journal_mode').get() as { journal_mode: string }).journal_mode).toBe('wal');
    const tables = (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all() as { name: string }[]).map((r) => r.name);
    expect(tables).toEqual(['sessions', 'subscriptions', 'users']);
    db.close();
  });

  it('upgrade a version-1 database without losing its users, and are not re-applied on reopen', async () => {
    const file = tempDbPath();
    const v1 = new DatabaseSync(file);
    expect(migrate(v1, MIGRATIONS.slice(0, 1))).toBe(1);
    v1.prepare('INSERT INTO users (email, name, password_hash, created_at) VALUES (?, ?, ?, ?)').run('old@example.com', 'Old', FAKE_HASH, 1);
    v1.close();

    const store = new SqliteAccountStore(file);
    stores.push(store);
    expect((await store.findUserByEmail('old@example.com'))?.name).toBe('Old');
    await store.close();
    // Reopening runs no migration again (CREATE TABLE would fail if it did).
    const again = new SqliteAccountStore(file);
    stores.push(again);
    expect((await again.listUsers()).map((u) => u.email)).toEqual(['old@example.com']);
  });

  it('leave nothing behind when a migration fails', () => {
    const db = new DatabaseSync(tempDbPath());
    const broken = [...MIGRATIONS.slice(0, 1), { version: 2, description: 'broken', sql: 'CREATE TABLE half (x INTEGER); SELECT * FROM missing_table;' }];
    expect(() => migrate(db, broken)).toThrow(/migration 2 \(broken\) failed/);
    expect((db.prepare('PRAGMA user_version').get() as { user_version: number }).user_version).toBe(1);
    expect(db.prepare("SELECT name FROM sqlite_master WHERE name = 'half'").get()).toBeUndefined();
    db.close();
  });
});

describe('users', () => {
  it('stores emails trimmed and lower-cased, and refuses a second account with the same email in any case', async () => {
    const { store } = fresh();
    const user = await store.createUser({ email: '  Ann@Example.COM ', name: 'Ann', passwordHash: FAKE_HASH });
    expect(user).toMatchObject({ email: 'ann@example.com', name: 'Ann', isAdmin: false });
    expect(user.createdAt).toBeGreaterThan(1_700_000_000);
    await expect(store.createUser({ email: 'ANN@example.com', name: 'Other', passwordHash: FAKE_HASH })).rejects.toBeInstanceOf(DuplicateEmailError);
    expect(await store.listUsers()).toHaveLength(1);
    expect((await store.findUserByEmail('ann@EXAMPLE.com'))?.id).toBe(user.id);
    expect((await store.findUserById(user.id))?.email).toBe('ann@example.com');
    expect(await store.findUserByEmail('nobody@example.com')).toBeNull();
  });

  it('upserts: same email updates name, hash and admin flag instead of adding a row', async () => {
    const { store } = fresh();
    const first = await store.upsertUser({ email: 'a@example.com', name: 'A', passwordHash: FAKE_HASH });
    const second = await store.upsertUser({ email: 'A@example.com', name: 'A2', passwordHash: FAKE_HASH + 'x', isAdmin: true });
    expect(second.id).toBe(first.id);
    expect(second).toMatchObject({ name: 'A2', passwordHash: FAKE_HASH + 'x', isAdmin: true });
    expect(await store.listUsers()).toHaveLength(1);
  });

  it('sets and clears the admin flag; unknown accounts are an error', async () => {
    const { store } = fresh();
    await store.createUser({ email: 'a@example.com', name: 'A', passwordHash: FAKE_HASH });
    expect((await store.setAdmin('a@example.com', true)).isAdmin).toBe(true);
    expect((await store.findUserByEmail('a@example.com'))?.isAdmin).toBe(true);
    expect((await store.setAdmin('a@example.com', false)).isAdmin).toBe(false);
    await expect(store.setAdmin('b@example.com', true)).rejects.toBeInstanceOf(UnknownAccountError);
  });
});

describe('subscriptions', () => {
  it('grant creates or replaces the plan expiry; revoke removes it', async () => {
    const { store } = fresh();
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
    const { store } = fresh();
    await expect(store.grantSubscription('ghost@example.com', 'Stats', 2_000_000_000)).rejects.toBeInstanceOf(UnknownAccountError);
    await expect(store.grantSubscription('ghost@example.com', 'Stats', 1.5)).rejects.toThrow(/whole seconds/);
    expect(await store.listUsers()).toEqual([]);
  });
});

describe('server-side sessions', () => {
  it('are live until they expire or are deleted; a password change ends them all', async () => {
    const { store } = fresh();
    const user = await store.createUser({ email: 'a@example.com', name: 'A', passwordHash: FAKE_HASH });
    await store.createSession(user.id, 'd1', 3_000_000_000);
    await store.createSession(user.id, 'd2', 4_000_000_000);
    expect(await store.findSessionUser('d1', 2_999_999_999)).toBe(user.id);
    expect(await store.findSessionUser('d1', 3_000_000_000)).toBeNull();
    expect(await store.findSessionUser('nope', 1)).toBeNull();
    await store.deleteSession('d2');
    expect(await store.findSessionUser('d2', 1)).toBeNull();
    await store.createSession(user.id, 'd3', 4_000_000_000);
    await store.setPasswordHash('a@example.com', FAKE_HASH + 'new');
    expect(await store.findSessionUser('d3', 1)).toBeNull();
  });
});
