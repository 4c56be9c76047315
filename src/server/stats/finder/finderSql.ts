/**
 * The SQL of a finder query (src/lib/views/finderQuery.ts): one statement, every value a bound parameter.
 *
 * First the entity-game rows (`g`): one row per player-game or team-game in the sample, its counters counted under
 * every filter of the query. Three sources, by what the filters ask:
 * - whole games (is_garbage_time=false, no possession or lineup filter): the box score, player_games / team_games
 *   (MIN and +/- as published); a player's usage and on-court net rating from player_game_totals;
 * - garbage time left out, no possession or lineup filter: player_game_totals' rows of the other possessions;
 * - a possession or lineup filter (period, time, score, leverage, clutch, players on or off the floor): the stats
 *   server's player sums by game (sql/playerSums.ts), the same numbers as every stats page. MIN is then the
 *   possession seconds on court, +/- the points for minus against while on court. A team's row is its players'
 *   sums (its TOV: its players' turnovers, team turnovers not being any player's). A player's games, streaks
 *   or spans with a condition his whole games bound (`pts:ge:30`) are summed for the games that can meet it only
 *   (GAME_BOUNDS).
 * Then the mode: the game rows themselves; summed by season; streaks (runs of consecutive games of the entity in the
 * game-level sample meeting every condition, a game without a possession under the filters counting zero) or spans
 * (every run of N consecutive games, the best per entity). Conditions compare the unrounded values.
 * Example: `mode=player_games&cond=pts:ge:30&cond=ast:ge:10&season=2022` lists 2022-23's 30-point, 10-assist games.
 */
import { hasLineupFilter, type AppliedFilters } from '../../../lib/params/apiParams';
import { FINDER_OPS, FINDER_STAT_KEYS, isFinderStat, isGameMode, isSeasonMode, type FinderQuery, type FinderStat } from '../../../lib/views/finderQuery';
import type { StatsDb } from '../../db/statsDb';
import { FILTER_SQL } from '../sql/filterRules';
import { commonPossessionConditions, needsPossessions, perspectiveConditions, possessionSource, sampleConditions, teamGameConditions } from '../sql/filterSql';
import { contextAnswers, playerSumsSql } from '../sql/playerSums';
import { onCourtCounterSelect } from '../metrics/counters';
import { fiveSumsSql } from '../sql/sums';
import { and, type Params } from '../sql/sql';

/** The on-court counters of a player's game row (usage, net rating), from the per-game totals. */
const ON_COURT_COUNTERS = ['ft_trips', 'team_plays', 'off_poss', 'def_poss', 'team_pts', 'opp_pts'] as const;

/** The counters a box score row (player_games, team_games) has under these names. */
const BOX_COUNTERS = ['pts', 'fgm', 'fga', 'fg3m', 'fg3a', 'ftm', 'fta', 'oreb', 'dreb', 'ast', 'stl', 'blk', 'tov', 'pf', 'seconds'] as const;

/** The counters of a game row, summed into season, streak and span rows. */
export const GAME_COUNTERS = [...BOX_COUNTERS, 'plus_minus', ...ON_COURT_COUNTERS] as const;

const ZONES = ['rim', 'smid', 'lmid', 'c3', 'nc3'];
const zoneSum = (a: string, what: 'fga' | 'fgm', zones = ZONES) => `(${zones.map((z) => `${a}.${what}_${z}`).join(' + ')})`;

/** The on-court counters summed over a player's per-game totals rows (alias a). */
const onCourtSums = (a: string) => ON_COURT_COUNTERS.map((c) => `sum(${a}.${c}) AS ${c}`).join(', ');

/** Whether the query's numbers come from the possessions (a possession or lineup filter applies). */
export const readsPossessions = (f: AppliedFilters) => needsPossessions(f) || hasLineupFilter(f);

/**
 * Whether a player-games query under possession filters is answered from his own counters first: every condition
 * and the sort read his own stats only (not MIN, +/-, USG% or net rating, which need the possessions he was on the
 * floor for), and the filters are ones his possession rows carry (no lineup filter: playerSums.ts contextAnswers).
 * The rows are found and paged on player_possession_stats alone; the page's rows then get their on-court numbers
 * from the possessions of their games only (onCourtPairsSql). Twenty seasons of fourth quarters: the on-court
 * sums of every player-game were most of the query. A condition must fail on his own counters all zero: a game
 * he was on the floor for without a possession row of his own (no shot, no foul ...) is a row of zeros he is not
 * found by on those rows (`pts:le:0` in fourth quarters is such games too).
 */
export const ownFirst = (db: StatsDb, q: FinderQuery) =>
  q.mode === 'player_games' &&
  q.of === 'player' &&
  readsPossessions(q.filters) &&
  contextAnswers(db, q.filters) &&
  !q.conditions.some((c) => ON_COURT_OR_TIME.includes(c.stat)) &&
  !ON_COURT_OR_TIME.includes(q.sort as FinderStat) &&
  q.conditions.some(failsAtZero);
const ON_COURT_OR_TIME: readonly FinderStat[] = ['min', 'plus_minus', 'usg_pct', 'net_rtg'];
/** A condition on his own stats that no row of zeros meets: a count >= or = a positive value, a shooting rate (none without attempts). */
const failsAtZero = (c: FinderQuery['conditions'][number]) =>
  c.stat === 'ts_pct' || c.stat === 'efg_pct' || (!ON_COURT_OR_TIME.includes(c.stat) && c.value > 0 && (c.op === 'ge' || c.op === 'eq'));

