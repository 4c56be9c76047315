/**
 * On/off (METRICS.md "On/off sets"): for a player, his team's numbers (offense perspective) or his opponents'
 * numbers (defense perspective) over the possessions he was on court for, and over the team's other
 * possessions in the same sample ("off" = the team's totals for the team-seasons he played in, minus "on").
 *
 * A player who played for several teams in a season (traded, or waived and signed) is on the roster of each
 * only for part of it ("Off 9,581 poss" summed two teams' whole seasons): for him, a team's "on + off"
 * is that team's possessions in the games of his stints with it (src/server/statsSchema/derivedTables.ts spanGamesSql);
 * a player of one team keeps the team's whole season. On/off pages show one row per team he played for.
 */
import { LRUCache } from 'lru-cache';
import type { AppliedFilters } from '../../../lib/params/apiParams';
import { TEAM_COUNTERS, emptySums, pick, subtract, sumColumns, type TeamCounter, type TeamSums } from '../metrics/counters';
import { needsPossessions, needsTeamGames, sampleConditions, type Perspective } from '../sql/filterSql';
import { netValues, teamValues, type Values } from '../metrics/formulas';
import { onCourtSumsSql, teamSumsSql } from '../sql/sums';
import type { GroupKey } from '../sql/groups';
import { and, Params } from '../sql/sql';
import { leagueBaseline, leagueHalfcourtPpp } from './shared';
import { onStatsDbChange, type StatsDb } from '../../db/statsDb';
import { sharedLookup } from '../entities/sharedLookup';
import { referencePaths } from '../sql/plan';
import { spanGamesSql } from '../../statsSchema/derivedTables';
import { teamSeasonsOfPlayer } from '../sql/entityScope';

export interface OnOffEntry {
  player_id: number;
  season: number | null;
  /** the team (perTeam), else null */
  team_id: number | null;
  on: Values;
  off: Values;
  onSums: TeamSums;
  offSums: TeamSums;
}

/**
 * The common table expressions `team_totals` (a team's sums per team, season and season type) and `span_totals`
 * (the team totals of the players of several teams in a season, per player, team, season and season type: the
 * team's sums over the games of his span with it, span_games), in the sample. Their values
 * are bound in b.
 *
 * With season, season type and garbage filters only, the spans' sums the ingest keeps (aggregates.ts
 * season_span_sums). For one player who played for one team in each season of the sample, no spans: the team
 * totals are the team's sums by season. Otherwise both come from one CTE of the team's sums per game,
 * `team_game_sums`: the team totals are its sums by season, the spans' its sums over their games (span_games).
 * The reference paths compute the team totals apart and the spans' games afresh (spanGamesSql), which planPaths
 * compares.
 */
async function teamAndSpanTotalsSql(db: StatsDb, f: AppliedFilters, b: Params, persp: Perspective, o: EntryOptions): Promise<string[]> {
  const counters = o.counters ?? TEAM_COUNTERS;
  const teamSums = (groupBy: readonly GroupKey[]) => teamSumsSql(db, f, b, { persp, groupBy, teamId: o.teamId, teamsOfPlayer: o.playerId, counters });
  if (!needsPossessions(f) && !needsTeamGames(f) && !referencePaths(db)) {
    // Season, season type and garbage time only: the spans' sums the ingest keeps (aggregates.ts season_span_sums).
    const where = and([
      ...sampleConditions(f, b, 's'),
      `s.is_offense = ${persp === 'offense' ? 'TRUE' : 'FALSE'}`,
      o.playerId !== undefined ? `s.player_id = ${b.bind(o.playerId)}` : '',
      o.teamId !== undefined ? `s.team_id = ${b.bind(o.teamId)}` : '',
    ]);
    return [
      `team_totals AS (${await teamSums(['team_id', 'season', 'season_type'])})`,
      `span_totals AS (SELECT s.player_id, s.team_id, s.season, s.season_type, ${sumColumns(counters, 's')}
        FROM season_span_sums s WHERE ${where} GROUP BY s.player_id, s.team_id, s.season, s.season_type)`,
    ];
  }
  if (o.playerId !== undefined && !referencePaths(db) && !(await playedForSeveralTeams(db, o.playerId, f.seasons))) {
    // One player of one team in every season: no spans, and his team's totals are its season sums (pre-summed
    // where the filters allow), not its per-game sums summed again (a statement about half as long to plan,
    // which is most of its time: 24 of 27 ms for a player's 16 seasons with a period and a score range).
    return [
      `team_totals AS (${await teamSums(['team_id', 'season', 'season_type'])})`,
      `span_totals AS (SELECT NULL::INTEGER AS player_id, t.* FROM team_totals t WHERE FALSE)`,
    ];
  }
  const byGame = await teamSums(['team_id', 'season', 'season_type', 'game_id']);
  const spanWhere = and([`season IN ${b.list(f.seasons)}`, o.playerId !== undefined ? `player_id = ${b.bind(o.playerId)}` : '']);
  // The spans' games as the ingest keeps them (span_games); the reference paths compute them afresh, and the team
  // totals apart from the per-game sums (planPaths compares).
  const spanGames = referencePaths(db) ? spanGamesSql(spanWhere) : `SELECT * FROM span_games WHERE ${spanWhere}`;
  const teamTotals = referencePaths(db)
    ? await teamSums(['team_id', 'season', 'season_type'])
    : `SELECT g.team_id, g.season, g.season_type, ${sumColumns(counters, 'g')} FROM team_game_sums g GROUP BY g.team_id, g.season, g.season_type`;
  return [
    `team_game_sums AS (${byGame})`,
    `team_totals AS (${teamTotals})`,
    `span_totals AS (
      SELECT s.player_id, s.team_id, s.season, s.season_type, ${sumColumns(counters, 't')}
        FROM (${spanGames}) s
        JOIN team_game_sums t ON t.team_id = s.team_id AND t.game_id = s.game_id
       GROUP BY s.player_id, s.team_id, s.season, s.season_type)`,
  ];
}

