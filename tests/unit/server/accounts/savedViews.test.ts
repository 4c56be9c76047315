/**
 * Saved views and their alerts' records on both accounts stores: saved, listed newest first, renamed and deleted
 * by their owner only (another account sees "not found" and changes nothing), at most 200 per account (the 201st
 * refused, also when many are saved at once), names and addresses checked, an upgrade from the previous schema
 * keeps the data, and an alert's digest recorded once per update: a second record of the same update (a rerun
 * after a crash, or another process) queues nothing.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DatabaseSync } from 'node:sqlite';
import pg from 'pg';
import type { AccountStore, QueuedMail, UserRecord } from '../../../../src/server/auth/store/types.ts';
import { MIGRATIONS } from '../../../../src/server/auth/store/migrations.ts';
import { migrate } from '../../../../src/server/auth/store/sqliteStore.ts';
import { migratePostgres } from '../../../../src/server/auth/store/postgresMigrations.ts';
import { toSession } from '../../../../src/server/auth/requestSession.ts';
import { accountData } from '../../../../src/server/accounts/settings.ts';
import {
  MAX_SAVED_VIEWS,
  SavedViewError,
  alertableUrl,
  checkViewName,
  checkViewUrl,
  deleteView,
  renameView,
  saveView,
  setAlert,
} from '../../../../src/server/accounts/savedViews.ts';
import { STORE_KINDS, freshLocation, openStoreAt, type StoreKind } from '../../../support/accountStores.ts';

const DAY = 86_400;
const now = () => Math.floor(Date.now() / 1000);

function mail(to: string, subject: string): QueuedMail {
  return { to, subject, text: subject, html: `<p>${subject}</p>`, messageId: `<${subject.replace(/\W/g, '')}-${Math.random()}@test>`, link: null };
}

describe('view names and addresses', () => {
  it('keeps a trimmed name and refuses an empty, too long or unprintable one', () => {
    expect(checkViewName('  Big   games  ')).toBe('Big games');
    expect(checkViewName('x'.repeat(80))).toHaveLength(80);
    for (const bad of ['', '   ', 'x'.repeat(81), 'bell\u0007', 42, null]) expect(() => checkViewName(bad)).toThrow(SavedViewError);
  });

  it('keeps a /stats address with its query and refuses anything that could lead elsewhere', () => {
    expect(checkViewUrl('/stats/players?season=2022&side=defense#table')).toBe('/stats/players?season=2022&side=defense');
    expect(checkViewUrl('/stats/player/gamelog/lebron-james_2544?season=2012')).toBe('/stats/player/gamelog/lebron-james_2544?season=2012');
    expect(checkViewUrl('/stats/finder?cond=pts:ge:30&cond=ast:ge:10')).toBe('/stats/finder?cond=pts:ge:30&cond=ast:ge:10');
    for (const bad of [
      'https://evil.example/stats/players',
      '//evil.example/stats/players',
      '/\\evil.example/stats',
      '\\\\evil.example',
      'javascript:alert(1)',
      '/stats/../signout',
      '/stats/%2e%2e/signout',
      '/profile',
      '/statsx',
      '/stats/players\n?x',
      '',
      `/stats/${'a'.repeat(2000)}`,
    ]) {
      expect(() => checkViewUrl(bad), bad).toThrow(SavedViewError);
    }
  });

  it('lets an alert follow a finder view of games only', () => {
    expect(alertableUrl('/stats/finder?cond=pts:ge:30')).toBe(true);
    expect(alertableUrl('/stats/finder?mode=team_games&cond=pts:ge:130')).toBe(true);
    expect(alertableUrl('/stats/finder?mode=streaks&cond=fg3m:ge:3')).toBe(false);
    expect(alertableUrl('/stats/players?season=2022')).toBe(false);
  });
});

describe.each(STORE_KINDS)('saved views on the %s store', (kind: StoreKind) => {
  let store: AccountStore;
  let ann: UserRecord;
  let bob: UserRecord;
  const annSession = () => store.subscriptionsFor(ann.id).then((subscriptions) => toSession({ ...ann, subscriptions }));

  beforeEach(async () => {
    store = openStoreAt(kind, await freshLocation(kind));
    await store.schemaVersion();
    ann = await store.createUser({ email: 'ann@example.com', name: 'Ann', passwordHash: 'x' });
    bob = await store.createUser({ email: 'bob@example.com', name: 'Bob', passwordHash: 'x' });
    await store.grantSubscription(ann.email, 'Stats', now() + 30 * DAY);
    await store.grantSubscription(bob.email, 'Stats', now() + 30 * DAY);
  });
  afterEach(async () => {
    await store.close();
  });

  it('saves, lists newest first, renames and deletes a view of its owner', async () => {
    const session = await annSession();
    const a = await saveView(store, session, ann.id, { name: 'Defense 2022', url: '/stats/players?season=2022&side=defense' });
    const b = await saveView(store, session, ann.id, { name: ' 30 and 10 ', url: '/stats/finder?cond=pts:ge:30&cond=ast:ge:10' });
    expect(a).toMatchObject({ userId: ann.id, name: 'Defense 2022', url: '/stats/players?season=2022&side=defense', alert: null });
    expect((await store.savedViewsOf(ann.id)).map((v) => v.name)).toEqual(['30 and 10', 'Defense 2022']);
    await renameView(store, ann.id, a.id, 'Defense, 2022-23');
    expect((await store.savedViewOf(ann.id, a.id))?.name).toBe('Defense, 2022-23');
    await deleteView(store, ann.id, b.id);
    expect((await store.savedViewsOf(ann.id)).map((v) => v.id)).toEqual([a.id]);
    await expect(deleteView(store, ann.id, b.id)).rejects.toMatchObject({ status: 404 });
  });

  it("are in the owner's data download, and only there", async () => {
    const session = await annSession();
    const v = await saveView(store, session, ann.id, { name: 'Forty', url: '/stats/finder?cond=pts:ge:40' });
    await setAlert(store, session, ann.id, v.id, true, '2023-03-01');
    expect((await accountData(store, ann)).savedViews).toEqual([
      { name: 'Forty', url: '/stats/finder?cond=pts:ge:40', savedAt: expect.any(String), alert: true },
    ]);
    expect((await accountData(store, bob)).savedViews).toEqual([]);
  });

  it("never shows or changes another account's view: not found, nothing changed", async () => {
    const view = await saveView(store, await annSession(), ann.id, { name: 'Mine', url: '/stats/teams' });
    expect(await store.savedViewOf(bob.id, view.id)).toBeNull();
    expect(await store.savedViewsOf(bob.id)).toEqual([]);
    await expect(renameView(store, bob.id, view.id, 'Taken')).rejects.toMatchObject({ status: 404 });
    await expect(deleteView(store, bob.id, view.id)).rejects.toMatchObject({ status: 404 });
    expect(await store.setViewAlert(bob.id, view.id, true, null, now())).toBe(false);
    expect(await store.savedViewOf(ann.id, view.id)).toMatchObject({ name: 'Mine', alert: null });
  });

  it('keeps at most 200 views per account: the 201st is refused, even when many are saved at once', async () => {
    const session = await annSession();
    for (let i = 0; i < MAX_SAVED_VIEWS - 10; i++) await saveView(store, session, ann.id, { name: `View ${i}`, url: `/stats/players?season=2022&i=${i}` });
    // The last places raced for by 25 saves at once (two nodes, two tabs): 10 get one, 15 are refused.
    const racing = await Promise.all(
      Array.from({ length: 25 }, (_, i) => saveView(store, session, ann.id, { name: `Race ${i}`, url: `/stats/teams?i=${i}` }).catch((e: unknown) => e)),
    );
    expect(racing.filter((r) => r instanceof SavedViewError && r.status === 409)).toHaveLength(15);
    expect(racing.filter((r) => !(r instanceof Error))).toHaveLength(10);
    expect(await store.savedViewsOf(ann.id)).toHaveLength(MAX_SAVED_VIEWS);
    const refused = await saveView(store, session, ann.id, { name: 'One more', url: '/stats/teams' }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(SavedViewError);
    expect(refused).toMatchObject({ status: 409, message: expect.stringMatching(/200 saved views.*Delete one/) });
    // Another account is not counted against it.
    await saveView(store, toSession({ ...bob, subscriptions: await store.subscriptionsFor(bob.id) }), bob.id, { name: 'B', url: '/stats/teams' });
  });

  it('needs the Stats plan to save or to put an alert on; a lapsed owner can still rename and delete', async () => {
    const view = await saveView(store, await annSession(), ann.id, { name: 'Finder', url: '/stats/finder?cond=pts:ge:40' });
    await store.grantSubscription(ann.email, 'Stats', now() - DAY);
    const lapsed = await annSession();
    await expect(saveView(store, lapsed, ann.id, { name: 'x', url: '/stats/teams' })).rejects.toMatchObject({ status: 403 });
    await expect(setAlert(store, lapsed, ann.id, view.id, true, '2023-03-01')).rejects.toMatchObject({ status: 403 });
    await renameView(store, ann.id, view.id, 'Forty');
    await deleteView(store, ann.id, view.id);
  });

  it('puts an alert on a finder view of games only, and takes it off', async () => {
    const session = await annSession();
    const finder = await saveView(store, session, ann.id, { name: 'Forty', url: '/stats/finder?cond=pts:ge:40' });
    const page = await saveView(store, session, ann.id, { name: 'Teams', url: '/stats/teams' });
    await expect(setAlert(store, session, ann.id, page.id, true, '2023-03-01')).rejects.toMatchObject({ status: 400 });
    await setAlert(store, session, ann.id, finder.id, true, '2023-03-01');
    expect((await store.savedViewOf(ann.id, finder.id))?.alert).toMatchObject({ seenThrough: '2023-03-01' });
    await setAlert(store, session, ann.id, finder.id, false, null);
    expect((await store.savedViewOf(ann.id, finder.id))?.alert).toBeNull();
  });

  it("records an alert's digest once per update: a second record of the same update queues nothing", async () => {
    const session = await annSession();
    const v1 = await saveView(store, session, ann.id, { name: 'Forty', url: '/stats/finder?cond=pts:ge:40' });
    const v2 = await saveView(store, session, ann.id, { name: 'Triple', url: '/stats/finder?cond=pts:ge:10&cond=reb:ge:10&cond=ast:ge:10' });
    await setAlert(store, session, ann.id, v1.id, true, '2023-03-01');
    await setAlert(store, session, ann.id, v2.id, true, '2023-03-01');
    const pending = await store.alertsPending('U1');
    expect(pending.map((p) => [p.view.id, p.user.email, p.user.subscriptions.length])).toEqual([
      [v1.id, 'ann@example.com', 1],
      [v2.id, 'ann@example.com', 1],
    ]);
    const digest = {
      userId: ann.id,
      updateKey: 'U1',
      through: '2023-03-02',
      deliveries: [
        { viewId: v1.id, outcome: 'mailed' as const, rowCount: 2 },
        { viewId: v2.id, outcome: 'none' as const, rowCount: 0 },
      ],
      mail: mail(ann.email, 'digest one'),
      at: now(),
    };
    // Recorded by two processes at once: one wins, one digest queued.
    const results = await Promise.all([store.recordAlertDigest(digest), store.recordAlertDigest({ ...digest, mail: mail(ann.email, 'digest two') })]);
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await store.recordAlertDigest(digest)).toBe(false);
    expect((await store.mailQueueCounts()).waiting).toBe(1);
    expect(await store.alertsPending('U1')).toEqual([]);
    expect((await store.savedViewOf(ann.id, v1.id))?.alert?.seenThrough).toBe('2023-03-02');
    expect(await store.alertDeliveries(v1.id)).toMatchObject([{ updateKey: 'U1', outcome: 'mailed', rowCount: 2 }]);
    // The next update is pending again; a digest naming another account's view is refused whole.
    expect((await store.alertsPending('U2')).map((p) => p.view.id)).toEqual([v1.id, v2.id]);
    expect(await store.recordAlertDigest({ ...digest, userId: bob.id, updateKey: 'U2' })).toBe(false);
    expect((await store.mailQueueCounts()).waiting).toBe(1);
    // Deleting the account takes its views, alerts and records.
    await store.deleteAccount(ann.id, null);
    expect(await store.alertsPending('U2')).toEqual([]);
    expect(await store.alertDeliveries(v1.id)).toEqual([]);
  });
});

describe('the saved-views migration', () => {
  const previous = MIGRATIONS.slice(0, -1);
  it('upgrades a SQLite database of the previous version without losing its accounts', async () => {
    const file = await freshLocation('sqlite');
    const db = new DatabaseSync(file);
    expect(migrate(db, previous)).toBe(previous.at(-1)!.version);
    db.prepare('INSERT INTO users (email, name, password_hash, created_at) VALUES (?, ?, ?, ?)').run('old@example.com', 'Old', 'x', 1);
    db.close();
    const store = openStoreAt('sqlite', file);
    const old = await store.findUserByEmail('old@example.com');
    expect(old?.name).toBe('Old');
    expect(await store.createSavedView({ userId: old!.id, name: 'n', url: '/stats/teams', at: 1 }, 200)).toMatchObject({ name: 'n' });
    await store.close();
  });

  it('upgrades a PostgreSQL database of the previous version without losing its accounts', async () => {
    const url = await freshLocation('postgres');
    const pool = new pg.Pool({ connectionString: url });
    expect(await migratePostgres(pool, previous)).toBe(previous.at(-1)!.version);
    await pool.query('INSERT INTO users (email, name, password_hash, created_at) VALUES ($1, $2, $3, $4)', ['old@example.com', 'Old', 'x', 1]);
    await pool.end();
    const store = openStoreAt('postgres', url);
    const old = await store.findUserByEmail('old@example.com');
    expect(old?.name).toBe('Old');
    expect(await store.createSavedView({ userId: old!.id, name: 'n', url: '/stats/teams', at: 1 }, 200)).toMatchObject({ name: 'n' });
    await store.close();
  });
});