/** A player's own counters on his possession rows (alias s) passing f, from his team's view, by player-game. */
function ownGameSums(f: AppliedFilters, b: Params, extra: string[], join = ''): string {
  const where = and([
    ...sampleConditions(f, b, 's'),
    ...commonPossessionConditions(f, b, 's', false),
    ...perspectiveConditions(f, b, 'offense', 's'),
    ...teamGameConditions(f, b, 'tg'),
    ...extra,
  ]);
  return `SELECT s.player_id, s.team_id, s.game_id, s.season, s.season_type, ${OWN_GAME_COUNTERS.map((c) => `sum(s.${c})::DOUBLE AS ${c}`).join(', ')}
    FROM player_possession_stats s JOIN team_games tg ON tg.game_id = s.game_id AND tg.team_id = s.team_id ${join}
   WHERE ${where} GROUP BY s.player_id, s.team_id, s.game_id, s.season, s.season_type`;
}

/**
 * MIN, +/-, USG% and net rating of page rows of an own-first query (ownFirst): for each (player, game) pair, his
 * own counters and the counters of the possessions he was on the floor for, both under f, read from those games
 * only. Columns: player_id, game_id, min, plus_minus, usg_pct, net_rtg.
 */
export function onCourtPairsSql(db: StatsDb, q: FinderQuery, b: Params, pairs: readonly { playerId: number; gameId: number }[]): string {
  const f = q.filters;
  const games = b.list([...new Set(pairs.map((p) => p.gameId))]);
  const players = b.list([...new Set(pairs.map((p) => p.playerId))]);
  const side = (persp: 'offense' | 'defense') => {
    const five = persp === 'offense' ? 'o' : 'd';
    return `SELECT unnest([${[1, 2, 3, 4, 5].map((i) => `p.${five}${i}`).join(', ')}]) AS player_id, p.game_id, ${onCourtCounterSelect(persp)}
      FROM (${possessionSource(db, f, b, persp, [`p.game_id IN ${games}`])}) p`;
  };
  const own = ownGameSums(f, b, [`s.game_id IN ${games}`, `s.player_id IN ${players}`]);
  const onc = `SELECT u.player_id, u.game_id, sum(u.on_seconds) AS seconds, sum(u.team_plays) AS team_plays, sum(u.off_poss) AS off_poss,
      sum(u.def_poss) AS def_poss, sum(u.team_pts) AS team_pts, sum(u.opp_pts) AS opp_pts
    FROM (${side('offense')} UNION ALL ${side('defense')}) u WHERE u.player_id IN ${players} GROUP BY u.player_id, u.game_id`;
  return `SELECT x.player_id, x.game_id, ${statExpr('min', 'x', true, null)} AS min, x.team_pts - x.opp_pts AS plus_minus,
      ${statExpr('usg_pct', 'x', true, null)} AS usg_pct, ${statExpr('net_rtg', 'x', true, null)} AS net_rtg
    FROM (SELECT c.*, coalesce(o.fga, 0) AS fga, coalesce(o.tov, 0) AS tov, coalesce(o.ft_trips, 0) AS ft_trips
            FROM (${onc}) c LEFT JOIN (SELECT w.player_id, w.game_id, ${zoneSum('w', 'fga')} AS fga, w.tov, w.ft_trips FROM (${own}) w) o
              ON o.player_id = c.player_id AND o.game_id = c.game_id) x`;
}

/**
 * A player's whole-game counters bound his counters under any possession filter: each is a sum of possession
 * counts, none below zero, and player_game_totals holds every possession's counts by player-game (its rows with
 * and without garbage time). So a condition `stat >= v` (v > 0) on a counting stat or MIN needs his game's total
 * to reach v: `fga:ge:18` in the fourth quarter needs 18 FGA in the game. The sums of a player-games, streaks or spans
 * query under possession filters are then computed for the games that can meet it only (candidateGamesSql; a
 * span's: the games of the runs whose whole games meet it, spanCandidatesSql):
 * twenty seasons of time-filtered player-games with 18+ FGA and 9+ 3PA are a few thousand of 516,000.
 */
const GAME_BOUNDS: Partial<Record<FinderStat, (t: string) => string>> = {
  pts: (t) => `${t}.pts`,
  reb: (t) => `${t}.oreb + ${t}.dreb`,
  oreb: (t) => `${t}.oreb`,
  dreb: (t) => `${t}.dreb`,
  ast: (t) => `${t}.ast`,
  stl: (t) => `${t}.stl`,
  blk: (t) => `${t}.blk`,
  tov: (t) => `${t}.tov`,
  pf: (t) => `${t}.pf`,
  fgm: (t) => zoneSum(t, 'fgm'),
  fga: (t) => zoneSum(t, 'fga'),
  fg3m: (t) => zoneSum(t, 'fgm', ['c3', 'nc3']),
  fg3a: (t) => zoneSum(t, 'fga', ['c3', 'nc3']),
  ftm: (t) => `${t}.ftm`,
  fta: (t) => `${t}.fta`,
  min: (t) => `${t}.on_seconds`,
};
/** A bounded stat's value from its summed bound (seconds to minutes), per game over `games` when given. */
const boundValue = (stat: FinderStat, summed: string, games: number | null) => {
  const v = stat === 'min' ? `(${summed}) / 60.0` : summed;
  return games === null ? `(${v})::DOUBLE` : `(${v})::DOUBLE / ${games}`;
};
/**
 * The conditions a whole-game total bounds (see GAME_BOUNDS); on a game, `eq` on a count needs v too. Spans:
 * `ge` only (their per-game values are averages).
 */
const boundedConditions = (q: FinderQuery) =>
  q.conditions.filter((c) => GAME_BOUNDS[c.stat] !== undefined && c.value > 0 && (c.op === 'ge' || (c.op === 'eq' && c.stat !== 'min' && q.mode !== 'spans')));

