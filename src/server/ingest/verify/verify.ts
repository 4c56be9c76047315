/**
 * Correctness checks of a built stats database against independent sources:
 * - team-game totals vs the official team box scores (nba-data team-box-scores, 2003-04..2012-13);
 * - players acting in an event are in the reconstructed lineup; five players per team at every event;
 *   player seconds sum to 5 x game length;
 * - agreement of the event lineups with the third-party lineup-changes files (2010-11..2014-15), re-parsing
 *   those games with the same engine;
 * - possessions: both teams' counts within 2 in a game, league possessions per team-game per season in a
 *   plausible band.
 * Used by `npm run verify:data` (scripts/verify-data.ts) and the data tests (tests/data).
 */
import path from 'node:path';
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import { parseGame } from '../game/parseGame.ts';
import { fileSource, findDataFile, loadGames, pbpFile, seasonLabel, streamGames } from '../read/read.ts';

export const THRESHOLDS = {
  /** each box stat and team minutes exact in at least this share of team-games */
  teamBox: 0.999,
  /** players acting in an event are on our court */
  actorOnCourt: 0.9999,
  /** event lineups equal to the lineup-changes files */
  lineupChanges: 0.975,
  /** league possessions per team-game, any season */
  possessionsPerTeamGame: [85, 105] as const,
} as const;

export const BOX_STATS = ['fgm', 'fga', 'fg3m', 'fg3a', 'ftm', 'fta', 'oreb', 'dreb', 'ast', 'stl', 'blk', 'tov', 'pts'] as const;

export interface StatAgreement {
  stat: string;
  matched: number;
  total: number;
  /** exact share */
  share: number;
  /** mismatches whose cause is known and lies in the official box (see BoxMismatch.cause) */
  explained: number;
  /** (matched + explained) / total: the share the threshold is checked on */
  shareExplained: number;
}

export interface BoxMismatch {
  gameId: number;
  teamId: number;
  stat: string;
  ours: number;
  official: number;
  /** known cause, or null when unexplained */
  cause: string | null;
}

export interface TeamBoxReport {
  seasons: number[];
  stats: StatAgreement[];
  mismatches: BoxMismatch[];
}

/** The connections whose official_box holds a data folder's boxes (the verify report and the oracles share one). */
const boxesLoaded = new WeakMap<DuckDBConnection, string>();

/** Loads the official team boxes into the temp table official_box, once per connection; false when the data has none. */
export async function loadOfficialBox(conn: DuckDBConnection, dataDir: string): Promise<boolean> {
  const file = findDataFile(path.join(dataDir, 'team-box-scores'));
  if (!file) return false;
  if (boxesLoaded.get(conn) === file.path) return true;
  await conn.run(
    `CREATE OR REPLACE TEMP TABLE official_box AS
    SELECT CAST(GAME_ID AS INTEGER) AS game_id, CAST(TEAM_ID AS INTEGER) AS team_id, CAST(MIN AS INTEGER) AS min,
           ${BOX_STATS.map((s) => `CAST(${s.toUpperCase()} AS INTEGER) AS ${s}`).join(', ')}
      FROM ${fileSource(file, false)}`,
    { file: file.path },
  );
  boxesLoaded.set(conn, file.path);
  return true;
}

/** Non-exact (team-game, stat) pairs of team_games in `catalog` against official_box (team minutes included). */
export function boxMismatchSql(catalog: string): string {
  return `SELECT t.game_id, t.team_id, t.season, s.stat, s.ours, s.official
      FROM ${catalog}.team_games t JOIN official_box b ON b.game_id = t.game_id AND b.team_id = t.team_id,
      LATERAL (SELECT * FROM (VALUES ${BOX_STATS.map((s) => `('${s}', t.${s}::INTEGER, b.${s})`).join(', ')},
                              ('min', round(t.seconds * 5 / 60)::INTEGER, b.min)) v(stat, ours, official)) s
     WHERE s.ours <> s.official`;
}

