/**
 * The incremental update (`npm run update -- --db PATH`): adds the finished games of the archive (NBA_DATA_DIR) the
 * database does not hold, writes again a held game whose published content changed (game_sources.content_hash,
 * gameHashes.ts), and recomputes only what those games change, by the dependency table of scopes.ts.
 *
 * Unit of work: a season. Each season with an added or changed game is read again whole, with the same code as a
 * full build, into a staging database of its own (or, when its new games all come after every game it holds in the
 * build's order and no held game changed, its new games only, appended after its held rows copied there:
 * `newGamesOnly`) (the games phase continuing the database's possession and lineup
 * ids, writer.ts WriterStart; postprocess.ts's season tables; later the derived tables' builders), and its rows
 * replace the season's rows of a copy of the database. Then the `database` tables are rebuilt whole, the models run
 * with what changed, and the copy is renamed over the database with its checksum (installStatsFile): the served
 * file is never written, and a failed or killed update leaves only files named `<db>.update-<pid>*`, which the next
 * update removes (lock.ts).
 *
 * Exactness: read in season order, a season written again after every earlier one numbers its possessions and
 * lineups as a full build does, so a database built through a date and updated to the season's end equals the full
 * build table by table (scripts/compare-stats-db.ts; tests/unit/server/ingest/update.test.ts). A season written
 * again while a later season is held (a correction of last season's game in the next) gets new ids after every
 * held one: the same figures, other ids than a full build's.
 *
 * Example: a database built through 2023-03-01; `npm run update -- --db it --through 2023-03-02` adds that day's
 * games: 2022-23 is read again through 2023-03-02 (its 941 earlier games and the new ones), its rows replace the
 * held ones, and the JSON line says {"added":9,"replaced":0,"skipped":[],...}.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import { applySchema } from '../../db/schema.ts';
import { installStatsFile } from '../../db/statsFileChecksum.ts';
import { buildRapm } from '../../models/rapm.ts';
import { buildWinProbability } from '../../models/winProbability.ts';
import { AGGREGATE_BUILDERS } from '../../statsSchema/derivedTables.ts';
import { runPhase } from '../run/runPhase.ts';
import { archiveGameHashes, recordGameSources, type GameHash } from '../read/gameHashes.ts';
import type { PbpFile } from '../write/gamesProtocol.ts';
import { attachForHooks } from '../season/attachStatsFile.ts';
import { writeIngestMeta } from '../run/phases.ts';
import { PositionBook } from '../season/positionEstimates.ts';
import { playerBios, playerLeagueYears, players, salaries } from '../season/postprocess.ts';
import { findDataFile, pbpFile, seasonLabel } from '../read/read.ts';
import { readScheduleText, writeSchedule } from '../season/scheduleTable.ts';
import { gameFilesIn } from '../sources/index.ts';
import { gameIdMeaning } from '../sources/gameId.ts';
import { StepTimes, logStep } from '../run/steps.ts';
import type { SeasonType } from '../read/types.ts';
import { WRITTEN_TABLES, type WriterStart } from '../write/writer.ts';
import { acquireLock, isUpdateFileOf, updateFilesPrefix } from './lock.ts';
import { BUILDER_SCOPES, GAME_SEASON_SQL, TABLE_SCOPES, unscopedTables } from './scopes.ts';

/**
 * The season and season type of a game id as a number (21200001), or null for a game the database does not keep
 * (preseason '001', All-Star '003', play-in '005'...): sources/gameId.ts reads the id.
 */
function kindOfGame(id: number): { season: number; seasonType: SeasonType } | null {
  const m = gameIdMeaning(String(id).padStart(10, '0'));
  return m.ok ? { season: m.season, seasonType: m.seasonType } : null;
}

export interface UpdateOptions {
  /** the stats database to update (renamed over at the end) */
  db: string;
  /** the archive (NBA_DATA_DIR) */
  dataDir: string;
  /** folders of game files (docs/reference/game-files.md, the league's live feed or playbyplayv2): their games are added, a game file read instead of the archive's game of the same id */
  sources?: string[];
  /** the last date of archive games to add (a season replayed day by day); default: every game */
  through?: string;
  /** wait this long for another update's lock before refusing (default 0: refuse at once) */
  waitMs?: number;
  log?: (message: string) => void;
  /**
   * Replay from a date (the update's benchmark, a season replayed): the seasons holding games after `through` are read
   * again through it, so those games leave the database (they count as neither added nor replaced).
   */
  rewind?: boolean;
  /** DuckDB's memory limit (default 640MB, as the ingest's hooks) */
  memoryLimit?: string;
}