/**
 * Whether a player's game rows under possession filters are computed for candidate games only (GAME_BOUNDS):
 * player games or streaks (a condition holds for each game: a game that cannot meet it fails it at zero too),
 * spans (a run of games that cannot meet it fails it with its other games at zero too; spanCandidatesSql), with
 * a condition with a bound, and filters his possession rows carry (as ownFirst).
 */
export const byCandidates = (db: StatsDb, q: FinderQuery) =>
  (q.mode === 'player_games' || q.mode === 'streaks' || q.mode === 'spans') &&
  q.of === 'player' &&
  readsPossessions(q.filters) &&
  contextAnswers(db, q.filters) &&
  boundedConditions(q).length > 0;

/** His whole-game totals by player-game over the sample's seasons (player_game_totals t), `select` on t. */
function wholeGamesSql(q: FinderQuery, b: Params, select: string, having = ''): string {
  const where = and([
    ...seasonConditions(q.filters, b, 't'),
    q.player !== null ? `t.player_id = ${b.bind(q.player)}` : '',
    q.team !== null ? `t.team_id = ${b.bind(q.team)}` : '',
  ]);
  return `SELECT t.player_id, t.game_id${select ? `, ${select}` : ''} FROM player_game_totals t WHERE ${where} GROUP BY t.player_id, t.game_id ${having}`;
}

/** The (player_id, game_id) pairs whose whole-game totals meet every bound of q (player games, streaks). */
function candidateGamesSql(q: FinderQuery, b: Params): string {
  const having = and(boundedConditions(q).map((c) => `${boundValue(c.stat, `sum(${GAME_BOUNDS[c.stat]!('t')})`, null)} >= ${b.bind(c.value)}`));
  return wholeGamesSql(q, b, '', `HAVING ${having}`);
}

/**
 * The (player_id, game_id) pairs of spans: every game of a run of `span` games of his (the game-level sample, in
 * order) whose whole-game totals meet every bound of q, on the span's scale (total or per game).
 */
function spanCandidatesSql(q: FinderQuery, b: Params): string {
  const n = q.span;
  const bounded = boundedConditions(q);
  const stats = [...new Set(bounded.map((c) => c.stat))];
  const whole = wholeGamesSql(q, b, stats.map((st) => `sum(${GAME_BOUNDS[st]!('t')}) AS ${st}`).join(', '));
  // (both windows in the order of the games: one sort)
  const order = 'PARTITION BY e.entity_id ORDER BY e.date, e.game_id';
  const win = `OVER (${order} ROWS BETWEEN ${n - 1} PRECEDING AND CURRENT ROW)`;
  const ends = and([
    `count(*) ${win} = ${n}`,
    ...bounded.map((c) => `${boundValue(c.stat, `sum(e.${c.stat}) ${win}`, q.per === 'game' ? n : null)} >= ${b.bind(c.value)}`),
  ]);
  return `SELECT e.entity_id AS player_id, e.game_id FROM (
      SELECT e.entity_id, e.game_id, e.date, ${ends} AS run_end
        FROM (SELECT base.entity_id, base.game_id, base.date, ${stats.map((st) => `coalesce(t.${st}, 0) AS ${st}`).join(', ')}
                FROM (${baseGamesSql(q, b)}) base LEFT JOIN (${whole}) t ON t.player_id = base.entity_id AND t.game_id = base.game_id) e) e
    QUALIFY bool_or(e.run_end) OVER (${order} ROWS BETWEEN CURRENT ROW AND ${n - 1} FOLLOWING)`;
}

/** Rows of alias a of a candidate pair (the statement's CTE cand). */
const IN_CAND = (a: string) => `SEMI JOIN cand ON cand.player_id = ${a}.player_id AND cand.game_id = ${a}.game_id`;

/** His own counters (ownGameSums) and his on-court ones, as the player sums by game name them. */
const OWN_GAME_COUNTERS = [
  'pts',
  ...ZONES.flatMap((z) => [`fgm_${z}`, `fga_${z}`]),
  'ftm',
  'fta',
  'ft_trips',
  'oreb',
  'dreb',
  'ast',
  'stl',
  'blk',
  'tov',
  'pf',
];
const ON_GAME_COUNTERS = ['on_seconds', 'team_plays', 'off_poss', 'def_poss', 'team_pts', 'opp_pts'];

/**
 * The player sums by game (sql/playerSums.ts: his own counters plus his team's while he was on court, under f) of
 * the candidate player-games (candidateGamesSql) only: his own rows of those pairs, the possessions of their games
 * summed per five and spread to its players (as the player sums do), kept for those pairs. Columns: player_id,
 * team_id, game_id, season, season_type, OWN_GAME_COUNTERS, ON_GAME_COUNTERS.
 */