/** Compares team_games with the official team box scores for every season present in both. */
export async function checkTeamBox(conn: DuckDBConnection, dataDir: string): Promise<TeamBoxReport | null> {
  if (!(await loadOfficialBox(conn, dataDir))) return null;
  const joined = `FROM team_games t JOIN official_box b ON b.game_id = t.game_id AND b.team_id = t.team_id`;
  const seasonsR = await conn.runAndReadAll(`SELECT DISTINCT t.season ${joined} ORDER BY 1`);
  const seasons = seasonsR.getRowObjectsJS().map((r) => Number(r.season));
  if (seasons.length === 0) return { seasons, stats: [], mismatches: [] };
  const agg = await conn.runAndReadAll(`SELECT count(*) AS total,
      ${BOX_STATS.map((s) => `count(*) FILTER (WHERE t.${s} = b.${s}) AS ${s}`).join(', ')},
      count(*) FILTER (WHERE round(t.seconds * 5 / 60) = b.min) AS min ${joined}`);
  const row = agg.getRowObjectsJS()[0]!;
  const total = Number(row.total);
  const stats = [...BOX_STATS, 'min'].map((s) => ({
    stat: s,
    matched: Number(row[s]),
    total,
    share: total ? Number(row[s]) / total : 1,
    explained: 0,
    shareExplained: 1,
  }));
  const mm = await conn.runAndReadAll(`
    WITH player_tov AS (SELECT game_id, team_id, sum(tov) AS tov FROM player_games GROUP BY ALL)
    SELECT m.game_id, m.team_id, m.stat, m.ours, m.official, t.tov - coalesce(p.tov, 0) AS team_tov FROM (${boxMismatchSql('main')}) m
      JOIN team_games t ON t.game_id = m.game_id AND t.team_id = m.team_id
      LEFT JOIN player_tov p ON p.game_id = m.game_id AND p.team_id = m.team_id
     ORDER BY m.game_id, m.team_id, m.stat`);
  const mismatches = mm.getRowObjectsJS().map((r) => {
    const ours = Number(r.ours);
    const official = Number(r.official);
    let cause: string | null = null;
    // Early 2003-04 boxes count only player turnovers while the play-by-play numbers team turnovers in the
    // same T# sequence (0020300001: "76ERS Turnover: Shot Clock (T#1)", then "McKie ... (P1.T2)").
    if (r.stat === 'tov' && Number(r.team_tov) > 0 && ours - official === Number(r.team_tov)) {
      cause = 'official box leaves out the team turnovers (shot clock, 8/5 seconds) the play-by-play counts';
    }
    return { gameId: Number(r.game_id), teamId: Number(r.team_id), stat: String(r.stat), ours, official, cause };
  });
  const open = mismatches.filter((m) => m.cause === null && TALLIED.has(m.stat));
  if (open.length) {
    const tallies = await playByPlayTallies(conn, dataDir, [...new Set(open.map((m) => m.gameId))]);
    for (const m of open) {
      const own = tallies.get(`${m.gameId}:${m.teamId}:${m.stat}`);
      if (own === m.ours) {
        m.cause = `the play-by-play's own running counters also give ${own}: the published play-by-play lacks (or adds) an event the box has`;
      } else if (own === m.official) {
        m.cause = `the play-by-play's running counters give the box's ${own}, but the event is missing from the published play-by-play`;
      }
    }
  }
  // Shot counts of a team-game whose points are explained move with the same missing or extra shot.
  for (const m of mismatches) {
    if (m.cause !== null || !['fgm', 'fga', 'fg3m', 'fg3a'].includes(m.stat)) continue;
    const pts = mismatches.find((x) => x.gameId === m.gameId && x.teamId === m.teamId && x.stat === 'pts' && x.cause !== null);
    if (pts) m.cause = `the same shot as the points difference (${pts.ours - pts.official > 0 ? '+' : ''}${pts.ours - pts.official} pts): ${pts.cause}`;
  }
  for (const st of stats) {
    st.explained = mismatches.filter((m) => m.stat === st.stat && m.cause !== null).length;
    st.shareExplained = total ? (st.matched + st.explained) / total : 1;
  }
  return { seasons, stats, mismatches };
}

