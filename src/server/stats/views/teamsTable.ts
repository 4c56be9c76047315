/**
 * The teams table (/stats/teams): one row per team in the sample with its offense, its defense (the opponents'
 * possessions against it), ratings, pace and record, plus the league-average row. Every number comes from the
 * same summed counters as the other views (teamSumsBy, formulas.ts); the record from team_games.
 * Ranks (1 = best, or highest where the column describes style) and percentiles among the teams: rankColumn.
 */
import type { AppliedFilters } from '../../../lib/params/apiParams';
import type { Better } from '../../../lib/tables/columnMeta';
import { sortRows, type SortValue } from '../../../lib/tables/sortRows';
import type { TeamsTableQuery } from '../../../lib/params/teamsTableParams';
import { teamByTeamId, teamInSeason } from '../../../lib/league/franchises';
import type { Row, StatsDb } from '../../db/statsDb';
import { needsTeamGames, sampleConditions, teamGameConditions } from '../sql/filterSql';
import { pct, round, teamValues, type Values } from '../metrics/formulas';
import { and, Params } from '../sql/sql';
import { teamSumsBy } from '../sql/sums';
import { leagueHalfcourtPpp, teamSums } from './shared';

export interface TeamsTableRow {
  abbr: string;
  name: string;
  games: number;
  /** overview values (wins, ortg, opp_efg_pct ...) */
  overview: Values;
  /** the team's own possessions (all team-set columns) */
  offense: Values;
  /** its opponents' possessions against it */
  defense: Values;
}

export interface TeamsTable {
  teams: TeamsTableRow[];
  league: TeamsTableRow;
}

function overviewOf(off: Values, def: Values, offPoss: number, defPoss: number, seconds: number, rec: { games: number; wins: number } | null): Values {
  const ortg = off.pts_per_poss ?? null;
  const drtg = def.pts_per_poss ?? null;
  return {
    wins: rec ? rec.wins : null,
    losses: rec ? rec.games - rec.wins : null,
    win_pct: rec ? pct(rec.wins, rec.games) : null,
    ortg,
    drtg,
    net: ortg === null || drtg === null ? null : ortg - drtg,
    // Both sides' possessions share the team's clock: pace = possessions per team per 48 minutes.
    pace: seconds === 0 ? null : (1440 * (offPoss + defPoss)) / seconds,
    efg_pct: off.efg_pct ?? null,
    tov_pct: off.tov_pct ?? null,
    orb_pct: off.orb_pct ?? null,
    ft_rate: off.ft_rate ?? null,
    opp_efg_pct: def.efg_pct ?? null,
    opp_tov_pct: def.tov_pct ?? null,
    drb_pct: def.orb_pct === null || def.orb_pct === undefined ? null : 100 - def.orb_pct,
    opp_ft_rate: def.ft_rate ?? null,
  };
}

const rounded = (v: Values): Values => Object.fromEntries(Object.entries(v).map(([k, x]) => [k, round(x ?? null)]));

async function records(db: StatsDb, f: AppliedFilters): Promise<Map<number, { games: number; wins: number }>> {
  const b = new Params();
  const where = and([...sampleConditions({ ...f, filterOutGarbageTime: false }, b, 'tg'), ...(needsTeamGames(f) ? teamGameConditions(f, b, 'tg') : [])]);
  const rows = await db.query<{ team_id: number; games: number; wins: number }>(
    `SELECT tg.team_id, count(*)::INTEGER AS games, count(*) FILTER (WHERE tg.won)::INTEGER AS wins FROM team_games tg WHERE ${where} GROUP BY tg.team_id`,
    b.values,
  );
  return new Map(rows.map((r) => [Number(r.team_id), { games: Number(r.games), wins: Number(r.wins) }]));
}