export interface SkippedGame {
  game: string;
  reason: string;
}

export interface UpdateSummary {
  added: number;
  replaced: number;
  skipped: SkippedGame[];
  seconds: number;
  peak_mb: number;
  /** the seasons read again */
  seasons: number[];
  /** each step's wall and CPU seconds and memory */
  steps: StepTimes['steps'];
}

const code = (id: number): string => String(id).padStart(10, '0');
const quote = (s: string): string => `'${s.replace(/'/g, "''")}'`;

interface Held {
  meta: { seasons: number[]; seasonTypes: SeasonType[]; dataDir: string; dataThrough: string | null; lastRun: number };
  sources: Map<number, { hash: string; held: boolean }> | null;
  games: Map<number, number>;
  skipped: Set<number>;
  tables: string[];
}

async function rows(conn: DuckDBConnection, sql: string, params?: Record<string, unknown>): Promise<Record<string, unknown>[]> {
  return (await conn.runAndReadAll(sql, params as never)).getRowObjectsJS() as Record<string, unknown>[];
}

/** What the database holds: its build's seasons, its games, their content hashes (null before game_sources existed). */
async function readHeld(conn: DuckDBConnection): Promise<Held> {
  const tables = (await rows(conn, `SELECT table_name FROM duckdb_tables() WHERE database_name = current_database() AND schema_name = 'main'`)).map((r) =>
    String(r.table_name),
  );
  const [m] = await rows(
    conn,
    `SELECT seasons, season_types, source_dir, strftime(max(date), '%Y-%m-%d') AS through,
                                       epoch_ms(any_value(built_at)) AS last_run
                                  FROM ingest_meta, games GROUP BY ALL`,
  );
  if (!m) throw new Error('the database has no ingest_meta row: not a complete stats database');
  const games = new Map((await rows(conn, 'SELECT game_id, season FROM games')).map((r) => [Number(r.game_id), Number(r.season)]));
  const skipped = new Set(
    (await rows(conn, `SELECT DISTINCT game_id FROM ingest_report WHERE severity = 'skip' AND game_id IS NOT NULL`)).map((r) => Number(r.game_id)),
  );
  const sources = tables.includes('game_sources')
    ? new Map(
        (await rows(conn, 'SELECT game_id, content_hash::VARCHAR AS h, held FROM game_sources')).map((r) => [
          Number(r.game_id),
          { hash: String(r.h), held: Boolean(r.held) },
        ]),
      )
    : null;
  return {
    meta: {
      seasons: String(m.seasons).split(',').map(Number),
      seasonTypes: String(m.season_types).split(',') as SeasonType[],
      dataDir: String(m.source_dir),
      dataThrough: m.through === null ? null : String(m.through),
      lastRun: Number(m.last_run),
    },
    sources,
    games,
    skipped,
    tables,
  };
}

/**
 * The seasons whose new games alone are read (the rest of the season is as held): every added game of the season
 * comes after every game it holds in the order a build reads them, no game of it changed, and no later season is
 * held (its new possessions and lineups then take the next ids, as in a full build). A build reads the archive's
 * files in game id order (regular season, then playoffs: 2yy..., then 4yy...), not by date: a made-up postponed
 * game (an older id) or a playoff series' game 5 after another series' game 1 sends the season to be read again
 * whole. The games phase checks the build's order itself too (game files, read after each archive file: a held
 * game read after a new one: the season is read again whole).
 * Example: 2022-23 held through 2023-03-01 (ids up to 0022200941): the 4 games of 2023-03-02 (0022200942-45) -> [2022];
 * held through 2023-03-05 (ids up to 0022200973), 2023-03-06's games 0022200971-77 -> [] (read again whole).
 */