function candidateSumsSql(db: StatsDb, q: FinderQuery, b: Params): string {
  const cand = q.mode === 'spans' ? spanCandidatesSql(q, b) : candidateGamesSql(q, b);
  const f = q.filters;
  const own = ownGameSums(f, b, [], IN_CAND('s'));
  const side = (persp: 'offense' | 'defense') => {
    const five = persp === 'offense' ? 'o' : 'd';
    const source = possessionSource(db, f, b, persp, ['p.game_id IN (SELECT game_id FROM cand)']);
    return `SELECT unnest([${[1, 2, 3, 4, 5].map((i) => `p.${five}${i}`).join(', ')}]) AS player_id, p.team_id, p.game_id, p.season, p.season_type, ${onCourtCounterSelect(persp)}
      FROM (${fiveSumsSql(source, persp, FIVE_COUNTERS, { byGame: true, bySlot: false })}) p`;
  };
  const onc = `SELECT u.player_id, u.team_id, u.game_id, u.season, u.season_type, ${ON_GAME_COUNTERS.map((c) => `sum(u.${c})::DOUBLE AS ${c}`).join(', ')}
    FROM (${side('offense')} UNION ALL ${side('defense')}) u ${IN_CAND('u')}
   GROUP BY u.player_id, u.team_id, u.game_id, u.season, u.season_type`;
  const key = (k: string) => `coalesce(o.${k}, c.${k}) AS ${k}`;
  return `WITH cand AS MATERIALIZED (${cand})
    SELECT ${['player_id', 'team_id', 'game_id', 'season', 'season_type'].map(key).join(', ')},
      ${OWN_GAME_COUNTERS.map((c) => `coalesce(o.${c}, 0) AS ${c}`).join(', ')}, ${ON_GAME_COUNTERS.map((c) => `coalesce(c.${c}, 0) AS ${c}`).join(', ')}
    FROM (${own}) o FULL OUTER JOIN (${onc}) c ON c.player_id = o.player_id AND c.team_id = o.team_id AND c.game_id = o.game_id`;
}
/** The possession counters the on-court counters are read from (metrics/counters.ts onCourtCounterSelect). */
const FIVE_COUNTERS = ['possessions', 'seconds', 'plays', 'fgm', 'fga', 'fg3a', 'oreb', 'dreb', 'pts'];

/** Whether the rows are whole games read from the box score (player_games / team_games). */
export const readsBoxScore = (f: AppliedFilters) => !readsPossessions(f) && !f.filterOutGarbageTime;

/** The stats a player's box score lacks: read from the per-game totals (on-court counters, FT trips). */
const ON_COURT_STATS: readonly FinderStat[] = ['usg_pct', 'net_rtg'];
/**
 * Whether the on-court counters must be in every game row: a condition, the sort or the span's stat reads them.
 * Otherwise a player's box-score rows leave them out and the page's rows get them afterwards (onCourtFillSql):
 * summing the per-game totals of every player-game of twenty seasons for numbers only fifty rows show cost more
 * than the rest of the query.
 */
export const needsOnCourt = (q: FinderQuery) =>
  q.conditions.some((c) => ON_COURT_STATS.includes(c.stat)) ||
  ON_COURT_STATS.includes(q.sort as FinderStat) ||
  (q.mode === 'spans' && ON_COURT_STATS.includes(q.spanStat));

/** Season and season type on a table with those columns (player_games, team_games). */
const seasonConditions = (f: AppliedFilters, b: Params, a: string) => [FILTER_SQL.Season.where(f, b, a), FILTER_SQL.SeasonType.where(f, b, a)];

/** The game columns every game row carries, from the entity's team_games row tg. */
const GAME_COLUMNS = 'tg.date, tg.abbr, tg.opp_abbr, tg.is_home, tg.won, tg.team_id AS row_team_id';

/** A player's games (player_games pg) with his team's team_games row tg. */
const PLAYER_GAMES = 'player_games pg JOIN team_games tg ON tg.game_id = pg.game_id AND tg.team_id = pg.team_id';

/**
 * The game-level sample of q on a game row of alias a (player_games, player_game_totals or team_games) beside the
 * entity's team_games row tg: season and type, the team-game filters, the query's player (player rows) and team.
 */
function gameLevelWhere(q: FinderQuery, b: Params, a: string): string {
  return and([
    ...seasonConditions(q.filters, b, a),
    ...teamGameConditions(q.filters, b, 'tg'),
    q.player !== null && q.of === 'player' ? `${a}.player_id = ${b.bind(q.player)}` : '',
    q.team !== null ? `${a}.team_id = ${b.bind(q.team)}` : '',
  ]);
}

/**
 * Counter columns (GAME_COUNTERS, in order) from a row of player sums (sql/playerSums.ts) of alias s, on-court
 * sums divided by `share`; share null: a row of his own counters alone (ownGameSums), the on-court ones null.
 */
function sumsCounters(s: string, share: number | null): string {
  const on = (c: string) => (share === null ? 'NULL::DOUBLE' : share === 1 ? `${s}.${c}` : `${s}.${c} / ${share}`);
  return [
    `${s}.pts AS pts`,
    `${zoneSum(s, 'fgm')} AS fgm`,
    `${zoneSum(s, 'fga')} AS fga`,
    `${zoneSum(s, 'fgm', ['c3', 'nc3'])} AS fg3m`,
    `${zoneSum(s, 'fga', ['c3', 'nc3'])} AS fg3a`,
    `${s}.ftm AS ftm`,
    `${s}.fta AS fta`,
    `${s}.oreb AS oreb`,
    `${s}.dreb AS dreb`,
    `${s}.ast AS ast`,
    `${s}.stl AS stl`,
    `${s}.blk AS blk`,
    `${s}.tov AS tov`,
    `${s}.pf AS pf`,
    `${on('on_seconds')} AS seconds`,
    `${share === null ? 'NULL::DOUBLE' : `(${on('team_pts')} - ${on('opp_pts')})`} AS plus_minus`,
    `${s}.ft_trips AS ft_trips`,
    `${on('team_plays')} AS team_plays`,
    `${on('off_poss')} AS off_poss`,
    `${on('def_poss')} AS def_poss`,
    `${on('team_pts')} AS team_pts`,
    `${on('opp_pts')} AS opp_pts`,
  ].join(', ');
}

/**
 * The entity-game rows of q (columns: entity_id, player_id, team_id, game_id, season, season_type, the game
 * columns, GAME_COUNTERS), their values bound in b.
 */
