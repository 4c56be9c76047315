/**
 * Views whose rows are players' own numbers (the six offensive sets): Players (with the on/off sets and
 * percentiles), Team players, Game players, Player profile (per season), Player game log, Team game log.
 */
import type { DataQuery } from '../../../lib/params/apiParams';
import type { MetricSetDefinition } from '../../../lib/tables/metricSets';
import { minPossessionsOf } from '../../../lib/tables/percentilePolicy';
import { teamByAbbr } from '../../../lib/league/franchises';
import type { Row, StatsDb, StatsScope } from '../../db/statsDb';
import { PLAYER_COUNTERS, pick, type PlayerSums } from '../metrics/counters';
import { playerCountersFor, playerValues, type Values } from '../metrics/formulas';
import { playerSumsBy } from '../sql/playerSums';
import { leagueOnOffEntries } from './onoff';
import {
  addPercentiles,
  columnKeysOfSets,
  playerNameMap,
  plainRows,
  onOffPercentileColumns,
  onOffRows,
  positionsIn,
  percentileColumns,
  seasonOf,
  teamAbbr,
  teamCountersOfSets,
  type PercentileColumn,
  type SetRows,
  setsOf,
} from './shared';
import type { GameRef } from '../entities/entities';

export const playerSums = (r: Row): PlayerSums => pick(r, PLAYER_COUNTERS);

/** Box totals carried by the OffensiveOverview rows next to the set's columns (context for the table and its tooltips). */
function boxTotals(v: Values): Row {
  return Object.fromEntries(BOX_TOTALS.map((k) => [k, v[k]]));
}
const BOX_TOTALS = ['pts', 'fgm', 'fga', 'fg3m', 'fg3a', 'ftm', 'fta'] as const;

/**
 * Player rows of the six offensive sets, with the fields of the percentiles `ranked` gives for a set (none by
 * default), which the caller fills (addPercentiles with the same columns).
 */
export function sixSets(
  q: DataQuery,
  entries: { id: Row; v: Values }[],
  defs = setsOf(q, q.page),
  ranked: (def: MetricSetDefinition) => PercentileColumn[] = () => [],
): SetRows {
  const out: SetRows = {};
  const withTotals = entries.map((e) => ({ id: { ...e.id, ...boxTotals(e.v) }, v: e.v }));
  for (const def of defs.filter((d) => d.basis === 'player')) {
    out[def.value] = plainRows(def, def.base === 'OffensiveOverview' ? withTotals : entries, ranked(def));
  }
  return out;
}

/** The player counters the player sets of defs read (and the box totals the Offensive Overview carries). */
function playerCountersOfSets(defs: readonly MetricSetDefinition[]) {
  const playerDefs = defs.filter((d) => d.basis === 'player');
  return playerCountersFor([...columnKeysOfSets(playerDefs), ...(playerDefs.some((d) => d.base === 'OffensiveOverview') ? BOX_TOTALS : [])]);
}

const byMinutes = (a: { id: Row; v: Values }, b: { id: Row; v: Values }) =>
  Number(b.v.sec ?? 0) - Number(a.v.sec ?? 0) || Number(a.id.player_id ?? 0) - Number(b.id.player_id ?? 0);