function newGamesOnly(
  held: Held,
  added: readonly GameHash[],
  replaced: readonly GameHash[],
  seasons: readonly number[],
  rewound: readonly number[],
): Set<number> {
  const latestSeason = Math.max(...held.games.values());
  return new Set(
    seasons.filter((season) => {
      const ids = [...held.games].filter(([, s]) => s === season).map(([id]) => id);
      if (!held.sources || !ids.length || season < latestSeason || rewound.includes(season) || replaced.some((g) => g.season === season)) return false;
      const last = Math.max(...ids);
      return added.filter((g) => g.season === season).every((g) => g.gameId > last);
    }),
  );
}

/**
 * The written tables whose held rows of a season are copied into its staging database when its new games alone are
 * read: all but lineups, which is not kept by season (the writer starts from the held lineups: WriterStart).
 */
const HELD_WRITTEN_TABLES = WRITTEN_TABLES.filter((t) => t !== 'lineups');

/** The staging database of a season read for its new games only: the schema, and the season's held rows of the written tables. */
async function stageHeldRows(conn: DuckDBConnection, file: string, season: number): Promise<void> {
  await conn.run(`ATTACH ${quote(file)} AS staging`);
  await conn.run('USE staging');
  await applySchema(conn);
  await conn.run('USE stats');
  for (const table of HELD_WRITTEN_TABLES) {
    const cols = await sharedColumns(conn, 'staging', table);
    await conn.run(`INSERT INTO staging.main.${table} (${cols}) SELECT ${cols} FROM stats.main.${table} WHERE ${seasonRowsOf(table)}`, { season });
  }
  await conn.run('DETACH staging');
}

/** The play-by-play files of `seasons` and `types` present in the archive. */
function filesOf(dataDir: string, seasons: readonly number[], types: readonly SeasonType[]): PbpFile[] {
  return seasons.flatMap((season) =>
    types.flatMap((type) => {
      const file = pbpFile(dataDir, type, season);
      return file ? [{ season, type, file }] : [];
    }),
  );
}

/** The lineup ids rows outside `seasons` use (possessions, game_events), as SQL. */
function usedLineupsSql(seasons: readonly number[]): string {
  const list = `[${seasons.map(Number).join(',')}]::INTEGER[]`;
  return `SELECT id FROM (
      SELECT off_lineup_id AS id FROM possessions WHERE NOT list_contains(${list}, season)
      UNION SELECT def_lineup_id FROM possessions WHERE NOT list_contains(${list}, season)
      UNION SELECT unnest([home_lineup_id, away_lineup_id, pts_home_lineup_id, pts_away_lineup_id]) FROM game_events
       WHERE NOT list_contains(${list}, ${GAME_SEASON_SQL})) WHERE id IS NOT NULL`;
}

/**
 * Where the writer continues: after every possession and lineup the database keeps once `seasons` are taken out
 * (a lineup only their rows used goes with them).
 */
async function writerStart(conn: DuckDBConnection, seasons: readonly number[]): Promise<WriterStart> {
  const list = `[${seasons.map(Number).join(',')}]`;
  const [p] = await rows(conn, `SELECT coalesce(max(possession_id), 0)::INTEGER AS m FROM possessions WHERE NOT list_contains(${list}::INTEGER[], season)`);
  const lineups = await rows(
    conn,
    `SELECT lineup_id, team_id, p1, p2, p3, p4, p5 FROM lineups WHERE lineup_id IN (${usedLineupsSql(seasons)}) ORDER BY lineup_id`,
  );
  return {
    nextPossessionId: Number(p!.m) + 1,
    lineups: lineups.map((l) => ({ id: Number(l.lineup_id), team: Number(l.team_id), ids: [l.p1, l.p2, l.p3, l.p4, l.p5].map(Number) })),
  };
}

/** The columns of `table` in database `db`, in order. */
async function columnsOf(conn: DuckDBConnection, db: string, table: string): Promise<string[]> {
  return (
    await rows(conn, `SELECT column_name FROM duckdb_columns() WHERE database_name = $db AND schema_name = 'main' AND table_name = $t ORDER BY column_index`, {
      db,
      t: table,
    })
  ).map((r) => String(r.column_name));
}

/**
 * The season's rows of `table` (scopes.ts: its season key, or its own rows rule), `$season` bound. The salary rows
 * of ingest_report (kind 'unmatched_salary') are the whole database's, written with the salaries (step 4): never a
 * season's. Example: possessions -> "season = $season".
 */