export async function gameRowsSql(db: StatsDb, q: FinderQuery, b: Params): Promise<string> {
  const f = q.filters;
  if (ownFirst(db, q)) {
    // (with a bound, his own rows of the candidate games only)
    const cand = byCandidates(db, q) ? `WITH cand AS MATERIALIZED (${candidateGamesSql(q, b)}) ` : '';
    const own = ownGameSums(
      f,
      b,
      [q.player !== null ? `s.player_id = ${b.bind(q.player)}` : '', q.team !== null ? `s.team_id = ${b.bind(q.team)}` : ''],
      cand ? IN_CAND('s') : '',
    );
    return `${cand}SELECT s.player_id AS entity_id, s.player_id, s.team_id, s.game_id, s.season, s.season_type, ${GAME_COLUMNS}, ${sumsCounters('s', null)}
      FROM (${own}) s JOIN team_games tg ON tg.game_id = s.game_id AND tg.team_id = s.team_id`;
  }
  if (byCandidates(db, q)) {
    return `SELECT s.player_id AS entity_id, s.player_id, s.team_id, s.game_id, s.season, s.season_type, ${GAME_COLUMNS}, ${sumsCounters('s', 1)}
      FROM (${candidateSumsSql(db, q, b)}) s JOIN team_games tg ON tg.game_id = s.game_id AND tg.team_id = s.team_id`;
  }
  if (readsPossessions(f) || f.filterOutGarbageTime) {
    const isPlayer = q.of === 'player';
    if (!readsPossessions(f) && isPlayer) {
      // Garbage time left out, no possession filter: each player-game's row of the other possessions.
      const where = and(['NOT t.is_filtered_out', gameLevelWhere(q, b, 't')]);
      return `SELECT t.player_id AS entity_id, t.player_id, t.team_id, t.game_id, t.season, t.season_type, ${GAME_COLUMNS}, ${sumsCounters('t', 1)}
        FROM player_game_totals t JOIN team_games tg ON tg.game_id = t.game_id AND tg.team_id = t.team_id WHERE ${where}`;
    }
    const sums = await playerSumsSql(db, f, b, {
      groupBy: isPlayer ? ['player_id', 'team_id', 'game_id', 'season', 'season_type'] : ['team_id', 'game_id', 'season', 'season_type'],
      ...(q.player !== null && isPlayer ? { playerId: q.player } : {}),
      ...(q.team !== null ? { teamId: q.team } : {}),
    });
    // A team's on-court sums count each possession once per player on the floor: five times.
    return `SELECT ${isPlayer ? 's.player_id' : 's.team_id'} AS entity_id, ${isPlayer ? 's.player_id' : 'NULL::INTEGER AS player_id'}, s.team_id, s.game_id, s.season, s.season_type,
        ${GAME_COLUMNS}, ${sumsCounters('s', isPlayer ? 1 : 5)}
      FROM (${sums}) s JOIN team_games tg ON tg.game_id = s.game_id AND tg.team_id = s.team_id`;
  }
  const where = gameLevelWhere(q, b, q.of === 'player' ? 'pg' : 'tg');
  const box = (a: string) => BOX_COUNTERS.map((c) => `${a}.${c}`).join(', ');
  if (q.of === 'player') {
    const row = `SELECT pg.player_id AS entity_id, pg.player_id, pg.team_id, pg.game_id, pg.season, pg.season_type, ${GAME_COLUMNS},
        ${box('pg')}, pg.plus_minus`;
    if (!needsOnCourt(q)) {
      return `${row}, ${ON_COURT_COUNTERS.map((c) => `NULL::DOUBLE AS ${c}`).join(', ')}
        FROM ${PLAYER_GAMES} WHERE ${where}`;
    }
    // The box score as published; usage and net rating from the per-game totals of every possession.
    const totalsWhere = and([
      ...seasonConditions(f, b, 't'),
      q.player !== null ? `t.player_id = ${b.bind(q.player)}` : '',
      q.team !== null ? `t.team_id = ${b.bind(q.team)}` : '',
    ]);
    return `${row}, ${ON_COURT_COUNTERS.map((c) => `t.${c}`).join(', ')}
      FROM ${PLAYER_GAMES}
      LEFT JOIN (
        SELECT t.game_id, t.player_id, ${onCourtSums('t')}
          FROM player_game_totals t WHERE ${totalsWhere} GROUP BY t.game_id, t.player_id
      ) t ON t.game_id = pg.game_id AND t.player_id = pg.player_id
      WHERE ${where}`;
  }
  // A team's box score; its net rating from both teams' possessions; MIN: the game's length.
  return `SELECT tg.team_id AS entity_id, NULL::INTEGER AS player_id, tg.team_id, tg.game_id, tg.season, tg.season_type, ${GAME_COLUMNS},
      ${box('tg')}, tg.pts - tg.opp_pts AS plus_minus, NULL AS ft_trips, NULL AS team_plays, tg.possessions AS off_poss,
      o.possessions AS def_poss, tg.pts AS team_pts, tg.opp_pts AS opp_pts
    FROM team_games tg JOIN team_games o ON o.game_id = tg.game_id AND o.team_id = tg.opp_team_id
    WHERE ${where}`;
}

/**
 * The games of each entity in the game-level sample (the season, type, date and team-game filters): the games a
 * streak or span runs over. A player's: the games he played; a team's: its games.
 */
function baseGamesSql(q: FinderQuery, b: Params): string {
  if (q.of === 'player') {
    return `SELECT pg.player_id AS entity_id, pg.player_id, pg.team_id, pg.game_id, pg.season, pg.season_type, ${GAME_COLUMNS}
      FROM ${PLAYER_GAMES} WHERE ${gameLevelWhere(q, b, 'pg')}`;
  }
  const where = gameLevelWhere(q, b, 'tg');
  return `SELECT tg.team_id AS entity_id, NULL::INTEGER AS player_id, tg.team_id, tg.game_id, tg.season, tg.season_type, ${GAME_COLUMNS}
    FROM team_games tg WHERE ${where}`;
}