/** Stats whose running per-player counters the descriptions carry: "(n PTS)", "(n AST)", "(n STL)", "(n BLK)", "(Off:x Def:y)". */
const TALLIED = new Set(['pts', 'ast', 'stl', 'blk', 'oreb', 'dreb']);

/**
 * The play-by-play's own team totals for the given games, from the running counters in the descriptions
 * (each player's last value, summed per team): an independent reading of the same file that tells a missing
 * event (both readings agree, the box differs) from a parser error (they differ).
 */
async function playByPlayTallies(conn: DuckDBConnection, dataDir: string, gameIds: number[]): Promise<Map<string, number>> {
  const glob = path.join(dataDir, 'pbp', 'regular', '*.parquet');
  const counter = (slot: number, re: string, group = 1): string => `
    SELECT g, CAST(PLAYER${slot}_ID AS INTEGER) AS player, CAST(PLAYER${slot}_TEAM_ID AS INTEGER) AS team,
           TRY_CAST(regexp_extract(d, '${re}', ${group}) AS INTEGER) AS v FROM ev`;
  const r = await conn.runAndReadAll(
    `
    WITH ev AS (
      SELECT CAST(GAME_ID AS INTEGER) AS g, EVENTMSGTYPE AS t, PLAYER1_ID, PLAYER1_TEAM_ID, PLAYER2_ID, PLAYER2_TEAM_ID,
             PLAYER3_ID, PLAYER3_TEAM_ID, coalesce(HOMEDESCRIPTION, '') || ' | ' || coalesce(VISITORDESCRIPTION, '') AS d
        FROM read_parquet($glob) WHERE list_contains($ids::INTEGER[], CAST(GAME_ID AS INTEGER))
    ), c AS (
      SELECT 'pts' AS stat, * FROM (${counter(1, '\\((\\d+) PTS\\)')})
      UNION ALL SELECT 'ast', * FROM (${counter(2, '\\((\\d+) AST\\)')})
      UNION ALL SELECT 'stl', * FROM (${counter(2, '\\((\\d+) STL\\)')})
      UNION ALL SELECT 'blk', * FROM (${counter(3, '\\((\\d+) BLK\\)')})
      UNION ALL SELECT 'oreb', * FROM (${counter(1, '\\(Off:(\\d+) Def:\\d+\\)')})
      UNION ALL SELECT 'dreb', * FROM (${counter(1, '\\(Off:\\d+ Def:(\\d+)\\)')})
    ), per_player AS (
      SELECT stat, g, team, player, max(v) AS v FROM c WHERE v IS NOT NULL AND team IS NOT NULL GROUP BY ALL
    )
    SELECT stat, g, team, sum(v) AS v FROM per_player GROUP BY ALL`,
    { glob, ids: `[${gameIds.join(',')}]` },
  );
  return new Map(r.getRowObjectsJS().map((row) => [`${row.g}:${row.team}:${row.stat}`, Number(row.v)]));
}

export interface LineupReport {
  actorEvents: number;
  actorOnCourt: number;
  actorShare: number;
  lineupEvents: number;
  lineupFive: number;
  teamGames: number;
  teamGamesSecondsOk: number;
  unknownStarterPeriods: number;
}

export async function checkLineups(conn: DuckDBConnection): Promise<LineupReport> {
  const r = await conn.runAndReadAll(`SELECT sum(actor_events) AS ae, sum(actor_on_court) AS ao,
      sum(lineup_events) AS le, sum(lineup_five) AS lf, 2 * count(*) AS tg,
      count(*) FILTER (WHERE home_player_seconds = 5 * game_seconds) + count(*) FILTER (WHERE away_player_seconds = 5 * game_seconds) AS ok,
      sum(unknown_starter_periods) AS us
    FROM game_checks`);
  const x = r.getRowObjectsJS()[0]!;
  const ae = Number(x.ae ?? 0);
  const ao = Number(x.ao ?? 0);
  return {
    actorEvents: ae,
    actorOnCourt: ao,
    actorShare: ae ? ao / ae : 1,
    lineupEvents: Number(x.le ?? 0),
    lineupFive: Number(x.lf ?? 0),
    teamGames: Number(x.tg ?? 0),
    teamGamesSecondsOk: Number(x.ok ?? 0),
    unknownStarterPeriods: Number(x.us ?? 0),
  };
}