function seasonRowsOf(table: string): string {
  const scope = TABLE_SCOPES[table];
  if (!scope?.key) throw new Error(`no season key for ${table} (scopes.ts)`);
  return `${scope.rows ?? `${scope.key} = $season`}${table === 'ingest_report' ? " AND kind <> 'unmatched_salary'" : ''}`;
}

/** The columns `table` has both in the database `other` and in the stats file, in the stats file's order, quoted. */
async function sharedColumns(conn: DuckDBConnection, other: string, table: string): Promise<string> {
  const there = new Set(await columnsOf(conn, other, table));
  return (await columnsOf(conn, 'stats', table))
    .filter((c) => there.has(c))
    .map((c) => `"${c}"`)
    .join(', ');
}

/** Replaces the rows of `season` of stats.`table` by staging's `table`. */
async function replaceSeasonRows(conn: DuckDBConnection, staging: string, table: string, season: number, log: (m: string) => void = () => {}): Promise<void> {
  const t0 = Date.now();
  await conn.run(`DELETE FROM stats.main.${table} WHERE ${seasonRowsOf(table)}`, { season });
  // (possessions.leverage is not in the staging database yet when the written tables are copied: the model fills it)
  const cols = await sharedColumns(conn, staging, table);
  const t1 = Date.now();
  await conn.run(`INSERT INTO stats.main.${table} (${cols}) SELECT ${cols} FROM ${staging}.main.${table}`);
  log(`  ${table}: deleted in ${((t1 - t0) / 1000).toFixed(1)} s, inserted in ${((Date.now() - t1) / 1000).toFixed(1)} s`);
}

/**
 * The files whose games are hashed (gameHashes.ts, 0.1-0.2 s a file): a file written since the database's last build
 * or update began (its mtime later than ingest_meta.built_at less an hour, for clocks and copies) may hold a changed
 * game; a file games.parquet lists an unheld game of (dated through `through`) holds a game to add. The other files
 * were read as they are by the last run. A database without game_sources: every file (its hashes are recorded).
 * Example: the nightly update of a 2022-23 database re-reads 2022-23 regular season's file only.
 */
async function filesToHash(conn: DuckDBConnection, dataDir: string, files: PbpFile[], held: Held, through?: string, rewind = false): Promise<PbpFile[]> {
  if (!held.sources || rewind) return files; // a rewind's later games leave: every file's sources are written again
  const gamesFile = path.join(dataDir, 'games.parquet');
  const listed = fs.existsSync(gamesFile)
    ? await rows(
        conn,
        `SELECT CAST(GAME_ID AS INTEGER) AS g FROM read_parquet($f)
                         WHERE $through::VARCHAR IS NULL OR strftime(CAST(GAME_DATE AS DATE), '%Y-%m-%d') <= $through::VARCHAR`,
        { f: gamesFile, through: through ?? null },
      )
    : [];
  const unheld = new Set(
    listed
      .map((r) => Number(r.g))
      .filter((g) => !held.sources!.has(g))
      .flatMap((g) => {
        const kind = kindOfGame(g);
        return kind ? [`${kind.season}:${kind.seasonType}`] : [];
      }),
  );
  const since = held.meta.lastRun - 3_600_000;
  return files.filter(
    (f) =>
      unheld.has(`${f.season}:${f.type}`) ||
      !Number.isFinite(since) ||
      fs.statSync(f.file.path).mtimeMs > since ||
      (f.type === 'regular' && shotsChangedSince(dataDir, f.season, since)),
  );
}

function shotsChangedSince(dataDir: string, season: number, since: number): boolean {
  const shots = findDataFile(path.join(dataDir, 'shots', 'regular', seasonLabel(season)));
  return shots !== null && fs.statSync(shots.path).mtimeMs > since;
}

/** The seasons holding games after `date` (rewind). */
async function laterSeasons(db: string, date: string): Promise<number[]> {
  const inst = await DuckDBInstance.create(db, { access_mode: 'READ_ONLY' });
  const c = await inst.connect();
  try {
    return (await rows(c, 'SELECT DISTINCT season FROM games WHERE date > $date::DATE', { date })).map((r) => Number(r.season));
  } finally {
    c.closeSync();
    inst.closeSync();
  }
}

