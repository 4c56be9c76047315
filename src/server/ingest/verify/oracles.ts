/**
 * The play-by-play's own oracles, for every game of every season, checked against a built database:
 * (a) each game's final score equals the last non-null SCORE of its play-by-play (published row order);
 * (b) each team's points in each period equal the SCORE movement within that period;
 * (c) the running counters of the descriptions ("(n PTS)", "(n AST)", "(Off:x Def:y)") equal our ledger's totals
 *     for that player at that event (tallied by the parser into game_checks, misses listed in ingest_report);
 * (d) the official team boxes of 2003-04..2012-13 stay exact where a baseline database is exact.
 * The SCORE oracles read the play-by-play files directly, so they do not depend on our read step or parser.
 * Used by `npm run verify:data` (scripts/verify-data.ts) and the data tests (tests/data).
 */
import type { DuckDBConnection } from '@duckdb/node-api';
import { boxMismatchSql, loadOfficialBox } from './verify.ts';
import { pbpFile, fileSource, seasonLabel } from '../read/read.ts';
import type { SeasonType } from '../read/types.ts';

export const ORACLE_GOALS = {
  /** (a) share of games whose final score equals the last SCORE */
  finalScore: 1,
  /** (b) share of team-periods whose points equal the SCORE movement */
  periodPoints: 0.999,
  /** (c) share of running counters equal to the ledger, per season and kind */
  counters: 0.999,
} as const;

export interface ScoreMiss {
  gameId: number;
  /** 0 for the final score, else the period */
  period: number;
  ours: string;
  published: string;
  /** a known gap in the published data, when there is one */
  cause: string | null;
}

export interface SeasonRow {
  season: number;
  seasonType: SeasonType;
  games: number;
  rowsRead: number | null;
  duplicatesDropped: number | null;
  eventnumsRepeated: number | null;
  finalOk: number;
  /** final-score misses whose cause is a gap in the published data */
  finalGaps: number;
  periodChecks: number;
  periodOk: number;
  periodGaps: number;
  /** counters checked, equal, and unequal where the published counters themselves jump (a data gap) */
  pts: Counted;
  ast: Counted;
  reb: Counted;
  /** team-games with an official box; all 13 box stats + minutes exact */
  box: { n: number; exact: number } | null;
}

export interface Counted {
  n: number;
  ok: number;
  gaps: number;
}

export interface OracleReport {
  rows: SeasonRow[];
  scoreMisses: ScoreMiss[];
  /** counter misses by season and kind ('pts', 'pts_gap', ...): count and up to `sample` examples */
  counterMisses: { season: number; seasonType: string; kind: string; n: number; examples: string[] }[];
  /** (d) team-game stats exact in the baseline and not exact now (only with a baseline) */
  boxRegressions: { gameId: number; teamId: number; stat: string; ours: number; official: number }[] | null;
}

const num = (v: unknown): number => Number(v ?? 0);

/** "away - home" of a SCORE cell. */
function parseScore(s: string): { away: number; home: number } | null {
  const m = /^\s*(\d+)\s*-\s*(\d+)\s*$/.exec(s);
  return m ? { away: Number(m[1]), home: Number(m[2]) } : null;
}

/**
 * (a) and (b) for one play-by-play file: the last non-null SCORE of each game and of each of its periods, in
 * published order, compared with games.home_pts/away_pts and home/away_pts_by_period. A miss is listed with a
 * data cause when the published SCORE itself is inconsistent:
 * - a period start or end row carries a stale SCORE while the scoring rows (made shots, free throws) agree
 *   with us (0021301006 ends "111 - 115" after the last free throw's "111 - 117"; 0021500916 ends with a stray
 *   period-5 start row "112 - 114" after "115 - 117");
 * - the SCORE of the scoring rows runs backwards in the game (rows published out of order, or two feeds mixed:
 *   0021700211).
 */