/** Players: one row per player in the sample, six offensive sets with percentiles, and the on/off sets. */
export async function playersView(db: StatsDb, q: DataQuery): Promise<SetRows> {
  const f = q.filters;
  const defs = setsOf(q, 'Players');
  const counters = playerCountersOfSets(defs);
  const [rows, names, positions] = await Promise.all([playerSumsBy(db, f, { groupBy: ['player_id'], counters }), playerNameMap(db), positionsIn(db, f)]);
  const min = minPossessionsOf('Players', q.minPossessions, q.filters.seasons);
  const entries = rows
    .filter((r) => Number(r.on_seconds) > 0)
    .map((r) => {
      const id = Number(r.player_id);
      // Ranked (and coloured) only with at least the minimum of team offensive possessions on court.
      const qualified = Number(r.off_poss) >= Math.max(1, min);
      return {
        id: {
          player_id: id,
          name: names.get(id) ?? String(id),
          team: teamAbbr(r.last_team_id),
          position: positions.get(id) ?? null,
          qualified,
        } as Row,
        v: playerValues(playerSums(r)),
        qualified,
      };
    })
    .sort(byMinutes);
  const out: SetRows = {};
  const withTotals = entries.map((e) => ({ id: { ...e.id, ...boxTotals(e.v) }, v: e.v }));
  for (const def of defs.filter((d) => d.basis === 'player')) {
    const ranked = percentileColumns(def);
    const setRows = plainRows(def, def.base === 'OffensiveOverview' ? withTotals : entries, ranked);
    const qualified = new Set(entries.filter((e) => e.qualified).map((e) => e.id.player_id));
    addPercentiles(
      setRows,
      ranked,
      (r) => String(r.position ?? ''),
      (r) => qualified.has(r.player_id),
    );
    out[def.value] = setRows;
  }
  Object.assign(
    out,
    await playersOnOffSets(
      db,
      q,
      defs.filter((d) => d.layout === 'onoff'),
      entries.map((e) => e.id),
    ),
  );
  return out;
}

/** The on/off sets of the players table: team (offense) and opponent (defense) numbers with him on and off. */
async function playersOnOffSets(db: StatsDb, q: DataQuery, defs: MetricSetDefinition[], ids: Row[]): Promise<SetRows> {
  if (defs.length === 0) return {}; // the query asks for a player set only: no on/off sums
  // Only the sides the sets ask for: Opponent sets read the defense, the others the offense.
  // Only the counters of the sets' columns, as the on/off pages' pools (teamViews.ts onOffPool).
  const side = async (persp: 'offense' | 'defense') => {
    const sideDefs = defs.filter((d) => (d.group === 'Opponent') === (persp === 'defense'));
    if (sideDefs.length === 0) return new Map<number, never>();
    return leagueOnOffEntries(db, q.filters, persp, { counters: teamCountersOfSets(sideDefs) });
  };
  const [offense, defense] = await Promise.all([side('offense'), side('defense')]);
  const out: SetRows = {};
  for (const def of defs) {
    const source = def.group === 'Opponent' ? defense : offense;
    const entries = ids.flatMap((id) => {
      const e = source.get(Number(id.player_id));
      return e ? [{ id, on: e.on, off: e.off }] : [];
    });
    const ranked = onOffPercentileColumns(def);
    const rows = onOffRows(def, entries, ranked);
    // The same pool as the player sets: his position group, players with the minimum possessions.
    addPercentiles(
      rows,
      ranked,
      (r) => String(r.position ?? ''),
      (r) => r.qualified === true,
    );
    out[def.value] = rows;
  }
  return out;
}

/** Team players: the team's players in the sample (their numbers while playing for this team). */
/** The league's Players rows of a query (given by the caller: views do not reach up to the answers layer). */
export type LeaguePlayers = (db: StatsScope, q: DataQuery) => Promise<{ data: SetRows }>;