/** A stat's value from summed counters of alias a; counting stats divided by `games` when given (per game). */
export function statExpr(stat: FinderStat, a: string, isPlayer: boolean, games: string | null): string {
  const per = (e: string) => (games ? `(${e})::DOUBLE / ${games}` : `(${e})::DOUBLE`);
  switch (stat) {
    case 'reb':
      return per(`${a}.oreb + ${a}.dreb`);
    case 'min':
      return per(`${a}.seconds / 60.0`);
    case 'ts_pct':
      return `CASE WHEN ${a}.fga + 0.44 * ${a}.fta > 0 THEN 100.0 * ${a}.pts / (2 * (${a}.fga + 0.44 * ${a}.fta)) END`;
    case 'efg_pct':
      return `CASE WHEN ${a}.fga > 0 THEN 100.0 * (${a}.fgm + 0.5 * ${a}.fg3m) / ${a}.fga END`;
    case 'usg_pct':
      // Usage% = (FGA + TOV + FT trips) / team plays while on court (a player's; a team's is none)
      return isPlayer ? `CASE WHEN ${a}.team_plays > 0 THEN 100.0 * (${a}.fga + ${a}.tov + ${a}.ft_trips) / ${a}.team_plays END` : 'NULL::DOUBLE';
    case 'net_rtg':
      return `CASE WHEN ${a}.off_poss > 0 AND ${a}.def_poss > 0 THEN 100.0 * ${a}.team_pts / ${a}.off_poss - 100.0 * ${a}.opp_pts / ${a}.def_poss END`;
    default:
      return per(`${a}.${stat}`);
  }
}

/** The game counters each stat is computed from (statExpr). */
const STAT_COUNTERS: Record<FinderStat, readonly (typeof GAME_COUNTERS)[number][]> = {
  pts: ['pts'],
  reb: ['oreb', 'dreb'],
  oreb: ['oreb'],
  dreb: ['dreb'],
  ast: ['ast'],
  stl: ['stl'],
  blk: ['blk'],
  tov: ['tov'],
  pf: ['pf'],
  fgm: ['fgm'],
  fga: ['fga'],
  fg3m: ['fg3m'],
  fg3a: ['fg3a'],
  ftm: ['ftm'],
  fta: ['fta'],
  min: ['seconds'],
  plus_minus: ['plus_minus'],
  ts_pct: ['pts', 'fga', 'fta'],
  efg_pct: ['fgm', 'fg3m', 'fga'],
  usg_pct: ['fga', 'tov', 'ft_trips', 'team_plays'],
  net_rtg: ['team_pts', 'off_poss', 'opp_pts', 'def_poss'],
};
/** Every stat of FINDER_STATS as a column of its name, valued by `value`. */
const statColumns = (value: (s: FinderStat) => string) => FINDER_STAT_KEYS.map((s) => `${value(s)} AS ${s}`).join(', ');
/** Equality is read at the precision values are shown (two decimals): `ts_pct:eq:50` holds for 50.004. */
const conditionSql = (q: FinderQuery, b: Params, value: (s: FinderStat) => string) =>
  q.conditions.map((c) => (c.op === 'eq' ? `round(${value(c.stat)}, 2) = ${b.bind(c.value)}` : `${value(c.stat)} ${FINDER_OPS[c.op]} ${b.bind(c.value)}`));

/**
 * Season rows of the game rows `from` (alias g): each entity's games, teams and last game by season, and with
 * `withSums` its counters summed (whole games: the box score's rows are the season's).
 */
const seasonsOf = (
  from: string,
  withSums: boolean,
) => `SELECT g.entity_id, any_value(g.player_id) AS player_id, arg_max(g.row_team_id, g.date) AS team_id, arg_max(g.abbr, g.date) AS abbr,
    string_agg(DISTINCT g.abbr, '/' ORDER BY g.abbr) AS teams, g.season, g.season_type, count(*) AS games, max(g.date) AS last_date,
    arg_max(g.game_id, (g.date, g.game_id)) AS last_game_id${withSums ? `, ${sums('g.')}` : ''}
  FROM ${from} GROUP BY g.entity_id, g.season, g.season_type`;

/**
 * Season rows under possession filters or without garbage time: the player sums by season (sql/playerSums.ts, which
 * reads the pre-summed state tables for period and score filters), with the games, teams and last game of each
 * season in the game-level sample (a season without a possession under the filters is not a row).
 */
async function seasonSumsSql(db: StatsDb, q: FinderQuery, b: Params): Promise<string> {
  const isPlayer = q.of === 'player';
  const key = isPlayer ? 'player_id' : 'team_id';
  const sums = await playerSumsSql(db, q.filters, b, {
    groupBy: [key, 'season', 'season_type'],
    ...(q.player !== null && isPlayer ? { playerId: q.player } : {}),
    ...(q.team !== null ? { teamId: q.team } : {}),
  });
  return `SELECT s.${key} AS entity_id, gs.player_id, gs.team_id, gs.abbr, gs.teams, s.season, s.season_type, gs.games, gs.last_date, gs.last_game_id,
      ${sumsCounters('s', isPlayer ? 1 : 5)}
    FROM (${sums}) s JOIN (${seasonsOf(`(${baseGamesSql(q, b)}) g`, false)}) gs ON gs.entity_id = s.${key} AND gs.season = s.season AND gs.season_type = s.season_type`;
}

const sums = (a = '') => GAME_COUNTERS.map((c) => `sum(${a}${c})::DOUBLE AS ${c}`).join(', ');
const coalesced = (a: string) => GAME_COUNTERS.map((c) => `COALESCE(${a}.${c}, 0) AS ${c}`).join(', ');