async function scoreOracle(
  conn: DuckDBConnection,
  dataDir: string,
  season: number,
  seasonType: SeasonType,
  misses: ScoreMiss[],
): Promise<{ games: number; finalOk: number; finalGaps: number; periodChecks: number; periodOk: number; periodGaps: number }> {
  const file = pbpFile(dataDir, seasonType, season);
  const out = { games: 0, finalOk: 0, finalGaps: 0, periodChecks: 0, periodOk: 0, periodGaps: 0 };
  if (!file) return out;
  const order = file.format === 'parquet' ? 'file_row_number' : 'rn';
  const src = file.format === 'parquet' ? fileSource(file, true) : `(SELECT *, row_number() OVER () AS rn FROM ${fileSource(file, false)})`;
  const r = await conn.runAndReadAll(
    `WITH pbp AS (SELECT CAST(GAME_ID AS INTEGER) AS g, CAST(PERIOD AS INTEGER) AS p, ${order} AS rn, CAST(SCORE AS VARCHAR) AS score,
                         CAST(EVENTMSGTYPE AS INTEGER) IN (1, 3) AS scoring,
                         TRY_CAST(trim(split_part(CAST(SCORE AS VARCHAR), '-', 1)) AS INTEGER) AS a,
                         TRY_CAST(trim(split_part(CAST(SCORE AS VARCHAR), '-', 2)) AS INTEGER) AS h
                    FROM ${src} WHERE SCORE IS NOT NULL AND trim(CAST(SCORE AS VARCHAR)) <> ''),
          seq AS (SELECT g, a < lag(a) OVER w OR h < lag(h) OVER w AS back FROM pbp WHERE scoring WINDOW w AS (PARTITION BY g ORDER BY rn)),
          back AS (SELECT g, count(*) FILTER (WHERE back) AS backwards FROM seq GROUP BY g),
          per AS (SELECT g, p, arg_max(score, rn) AS last_score, arg_max(score, rn) FILTER (WHERE scoring) AS last_scoring,
                         max(rn) AS last_rn, max(rn) FILTER (WHERE scoring) AS last_scoring_rn FROM pbp GROUP BY g, p),
          fin AS (SELECT g, arg_max(last_score, last_rn) AS final_score, arg_max(last_scoring, last_scoring_rn) AS final_scoring FROM per GROUP BY g),
          ours AS (SELECT game_id, home_pts, away_pts, home_pts_by_period, away_pts_by_period, periods FROM games
                    WHERE season = $season AND season_type = $type)
     SELECT o.game_id, o.home_pts, o.away_pts, o.home_pts_by_period AS hp, o.away_pts_by_period AS ap, o.periods,
            f.final_score, f.final_scoring, coalesce(b.backwards, 0) AS backwards,
            list(struct_pack(p := per.p, s := per.last_score, ss := per.last_scoring) ORDER BY per.p) FILTER (WHERE per.p IS NOT NULL) AS per_period
       FROM ours o LEFT JOIN fin f ON f.g = o.game_id LEFT JOIN per ON per.g = o.game_id LEFT JOIN back b ON b.g = o.game_id
      GROUP BY ALL ORDER BY o.game_id`,
    { file: file.path, season, type: seasonType },
  );
  const zero = { away: 0, home: 0 };
  for (const row of r.getRowObjectsJS()) {
    out.games++;
    const gameId = num(row.game_id);
    const ours = { away: num(row.away_pts), home: num(row.home_pts) };
    const same = (x: { away: number; home: number } | null): boolean => x !== null && x.away === ours.away && x.home === ours.home;
    const backwards = num(row.backwards);
    const backCause =
      backwards > 0 ? `the published SCORE of the scoring rows runs backwards ${backwards} time(s) in this game (rows out of order or two feeds mixed)` : null;
    const staleCause = 'a period start/end row carries a stale SCORE; the scoring rows agree with ours';
    const final = row.final_score === null ? zero : parseScore(String(row.final_score));
    const finalScoring = row.final_scoring === null ? zero : parseScore(String(row.final_scoring));
    if (same(final)) out.finalOk++;
    else {
      const cause = same(finalScoring) ? staleCause : backCause;
      misses.push({ gameId, period: 0, ours: `${ours.away}-${ours.home}`, published: String(row.final_score), cause });
      if (cause) out.finalGaps++;
    }
    const endOf = new Map<number, { all: { away: number; home: number }; scoring: { away: number; home: number } | null }>();
    for (const x of (row.per_period as { p: number; s: string; ss: string | null }[] | null) ?? []) {
      const all = parseScore(String(x.s));
      if (all) endOf.set(Number(x.p), { all, scoring: x.ss === null ? null : parseScore(String(x.ss)) });
    }
    const hp = (row.hp as number[]).map(Number);
    const ap = (row.ap as number[]).map(Number);
    let before = zero;
    let beforeScoring = zero;
    for (let p = 1; p <= num(row.periods); p++) {
      const end = endOf.get(p)?.all ?? before;
      const endScoring = endOf.get(p)?.scoring ?? beforeScoring;
      for (const [side, oursPts] of [
        ['home', hp[p - 1] ?? 0],
        ['away', ap[p - 1] ?? 0],
      ] as const) {
        out.periodChecks++;
        const moved = end[side] - before[side];
        if (moved === oursPts) out.periodOk++;
        else {
          const cause = endScoring[side] - beforeScoring[side] === oursPts ? staleCause : backCause;
          misses.push({ gameId, period: p, ours: `${side} ${oursPts}`, published: `${side} ${moved}`, cause });
          if (cause) out.periodGaps++;
        }
      }
      before = end;
      beforeScoring = endScoring;
    }
  }
  return out;
}