export async function teamPlayersView(db: StatsScope, q: DataQuery, leaguePlayers: LeaguePlayers): Promise<SetRows> {
  const team = teamByAbbr(q.entity!)!;
  const min = minPossessionsOf('TeamPlayers', q.minPossessions, q.filters.seasons);
  const [rows, names, positions] = await Promise.all([
    playerSumsBy(db, q.filters, { groupBy: ['player_id'], teamId: team.teamId, counters: playerCountersOfSets(setsOf(q, 'TeamPlayers')) }),
    playerNameMap(db),
    positionsIn(db, q.filters),
  ]);
  const entries = rows
    .filter((r) => Number(r.on_seconds) > 0)
    .map((r) => {
      const id = Number(r.player_id);
      const qualified = Number(r.off_poss) >= Math.max(1, min);
      return {
        id: { player_id: id, name: names.get(id) ?? String(id), position: positions.get(id) ?? null, qualified } as Row,
        v: playerValues(playerSums(r)),
      };
    })
    .sort(byMinutes);
  const defs = setsOf(q, 'TeamPlayers');
  const out = sixSets(q, entries, defs, percentileColumns);
  // Percentiles against the league's qualified players of the same sample and position group.
  const league = await leaguePlayers(db, { ...q, page: 'Players', entity: null, side: 'offense' });
  for (const def of defs) {
    const pool = (league.data[def.value] ?? []) as Row[];
    addPercentiles(
      out[def.value] ?? [],
      percentileColumns(def),
      (r) => String(r.position ?? ''),
      (r) => r.qualified === true,
      pool,
    );
  }
  return out;
}

/**
 * The box-score counters of a player's row on a game page (src/lib/game/boxScore.ts `BoxLine`), under the page's
 * filters: every set's rows carry them, so the box score's "page filters" mode reads the rows the table already
 * has. MIN is his possession time on court and +/- the points of those possessions (the whole-game box of
 * /api/game_details has the exact seconds and the official +/-).
 */
function boxLine(s: PlayerSums, v: Values): Row {
  return {
    sec: v.sec,
    fgm: v.fgm,
    fga: v.fga,
    fg3m: v.fg3m,
    fg3a: v.fg3a,
    ftm: v.ftm,
    fta: v.fta,
    oreb: s.oreb,
    dreb: s.dreb,
    ast: s.ast,
    stl: s.stl,
    blk: s.blk,
    tov: s.tov,
    pf: s.pf,
    pts: v.pts,
    plus_minus: v.plus_minus,
  };
}

/** Game players: every player of the game, the away team's first (as "AWAY at HOME" reads), then by minutes. */
export async function gamePlayersView(db: StatsDb, q: DataQuery, game: GameRef): Promise<SetRows> {
  const gameId = game.game_id;
  const [rows, names, starters] = await Promise.all([
    playerSumsBy(db, q.filters, { groupBy: ['player_id', 'team_id'], gameId }),
    playerNameMap(db),
    db.query<{ player_id: number; starter: boolean }>('SELECT player_id, starter FROM player_games WHERE game_id = $1', [gameId]),
  ]);
  const starter = new Map(starters.map((s) => [s.player_id, s.starter]));
  const awayFirst = (teamId: number) => (teamId === game.away_team_id ? 0 : 1);
  const entries = rows
    .filter((r) => Number(r.on_seconds) > 0)
    .map((r) => {
      const id = Number(r.player_id);
      const sums = playerSums(r);
      const v = playerValues(sums);
      return {
        team: Number(r.team_id),
        id: { player_id: id, name: names.get(id) ?? String(id), team: teamAbbr(r.team_id), starter: starter.get(id) ?? false, ...boxLine(sums, v) } as Row,
        v,
      };
    })
    .sort((a, b) => awayFirst(a.team) - awayFirst(b.team) || byMinutes(a, b));
  return sixSets(q, entries);
}

/** Player profile: one row per season (and season type) of the player in the sample. */
export async function playerProfileView(db: StatsDb, q: DataQuery, playerId: number): Promise<SetRows> {
  const rows = await playerSumsBy(db, q.filters, { groupBy: ['season', 'season_type'], playerId });
  const entries = rows
    .filter((r) => Number(r.on_seconds) > 0)
    .sort((a, b) => Number(b.season) - Number(a.season) || String(a.season_type).localeCompare(String(b.season_type)))
    .map((r) => ({
      id: { season: seasonOf(r.season), season_start: Number(r.season), season_type: String(r.season_type), team: teamAbbr(r.last_team_id) } as Row,
      v: playerValues(playerSums(r)),
    }));
  return sixSets(q, entries);
}
