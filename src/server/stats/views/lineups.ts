/**
 * Lineups (Lineups, Team lineups, Player lineups): one row per lineup (a team's five) with at least
 * `minPossessions` possessions in the sample, or per 2-, 3- or 4-man unit (q.unitSize: the possessions with those
 * players on the floor together for their team, sums.ts unitSumsBy). Offense side = the lineup's own possessions
 * (Team_ sets); defense side = the opponents' possessions against it (Opponent_ sets).
 * When the minimum leaves no row, the answer says how many lineups (or units) of the sample are below it (`belowMin`),
 * so the empty table can say why and offer to list them (issue 26).
 */
import type { DataQuery } from '../../../lib/apiParams';
import { minPossessionsOf } from '../../../lib/percentilePolicy';
import { teamByAbbr } from '../../../lib/teams';
import type { StatsDb, Row } from '../../db/statsDb';
import { teamValues } from '../metrics/formulas';
import type { Params } from '../sql/sql';
import { teamSumsBy, unitSumsBy } from '../sql/sums';
import { addPercentiles, leagueHalfcourtPpp, percentileColumns, plainRows, playerNameMap, teamAbbr, teamSums, type SetRows, setsOf } from './shared';


export interface LineupsAnswer {
  data: SetRows;
  /** lineups of the sample below the minimum, counted only when none reaches it */
  belowMin?: { rows: number; min: number };
}

export async function lineupsView(db: StatsDb, q: DataQuery, playerId?: number): Promise<LineupsAnswer> {
  const persp = q.side === 'offense' ? 'offense' : 'defense';
  const five = persp === 'offense' ? ['o1', 'o2', 'o3', 'o4', 'o5'] : ['d1', 'd2', 'd3', 'd4', 'd5'];
  const teamCol = persp === 'offense' ? 'off_team_id' : 'def_team_id';
  const team = q.page === 'TeamLineups' ? teamByAbbr(q.entity!)! : null;
  const extra = (b: Params): string[] => {
    const c: string[] = [];
    if (team) c.push(`p.${teamCol} = ${b.bind(team.teamId)}`);
    if (playerId !== undefined) c.push(`${b.bind(playerId)} IN (${five.map((x) => `p.${x}`).join(', ')})`);
    return c;
  };
  // Default minimum possessions of a lineup row: league-wide tables need more to be meaningful.
  const min = minPossessionsOf(q.page, q.minPossessions);
  const size = q.unitSize;
  // The rows with at least `least` possessions: fives, or units of `size` players.
  const rowsOver = (least: number) =>
    size === 5
      ? teamSumsBy(db, q.filters, { persp, groupBy: ['lineup_id', 'team_id'], extra, possessions: true, minPossessions: least })
      : unitSumsBy(db, q.filters, { persp, size, extra, playerId, minPossessions: least });
  const [rows, hcPpp, names] = await Promise.all([
    // The minimum is applied in SQL: most lineups of a league table fall under it (97 % over 13 seasons).
    rowsOver(Math.max(1, min)),
    leagueHalfcourtPpp(db, q.filters),
    playerNameMap(db),
  ]);
  if (rows.length === 0 && min > 1) {
    // Nothing reaches the minimum: count the lineups (or units) of the sample under it (one more query, only here).
    const below = await rowsOver(1);
    return { data: Object.fromEntries(setsOf(q, q.page).map((d) => [d.value, []])), ...(below.length ? { belowMin: { rows: below.length, min } } : {}) };
  }
  // Ties in the same order on every request: by the lineup (or unit) itself.
  const kept = rows.sort((a, b) => Number(b.possessions) - Number(a.possessions) || String(a.lineup_id ?? a.unit).localeCompare(String(b.lineup_id ?? b.unit)) || Number(a.team_id ?? 0) - Number(b.team_id ?? 0));
  if (size !== 5) return { data: unitRows(q, kept, names, hcPpp) };
  const ids = kept.map((r) => Number(r.lineup_id));
  const members = ids.length
    ? await db.query<{ lineup_id: number; p1: number; p2: number; p3: number; p4: number; p5: number }>(
        'SELECT lineup_id, p1, p2, p3, p4, p5 FROM lineups WHERE lineup_id IN (SELECT unnest($1::INTEGER[]))',
        [`[${ids.join(',')}]`],
      )
    : [];
  const byId = new Map(members.map((m) => [m.lineup_id, [m.p1, m.p2, m.p3, m.p4, m.p5]]));
  const entries = kept.map((r) => {
    const players = (byId.get(Number(r.lineup_id)) ?? []).map((id) => ({ player_id: id, name: names.get(id) ?? String(id) }));
    return {
      id: {
        lineup_id: Number(r.lineup_id),
        team: teamAbbr(r.team_id),
        players,
        lineup: players.map((p) => p.name).join(' - '),
      } as Row,
      v: teamValues(teamSums(r), { leagueHcPpp: hcPpp }),
    };
  });
  return { data: setRowsOf(q, entries) };
}

/** Every metric set's rows of lineup (or unit) entries, with percentiles among the rows listed (all above the minimum): one pool. */
function setRowsOf(q: DataQuery, entries: Parameters<typeof plainRows>[1]): SetRows {
  const out: SetRows = {};
  for (const def of setsOf(q, q.page)) {
    const rows = plainRows(def, entries);
    addPercentiles(rows, percentileColumns(def), () => '', () => true);
    out[def.value] = rows;
  }
  return out;
}

/** The rows of 2-, 3- and 4-man units: the unit's players (by id) are its key (`unit`: ids joined by '-'). */
function unitRows(q: DataQuery, kept: Row[], names: Map<number, string>, hcPpp: number | null): SetRows {
  const entries = kept.map((r) => {
    const ids = (r.unit as unknown[]).map(Number);
    const players = ids.map((id) => ({ player_id: id, name: names.get(id) ?? String(id) }));
    return {
      id: { unit: ids.join('-'), team: teamAbbr(r.team_id), players, lineup: players.map((p) => p.name).join(' - ') } as Row,
      v: teamValues(teamSums(r), { leagueHcPpp: hcPpp }),
    };
  });
  return setRowsOf(q, entries);
}