async function tableExists(conn: DuckDBConnection, table: string, catalog?: string): Promise<boolean> {
  const r = await conn.runAndReadAll(
    `SELECT count(*) AS n FROM duckdb_tables() WHERE table_name = $t ${catalog ? 'AND database_name = $c' : ''}`,
    catalog ? { t: table, c: catalog } : { t: table },
  );
  return num(r.getRowObjectsJS()[0]!.n) > 0;
}

/**
 * Every oracle, per season and season type of the database. `baseline` is the path of an earlier build whose
 * exact official-box team-game stats must stay exact.
 */
export async function checkOracles(conn: DuckDBConnection, dataDir: string, opts: { baseline?: string; sample?: number } = {}): Promise<OracleReport> {
  const sample = opts.sample ?? 10;
  const seasonsR = await conn.runAndReadAll(`SELECT season, season_type FROM games GROUP BY ALL ORDER BY season, season_type DESC`);
  const readStats = new Map<string, Record<string, unknown>>();
  if (await tableExists(conn, 'ingest_read_stats')) {
    for (const r of (await conn.runAndReadAll('SELECT * FROM ingest_read_stats')).getRowObjectsJS()) {
      readStats.set(`${r.season}:${r.season_type}`, r);
    }
  }
  const hasCounters = (
    await conn.runAndReadAll(`SELECT count(*) AS n FROM duckdb_columns() WHERE table_name = 'game_checks' AND column_name = 'pts_counters'`)
  ).getRowObjectsJS()[0]!.n;
  const counters = new Map<string, Record<string, unknown>>();
  if (num(hasCounters) > 0) {
    const r = await conn.runAndReadAll(`SELECT season, season_type, sum(pts_counters) AS pn, sum(pts_counters_ok) AS pok,
        sum(ast_counters) AS an, sum(ast_counters_ok) AS aok, sum(reb_counters) AS rn, sum(reb_counters_ok) AS rok
      FROM game_checks GROUP BY ALL`);
    for (const row of r.getRowObjectsJS()) counters.set(`${row.season}:${row.season_type}`, row);
  }
  const gaps = new Map<string, number>();
  for (const row of (
    await conn.runAndReadAll(`SELECT g.season, g.season_type, r.kind, count(*) AS n
      FROM ingest_report r JOIN games g ON g.game_id = r.game_id WHERE r.kind LIKE 'counter_%_gap' GROUP BY ALL`)
  ).getRowObjectsJS()) {
    gaps.set(`${row.season}:${row.season_type}:${String(row.kind).split('_')[1]}`, num(row.n));
  }
  const hasBox = await loadOfficialBox(conn, dataDir);
  const boxBySeason = new Map<number, { n: number; exact: number }>();
  if (hasBox) {
    const r = await conn.runAndReadAll(`WITH bad AS (SELECT DISTINCT game_id, team_id FROM (${boxMismatchSql('main')}))
      SELECT t.season, count(*) AS n, count(*) FILTER (WHERE bad.game_id IS NULL) AS exact
        FROM team_games t JOIN official_box b ON b.game_id = t.game_id AND b.team_id = t.team_id
        LEFT JOIN bad ON bad.game_id = t.game_id AND bad.team_id = t.team_id GROUP BY ALL`);
    for (const row of r.getRowObjectsJS()) boxBySeason.set(num(row.season), { n: num(row.n), exact: num(row.exact) });
  }

  const rows: SeasonRow[] = [];
  const scoreMisses: ScoreMiss[] = [];
  for (const s of seasonsR.getRowObjectsJS()) {
    const season = num(s.season);
    const seasonType = String(s.season_type) as SeasonType;
    const key = `${season}:${seasonType}`;
    const sc = await scoreOracle(conn, dataDir, season, seasonType, scoreMisses);
    const rs = readStats.get(key);
    const c = counters.get(key);
    rows.push({
      season,
      seasonType,
      games: sc.games,
      rowsRead: rs ? num(rs.rows_read) : null,
      duplicatesDropped: rs ? num(rs.duplicates_dropped) : null,
      eventnumsRepeated: rs ? num(rs.eventnums_repeated) : null,
      finalOk: sc.finalOk,
      finalGaps: sc.finalGaps,
      periodChecks: sc.periodChecks,
      periodOk: sc.periodOk,
      periodGaps: sc.periodGaps,
      pts: { n: num(c?.pn), ok: num(c?.pok), gaps: gaps.get(`${key}:pts`) ?? 0 },
      ast: { n: num(c?.an), ok: num(c?.aok), gaps: gaps.get(`${key}:ast`) ?? 0 },
      reb: { n: num(c?.rn), ok: num(c?.rok), gaps: gaps.get(`${key}:reb`) ?? 0 },
      box: seasonType === 'regular' ? (boxBySeason.get(season) ?? null) : null,
    });
  }

  const counterMisses: OracleReport['counterMisses'] = [];
  const cm = await conn.runAndReadAll(`SELECT g.season, g.season_type, r.kind, count(*) AS n,
      list(r.game_id || ' #' || r.event_num || ': ' || r.message ORDER BY r.game_id, r.event_num)[1:${Math.max(1, sample)}] AS examples
    FROM ingest_report r JOIN games g ON g.game_id = r.game_id WHERE r.kind LIKE 'counter_%' GROUP BY ALL ORDER BY 1, 2 DESC, 3`);
  for (const row of cm.getRowObjectsJS()) {
    counterMisses.push({
      season: num(row.season),
      seasonType: String(row.season_type),
      kind: String(row.kind).slice('counter_'.length),
      n: num(row.n),
      examples: (row.examples as string[]).map(String),
    });
  }

  let boxRegressions: OracleReport['boxRegressions'] = null;
  if (opts.baseline && hasBox) {
    // ATTACH takes no parameters: the path is quoted here (it comes from the operator's command line).
    await conn.run(`ATTACH '${opts.baseline.replace(/'/g, "''")}' AS baseline (READ_ONLY)`);
    const r = await conn.runAndReadAll(`SELECT n.game_id, n.team_id, n.stat, n.ours, n.official FROM (${boxMismatchSql('main')}) n
        JOIN baseline.team_games bt ON bt.game_id = n.game_id AND bt.team_id = n.team_id
       WHERE NOT EXISTS (SELECT 1 FROM (${boxMismatchSql('baseline')}) o WHERE o.game_id = n.game_id AND o.team_id = n.team_id AND o.stat = n.stat)
       ORDER BY 1, 2, 3`);
    boxRegressions = r
      .getRowObjectsJS()
      .map((x) => ({ gameId: num(x.game_id), teamId: num(x.team_id), stat: String(x.stat), ours: num(x.ours), official: num(x.official) }));
    await conn.run('DETACH baseline');
  }
  return { rows, scoreMisses, counterMisses, boxRegressions };
}

