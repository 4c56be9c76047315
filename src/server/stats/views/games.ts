/**
 * Game views: Game team (both teams' numbers in the game) and Game preview (both teams' season-to-date numbers
 * before the game date).
 */
import type { AppliedFilters, DataQuery } from '../../../lib/params/apiParams';
import { teamByTeamId, teamInSeason } from '../../../lib/league/franchises';
import { seasonLabel } from '../../../lib/filters/filterDefinitions';
import type { StatsDb, Row } from '../../db/statsDb';
import { teamValues, type Values } from '../metrics/formulas';
import { teamSumsBy } from '../sql/sums';
import { leagueHalfcourtPpp, plainRows, teamSums, type SetRows, setsOf } from './shared';
import type { GameRef } from '../entities/entities';

const teamId = (g: GameRef) => [g.away_team_id, g.home_team_id];

function rowsFor(q: DataQuery, entries: { id: Row; v: Values }[]): SetRows {
  const out: SetRows = {};
  for (const def of setsOf(q, q.page)) out[def.value] = plainRows(def, entries);
  return out;
}

// `team` is today's abbreviation (links to the team page); the name is the one of that season.
const idOf = (team: number, g: GameRef): Row => ({
  team: teamByTeamId(team)?.abbr ?? null,
  name: teamInSeason(team, g.season)?.name ?? null,
  home: team === g.home_team_id,
});

/** Game team: one row per team (away first), its offensive numbers in the game. */
export async function gameTeamView(db: StatsDb, q: DataQuery, g: GameRef): Promise<SetRows> {
  const f: AppliedFilters = { ...q.filters, seasons: [g.season], seasonTypes: [g.season_type as 'regular'] };
  const [rows, hcPpp] = await Promise.all([
    teamSumsBy(db, f, { persp: 'offense', groupBy: ['team_id'], extra: (b) => [`p.game_id = ${b.bind(g.game_id)}`] }),
    leagueHalfcourtPpp(db, { ...q.filters, seasons: [g.season] }),
  ]);
  const byTeam = new Map(rows.map((r) => [Number(r.team_id), teamSums(r)]));
  const entries = teamId(g).flatMap((t) => {
    const s = byTeam.get(t);
    if (!s) return [];
    const opp = byTeam.get(t === g.home_team_id ? g.away_team_id : g.home_team_id) ?? null;
    return [{ id: idOf(t, g), v: teamValues(s, { leagueHcPpp: hcPpp, opp }) }];
  });
  return rowsFor(q, entries);
}

/** The day before a YYYY-MM-DD date. */
export function dayBefore(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
}

/**
 * Game preview: each team's numbers over its games of that season (regular season and playoffs) played before
 * the game date. Offense side: the team's own possessions; defense side: its opponents' possessions.
 */
export async function gamePreviewView(db: StatsDb, q: DataQuery, g: GameRef): Promise<{ data: SetRows; note?: string }> {
  const before = dayBefore(g.date);
  const f: AppliedFilters = {
    ...q.filters,
    seasons: [g.season],
    seasonTypes: ['regular', 'playoffs'],
    endDate: q.filters.endDate && q.filters.endDate < before ? q.filters.endDate : before,
  };
  const teams = teamId(g);
  const inTeams = (col: string) => (b: import('../sql/sql').Params) => [`p.${col} IN ${b.list(teams)}`];
  const [offense, defense, hcPpp] = await Promise.all([
    teamSumsBy(db, f, { persp: 'offense', groupBy: ['team_id'], extra: inTeams('off_team_id') }),
    teamSumsBy(db, f, { persp: 'defense', groupBy: ['team_id'], extra: inTeams('def_team_id') }),
    leagueHalfcourtPpp(db, f),
  ]);
  const off = new Map(offense.map((r) => [Number(r.team_id), teamSums(r)]));
  const def = new Map(defense.map((r) => [Number(r.team_id), teamSums(r)]));
  const [mine, theirs] = q.side === 'offense' ? [off, def] : [def, off];
  const entries = teams.flatMap((t) => {
    const s = mine.get(t);
    if (!s) return [];
    return [{ id: { ...idOf(t, g), before }, v: teamValues(s, { leagueHcPpp: hcPpp, opp: theirs.get(t) ?? null }) }];
  });
  // A season's first game for both teams has nothing before it: the table says so (not "no rows in" the filter's season).
  if (entries.length === 0) {
    const [played] = await db.query(
      `SELECT count(*)::INTEGER AS n FROM games
        WHERE season = $1 AND date < $2::DATE AND (home_team_id IN ($3, $4) OR away_team_id IN ($3, $4))`,
      [g.season, g.date, g.home_team_id, g.away_team_id],
    );
    if (Number(played?.n) === 0) {
      return { data: rowsFor(q, entries), note: `No games before this one in ${seasonLabel(g.season)}: neither team had played yet.` };
    }
  }
  return { data: rowsFor(q, entries) };
}