export async function teamsTable(db: StatsDb, f: AppliedFilters): Promise<TeamsTable> {
  const [off, def, league, rec, hcPpp] = await Promise.all([
    teamSumsBy(db, f, { persp: 'offense', groupBy: ['team_id'] }),
    teamSumsBy(db, f, { persp: 'defense', groupBy: ['team_id'] }),
    teamSumsBy(db, f, { persp: 'offense', groupBy: [] }),
    records(db, f),
    leagueHalfcourtPpp(db, f),
  ]);
  const defBy = new Map(def.map((r) => [Number(r.team_id), r]));
  const teams: TeamsTableRow[] = [];
  for (const o of off) {
    const team = teamByTeamId(Number(o.team_id));
    const d = defBy.get(Number(o.team_id));
    if (!team || !d || Number(o.possessions) === 0) continue;
    const os = teamSums(o);
    const ds = teamSums(d);
    const ov = teamValues(os, { leagueHcPpp: hcPpp, opp: ds });
    const dv = teamValues(ds, { leagueHcPpp: hcPpp, opp: os });
    const r = rec.get(team.teamId) ?? null;
    teams.push({
      abbr: team.abbr,
      // one season: the name of that season (2012-13: the New Orleans Hornets); several: today's
      name: f.seasons.length === 1 ? teamInSeason(team, f.seasons[0]!).name : team.name,
      games: r?.games ?? 0,
      overview: rounded(overviewOf(ov, dv, os.possessions, ds.possessions, os.seconds + ds.seconds, r)),
      offense: rounded(ov),
      defense: rounded(dv),
    });
  }
  teams.sort((a, b) => Number(b.overview.net ?? -Infinity) - Number(a.overview.net ?? -Infinity) || a.name.localeCompare(b.name));
  const ls = teamSums(league[0] ?? ({} as Row));
  const lv = teamValues(ls, { leagueHcPpp: hcPpp });
  // The league's offense and defense are the same possessions seen from both ends.
  const leagueRow: TeamsTableRow = {
    abbr: '',
    name: 'League average',
    games: 0,
    overview: rounded({ ...overviewOf(lv, lv, ls.possessions, ls.possessions, 2 * ls.seconds, null), wins: null, losses: null, win_pct: null }),
    offense: rounded(lv),
    defense: rounded(lv),
  };
  return { teams, league: leagueRow };
}

/** The values a row shows in the chosen set: both sides for the overview, else the chosen side's. */
export function teamsSetValues(q: Pick<TeamsTableQuery, 'set' | 'side'>, r: TeamsTableRow): Values {
  return q.set.value === 'overview' ? r.overview : q.side === 'offense' ? r.offense : r.defense;
}

/**
 * The teams in the table's order: the query's sort (src/lib/tables/sortRows.ts, as every stats table sorts: missing
 * values last), else as teamsTable gives them (best net rating first). The league average is not a team row.
 */
export function sortTeams(q: Pick<TeamsTableQuery, 'set' | 'side' | 'sort'>, teams: readonly TeamsTableRow[]): TeamsTableRow[] {
  if (!q.sort) return [...teams];
  const { column, direction } = q.sort;
  const sortKeyOf = (r: TeamsTableRow): SortValue => (column === 'team' ? r.name : column === 'games' ? r.games : (teamsSetValues(q, r)[column] ?? null));
  return sortRows(teams, sortKeyOf, direction);
}

export interface Ranked {
  /** 1 = best (or highest when the column describes style) */
  rank: number | null;
  /** 0-100, how good among the teams (null when the column describes style) */
  percentile: number | null;
}

/** Rank and percentile of each team's value of one column among the teams (ties share the better rank). */
export function rankColumn(values: (number | null)[], better: Better): Ranked[] {
  const present = values.filter((v): v is number => v !== null);
  const dir = better === 'lower' ? 1 : -1;
  return values.map((v) => {
    if (v === null) return { rank: null, percentile: null };
    const ahead = present.filter((x) => dir * (x - v) < 0).length;
    const behind = present.filter((x) => dir * (x - v) > 0).length;
    const ties = present.length - ahead - behind - 1;
    return {
      rank: ahead + 1,
      percentile: better === 'style' || present.length < 2 ? null : Math.round((100 * (behind + ties / 2)) / (present.length - 1)),
    };
  });
}