const pct = (ok: number, n: number): string => (n ? `${((100 * ok) / n).toFixed(3)} %` : '—');

/**
 * Whether a season row meets goals (a)-(c). Counter misses where the published counters themselves jump (a
 * gap in the published data, listed with the event) do not count against the goal.
 */
export function seasonPasses(r: SeasonRow): { final: boolean; period: boolean; pts: boolean; ast: boolean; reb: boolean } {
  const share = (x: Counted): number => (x.n ? (x.ok + x.gaps) / x.n : 1);
  return {
    final: r.finalOk + r.finalGaps >= r.games * ORACLE_GOALS.finalScore,
    period: r.periodChecks === 0 || (r.periodOk + r.periodGaps) / r.periodChecks >= ORACLE_GOALS.periodPoints,
    pts: share(r.pts) >= ORACLE_GOALS.counters,
    ast: share(r.ast) >= ORACLE_GOALS.counters,
    reb: share(r.reb) >= ORACLE_GOALS.counters,
  };
}

/** The season x check table, as Markdown (printed and written to a file). */
export function oracleTable(report: OracleReport): string {
  const head = [
    'season',
    'type',
    'games',
    'rows read',
    'dup. dropped',
    'EVENTNUM reused',
    '(a) final score',
    '(b) period points',
    '(c) PTS',
    '(c) AST',
    '(c) Off/Def',
    '(d) official box exact',
    'goals',
  ];
  const lines = [`| ${head.join(' | ')} |`, `|${head.map(() => '---').join('|')}|`];
  for (const r of report.rows) {
    const ok = seasonPasses(r);
    const misses = (x: Counted): string =>
      `${pct(x.ok, x.n)}${x.n - x.ok ? ` (${x.n - x.ok} off${x.gaps ? `, ${x.gaps} data gaps: ${pct(x.ok + x.gaps, x.n)}` : ''})` : ''}`;
    lines.push(
      `| ${[
        seasonLabel(r.season),
        r.seasonType,
        r.games,
        r.rowsRead ?? '—',
        r.duplicatesDropped ?? '—',
        r.eventnumsRepeated ?? '—',
        `${r.finalOk} / ${r.games}${r.finalGaps ? ` (+${r.finalGaps} data gap)` : ''}`,
        misses({ n: r.periodChecks, ok: r.periodOk, gaps: r.periodGaps }),
        misses(r.pts),
        misses(r.ast),
        misses(r.reb),
        r.box ? `${r.box.exact} / ${r.box.n}` : '—',
        Object.values(ok).every(Boolean)
          ? 'PASS'
          : `FAIL (${Object.entries(ok)
              .filter(([, v]) => !v)
              .map(([k]) => k)
              .join(', ')})`,
      ].join(' | ')} |`,
    );
  }
  return lines.join('\n');
}

