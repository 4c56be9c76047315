/**
 * On/off (METRICS.md "On/off sets"): for a player, his team's numbers (offense perspective) or his opponents'
 * numbers (defense perspective) over the possessions he was on court for, and over the team's other
 * possessions in the same sample ("off" = the team's totals for the team-seasons he played in, minus "on").
 */
import type { AppliedFilters } from '../../../lib/apiParams';
import { TEAM_COUNTERS, emptySums, pick, subtract, type TeamSums } from '../counters';
import type { Perspective } from '../filterSql';
import { teamValues, type Values } from '../formulas';
import { onCourtSumsBy, teamSumsBy } from '../sums';
import { leagueHalfcourtPpp } from './shared';
import type { StatsDb } from '../../db/statsDb';

export interface OnOffEntry {
  player_id: number;
  season: number | null;
  on: Values;
  off: Values;
  onSums: TeamSums;
}

/**
 * On/off values per player (or per player and season when bySeason), keyed `${player_id}` or
 * `${player_id}|${season}`. `teamId` limits to one team's players, `playerId` to one player.
 */
export async function onOffEntries(db: StatsDb, 
  f: AppliedFilters,
  persp: Perspective,
  o: { playerId?: number; teamId?: number; bySeason?: boolean },
): Promise<Map<number | string, OnOffEntry>> {
  const [onRows, teamRows, hcPpp] = await Promise.all([
    onCourtSumsBy(db, f, { persp, groupBy: ['player_id', 'team_id', 'season', 'season_type'], playerId: o.playerId, teamId: o.teamId }),
    teamSumsBy(db, f, {
      persp,
      groupBy: ['team_id', 'season', 'season_type'],
      extra: o.teamId === undefined ? undefined : (b) => [`p.${persp === 'offense' ? 'off_team_id' : 'def_team_id'} = ${b.bind(o.teamId!)}`],
    }),
    leagueHalfcourtPpp(db, f),
  ]);
  const teamTotals = new Map(teamRows.map((r) => [`${r.team_id}|${r.season}|${r.season_type}`, pick(r, TEAM_COUNTERS)]));
  const acc = new Map<number | string, { player_id: number; season: number | null; on: TeamSums; total: TeamSums }>();
  for (const r of onRows) {
    const pid = Number(r.player_id);
    const key = o.bySeason ? `${pid}|${r.season}` : pid;
    let a = acc.get(key);
    if (!a) acc.set(key, (a = { player_id: pid, season: o.bySeason ? Number(r.season) : null, on: emptySums(TEAM_COUNTERS), total: emptySums(TEAM_COUNTERS) }));
    const total = teamTotals.get(`${r.team_id}|${r.season}|${r.season_type}`);
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
      on: teamValues(a.on, { leagueHcPpp: hcPpp }),
      off: teamValues(off, { leagueHcPpp: hcPpp }),
      onSums: a.on,
    });
  }
  return out;
}