export interface FinderSqlOptions {
  /** only rows with a game after this one: { date, gameId } (gameId null: after the date) */
  after: { date: string; gameId: number | null } | null;
  /** the season under way (an active streak reaches its entity's latest game in it), or null */
  inProgress: number | null;
  /** rows of the page (offset, limit), or every row up to the limit (CSV) */
  offset: number;
  limit: number;
}

/**
 * The finder's statement: the page's rows with `total` (every matching row's count) on each. Row columns:
 * entity_id, player_id, player_name, team_id, abbr, the mode's own (game: game_code, date, opp_abbr, is_home, won;
 * season: games, teams; streak: length, active; streak and span: start_date, end_date, first_game, last_game),
 * season, season_type, and every stat of FINDER_STATS.
 */
export async function finderSql(db: StatsDb, q: FinderQuery, b: Params, o: FinderSqlOptions): Promise<string> {
  const isPlayer = q.of === 'player';
  const g = await gameRowsSql(db, q, b);
  const perGame = q.per === 'game';
  let body: string;
  let sortable: Record<string, string>;
  if (isGameMode(q.mode)) {
    const value = (s: FinderStat) => statExpr(s, 'g', isPlayer, null);
    body = `SELECT g.entity_id, g.player_id, g.row_team_id AS team_id, g.abbr, g.season, g.season_type, g.game_id, g.date, g.opp_abbr, g.is_home, g.won,
        g.date AS last_date, g.game_id AS last_game_id, 1 AS games, ${statColumns(value)}
      FROM g WHERE ${and(conditionSql(q, b, value))}`;
    sortable = { date: 'date' };
  } else if (isSeasonMode(q.mode)) {
    const value = (s: FinderStat) => statExpr(s, 'y', isPlayer, perGame ? 'y.games' : null);
    body = `SELECT y.entity_id, y.player_id, y.team_id, y.abbr, y.teams, y.season, y.season_type, y.games, y.last_date, y.last_game_id,
        ${statColumns(value)}
      FROM (${readsBoxScore(q.filters) ? seasonsOf('g', true) : await seasonSumsSql(db, q, b)}) y
      WHERE ${and(conditionSql(q, b, value))}`;
    sortable = { games: 'games' };
  } else {
    // Each entity's games in order, with their counters under the filters (none: zeros). Whole games: the box
    // score's rows are those games already.
    const ordered = readsBoxScore(q.filters)
      ? `SELECT g.*, row_number() OVER (PARTITION BY g.entity_id ORDER BY g.date, g.game_id) AS rn, count(*) OVER (PARTITION BY g.entity_id) AS entity_games FROM g`
      : `SELECT base.*, ${coalesced('g')}, row_number() OVER (PARTITION BY base.entity_id ORDER BY base.date, base.game_id) AS rn,
        count(*) OVER (PARTITION BY base.entity_id) AS entity_games
      FROM (${baseGamesSql(q, b)}) base LEFT JOIN g ON g.entity_id = base.entity_id AND g.game_id = base.game_id`;
    if (q.mode === 'streaks') {
      const one = (s: FinderStat) => statExpr(s, 'j', isPlayer, null);
      const value = (s: FinderStat) => statExpr(s, 'k', isPlayer, 'k.length');
      const inProgress = o.inProgress === null ? 'FALSE' : `k.reaches_end AND k.end_season = ${b.bind(o.inProgress)}`;
      body = `SELECT k.entity_id, k.player_id, k.team_id, k.abbr, k.teams, k.season, k.season_type, k.length, k.length AS games,
          k.start_date, k.end_date, k.first_game, k.last_game, k.end_date AS last_date, k.last_game AS last_game_id, ${inProgress} AS active,
          ${statColumns(value)}
        FROM (SELECT r.entity_id, any_value(r.player_id) AS player_id, arg_max(r.team_id, r.rn) AS team_id, arg_max(r.abbr, r.rn) AS abbr,
                string_agg(DISTINCT r.abbr, '/' ORDER BY r.abbr) AS teams, arg_min(r.season, r.rn) AS season, arg_min(r.season_type, r.rn) AS season_type,
                count(*) AS length, min(r.date) AS start_date, max(r.date) AS end_date, arg_min(r.game_id, r.rn) AS first_game,
                arg_max(r.game_id, r.rn) AS last_game, max(r.rn) = any_value(r.entity_games) AS reaches_end, arg_max(r.season, r.rn) AS end_season, ${sums('r.')}
              FROM (SELECT j.*, j.rn - row_number() OVER (PARTITION BY j.entity_id ORDER BY j.rn) AS run
                      FROM (${ordered}) j WHERE ${and(conditionSql(q, b, one))}) r
             GROUP BY r.entity_id, r.run) k
        WHERE k.length >= 2`;
      sortable = { length: 'length' };
    } else {
      const n = q.span;
      const value = (a: string) => (s: FinderStat) => statExpr(s, a, isPlayer, perGame ? `${n}` : null);
      // First every run of n games with only the counters the conditions and the ranking read (a window sum per
      // counter over twenty seasons of player-games is the cost), each entity's best run kept; then every counter
      // summed over the best runs' games alone.
      const needed = [...new Set([...q.conditions.map((c) => c.stat), q.spanStat].flatMap((st) => STAT_COUNTERS[st]))];
      const win = `OVER (PARTITION BY j.entity_id ORDER BY j.rn ROWS BETWEEN ${n - 1} PRECEDING AND CURRENT ROW)`;
      const ranked = `${value('w')(q.spanStat)} ${q.dir === 'asc' ? 'ASC' : 'DESC'} NULLS LAST, w.rn DESC`;
      const first = (c: string) => `arg_min(j.${c}, j.rn)`;
      const last = (c: string) => `arg_max(j.${c}, j.rn)`;
      body = `WITH j AS (${ordered}),
        best AS (
          SELECT w.entity_id, w.rn FROM (SELECT j.entity_id, j.rn, count(*) ${win} AS n, ${needed.map((c) => `sum(j.${c}) ${win} AS ${c}`).join(', ')} FROM j) w
           WHERE ${and([`w.n = ${n}`, ...conditionSql(q, b, value('w'))])}
          QUALIFY row_number() OVER (PARTITION BY w.entity_id ORDER BY ${ranked}) = 1)
        SELECT w.entity_id, w.player_id, w.team_id, w.abbr, w.teams, w.season, w.season_type, ${n} AS games, w.start_date, w.end_date, w.first_game, w.last_game,
            w.end_date AS last_date, w.last_game AS last_game_id, ${statColumns(value('w'))}
          FROM (SELECT j.entity_id, ${last('player_id')} AS player_id, ${last('team_id')} AS team_id, ${last('abbr')} AS abbr,
                  CASE WHEN ${first('abbr')} <> ${last('abbr')} THEN ${first('abbr')} || '/' || ${last('abbr')} ELSE ${last('abbr')} END AS teams,
                  ${first('season')} AS season, ${first('season_type')} AS season_type, min(j.date) AS start_date, max(j.date) AS end_date,
                  ${first('game_id')} AS first_game, ${last('game_id')} AS last_game, ${sums('j.')}
                FROM best JOIN j ON j.entity_id = best.entity_id AND j.rn BETWEEN best.rn - ${n - 1} AND best.rn
               GROUP BY j.entity_id, best.rn) w`;
      sortable = {};
    }
  }
  const after = o.after
    ? o.after.gameId === null
      ? `x.last_date > ${b.bind(o.after.date)}::DATE`
      : `(x.last_date > ${b.bind(o.after.date)}::DATE OR (x.last_date = ${b.bind(o.after.date)}::DATE AND x.last_game_id > ${b.bind(o.after.gameId)}))`
    : '';
  const sortColumn = sortable[q.sort] ?? (isFinderStat(q.sort) ? q.sort : 'games');
  const dir = q.dir === 'asc' ? 'ASC' : 'DESC';
  const tieBreak = isGameMode(q.mode) ? 'x.date DESC, x.game_id DESC, x.entity_id' : 'x.last_date DESC, x.entity_id, x.season';
  return `WITH g AS (${g})
    SELECT x.*, ${isPlayer ? 'pl.name' : 'NULL::VARCHAR'} AS player_name, ${isGameMode(q.mode) ? 'gm.game_code' : 'NULL::VARCHAR AS game_code'},
           count(*) OVER () AS total
      FROM (${body}) x
      ${isPlayer ? 'LEFT JOIN players pl ON pl.player_id = x.entity_id' : ''}
      ${isGameMode(q.mode) ? 'JOIN games gm ON gm.game_id = x.game_id' : ''}
     WHERE ${and([after])}
     ORDER BY x.${sortColumn} ${dir} NULLS LAST, ${tieBreak}
     LIMIT ${b.bind(o.limit)} OFFSET ${b.bind(o.offset)}`;
}

