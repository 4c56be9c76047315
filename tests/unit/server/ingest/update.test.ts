/**
 * The incremental update end to end on a small real data folder of 2022-23 (seasonFolder.ts, made at test time):
 * a database built through 2023-03-01 and updated in steps to the end of the playoffs (one game corrected by the
 * league on the way) equals, table by table (scripts/compare-stats-db.ts), the full build of the same folder. The
 * numbers of games added are counted from the data folder's own files by SQL written here.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DuckDBInstance } from '@duckdb/node-api';
import { runIngest } from '../../../../src/server/ingest/ingest.ts';
import { runUpdate } from '../../../../src/server/ingest/update/update.ts';
import { lockPath } from '../../../../src/server/ingest/update/lock.ts';
import { hasData } from './fixtures.ts';
import { makeSeasonFolder } from './seasonFolder.ts';
import { runPackageScript } from '../../../support/packageScripts.ts';

async function query(file: string, sql: string, params: Record<string, string | number> = {}): Promise<Record<string, unknown>[]> {
  const inst = await DuckDBInstance.create(file, file === ':memory:' ? {} : { access_mode: 'READ_ONLY' });
  const c = await inst.connect();
  const rows = (await c.runAndReadAll(sql, params)).getRowObjectsJS();
  c.closeSync();
  inst.closeSync();
  return rows as Record<string, unknown>[];
}

/** Games of the folder's play-by-play files dated after `after` and at most `through` (games.parquet's dates). */
async function gamesBetween(dir: string, after: string, through: string): Promise<number> {
  return (await gameIdsBetween(dir, after, through)).length;
}

/** The ids of those games. */
async function gameIdsBetween(dir: string, after: string, through: string): Promise<number[]> {
  const rows = await query(
    ':memory:',
    `
    SELECT DISTINCT CAST(p.GAME_ID AS INTEGER) AS id
      FROM read_parquet([$reg, $po]) p JOIN read_parquet($games) g ON CAST(g.GAME_ID AS INTEGER) = CAST(p.GAME_ID AS INTEGER)
     WHERE CAST(g.GAME_DATE AS DATE) > $after::DATE AND CAST(g.GAME_DATE AS DATE) <= $through::DATE`,
    {
      reg: path.join(dir, 'pbp/regular/2022-23.parquet'),
      po: path.join(dir, 'pbp/playoffs/2022-23.parquet'),
      games: path.join(dir, 'games.parquet'),
      after,
      through,
    },
  );
  return rows.map((r) => Number(r.id));
}

/** The path a night's update takes by the build's order: new games alone when each comes after every held game. */
async function expectedRead(db: string, dir: string, after: string, through: string): Promise<string> {
  const [held] = await query(db, 'SELECT max(game_id) AS m FROM games');
  const fresh = await gameIdsBetween(dir, after, through);
  return fresh.every((id) => id > Number(held!.m)) ? 'season 2022 new games read' : 'season 2022 read again';
}

function compare(a: string, b: string): { status: number | null; out: string } {
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/compare-stats-db.ts', a, b], { encoding: 'utf8' });
  return { status: r.status, out: r.stdout + r.stderr };
}

const build = (dir: string, out: string, through?: string) =>
  runIngest({ dataDir: dir, out, seasons: [2022], seasonTypes: ['regular', 'playoffs'], progress: false, log: () => {}, through });

