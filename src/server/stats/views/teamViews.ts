/**
 * Views of team-level numbers (Team_ / Opponent_ groups): Team team (per season), Team on/off (per player),
 * Player on/off (per season), Player positions (by the position he played), Team salaries.
 * On views with a side, offense = Team_ sets (the team's possessions), defense = Opponent_ sets (the
 * opponents' possessions against it).
 */
import type { DataQuery } from '../../../lib/params/apiParams';
import { positionOfSlot } from '../../../lib/league/positionGroups';
import { teamByAbbr } from '../../../lib/league/franchises';
import type { MetricSetDefinition } from '../../../lib/tables/metricSets';
import type { StatsDb, Row } from '../../db/statsDb';
import { PLAYER_COUNTERS, pick } from '../metrics/counters';
import type { Perspective } from '../sql/filterSql';
import { playerValues, teamValues, type Values } from '../metrics/formulas';
import { playerSumsBy } from '../sql/playerSums';
import { onCourtSumsBy, teamSumsBy } from '../sql/sums';
import { leagueOnOffEntries, onOffEntriesWithNet, type EntryOptions } from './onoff';
import { minPossessionsOf } from '../../../lib/tables/percentilePolicy';
import {
  addPercentiles,
  leagueHalfcourtPpp,
  onOffPercentileColumns,
  onOffRows,
  plainRows,
  playerNameMap,
  positionsIn,
  seasonOf,
  setCountersOf,
  showsNet,
  teamAbbr,
  teamCountersOfSets,
  teamSums,
  type SetRows,
  setsOf,
} from './shared';

const perspOf = (q: DataQuery): Perspective => (q.side === 'offense' ? 'offense' : 'defense');

/**
 * The on/off entries of a team's or a player's page, with only the counters of the sets' columns: from both ends
 * (and the net rating's counters) when a set asked for shows the net rating, else the side shown.
 */
function pageOnOffEntries(db: StatsDb, q: DataQuery, o: EntryOptions) {
  return onOffEntriesWithNet(db, q.filters, perspOf(q), { ...o, counters: setCountersOf(q) }, showsNet(q));
}

/** Team team: one row per season (and season type) of the team. */
export async function teamTeamView(db: StatsDb, q: DataQuery): Promise<SetRows> {
  const team = teamByAbbr(q.entity!)!;
  const persp = perspOf(q);
  const [rows, hcPpp] = await Promise.all([
    teamSumsBy(db, q.filters, { persp, groupBy: ['season', 'season_type'], teamId: team.teamId }),
    leagueHalfcourtPpp(db, q.filters),
  ]);
  const entries = rows
    .filter((r) => Number(r.possessions) > 0)
    .sort((a, b) => Number(b.season) - Number(a.season) || String(a.season_type).localeCompare(String(b.season_type)))
    .map((r) => ({
      id: { season: seasonOf(r.season), season_start: Number(r.season), season_type: String(r.season_type), team: team.abbr } as Row,
      v: teamValues(teamSums(r), { leagueHcPpp: hcPpp }),
    }));
  const out: SetRows = {};
  for (const def of setsOf(q, 'TeamTeam')) out[def.value] = plainRows(def, entries);
  return out;
}

/**
 * The league pool of on/off percentiles, by the rules of the players table: every player of the
 * sample with at least the minimum possessions on court (on the side shown), ranked within his position group
 * (and, per season, within the season when `bySeason`). Rows of the set as the view builds them.
 */
async function onOffPool(db: StatsDb, q: DataQuery, defs: readonly MetricSetDefinition[], bySeason: boolean, min: number) {
  // Only the counters of the sets' columns: a possession-filtered pool sums every player of the league.
  const counters = teamCountersOfSets(defs);
  const [entries, positions] = await Promise.all([
    leagueOnOffEntries(db, q.filters, perspOf(q), { bySeason, counters, minOnPossessions: Math.max(1, min) }),
    positionsIn(db, q.filters),
  ]);
  const ids = [...entries.values()].map((e) => ({
    id: {
      player_id: e.player_id,
      season_start: e.season,
      position: positions.get(e.player_id) ?? null,
      qualified: e.onSums.possessions >= Math.max(1, min),
    } as Row,
    on: e.on,
    off: e.off,
  }));
  return { positions, rowsOf: (def: MetricSetDefinition) => onOffRows(def, ids) };
}

/** Team on/off: one row per player of the team, his on, off and on-minus-off numbers, with league percentiles. */
export async function teamOnOffView(db: StatsDb, q: DataQuery): Promise<SetRows> {
  const team = teamByAbbr(q.entity!)!;
  const min = minPossessionsOf('TeamOnOff', q.minPossessions, q.filters.seasons);
  const [entries, names, pool] = await Promise.all([
    pageOnOffEntries(db, q, { teamId: team.teamId }),
    playerNameMap(db),
    onOffPool(db, q, setsOf(q, 'TeamOnOff'), false, min),
  ]);
  const list = [...entries.values()]
    .sort((a, b) => b.onSums.possessions - a.onSums.possessions || a.player_id - b.player_id)
    .map((e) => ({
      id: {
        player_id: e.player_id,
        name: names.get(e.player_id) ?? String(e.player_id),
        position: pool.positions.get(e.player_id) ?? null,
        poss_on: e.onSums.possessions,
        poss_off: e.offSums.possessions,
        qualified: e.onSums.possessions >= Math.max(1, min),
      } as Row,
      on: e.on,
      off: e.off,
    }));
  const out: SetRows = {};
  for (const def of setsOf(q, 'TeamOnOff')) {
    const ranked = onOffPercentileColumns(def);
    const rows = onOffRows(def, list, ranked);
    addPercentiles(
      rows,
      ranked,
      (r) => String(r.position ?? ''),
      (r) => r.qualified === true,
      pool.rowsOf(def),
    );
    out[def.value] = rows;
  }
  return out;
}