/** A page row whose usage and net rating are filled afterwards: a player and the games of the row. */
export interface OnCourtKey {
  playerId: number;
  /** a season row: its season and type */
  season: number | null;
  seasonType: string | null;
  /** a game, streak or span row: its first and last date */
  from: string | null;
  to: string | null;
}

/**
 * Usage and net rating of the page's rows of a player's box-score query (see needsOnCourt): for each key (its
 * index i), the per-game totals of his games in the sample (the query's game-level filters) within the row's
 * season or dates, every possession counted. Columns: i, usg_pct, net_rtg.
 */
export function onCourtFillSql(q: FinderQuery, b: Params, keys: readonly OnCourtKey[]): string {
  const f = q.filters;
  const values = keys
    .map(
      (k, i) =>
        `(${b.bind(i)}::INTEGER, ${b.bind(k.playerId)}::INTEGER, ${b.bind(k.season)}::SMALLINT, ${b.bind(k.seasonType)}::VARCHAR, ${b.bind(k.from)}::DATE, ${b.bind(k.to)}::DATE)`,
    )
    .join(', ');
  const where = and([...seasonConditions(f, b, 'pg'), ...teamGameConditions(f, b, 'tg')]);
  return `SELECT x.i, ${statExpr('usg_pct', 'x', true, null)} AS usg_pct, ${statExpr('net_rtg', 'x', true, null)} AS net_rtg
    FROM (SELECT k.i, sum(pg.fga) AS fga, sum(pg.tov) AS tov, ${onCourtSums('t')}
            FROM (VALUES ${values}) k(i, player_id, season, season_type, from_date, to_date)
            JOIN player_games pg ON pg.player_id = k.player_id
              AND (k.season IS NULL OR (pg.season = k.season AND pg.season_type = k.season_type))
              AND (k.from_date IS NULL OR pg.date BETWEEN k.from_date AND k.to_date)
            JOIN team_games tg ON tg.game_id = pg.game_id AND tg.team_id = pg.team_id
            JOIN (SELECT t.game_id, t.player_id, ${onCourtSums('t')}
                    FROM player_game_totals t WHERE t.player_id IN (SELECT player_id FROM (VALUES ${values}) v(i, player_id, season, season_type, from_date, to_date))
                   GROUP BY t.game_id, t.player_id) t ON t.game_id = pg.game_id AND t.player_id = pg.player_id
           WHERE ${where}
           GROUP BY k.i) x`;
}
