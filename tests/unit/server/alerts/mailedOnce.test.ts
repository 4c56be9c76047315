/**
 * Alerts end to end, with the real commands: a small 2022-23 data folder built through 2023-03-01, saved finder
 * views with alerts on each accounts store (a SQLite file and a PostgreSQL database), then `npm run update -- --through ...` and `npm run alerts` as an operator
 * runs them, the mail going to a real SMTP server on loopback. Each update's new games are mailed exactly once per
 * person (one digest holding every alert of theirs), a rerun of the alert step mails nothing, a lapsed subscriber
 * gets nothing, and the unsubscribe link of the mail stops that alert only. The rows are checked against points
 * counted by SQL written here over the folder's raw play-by-play (made shots and free throws of each player).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DuckDBInstance } from '@duckdb/node-api';
import type { ParsedMail } from 'mailparser';
import { runIngest } from '../../../../src/server/ingest/ingest.ts';
import type { AccountStore, UserRecord } from '../../../../src/server/auth/store/types.ts';
import { checkUnsubscribeToken } from '../../../../src/server/alerts/unsubscribeToken.ts';
import { unsubscribe } from '../../../../src/server/alerts/unsubscribe.ts';
import { hasData } from '../ingest/fixtures.ts';
import { makeSeasonFolder } from '../ingest/seasonFolder.ts';
import { startInbox, type Inbox } from '../../../support/smtpInbox.ts';
import { spawnPackageScript } from '../../../support/packageScripts.ts';
import { freshLocation, openStoreAt, storeEnv, type StoreKind } from '../../../support/accountStores.ts';

const SECRET = 'alerts-test-secret-0123456789abcdefghijklmnopqrstuvwxyz';
const ORIGIN = 'http://courtvision.test';
const DAY = 86_400;

/**
 * Points of each player in each regular-season game dated in (after, through], from the raw play-by-play, at least
 * `min` (a finder query without season filters asks for the latest season's regular season).
 */
async function pointsBetween(dir: string, after: string, through: string, min: number): Promise<string[]> {
  const inst = await DuckDBInstance.create(':memory:');
  const c = await inst.connect();
  const rows = (
    await c.runAndReadAll(
      `WITH events AS (
         SELECT DISTINCT * FROM read_parquet($reg)
       ), scored AS (
         SELECT CAST(GAME_ID AS INTEGER) AS game, PLAYER1_ID AS player,
                CASE WHEN EVENTMSGTYPE = 1 AND (CASE PERSON1TYPE WHEN 4 THEN HOMEDESCRIPTION ELSE VISITORDESCRIPTION END) LIKE '%3PT%' THEN 3
                     WHEN EVENTMSGTYPE = 1 THEN 2
                     WHEN EVENTMSGTYPE = 3 AND (CASE PERSON1TYPE WHEN 4 THEN HOMEDESCRIPTION ELSE VISITORDESCRIPTION END) NOT LIKE 'MISS%' THEN 1
                     ELSE 0 END AS pts
           FROM events WHERE EVENTMSGTYPE IN (1, 3) AND PERSON1TYPE IN (4, 5)
       )
       SELECT strftime(CAST(g.GAME_DATE AS DATE), '%Y-%m-%d') AS d, s.player, sum(s.pts)::INTEGER AS pts
         FROM scored s JOIN read_parquet($games) g ON CAST(g.GAME_ID AS INTEGER) = s.game
        WHERE CAST(g.GAME_DATE AS DATE) > $after::DATE AND CAST(g.GAME_DATE AS DATE) <= $through::DATE
        GROUP BY ALL HAVING sum(s.pts) >= $min ORDER BY d, s.player`,
      {
        reg: path.join(dir, 'pbp/regular/2022-23.parquet'),
        games: path.join(dir, 'games.parquet'),
        after,
        through,
        min,
      },
    )
  ).getRowObjectsJS();
  c.closeSync();
  inst.closeSync();
  return rows.map((r) => `${r.d} PTS ${r.pts}`).sort();
}

/** The rows of a digest's section (its lines under the view's heading): "date PTS n" each. */
function sectionRows(mail: ParsedMail, viewName: string): string[] | null {
  const text = mail.text ?? '';
  const start = text.indexOf(`${viewName} (`);
  if (start < 0) return null;
  const block = text.slice(start).split('\n\n')[0]!.split('\n').slice(1);
  return block
    .filter((l) => /^\d{4}-\d{2}-\d{2} /.test(l))
    .map((l) => `${l.slice(0, 10)} PTS ${/PTS (\d+)/.exec(l)![1]}`)
    .sort();
}