export async function runUpdate(opts: UpdateOptions): Promise<UpdateSummary> {
  const started = Date.now();
  const log = opts.log ?? (() => {});
  const steps = new StepTimes(logStep(log));
  const memoryLimit = opts.memoryLimit ?? '640MB';
  if (!fs.existsSync(opts.db)) throw new Error(`no stats database at ${opts.db}`);
  if (!fs.existsSync(opts.dataDir)) throw new Error(`NBA data folder not found: ${opts.dataDir}`);
  const release = await acquireLock(opts.db, opts.waitMs ?? 0);
  const prefix = updateFilesPrefix(opts.db, process.pid);
  const tmp = `${prefix}.duckdb`;
  const spill = `${prefix}.spill`;
  const stagingOf = (season: number) => `${prefix}.season-${season}.duckdb`;
  const cleanup = (): void => {
    const dir = path.dirname(opts.db);
    for (const f of fs.readdirSync(dir)) if (isUpdateFileOf(f, prefix)) fs.rmSync(path.join(dir, f), { recursive: true, force: true });
  };
  let instance: DuckDBInstance | null = null;
  let conn: DuckDBConnection | null = null;
  try {
    cleanup();
    // 1. what changed: the archive's games (of the build's seasons and types, through the date) against game_sources
    const { held, hashed, candidates } = await steps.time('what changed', async () => {
      const inst = await DuckDBInstance.create(opts.db, { access_mode: 'READ_ONLY', threads: '2' });
      const c = await inst.connect();
      try {
        const h = await readHeld(c);
        const missing = unscopedTables(h.tables);
        if (missing.length) throw new Error(`tables without a scope in src/server/ingest/update/scopes.ts: ${missing.join(', ')}`);
        const files = await filesToHash(c, opts.dataDir, filesOf(opts.dataDir, h.meta.seasons, h.meta.seasonTypes), h, opts.through, opts.rewind);
        log(`${files.length} play-by-play files to hash`);
        return { held: h, hashed: files, candidates: await archiveGameHashes(c, opts.dataDir, files, opts.through) };
      } finally {
        c.closeSync();
        inst.closeSync();
      }
    });
    // Game files: hashed as bytes; a file's game is read instead of the archive's of the same id.
    const gameFiles = new Map<number, string>();
    for (const dir of opts.sources ?? []) {
      if (!fs.existsSync(dir)) throw new Error(`game files folder not found: ${dir}`);
      for (const f of await gameFilesIn(dir)) gameFiles.set(Number(path.basename(f, '.json')), f);
    }
    const fromFiles = [...gameFiles].flatMap(([id, f]): GameHash[] => {
      const kind = kindOfGame(id);
      if (!kind) return [];
      return [
        {
          gameId: id,
          season: kind.season,
          seasonType: kind.seasonType,
          hash: createHash('sha256').update(fs.readFileSync(f)).digest().readBigUInt64BE(0).toString(),
          date: null,
        },
      ];
    });
    candidates.splice(0, candidates.length, ...candidates.filter((g) => !gameFiles.has(g.gameId)), ...fromFiles);
    // A database built before game_sources: its held and skipped games are taken as read from this archive.
    const sources =
      held.sources ??
      new Map(
        candidates
          .filter((g) => held.games.has(g.gameId) || held.skipped.has(g.gameId))
          .map((g) => [g.gameId, { hash: g.hash, held: held.games.has(g.gameId) }]),
      );
    const added: GameHash[] = [];
    const replaced: GameHash[] = [];
    for (const g of candidates) {
      const known = sources.get(g.gameId);
      if (!known) added.push(g);
      else if (known.hash !== g.hash) replaced.push(g);
    }
    const rewound = opts.rewind && opts.through ? await laterSeasons(opts.db, opts.through) : [];
    const seasons = [...new Set([...added, ...replaced].map((g) => g.season).concat(rewound))].sort((a, b) => a - b);
    log(`${added.length} games to add, ${replaced.length} changed, seasons ${seasons.join(', ') || 'none'}`);
    // a season read again keeps the games it held after the date asked for
    const through = !opts.rewind && opts.through && held.meta.dataThrough && held.meta.dataThrough > opts.through ? held.meta.dataThrough : opts.through;

    await steps.time('copy', () => {
      fs.copyFileSync(opts.db, tmp);
      if (fs.existsSync(`${opts.db}.wal`)) fs.copyFileSync(`${opts.db}.wal`, `${tmp}.wal`);
    });
    instance = await DuckDBInstance.create(':memory:', { threads: '2', memory_limit: memoryLimit, temp_directory: spill, preserve_insertion_order: 'true' });
    conn = await instance.connect();
    await attachForHooks(conn, tmp);
    // a database built before a table of the schema existed (game_sources, schedule) gets it, empty
    await conn.run(`ATTACH ':memory:' AS fresh`);
    await conn.run('USE fresh');
    await applySchema(conn);
    await conn.run('USE stats');
    for (const r of await rows(conn, `SELECT table_name FROM duckdb_tables() WHERE database_name = 'fresh'`)) {
      const t = String(r.table_name);
      if (!held.tables.includes(t)) await conn.run(`CREATE TABLE stats.main.${t} AS FROM fresh.main.${t}`);
    }
    await conn.run('DETACH fresh');
    if (!held.tables.includes('game_sources'))
      await recordGameSources(
        conn,
        candidates.filter((g) => sources.has(g.gameId)),
      );
    for (const [col, type] of [
      ['data_through', 'DATE'],
      ['updated_at', 'TIMESTAMP'],
      ['update_added', 'INTEGER'],
      ['update_replaced', 'INTEGER'],
      ['update_skipped', 'VARCHAR'],
    ]) {
      await conn.run(`ALTER TABLE ingest_meta ADD COLUMN IF NOT EXISTS ${col} ${type}`);
    }

    // 2. each season read again into its staging database (or its new games only, after its held rows)
    const pbpNames = new Map<number, string>();
    const skipped: { gameId: number; reason: string }[] = [];
    let childPeakMiB = 0;
    const appendOnly = newGamesOnly(held, added, replaced, seasons, rewound);
    for (const season of seasons) {
      const files = filesOf(opts.dataDir, [season], held.meta.seasonTypes);
      const parentPeak = process.resourceUsage().maxRSS / 1024;
      const stage = async (newOnly: boolean) => {
        let heldGames: number[] | undefined;
        if (newOnly) {
          await steps.time(`season ${season} held rows staged`, () => stageHeldRows(conn!, stagingOf(season), season));
          heldGames = [...sources.keys()].filter((id) => 2000 + (Math.floor(id / 100000) % 100) === season);
        }
        const start = await writerStart(conn!, newOnly ? [] : [season]);
        return steps.time(`season ${season} ${newOnly ? 'new games read' : 'read again'}`, () =>
          runPhase(
            {
              phase: 'season',
              tmp: stagingOf(season),
              spill: `${stagingOf(season)}.spill`,
              dataDir: opts.dataDir,
              files,
              season,
              through,
              start,
              gameFiles: [...gameFiles].filter(([id]) => 2000 + (Math.floor(id / 100000) % 100) === season).map(([, f]) => f),
              memoryLimit,
              ...(heldGames ? { heldGames } : {}),
            },
            { log, onStep: () => {} },
          ),
        );
      };
      let staged = await stage(appendOnly.has(season));
      if (staged.result.outOfOrder) {
        log(`season ${season}: a held game comes after a new one in the build's order: read again whole`);
        appendOnly.delete(season);
        for (const f of [stagingOf(season), `${stagingOf(season)}.wal`]) fs.rmSync(f, { force: true });
        staged = await stage(false);
      }
      const u = staged.usage;
      log(
        `season ${season} process: ${u.seconds.toFixed(1)} s, CPU ${u.cpuSeconds.toFixed(1)} s (its own, not in the step above; peak ${u.peakMiB.toFixed(0)} MB)`,
      );
      // the season's process ran beside this one: its peak and this one's so far held at once, at most
      childPeakMiB = Math.max(childPeakMiB, staged.usage.peakMiB + parentPeak);
      for (const [id, name] of staged.result.pbpNames) if (!pbpNames.has(id)) pbpNames.set(id, name);
      skipped.push(...staged.result.skipped);
    }

    // 3. the seasons' written and season-wide rows replace the held ones
    for (const season of seasons) {
      await conn.run(`ATTACH ${quote(stagingOf(season))} AS staging`);
      await steps.time(`season ${season} rows replaced`, async () => {
        // (new games only: every held lineup stays, the staging database has the new ones)
        if (!appendOnly.has(season)) await conn!.run(`DELETE FROM stats.main.lineups WHERE lineup_id NOT IN (${usedLineupsSql([season])})`);
        await conn!.run('INSERT INTO stats.main.lineups SELECT * FROM staging.main.lineups');
        for (const table of [
          'games',
          'team_games',
          'possessions',
          'shots',
          'game_events',
          'player_games',
          'game_checks',
          'ingest_read_stats',
          'player_seasons',
          'player_game_totals',
          'team_game_totals',
        ]) {
          await replaceSeasonRows(conn!, 'staging', table, season, log);
        }
        await replaceSeasonRows(conn!, 'staging', 'ingest_report', season);
      });
      await conn.run('DETACH staging');
    }
    // The sources of what was hashed now are written again: the archive files hashed (a file unchanged since the
    // last run and listing no new game is not, and its games' rows stay) and the game files. Deleting a whole
    // season's rows here lost the regular season's on a playoff night, and the next night took it all as new.
    const recorded = candidates.filter((g) => seasons.includes(g.season));
    for (const f of hashed.filter((h) => seasons.includes(h.season))) {
      await conn.run('DELETE FROM stats.main.game_sources WHERE season = $season AND season_type = $type', { season: f.season, type: f.type });
    }
    await recordGameSources(conn, recorded);

    // 4. the tables of every season: players, salaries, bios
    const minSeason = seasons[0];
    if (minSeason !== undefined) {
      await steps.time('players, salaries, bios', async () => {
        // names: the play-by-play's of the first file a player appears in (postprocess players), the held ones for
        // players first seen before the seasons read again
        const names = new Map(pbpNames);
        for (const r of await rows(conn!, 'SELECT player_id, name, first_season FROM stats.main.players')) {
          const id = Number(r.player_id);
          if (Number(r.first_season) < minSeason || !names.has(id)) names.set(id, String(r.name));
        }
        for (const t of ['players', 'salaries', 'player_bios', 'player_league_years']) await conn!.run(`DELETE FROM stats.main.${t}`);
        await conn!.run(`DELETE FROM stats.main.ingest_report WHERE kind = 'unmatched_salary'`);
        await players(conn!, opts.dataDir, await PositionBook.load(conn!, opts.dataDir), names);
        const allSeasons = [...new Set([...held.meta.seasons, ...seasons])].sort((a, b) => a - b);
        await salaries(conn!, opts.dataDir, allSeasons);
        await playerBios(conn!, opts.dataDir);
        await playerLeagueYears(conn!, opts.dataDir);
      });

      // 5. the models
      const before = await rows(conn, 'SELECT model, position, coefficient FROM wp_model ORDER BY ALL');
      // fitted again only when a fitted season changed or a season finished; the season in progress gets the stored model
      await steps.time('model win_probability', () => buildWinProbability(conn!, log, seasons));
      const after = await rows(conn, 'SELECT model, position, coefficient FROM wp_model ORDER BY ALL');
      const wpChanged = JSON.stringify(before) !== JSON.stringify(after);
      await steps.time('model rapm', () => buildRapm(conn!, log, { changedSeasons: seasons }));

      // 6. the derived tables of each season, built on its staging database, replace the held rows
      const seasonBuilders = AGGREGATE_BUILDERS.filter((b) => BUILDER_SCOPES[b.name] === 'season');
      const unknown = AGGREGATE_BUILDERS.filter((b) => !BUILDER_SCOPES[b.name]);
      if (unknown.length) throw new Error(`derived tables without a scope in scopes.ts: ${unknown.map((b) => b.name).join(', ')}`);
      for (const season of seasons) {
        await conn.run(`ATTACH ${quote(stagingOf(season))} AS staging`);
        await steps.time(`season ${season} derived tables`, async () => {
          await conn!.run('ALTER TABLE staging.main.possessions ADD COLUMN leverage TINYINT');
          await conn!.run('UPDATE staging.main.possessions s SET leverage = p.leverage FROM stats.main.possessions p WHERE p.possession_id = s.possession_id');
          await conn!.run('USE staging');
          for (const b of seasonBuilders) await b.build(conn!);
          await conn!.run('USE stats');
          const derived = Object.entries(TABLE_SCOPES)
            .filter(([, s]) => s.how === 'builder')
            .map(([t]) => t);
          for (const table of [...derived, 'player_possession_stats']) await replaceSeasonRows(conn!, 'staging', table, season, log);
        });
        await conn.run('DETACH staging');
      }
      // leverage copied by other seasons' rows: again when the model's coefficients changed, or a later season's
      // ratings read a season read again
      const later = (await rows(conn, `SELECT count(*) AS n FROM possessions WHERE season > $s`, { s: seasons.at(-1)! }))[0]!;
      if (wpChanged || Number(later.n) > 0) {
        await steps.time('leverage copied again', async () => {
          for (const [table, s] of Object.entries(TABLE_SCOPES)) {
            if (!s.leverage) continue;
            await conn!.run(`UPDATE stats.main.${table} t SET leverage = p.leverage FROM stats.main.possessions p
                              WHERE p.possession_id = t.possession_id AND t.leverage IS DISTINCT FROM p.leverage`);
          }
        });
      }
      for (const b of AGGREGATE_BUILDERS.filter((x) => BUILDER_SCOPES[x.name] === 'database')) {
        await steps.time(`hook ${b.name}`, () => b.build(conn!));
      }
    }

    await steps.time('hook schedule', async () => writeSchedule(conn!, await readScheduleText(), log));

    // 7. ingest_meta: the build's figures from the tables, and this update's record
    const seasonsHeld = (await rows(conn, 'SELECT DISTINCT season FROM games ORDER BY season')).map((r) => Number(r.season));
    const [f] = await rows(
      conn,
      `SELECT (SELECT count(*) FROM games) AS parsed,
        (SELECT count(*) FROM ingest_report WHERE severity = 'skip') AS skipped,
        (SELECT count(*) FROM ingest_report WHERE severity = 'warning') AS warnings,
        (SELECT count(*) FROM possessions WHERE possessions > 0) AS poss,
        (SELECT coalesce(sum(events), 0) FROM game_checks) AS events`,
    );
    const skippedNow = skipped.filter((k) => [...added, ...replaced].some((g) => g.gameId === k.gameId));
    const addedIds = new Set(added.map((g) => g.gameId));
    const replacedIds = new Set(replaced.map((g) => g.gameId));
    const heldNow = new Set((await rows(conn, 'SELECT game_id FROM games')).map((r) => Number(r.game_id)));
    await writeIngestMeta(
      conn,
      {
        seasons: [...new Set([...held.meta.seasons, ...seasonsHeld])].sort((a, b) => a - b),
        seasonTypes: held.meta.seasonTypes,
        dataDir: held.meta.dataDir,
        parsed: Number(f!.parsed),
        skipped: Number(f!.skipped),
        warnings: Number(f!.warnings),
        possessions: Number(f!.poss),
        events: Number(f!.events),
      },
      {
        added: [...addedIds].filter((id) => heldNow.has(id)).length,
        replaced: [...replacedIds].filter((id) => heldNow.has(id)).length,
        skipped: skippedNow,
      },
    );
    await steps.time('checkpoint', () => conn!.run('CHECKPOINT'));
    conn.closeSync();
    conn = null;
    instance.closeSync();
    instance = null;
    await steps.time('checksum and rename', () => installStatsFile(tmp, opts.db));
    cleanup();
    return {
      added: [...addedIds].filter((id) => heldNow.has(id)).length,
      replaced: [...replacedIds].filter((id) => heldNow.has(id)).length,
      skipped: skippedNow.map((k) => ({ game: code(k.gameId), reason: k.reason })),
      seconds: Math.round((Date.now() - started) / 100) / 10,
      peak_mb: Math.round(Math.max(process.resourceUsage().maxRSS / 1024, childPeakMiB)),
      seasons,
      steps: steps.steps,
    };
  } finally {
    conn?.closeSync();
    instance?.closeSync();
    cleanup();
    release();
  }
}