/** Plus/minus per season and season type: the team-game oracle and the technical free-throw rule. */
export interface PlusMinusRow {
  season: number;
  seasonType: SeasonType;
  teamGames: number;
  /** team-games whose players' plus/minus sums to 5 x the team's margin */
  sumOk: number;
  playerGames: number;
  technicalFts: number;
  /** technical free throws matched to a technical foul called before them */
  technicalFtsWithFoul: number;
  /** technical free throws shot by a player on court when the foul was called */
  technicalShooterAtFoul: number;
  /** player-games whose plus/minus the technical rule changed (against crediting the ten at the shot) */
  changedByTechnicals: number;
  /** player-games of substitutions published in the same second before a made field goal, and their games */
  sameSecondSubPlayers: number;
  sameSecondSubGames: number;
  /** team-games whose points in the possession table (technical rows included) equal the final score */
  possessionPtsOk: number;
  /** technical rows (technicalRows.ts) and their points: technical free throws credited to the foul's ten */
  technicalRows: number;
  technicalRowPts: number;
}

export const PLUS_MINUS_GOALS = {
  /** every team-game: the players' plus/minus sums to five times the margin */
  sum: 1,
  /** technical free throws shot by a player on court at the foul */
  technicalShooterAtFoul: 0.995,
} as const;