/**
 * Runs `npm run <script> -- args` as an operator would (without npm's own start: packageScripts.ts); the SMTP server in
 * this process keeps answering meanwhile.
 */
async function run(
  script: string,
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; line: Record<string, unknown>; stderr: string }> {
  const child = spawnPackageScript(script, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (c: Buffer) => (stdout += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (stderr += c.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('exit', (c) => resolve(c)));
  const line = stdout
    .trim()
    .split('\n')
    .reverse()
    .find((l) => l.startsWith('{'));
  return { code, line: line ? (JSON.parse(line) as Record<string, unknown>) : {}, stderr: stderr.slice(-2000) };
}

/** One accounts store with its subscribers, whose alert step runs after each update. */
interface Accounts {
  kind: StoreKind;
  store: AccountStore;
  env: Record<string, string>;
  ann: UserRecord;
  lee: UserRecord;
  views: Record<'ann25' | 'ann30' | 'ann90' | 'lee25', number>;
}

async function accountsOn(kind: StoreKind, common: Record<string, string>): Promise<Accounts> {
  const location = await freshLocation(kind);
  const store = openStoreAt(kind, location);
  const now = Math.floor(Date.now() / 1000);
  const ann = await store.createUser({ email: `ann-${kind}@example.com`, name: 'Ann', passwordHash: 'x', emailVerified: true });
  const lee = await store.createUser({ email: `lee-${kind}@example.com`, name: 'Lee', passwordHash: 'x', emailVerified: true });
  await store.grantSubscription(ann.email, 'Stats', now + 30 * DAY);
  await store.grantSubscription(lee.email, 'Stats', now - DAY); // lapsed yesterday
  const save = async (user: UserRecord, name: string, url: string) => {
    const v = await store.createSavedView({ userId: user.id, name, url, at: now }, 200);
    if (v === 'full') throw new Error('full');
    await store.setViewAlert(user.id, v.id, true, '2023-03-01', now);
    return v.id;
  };
  const views = {
    ann25: await save(ann, '25-point games', '/stats/finder?cond=pts:ge:25'),
    ann30: await save(ann, '30-point games', '/stats/finder?mode=player_games&cond=pts:ge:30'),
    ann90: await save(ann, '90-point games', '/stats/finder?cond=pts:ge:90'),
    lee25: await save(lee, 'Lee 25', '/stats/finder?cond=pts:ge:25'),
  };
  return { kind, store, env: { ...common, ...storeEnv(kind, location) }, ann, lee, views };
}

describe.skipIf(!hasData)('alerts after `npm run update`, mailed through SMTP, on both accounts stores', () => {
  let dir: string;
  let db: string;
  let inbox: Inbox;
  let env: Record<string, string>;
  let stores: Accounts[] = [];
  const mailsTo = (email: string) => inbox.messages.filter((_, i) => inbox.recipients[i]!.includes(email));

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'alerts-test-'));
    await makeSeasonFolder(dir);
    db = path.join(dir, 'stats.duckdb');
    await runIngest({ dataDir: dir, out: db, seasons: [2022], seasonTypes: ['regular', 'playoffs'], progress: false, log: () => {}, through: '2023-03-01' });
    inbox = await startInbox();
    env = { SMTP_URL: inbox.url, AUTH_SECRET: SECRET, AUTH_URL: ORIGIN, NBA_DATA_DIR: dir, LOG_LEVEL: 'silent' };
    stores = [await accountsOn('sqlite', env), await accountsOn('postgres', env)];
  }, 600_000);

  afterAll(async () => {
    for (const a of stores) await a.store.close();
    await inbox?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it("mails each update's new games once per person, with the rows the play-by-play gives; a rerun mails nothing", async () => {
    const first = await run('update', ['--db', db, '--data', dir, '--through', '2023-03-20'], env);
    expect(first.code, first.stderr).toBe(0);
    expect(Number(first.line.added)).toBeGreaterThan(0);
    const want25 = await pointsBetween(dir, '2023-03-01', '2023-03-20', 25);
    const want30 = await pointsBetween(dir, '2023-03-01', '2023-03-20', 30);
    expect(want25.length).toBeGreaterThan(want30.length);
    expect(want30.length).toBeGreaterThan(0);

    for (const { kind, store, env: own, ann, lee, views } of stores) {
      const alerts = await run('alerts', ['--db', db], own);
      expect(alerts.code, `${kind}: ${alerts.stderr}`).toBe(0);
      expect(alerts.line).toMatchObject({
        update: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}$/),
        pending: 4,
        mailed: 1,
        lapsed: 1,
        failed: [],
      });
      expect(mailsTo(ann.email), kind).toHaveLength(1);
      expect(mailsTo(lee.email), kind).toEqual([]);
      const [digest] = mailsTo(ann.email);
      expect(sectionRows(digest!, '25-point games')).toEqual(want25);
      expect(sectionRows(digest!, '30-point games')).toEqual(want30);
      expect(sectionRows(digest!, '90-point games')).toBeNull();
      expect(digest!.subject).toBe(`Courtvision alerts: ${want25.length + want30.length} new games for 2 of your saved views`);
      expect(digest!.text).toContain(`${ORIGIN}/stats/finder?cond=pts:ge:25`);
      expect((await store.alertDeliveries(views.ann90))[0]).toMatchObject({ outcome: 'none', rowCount: 0 });
      expect((await store.alertDeliveries(views.lee25))[0]).toMatchObject({ outcome: 'lapsed', rowCount: 0 });

      // The step run again for the same update (after a crash, or by hand): nothing more.
      const again = await run('alerts', ['--db', db], own);
      expect(again.code, again.stderr).toBe(0);
      expect(again.line).toMatchObject({ pending: 0, mailed: 0 });
      expect(mailsTo(ann.email)).toHaveLength(1);

      // The mail's unsubscribe link of the 25-point alert: tampered and expired copies are refused, the link works once.
      const text = digest!.text!;
      const link = new URL(/http:\/\/courtvision\.test\/alerts\/unsubscribe\?token=\S+/.exec(text.slice(text.indexOf('25-point games (')))![0]);
      const token = link.searchParams.get('token')!;
      const now = Math.floor(Date.now() / 1000);
      expect(checkUnsubscribeToken(token, now, SECRET)).toEqual({ ok: true, viewId: views.ann25, userId: ann.id });
      expect(
        checkUnsubscribeToken(
          token.replace(/\.(\d+)\./, (_, v: string) => `.${Number(v) + 1}.`),
          now,
          SECRET,
        ),
      ).toEqual({ ok: false, reason: 'invalid' });
      expect(checkUnsubscribeToken(token, now + 91 * DAY, SECRET)).toEqual({ ok: false, reason: 'expired' });
      expect(await unsubscribe(store, token, false, now, SECRET)).toEqual({ kind: 'ask', viewName: '25-point games' });
      expect(await unsubscribe(store, token, true, now, SECRET)).toEqual({ kind: 'done', viewName: '25-point games' });
      expect(await unsubscribe(store, token, true, now, SECRET)).toEqual({ kind: 'off' });
    }

    // The next update: one more digest each, its own new games only, without the alert that was stopped.
    const second = await run('update', ['--db', db, '--data', dir, '--through', '2023-04-20'], env);
    expect(second.code, second.stderr).toBe(0);
    const want30later = await pointsBetween(dir, '2023-03-20', '2023-04-20', 30);
    expect(want30later.length).toBeGreaterThan(0);
    for (const { kind, env: own, ann, lee } of stores) {
      const next = await run('alerts', ['--db', db], own);
      expect(next.code, `${kind}: ${next.stderr}`).toBe(0);
      expect(next.line).toMatchObject({ mailed: 1, lapsed: 1 });
      expect(mailsTo(ann.email), kind).toHaveLength(2);
      const later = mailsTo(ann.email)[1]!;
      expect(later.subject).toBe(`Courtvision alert: ${want30later.length} new ${want30later.length === 1 ? 'game' : 'games'} for "30-point games"`);
      expect(sectionRows(later, '30-point games')).toEqual(want30later);
      expect(sectionRows(later, '25-point games')).toBeNull();
      expect((await run('alerts', ['--db', db], own)).line).toMatchObject({ pending: 0, mailed: 0 });
      expect(mailsTo(ann.email)).toHaveLength(2);
      expect(mailsTo(lee.email)).toEqual([]);
    }
    expect(inbox.messages).toHaveLength(4);
  }, 900_000);
});