export interface PossessionReport {
  games: number;
  balanced: number;
  /** periods (game, period) whose two possession counts differ by more than 1 (possessions alternate) */
  unbalancedPeriods: number;
  periods: number;
  /** games over 2 in which every period is within 1 (overtime games where one team started and ended 3 periods) */
  explainedByPeriods: number;
  unbalanced: { gameId: number; home: number; away: number }[];
  perSeason: { season: number; seasonType: string; perTeamGame: number }[];
}

export async function checkPossessions(conn: DuckDBConnection): Promise<PossessionReport> {
  const g = await conn.runAndReadAll(`SELECT count(*) AS n, count(*) FILTER (WHERE abs(home_possessions - away_possessions) <= 2) AS ok FROM game_checks`);
  const x = g.getRowObjectsJS()[0]!;
  const u = await conn.runAndReadAll(`SELECT game_id, home_possessions, away_possessions FROM game_checks
     WHERE abs(home_possessions - away_possessions) > 2 ORDER BY game_id`);
  const s = await conn.runAndReadAll(`SELECT season, season_type, avg(possessions) AS p FROM team_games GROUP BY ALL ORDER BY 1, 2 DESC`);
  await conn.run(`CREATE OR REPLACE TEMP TABLE period_balance AS
    SELECT game_id, period, abs(sum(possessions) FILTER (WHERE off_is_home) - sum(possessions) FILTER (WHERE NOT off_is_home)) AS diff
      FROM possessions GROUP BY ALL`);
  const pb = (await conn.runAndReadAll(`SELECT count(*) AS n, count(*) FILTER (WHERE diff > 1) AS bad FROM period_balance`)).getRowObjectsJS()[0]!;
  const ex = (
    await conn.runAndReadAll(`SELECT count(*) AS n FROM game_checks g
     WHERE abs(home_possessions - away_possessions) > 2
       AND NOT EXISTS (SELECT 1 FROM period_balance b WHERE b.game_id = g.game_id AND b.diff > 1)`)
  ).getRowObjectsJS()[0]!;
  return {
    games: Number(x.n),
    balanced: Number(x.ok),
    periods: Number(pb.n),
    unbalancedPeriods: Number(pb.bad),
    explainedByPeriods: Number(ex.n),
    unbalanced: u.getRowObjectsJS().map((r) => ({ gameId: Number(r.game_id), home: Number(r.home_possessions), away: Number(r.away_possessions) })),
    perSeason: s.getRowObjectsJS().map((r) => ({ season: Number(r.season), seasonType: String(r.season_type), perTeamGame: Number(r.p) })),
  };
}

export interface LineupChangesReport {
  seasons: number[];
  events: number;
  agree: number;
  share: number;
  /** events where their row has a missing (null) player */
  theirNulls: number;
  /** disagreements where a player acting in the event is on our court and not on theirs */
  actorSupportsOurs: number;
  /** disagreements where a player acting in the event is on their court and not on ours */
  actorSupportsTheirs: number;
  examples: { gameId: number; eventNum: number; ours: string; theirs: string }[];
}

/**
 * Re-parses the games of the lineup-changes seasons present in the database and compares, event by event,
 * our ten players after each event with theirs (the latest change row of the period at or before the event).
 */
