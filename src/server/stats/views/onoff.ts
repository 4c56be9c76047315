/**
 * On/off (METRICS.md "On/off sets"): for a player, his team's numbers (offense perspective) or his opponents'
 * numbers (defense perspective) over the possessions he was on court for, and over the team's other
 * possessions in the same sample ("off" = the team's totals for the team-seasons he played in, minus "on").
 *
 * A player who played for several teams in a season (traded, or waived and signed) is on the roster of each
 * only for part of it (issue 26: "Off 9,581 poss" summed two teams' whole seasons): for him, a team's "on + off"
 * is that team's possessions in its games from his first to his last game for it that season and season type;
 * a player of one team keeps the team's whole season. On/off pages show one row per team he played for.
 */
import { LRUCache } from 'lru-cache';
import type { AppliedFilters } from '../../../lib/apiParams';
import { TEAM_COUNTERS, emptySums, pick, subtract, type TeamSums } from '../metrics/counters';
import type { Perspective } from '../sql/filterSql';
import { netValues, teamValues, type Values } from '../metrics/formulas';
import { onCourtSumsBy, teamSumsBy, teamSumsSql } from '../sql/sums';
import { Params } from '../sql/sql';
import { sumColumns } from '../metrics/counters';
import { leagueBaseline, leagueHalfcourtPpp } from './shared';
import { onStatsDbChange, type Row, type StatsDb } from '../../db/statsDb';
import { sharedLookup } from '../entities/sharedLookup';
import { referencePaths } from '../sql/plan';

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
 * The team totals of the players of several teams in a season, per player, team, season and season type: the
 * team's sums over its games from his first to his last game for it (player_games), in the sample.
 */
async function rosterSpanTotals(db: StatsDb, f: AppliedFilters, persp: Perspective, o: { playerId?: number; teamId?: number }): Promise<Row[]> {
  const b = new Params();
  const byGame = await teamSumsSql(db, f, b, {
    persp,
    groupBy: ['team_id', 'season', 'season_type', 'game_id'],
    teamId: o.teamId,
  });
  const sql = `WITH team_game_sums AS (${byGame}),
    spans AS (
      SELECT player_id, team_id, season, season_type, min(date) AS first_date, max(date) AS last_date
        FROM player_games
       WHERE season IN ${b.list(f.seasons)}${o.playerId !== undefined ? ` AND player_id = ${b.bind(o.playerId)}` : ''}
       GROUP BY player_id, team_id, season, season_type
      QUALIFY count(*) OVER (PARTITION BY player_id, season, season_type) > 1)
    SELECT s.player_id, s.team_id, s.season, s.season_type, ${sumColumns(TEAM_COUNTERS, 't')}
      FROM spans s
      JOIN team_game_sums t ON t.team_id = s.team_id AND t.season = s.season AND t.season_type = s.season_type
      JOIN games g ON g.game_id = t.game_id AND g.date BETWEEN s.first_date AND s.last_date
     GROUP BY s.player_id, s.team_id, s.season, s.season_type`;
  return db.query(sql, b.values);
}

/**
 * On/off values per player (or per player and season when bySeason, and per team when perTeam), keyed
 * `${player_id}`, `${player_id}|${season}` or `${player_id}|${season}|${team_id}`. `teamId` limits to one
 * team's players, `playerId` to one player.
 */
export async function onOffEntries(db: StatsDb,
  f: AppliedFilters,
  persp: Perspective,
  o: { playerId?: number; teamId?: number; bySeason?: boolean; perTeam?: boolean },
): Promise<Map<number | string, OnOffEntry>> {
  const [onRows, teamRows, spanRows, hcPpp] = await Promise.all([
    onCourtSumsBy(db, f, { persp, groupBy: ['player_id', 'team_id', 'season', 'season_type'], playerId: o.playerId, teamId: o.teamId }),
    teamSumsBy(db, f, {
      persp,
      groupBy: ['team_id', 'season', 'season_type'],
      teamId: o.teamId,
    }),
    rosterSpanTotals(db, f, persp, o),
    leagueHalfcourtPpp(db, f),
  ]);
  const teamTotals = new Map(teamRows.map((r) => [`${r.team_id}|${r.season}|${r.season_type}`, pick(r, TEAM_COUNTERS)]));
  const spanTotals = new Map(spanRows.map((r) => [`${r.player_id}|${r.team_id}|${r.season}|${r.season_type}`, pick(r, TEAM_COUNTERS)]));
  const acc = new Map<number | string, { player_id: number; season: number | null; team_id: number | null; on: TeamSums; total: TeamSums }>();
  for (const r of onRows) {
    const pid = Number(r.player_id);
    const team = o.perTeam ? Number(r.team_id) : null;
    const key = o.bySeason ? `${pid}|${r.season}${o.perTeam ? `|${team}` : ''}` : o.perTeam ? `${pid}|${team}` : pid;
    let a = acc.get(key);
    if (!a) acc.set(key, (a = { player_id: pid, season: o.bySeason ? Number(r.season) : null, team_id: team, on: emptySums(TEAM_COUNTERS), total: emptySums(TEAM_COUNTERS) }));
    const spanKey = `${pid}|${r.team_id}|${r.season}|${r.season_type}`;
    // A player of several teams that season: his team's games while he was there; else its whole season.
    const total = spanRows.length && spanTotals.has(spanKey) ? spanTotals.get(spanKey) : teamTotals.get(`${r.team_id}|${r.season}|${r.season_type}`);
    for (const c of TEAM_COUNTERS) {
      a.on[c] += Number(r[c] ?? 0);
      if (total) a.total[c] += total[c];
    }
  }
  const out = new Map<number | string, OnOffEntry>();
  for (const [key, a] of acc) {
    const off = subtract(a.total, a.on);
    out.set(key, {
      player_id: a.player_id,
      season: a.season,
      team_id: a.team_id,
      on: teamValues(a.on, { leagueHcPpp: hcPpp }),
      off: teamValues(off, { leagueHcPpp: hcPpp }),
      onSums: a.on,
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
export async function onOffEntriesWithNet(db: StatsDb,
  f: AppliedFilters,
  persp: Perspective,
  o: { playerId?: number; teamId?: number; bySeason?: boolean; perTeam?: boolean },
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
onStatsDbChange(() => leaguePools.clear());

/**
 * Every player's on/off entries of a sample (by season when `bySeason`): the league pool the on/off pages rank a
 * team's or a player's rows in, and the players table's on/off sets. The same for every team and player page of
 * the same filters and side, so it is memoised across requests (64 pools, until the stats file changes); the
 * reference paths (plan.ts) compute it afresh.
 */
export function leagueOnOffEntries(db: StatsDb, f: AppliedFilters, persp: Perspective, bySeason: boolean): Promise<Map<number | string, OnOffEntry>> {
  if (referencePaths(db)) return onOffEntries(db, f, persp, { bySeason });
  return sharedLookup(leaguePools, JSON.stringify([f, persp, bySeason]), () => onOffEntries(db, f, persp, { bySeason }));
}