/**
 * Whether the player played for more than one team in a season of the sample. His spans (spanGamesSql) are
 * his teams of more than one in a season and season type of player_games; player_seasons.team_ids lists his
 * player_games teams of each season and season type, so one team in each season (any season type) means no span.
 * (Several teams across a season's types, with one each, is "several" here: the spans' path then, which is exact
 * too.)
 */
async function playedForSeveralTeams(db: StatsDb, playerId: number, seasons: readonly number[]): Promise<boolean> {
  const teams = new Map<number, Set<number>>();
  for (const r of await teamSeasonsOfPlayer(db, playerId, seasons)) teams.set(r.season, (teams.get(r.season) ?? new Set()).add(r.team_season));
  return [...teams.values()].some((t) => t.size > 1);
}

/** What onOffEntries computes: whose entries, grouped how, and which counters. */
export interface EntryOptions {
  /** one player's entries */
  playerId?: number;
  /** one team's players */
  teamId?: number;
  bySeason?: boolean;
  perTeam?: boolean;
  /**
   * Sum only these counters (metrics/formulas.ts teamCountersFor): the entries' values are then right only for the
   * columns computed from them. Default: every team counter.
   */
  counters?: readonly TeamCounter[];
  /**
   * Only the entries with at least this many possessions on court (a percentile pool, which ranks the qualified
   * entries only): the rest are not summed into values at all.
   */
  minOnPossessions?: number;
}

/** The groups of an on/off entry: a player, by season, by team. */
function entryKeys(o: { bySeason?: boolean; perTeam?: boolean }): string[] {
  return ['player_id', ...(o.bySeason ? ['season'] : []), ...(o.perTeam ? ['team_id'] : [])];
}

/**
 * On/off values per player (or per player and season when bySeason, and per team when perTeam), keyed
 * `${player_id}`, `${player_id}|${season}` or `${player_id}|${season}|${team_id}`. `teamId` limits to one
 * team's players, `playerId` to one player.
 *
 * One statement: the on-court sums per player, team, season and season type, each joined to its team total
 * (a player of several teams that season: his team's games while he was there; else the team's whole season),
 * then both summed per entry, so that a few rows per player come back instead of one per team-season.
 */
export async function onOffEntries(db: StatsDb, f: AppliedFilters, persp: Perspective, o: EntryOptions): Promise<Map<number | string, OnOffEntry>> {
  const b = new Params();
  const counters = o.counters ?? TEAM_COUNTERS;
  const onCourt = await onCourtSumsSql(db, f, b, {
    persp,
    groupBy: ['player_id', 'team_id', 'season', 'season_type'],
    playerId: o.playerId,
    teamId: o.teamId,
    counters,
  });
  const totals = await teamAndSpanTotalsSql(db, f, b, persp, o);
  const keys = entryKeys(o);
  const sql = `WITH on_court AS (${onCourt}), ${totals.join(', ')}
    SELECT ${keys.map((k) => `o.${k}`).join(', ')}, ${sumColumns(counters, 'o', 'on_')},
      ${counters.map((c) => `COALESCE(SUM(COALESCE(s.${c}, t.${c})), 0)::DOUBLE AS total_${c}`).join(', ')}
      FROM on_court o
      LEFT JOIN span_totals s ON s.player_id = o.player_id AND s.team_id = o.team_id AND s.season = o.season AND s.season_type = o.season_type
      LEFT JOIN team_totals t ON t.team_id = o.team_id AND t.season = o.season AND t.season_type = o.season_type
     GROUP BY ${keys.map((k) => `o.${k}`).join(', ')}${o.minOnPossessions ? ` HAVING SUM(o.possessions) >= ${b.bind(o.minOnPossessions)}` : ''}`;
  const [rows, hcPpp] = await Promise.all([db.query(sql, b.values), leagueHalfcourtPpp(db, f, counters)]);
  const out = new Map<number | string, OnOffEntry>();
  for (const r of rows) {
    const pid = Number(r.player_id);
    const season = o.bySeason ? Number(r.season) : null;
    const team = o.perTeam ? Number(r.team_id) : null;
    const key = o.bySeason ? `${pid}|${season}${o.perTeam ? `|${team}` : ''}` : o.perTeam ? `${pid}|${team}` : pid;
    const on = pick(r, TEAM_COUNTERS, 'on_');
    const off = subtract(pick(r, TEAM_COUNTERS, 'total_'), on);
    out.set(key, {
      player_id: pid,
      season,
      team_id: team,
      on: teamValues(on, { leagueHcPpp: hcPpp }),
      off: teamValues(off, { leagueHcPpp: hcPpp }),
      onSums: on,
      offSums: off,
    });
  }
  return out;
}