export async function checkLineupChanges(dataDir: string, seasons: number[], maxGamesPerSeason = Infinity): Promise<LineupChangesReport | null> {
  const withFiles = seasons.filter((s) => findDataFile(path.join(dataDir, 'lineup-changes', seasonLabel(s))));
  if (withFiles.length === 0) return null;
  const { actorsOnCourt } = await import('../game/events.ts');
  const instance = await DuckDBInstance.create(':memory:', { threads: '2' });
  const conn = await instance.connect();
  const games = await loadGames(conn, dataDir);
  const report: LineupChangesReport = {
    seasons: withFiles,
    events: 0,
    agree: 0,
    share: 1,
    theirNulls: 0,
    actorSupportsOurs: 0,
    actorSupportsTheirs: 0,
    examples: [],
  };
  for (const season of withFiles) {
    const lc = findDataFile(path.join(dataDir, 'lineup-changes', seasonLabel(season)))!;
    const r = await conn.runAndReadAll(
      `SELECT CAST(GAME_ID AS INTEGER) AS g, CAST(EVENTNUM AS INTEGER) AS e, CAST(PERIOD AS INTEGER) AS p,
        [AWAY_1, AWAY_2, AWAY_3, AWAY_4, AWAY_5]::INTEGER[] AS away, [HOME_1, HOME_2, HOME_3, HOME_4, HOME_5]::INTEGER[] AS home FROM ${fileSource(lc, false)}`,
      { file: lc.path },
    );
    const changes = new Map<number, { e: number; p: number; away: (number | null)[]; home: (number | null)[] }[]>();
    for (const row of r.getRowObjectsJS()) {
      const g = Number(row.g);
      let list = changes.get(g);
      if (!list) changes.set(g, (list = []));
      list.push({
        e: Number(row.e),
        p: Number(row.p),
        away: (row.away as unknown[]).map((v) => (v === null ? null : Number(v))),
        home: (row.home as unknown[]).map((v) => (v === null ? null : Number(v))),
      });
    }
    const file = pbpFile(dataDir, 'regular', season);
    if (!file) continue;
    let n = 0;
    for await (const { gameCode, events } of streamGames(conn, file)) {
      if (n++ >= maxGamesPerSeason) break;
      const game = games.get(gameCode);
      const rows = changes.get(Number(gameCode));
      if (!game || !rows) continue;
      const byEvent = new Map<string, (typeof rows)[number]>();
      for (const row of rows) byEvent.set(`${row.p}:${row.e}`, row);
      let theirs: (typeof rows)[number] | null = null;
      let period = 0;
      parseGame(game, events, null, (e, lineups) => {
        if (e.period !== period) {
          period = e.period;
          theirs = rows.filter((x) => x.p === period).sort((a, b) => a.e - b.e)[0] ?? null;
        }
        const change = byEvent.get(`${e.period}:${e.eventNum}`);
        if (change) theirs = change;
        if (!theirs) return;
        const t = theirs as (typeof rows)[number];
        report.events++;
        if ([...t.home, ...t.away].some((v) => v === null)) report.theirNulls++;
        const oursHome = [...(lineups.get(game.homeTeamId) ?? [])].sort((a, b) => a - b);
        const oursAway = [...(lineups.get(game.awayTeamId) ?? [])].sort((a, b) => a - b);
        const tHome = t.home.slice().sort((a, b) => (a ?? 0) - (b ?? 0));
        const tAway = t.away.slice().sort((a, b) => (a ?? 0) - (b ?? 0));
        const same = oursHome.join() === tHome.join() && oursAway.join() === tAway.join();
        if (same) {
          report.agree++;
          return;
        }
        for (const a of actorsOnCourt(e)) {
          const oursHas = oursHome.includes(a.id) || oursAway.includes(a.id);
          const theirsHas = tHome.includes(a.id) || tAway.includes(a.id);
          if (oursHas && !theirsHas) report.actorSupportsOurs++;
          if (theirsHas && !oursHas) report.actorSupportsTheirs++;
        }
        if (report.examples.length < 10 && report.examples.every((x) => x.gameId !== game.gameId)) {
          report.examples.push({
            gameId: game.gameId,
            eventNum: e.eventNum,
            ours: `${oursAway.join(',')} @ ${oursHome.join(',')}`,
            theirs: `${tAway.join(',')} @ ${tHome.join(',')}`,
          });
        }
      });
    }
  }
  report.share = report.events ? report.agree / report.events : 1;
  conn.closeSync();
  instance.closeSync();
  return report;
}