export async function checkPlusMinus(conn: DuckDBConnection): Promise<PlusMinusRow[]> {
  const r = await conn.runAndReadAll(`
    WITH sums AS (SELECT game_id, team_id, sum(plus_minus) AS pm, count(*) AS players FROM player_games GROUP BY ALL),
         teams AS (SELECT t.season, t.season_type, count(*) AS team_games,
                          count(*) FILTER (WHERE s.pm = 5 * (t.pts - t.opp_pts)) AS sum_ok, sum(s.players) AS player_games
                     FROM team_games t JOIN sums s USING (game_id, team_id) GROUP BY ALL),
         checks AS (SELECT season, season_type, sum(technical_fts) AS fts, sum(technical_fts_with_foul) AS with_foul,
                           sum(technical_shooter_at_foul) AS at_foul, sum(pm_changed_by_technicals) AS changed,
                           sum(same_second_sub_players) AS same_second, count(*) FILTER (WHERE same_second_sub_players > 0) AS same_second_games
                      FROM game_checks GROUP BY ALL),
         poss AS (SELECT game_id, off_team_id AS team_id, sum(pts) AS pts FROM possessions GROUP BY ALL),
         poss_ok AS (SELECT t.season, t.season_type, count(*) FILTER (WHERE p.pts = t.pts) AS poss_pts_ok
                       FROM team_games t LEFT JOIN poss p USING (game_id, team_id) GROUP BY ALL),
         tech AS (SELECT season, season_type, count(*) FILTER (WHERE possessions = 0) AS tech_rows,
                         coalesce(sum(pts) FILTER (WHERE possessions = 0), 0) AS tech_pts
                    FROM possessions GROUP BY ALL)
    SELECT * FROM teams JOIN checks USING (season, season_type) JOIN poss_ok USING (season, season_type)
      JOIN tech USING (season, season_type) ORDER BY season, season_type DESC`);
  return r.getRowObjectsJS().map((x) => ({
    season: num(x.season),
    seasonType: String(x.season_type) as SeasonType,
    teamGames: num(x.team_games),
    sumOk: num(x.sum_ok),
    playerGames: num(x.player_games),
    technicalFts: num(x.fts),
    technicalFtsWithFoul: num(x.with_foul),
    technicalShooterAtFoul: num(x.at_foul),
    changedByTechnicals: num(x.changed),
    sameSecondSubPlayers: num(x.same_second),
    sameSecondSubGames: num(x.same_second_games),
    possessionPtsOk: num(x.poss_pts_ok),
    technicalRows: num(x.tech_rows),
    technicalRowPts: num(x.tech_pts),
  }));
}

/** Whether a season meets the plus/minus goals. */
export function plusMinusPasses(r: PlusMinusRow): { sum: boolean; technicals: boolean; possessionPts: boolean } {
  return {
    sum: r.sumOk >= r.teamGames * PLUS_MINUS_GOALS.sum,
    possessionPts: r.possessionPtsOk === r.teamGames,
    technicals: r.technicalFts === 0 || r.technicalShooterAtFoul / r.technicalFts >= PLUS_MINUS_GOALS.technicalShooterAtFoul,
  };
}