/**
 * onOffEntries of the side shown, each with the net rating on and off (raw, luck-adjusted, margin of error:
 * formulas.ts netValues) from the same entries at the other end: the team's offense with him on (off) and its
 * defense with him on (off). Two passes, one per end, over the team's or the player's possessions only;
 * one (no net) when `withNet` is false (the sets asked for have no net rating).
 */
export async function onOffEntriesWithNet(
  db: StatsDb,
  f: AppliedFilters,
  persp: Perspective,
  o: EntryOptions,
  withNet = true,
): Promise<Map<number | string, OnOffEntry>> {
  if (!withNet) return onOffEntries(db, f, persp, o);
  const [shown, other, league] = await Promise.all([
    onOffEntries(db, f, persp, o),
    onOffEntries(db, f, persp === 'offense' ? 'defense' : 'offense', o),
    leagueBaseline(db, f),
  ]);
  const none = emptySums(TEAM_COUNTERS);
  for (const [key, e] of shown) {
    const x = other.get(key);
    const ends = (mine: TeamSums, theirs: TeamSums) => (persp === 'offense' ? [mine, theirs] : [theirs, mine]) as [TeamSums, TeamSums];
    Object.assign(e.on, netValues(...ends(e.onSums, x?.onSums ?? none), league.shooting));
    Object.assign(e.off, netValues(...ends(e.offSums, x?.offSums ?? none), league.shooting));
  }
  return shown;
}

const leaguePools = new LRUCache<string, Promise<Map<number | string, OnOffEntry>>>({ max: 64 });
/** The pools kept for each sample, side and grouping (the key without the counters and the minimum): what each sums. */
const poolsOfSample = new LRUCache<string, PoolSpec[]>({ max: 64 });
onStatsDbChange(() => {
  leaguePools.clear();
  poolsOfSample.clear();
});

interface PoolSpec {
  key: string;
  counters: readonly TeamCounter[];
  minOnPossessions: number;
}

/**
 * Every player's on/off entries of a sample (by season when `bySeason`): the league pool the on/off pages rank a
 * team's or a player's rows in, and the players table's on/off sets. The same for every team and player page of
 * the same filters and side, so it is memoised across requests (64 pools, until the stats file changes); the
 * reference paths (plan.ts) compute it afresh. `counters` and `minOnPossessions` as in onOffEntries: a pool
 * that only ranks a few columns of its qualified entries sums only those.
 *
 * A pool kept for the same filters, side and grouping serves a request whose counters it sums all of and whose
 * minimum is at least its own (its entries below the request's minimum left out, as the HAVING of onOffEntries
 * leaves them out): a metric set's columns are computed from its counters alone (formulas.ts teamCountersFor), so
 * a team page of Four factors ranks in the pool a players table of Shooting overall summed, and a player's on/off
 * page in its team page's. E.g. the players table's on/off sets (every entry, minimum 0) serve every on/off page
 * of the same filters and side.
 */
export function leagueOnOffEntries(
  db: StatsDb,
  f: AppliedFilters,
  persp: Perspective,
  o: Pick<EntryOptions, 'bySeason' | 'counters' | 'minOnPossessions'>,
): Promise<Map<number | string, OnOffEntry>> {
  if (referencePaths(db)) return onOffEntries(db, f, persp, o);
  const counters = o.counters ?? TEAM_COUNTERS;
  const min = o.minOnPossessions ?? 0;
  const sampleKey = JSON.stringify([f, persp, o.bySeason ?? false]);
  const specs = (poolsOfSample.get(sampleKey) ?? []).filter((s) => leaguePools.has(s.key));
  const kept = specs.find((s) => s.minOnPossessions <= min && counters.every((c) => s.counters.includes(c)));
  if (kept) {
    const pool = sharedLookup(db, leaguePools, kept.key, () =>
      onOffEntries(db, f, persp, { bySeason: o.bySeason, counters: kept.counters, minOnPossessions: kept.minOnPossessions || undefined }),
    );
    return kept.minOnPossessions === min ? pool : pool.then((entries) => atLeast(entries, min));
  }
  const spec: PoolSpec = { key: JSON.stringify([sampleKey, counters, min]), counters, minOnPossessions: min };
  poolsOfSample.set(sampleKey, [...specs, spec]);
  return sharedLookup(db, leaguePools, spec.key, () => onOffEntries(db, f, persp, o));
}

/** The entries with at least `min` possessions on court (onOffEntries' HAVING). */
function atLeast(entries: Map<number | string, OnOffEntry>, min: number): Map<number | string, OnOffEntry> {
  const out = new Map<number | string, OnOffEntry>();
  for (const [key, e] of entries) if (e.onSums.possessions >= min) out.set(key, e);
  return out;
}