/**
 * Player on/off: one row per season and team with the player on and off (a player traded during a season has a
 * row per team, each over that team's games while he was there: onoff.ts), with percentiles among that season's
 * players.
 */
export async function playerOnOffView(db: StatsDb, q: DataQuery, playerId: number): Promise<SetRows> {
  const min = minPossessionsOf('PlayerOnOff', q.minPossessions, q.filters.seasons);
  const [entries, pool] = await Promise.all([
    pageOnOffEntries(db, q, { playerId, bySeason: true, perTeam: true }),
    onOffPool(db, q, setsOf(q, 'PlayerOnOff'), true, min),
  ]);
  const position = pool.positions.get(playerId) ?? '';
  const list = [...entries.values()]
    .sort((a, b) => Number(b.season) - Number(a.season) || b.onSums.possessions - a.onSums.possessions || Number(a.team_id) - Number(b.team_id))
    .map((e) => ({
      id: {
        season: seasonOf(e.season),
        season_start: e.season,
        team: teamAbbr(e.team_id),
        poss_on: e.onSums.possessions,
        poss_off: e.offSums.possessions,
        qualified: e.onSums.possessions >= Math.max(1, min),
      } as Row,
      on: e.on,
      off: e.off,
    }));
  const out: SetRows = {};
  // His seasons against the same season's players of his position group.
  const groupOf = (r: Row) => `${'player_id' in r ? String(r.position ?? '') : position}|${r.season_start}`;
  for (const def of setsOf(q, 'PlayerOnOff')) {
    const ranked = onOffPercentileColumns(def);
    const rows = onOffRows(def, list, ranked);
    addPercentiles(rows, ranked, groupOf, (r) => r.qualified === true, pool.rowsOf(def));
    out[def.value] = rows;
  }
  return out;
}

/**
 * Player positions: his numbers split by the position he played, i.e. his slot when the five on court are
 * ordered by estimated position (1 = PG ... 5 = C). Player_ sets are his own stats; Team_ sets his team's
 * offense while he played there; Opponent_ sets the opponents' offense while he defended there.
 */
export async function playerPositionsView(db: StatsDb, q: DataQuery, playerId: number): Promise<SetRows> {
  const f = q.filters;
  // Only the sums the sets asked for need: his own (Player_), his team's (Team_), his opponents' (Opponent_).
  const defs = setsOf(q, 'PlayerPositions');
  const needs = (test: (def: MetricSetDefinition) => boolean) => defs.some(test);
  const none = Promise.resolve([] as Row[]);
  const [own, teamOn, oppOn, hcPpp] = await Promise.all([
    needs((d) => d.basis === 'player') ? playerSumsBy(db, f, { groupBy: ['slot'], playerId }) : none,
    needs((d) => d.basis !== 'player' && d.group !== 'Opponent') ? onCourtSumsBy(db, f, { persp: 'offense', groupBy: ['slot'], playerId }) : none,
    needs((d) => d.basis !== 'player' && d.group === 'Opponent') ? onCourtSumsBy(db, f, { persp: 'defense', groupBy: ['slot'], playerId }) : none,
    leagueHalfcourtPpp(db, f),
  ]);
  // One vocabulary (src/lib/league/positionGroups.ts): slot 1-5 is the point ... big group.
  const slotId = (slot: unknown): Row => ({ position: positionOfSlot(Number(slot)), slot: Number(slot) });
  const bySlot = (rows: Row[], valuesOf: (r: Row) => Values) =>
    rows
      .filter((r) => r.slot !== null && r.slot !== undefined)
      .sort((a, b) => Number(a.slot) - Number(b.slot))
      .map((r) => ({ id: slotId(r.slot), v: valuesOf(r) }));
  const playerEntries = bySlot(
    own.filter((r) => Number(r.on_seconds) > 0),
    (r) => playerValues(pick(r, PLAYER_COUNTERS)),
  );
  const teamEntries = bySlot(teamOn, (r) => teamValues(teamSums(r), { leagueHcPpp: hcPpp }));
  const oppEntries = bySlot(oppOn, (r) => teamValues(teamSums(r), { leagueHcPpp: hcPpp }));
  const out: SetRows = {};
  for (const def of defs) {
    const entries = def.basis === 'player' ? playerEntries : def.group === 'Opponent' ? oppEntries : teamEntries;
    out[def.value] = plainRows(def, entries);
  }
  return out;
}

/**
 * Team salaries: the team's players' salaries in the seasons of the sample (data: 2003-04 to 2019-20). The salary
 * file writes names without their suffix ("Roger Mason" for Roger Mason Jr., "Marcus Morris" for Marcus Morris
 * Sr.): a row shows the player's name as the play-by-play has it, like every other table.
 */
export async function teamSalariesView(db: StatsDb, q: DataQuery): Promise<SetRows> {
  const team = teamByAbbr(q.entity!)!;
  const seasons = q.filters.seasons;
  const rows = await db.query(
    `SELECT s.player_id, coalesce(p.name, s.name) AS name, s.season, s.salary::DOUBLE AS salary
       FROM salaries s LEFT JOIN players p ON p.player_id = s.player_id
      WHERE s.team_id = $1 AND s.season IN (${seasons.map((_, i) => `$${i + 2}`).join(', ')})
      ORDER BY s.season DESC, s.salary DESC`,
    [team.teamId, ...seasons],
  );
  return {
    Salaries: rows.map((r) => ({ player_id: r.player_id, name: r.name, season: seasonOf(r.season), season_start: Number(r.season), salary: r.salary })),
  };
}