describe.skipIf(!hasData)('npm run update on a 2022-23 data folder', () => {
  let dir: string;
  let edited: string;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'update-test-'));
    await makeSeasonFolder(dir);
    // the first game of the season held, to be corrected by the league later
    const [first] = await query(':memory:', `SELECT min(CAST(GAME_ID AS INTEGER)) AS g FROM read_parquet($f)`, {
      f: path.join(dir, 'pbp/regular/2022-23.parquet'),
    });
    edited = String(first!.g).padStart(10, '0');
  }, 120_000);
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  /**
   * A copy of one database built from the folder through 2022-11-01, made on first use (after the first test has
   * corrected a game in the folder, so the copy holds the corrected game as the folder has it).
   */
  let early: Promise<string> | undefined;
  const earlyBuild = async (name: string): Promise<string> => {
    early ??= (async () => {
      const db = path.join(dir, 'early.duckdb');
      await build(dir, db, '2022-11-01');
      return db;
    })();
    const copy = path.join(dir, name);
    fs.copyFileSync(await early, copy);
    return copy;
  };

  it('built through 2023-03-01 and updated in steps to the end of the playoffs, equals the full build', async () => {
    const db = path.join(dir, 'updated.duckdb');
    await build(dir, db, '2023-03-01');
    const [start] = await query(db, `SELECT strftime(data_through, '%Y-%m-%d') AS through, count(*) OVER () AS n FROM ingest_meta`);
    expect(String(start!.through) <= '2023-03-01').toBe(true);

    const first = await runUpdate({ db, dataDir: dir, through: '2023-03-20' });
    expect(first).toMatchObject({ added: await gamesBetween(dir, '2023-03-01', '2023-03-20'), replaced: 0, skipped: [] });
    expect(first.added).toBeGreaterThan(0);
    // the new games all come after the held ones: they alone are read, after the season's held rows
    const read = (u: { steps: { name: string }[] }) => u.steps.map((s) => s.name).filter((n) => /^season 2022 (read again|new games read)$/.test(n));
    expect(read(first)).toEqual(['season 2022 new games read']);

    // the league corrects a held game's play-by-play: the next update writes it again
    await makeSeasonFolder(dir, { edit: edited });
    const second = await runUpdate({ db, dataDir: dir, through: '2023-04-20' });
    expect(second).toMatchObject({ added: await gamesBetween(dir, '2023-03-20', '2023-04-20'), replaced: 1, skipped: [] });
    expect(read(second)).toEqual(['season 2022 read again']); // a held game changed: the season is read again whole
    const corrected = await query(db, `SELECT count(*) AS n FROM game_events WHERE game_id = $g AND home_description LIKE '%(corrected)%'`, {
      g: Number(edited),
    });
    expect(Number(corrected[0]!.n)).toBe(1);

    // a playoff night when the archive's files are older than the last run: only the file listing a new game is
    // hashed again, and the regular season's sources stay (they were lost, and the next night took 1,230 games as new)
    const dayAgo = new Date(Date.now() - 86_400_000);
    for (const f of fs.readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
      if (/\.(parquet|csv)$/.test(f)) fs.utimesSync(path.join(dir, f), dayAgo, dayAgo);
    }
    const nightRead = await expectedRead(db, dir, '2023-04-20', '2023-04-25');
    const night = await runUpdate({ db, dataDir: dir, through: '2023-04-25' });
    // the playoffs' later games include older ids (a series' game 4 after another's game 3): read again whole
    expect(nightRead).toBe('season 2022 read again');
    expect(read(night)).toEqual([nightRead]);
    expect(night).toMatchObject({ added: await gamesBetween(dir, '2023-04-20', '2023-04-25'), replaced: 0, skipped: [] });
    const [sources] = await query(db, "SELECT count(*) AS n, count(*) FILTER (WHERE season_type = 'regular') AS regular FROM game_sources");
    expect(Number(sources!.n)).toBe(await gamesBetween(dir, '2000-01-01', '2023-04-25'));
    expect(Number(sources!.regular)).toBe(await gamesBetween(dir, '2000-01-01', '2023-04-14'));

    const lastRead = await expectedRead(db, dir, '2023-04-25', '2023-07-01');
    const last = await runUpdate({ db, dataDir: dir });
    expect(last).toMatchObject({ added: await gamesBetween(dir, '2023-04-25', '2023-07-01'), replaced: 0, skipped: [] });
    expect(read(last)).toEqual([lastRead]);
    const [meta] = await query(
      db,
      `SELECT strftime(data_through, '%Y-%m-%d') AS through, update_added, update_replaced, update_skipped, games_parsed FROM ingest_meta`,
    );
    const [lastGame] = await query(
      ':memory:',
      `SELECT strftime(max(CAST(g.GAME_DATE AS DATE)), '%Y-%m-%d') AS d FROM read_parquet($games) g
        WHERE CAST(g.GAME_ID AS INTEGER) IN (SELECT CAST(GAME_ID AS INTEGER) FROM read_parquet($po))`,
      { games: path.join(dir, 'games.parquet'), po: path.join(dir, 'pbp/playoffs/2022-23.parquet') },
    );
    expect(meta).toMatchObject({ through: lastGame!.d, update_added: last.added, update_replaced: 0, update_skipped: '[]' });
    expect(Number(meta!.games_parsed)).toBe(await gamesBetween(dir, '2000-01-01', '2023-07-01'));

    const full = path.join(dir, 'full.duckdb');
    await build(dir, full);
    const c = compare(full, db);
    expect(c.out).toMatch(/all \d+ tables equal/);
    expect(c.status).toBe(0);
    // nothing new: nothing added, and the data unchanged
    const again = await runUpdate({ db, dataDir: dir });
    expect(again).toMatchObject({ added: 0, replaced: 0, skipped: [] });
    expect(compare(full, db).status).toBe(0);
  }, 600_000);

  it('a night of the season in progress applies the stored win-probability model: no fit, no other season written', async () => {
    const other = fs.mkdtempSync(path.join(os.tmpdir(), 'update-wp-'));
    try {
      await makeSeasonFolder(other, { seasons: [2020, 2021, 2022] });
      const buildAll = (out: string, through: string) =>
        runIngest({
          dataDir: other,
          out,
          seasons: [2020, 2021, 2022],
          seasonTypes: ['regular', 'playoffs'],
          progress: false,
          log: () => {},
          through,
        });
      const db = path.join(other, 'db.duckdb');
      await buildAll(db, '2023-03-01');
      // 2022-23 has no playoff game yet: in progress. The finished seasons: 2020-21 fitted, 2021-22 checked.
      const model =
        'SELECT model, position, coefficient, fit_seasons::VARCHAR AS fit, test_seasons::VARCHAR AS test, fit_rows FROM wp_model ORDER BY model, position';
      const before = await query(db, model);
      expect(before[0]).toMatchObject({ fit: '[2020]', test: '[2021]' });
      // every figure of the finished seasons the model writes or copies, as one hash per table
      const earlier = `SELECT (SELECT sum(hash(possession_id, home_wp, leverage, strength)) FROM win_probability WHERE game_id // 100000 % 100 < 22)::VARCHAR AS wp,
          (SELECT sum(hash(possession_id, leverage)) FROM possessions WHERE season < 2022)::VARCHAR AS possessions,
          (SELECT sum(hash(possession_id, player_id, leverage)) FROM player_possession_stats WHERE game_id // 100000 % 100 < 22)::VARCHAR AS players,
          (SELECT sum(hash(possession_id, team_season, leverage)) FROM team_possessions WHERE season < 2022)::VARCHAR AS teams`;
      const earlierBefore = await query(db, earlier);

      const night = await runUpdate({ db, dataDir: other, through: '2023-03-20' });
      expect(night.added).toBe(await gamesBetween(other, '2023-03-01', '2023-03-20'));
      expect(night.added).toBeGreaterThan(0);
      expect(await query(db, model)).toEqual(before);
      expect(await query(db, earlier)).toEqual(earlierBefore);
      expect(night.steps.map((s) => s.name)).not.toContain('leverage copied again');
      // the season in progress has its figures, from the stored coefficients: a build of the same games fits the
      // same model on the same finished seasons and equals the update in every table
      const [cover] = await query(
        db,
        `SELECT count(*) AS n, count(w.possession_id) AS with_wp, count(p.leverage) AS with_level
          FROM possessions p LEFT JOIN win_probability w USING (possession_id) WHERE p.season = 2022`,
      );
      expect(Number(cover!.with_wp)).toBe(Number(cover!.n));
      expect(Number(cover!.with_level)).toBe(Number(cover!.n));
      const full = path.join(other, 'full.duckdb');
      await buildAll(full, '2023-03-20');
      const c = compare(full, db);
      expect(c.out).toMatch(/all \d+ tables equal/);
      expect(c.status).toBe(0);
    } finally {
      fs.rmSync(other, { recursive: true, force: true });
    }
  }, 600_000);

  it("a second update at once refuses; a dead update's lock and files are taken over", async () => {
    const db = await earlyBuild('locked.duckdb');
    const before = fs.statSync(db).mtimeMs;
    fs.writeFileSync(lockPath(db), `${process.pid}\n`); // a live process holds it
    await expect(runUpdate({ db, dataDir: dir, through: '2023-02-01' })).rejects.toThrow(/being updated by process/);
    expect(fs.statSync(db).mtimeMs).toBe(before);
    expect(fs.readFileSync(lockPath(db), 'utf8').trim()).toBe(String(process.pid));

    const dead = spawnSync('sh', ['-c', 'echo $$']).stdout.toString().trim();
    fs.writeFileSync(lockPath(db), `${dead}\n`);
    const leftover = `${db}.update-${dead}.duckdb`;
    fs.writeFileSync(leftover, 'half a copy');
    const r = await runUpdate({ db, dataDir: dir, through: '2023-02-01' });
    expect(r.added).toBe(await gamesBetween(dir, '2022-11-01', '2023-02-01'));
    expect(fs.existsSync(leftover)).toBe(false);
    expect(fs.existsSync(lockPath(db))).toBe(false);
    expect(fs.readdirSync(dir).filter((f) => f.startsWith('locked.duckdb.update-'))).toEqual([]);
  }, 300_000);

  it('a game the games file does not list is skipped: exit 2 and its reason in the JSON line and ingest_meta', async () => {
    const other = fs.mkdtempSync(path.join(os.tmpdir(), 'update-skip-'));
    try {
      await makeSeasonFolder(other);
      const db = path.join(other, 'db.duckdb');
      await build(other, db, '2023-03-01');
      const [late] = await query(':memory:', `SELECT max(CAST(GAME_ID AS INTEGER)) AS g FROM read_parquet($f)`, {
        f: path.join(other, 'pbp/regular/2022-23.parquet'),
      });
      const code = String(late!.g).padStart(10, '0');
      await makeSeasonFolder(other, { unlisted: code });
      const r = runPackageScript('update', ['--db', db, '--data', other, '--through', '2023-03-10']);
      expect(r.status).toBe(2);
      const line = JSON.parse(r.stdout.trim().split('\n').at(-1)!);
      expect(line.skipped).toEqual([{ game: code, reason: 'not in games.parquet' }]);
      expect(line.added).toBe(await gamesBetween(other, '2023-03-01', '2023-03-10'));
      const [meta] = await query(db, 'SELECT update_skipped FROM ingest_meta');
      expect(JSON.parse(String(meta!.update_skipped))).toEqual([{ game: code, reason: 'not in games.parquet' }]);

      const bad = runPackageScript('update', ['--db', db, '--through', '2023-02-30']);
      expect(bad.status).toBe(1);
      expect(JSON.parse(bad.stdout.trim()).error).toMatch(/invalid --through "2023-02-30"/);
    } finally {
      fs.rmSync(other, { recursive: true, force: true });
    }
  }, 300_000);

  it("--source: a game file of the live feed is added (a season the database did not hold), its score the box score's", async () => {
    const files = fs.mkdtempSync(path.join(os.tmpdir(), 'update-source-'));
    try {
      const db = await earlyBuild('sourced.duckdb');
      const pbp = fs.readFileSync('recorded-feed/pbp/live_0022000001.json', 'utf8');
      const box = fs.readFileSync('recorded-feed/game_details/live_0022000001.json', 'utf8');
      fs.writeFileSync(path.join(files, '0022000001.json'), `{"playbyplay":${pbp},"boxscore":${box}}`);
      fs.writeFileSync(path.join(files, '0022000002.json'), '{"playbyplay":'); // cut short: rejected, skipped
      const official = JSON.parse(box).game as { homeTeam: { teamId: number; score: number }; awayTeam: { teamId: number; score: number } };
      const r = await runUpdate({ db, dataDir: dir, through: '2022-11-01', sources: [files] });
      expect(r.added).toBe(1);
      expect(r.replaced).toBe(0);
      expect(r.skipped).toEqual([{ game: '0022000002', reason: expect.stringMatching(/^unreadable: /) }]);
      const teams = await query(db, 'SELECT team_id, pts FROM team_games WHERE game_id = 22000001 ORDER BY team_id');
      expect(teams.map((t) => [Number(t.team_id), Number(t.pts)]).sort()).toEqual(
        [
          [official.homeTeam.teamId, official.homeTeam.score],
          [official.awayTeam.teamId, official.awayTeam.score],
        ].sort(),
      );
      const [meta] = await query(db, 'SELECT seasons FROM ingest_meta');
      expect(String(meta!.seasons)).toBe('2020,2022');
      // the same files again: nothing to add or replace
      const again = await runUpdate({ db, dataDir: dir, through: '2022-11-01', sources: [files] });
      expect(again).toMatchObject({ added: 0, replaced: 0 });
    } finally {
      fs.rmSync(files, { recursive: true, force: true });
    }
  }, 300_000);
});
