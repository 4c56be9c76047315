/**
 * Lineups (Lineups, Team lineups, Player lineups): one row per lineup (a team's five) with at least
 * `minPossessions` possessions in the sample (on the side shown), each with its possessions (`poss`, in every
 * set) and its net rating from both ends (raw, luck-adjusted, margin of error: formulas.ts netValues), or per
 * 2-, 3- or 4-man unit (q.unitSize: the possessions with those
 * players on the floor together for their team, sums.ts unitSumsBy). Offense side = the lineup's own possessions
 * (Team_ sets); defense side = the opponents' possessions against it (Opponent_ sets).
 * When the minimum leaves no row, the answer says how many lineups (or units) of the sample are below it (`belowMin`),
 * so the empty table can say why and offer to list them. A row's `players` are their ids and the answer
 * names each player once (`playerNames`, src/lib/tables/lineupPlayers.ts); the league's baseline is asked for only when a
 * column shown reads it or a net rating is shown (shared.ts leagueBaseline).
 */
import type { DataQuery } from '../../../lib/params/apiParams';
import { minPossessionsOf } from '../../../lib/tables/percentilePolicy';
import type { PlayerNames } from '../../../lib/tables/lineupPlayers';
import { teamByAbbr } from '../../../lib/league/franchises';
import type { StatsDb, Row } from '../../db/statsDb';
import { pick } from '../metrics/counters';
import { netValues, nullsOf, teamValues, type Values } from '../metrics/formulas';
import type { Perspective } from '../sql/filterSql';
import type { Params } from '../sql/sql';
import { ApiError } from '../base/errors';
import { config } from '../../config';
import { D, lineupSumsBy, NET_COUNTERS, O, unitSumsBy } from '../sql/sums';
import {
  addPercentiles,
  columnKeysOfSets,
  leagueBaseline,
  percentileColumns,
  plainRows,
  playerNameMap,
  setCountersOf,
  showsNet,
  teamAbbr,
  teamSums,
  type LeagueBaseline,
  type SetRows,
  setsOf,
} from './shared';

export interface LineupsAnswer {
  data: SetRows;
  /** the names of the rows' players, by id: a row's `players` are their ids (src/lib/tables/lineupPlayers.ts) */
  playerNames?: PlayerNames;
  /** lineups of the sample below the minimum, counted only when none reaches it */
  belowMin?: { rows: number; min: number };
}

/**
 * The most lineup (or unit) rows one answer lists, counted once per metric set it holds (STATS_MAX_LINEUP_ROWS,
 * default 50,000: 50,000 rows of one set, 10,000 of all five). More is refused with a 400 before any row is built:
 * every five of twenty seasons with one possession or more is 226,666 rows, which took 10-23 s and 3.3 GB of the
 * server's memory to end in an answer too large to send, and twenty seasons of pairs with 30 possessions or more in
 * every set was a 103 MB download. The default keeps every table the site shows (it asks for one set; twenty seasons
 * of fives at the default minimum of 100 possessions are 6,619 rows, in all five sets 33,095) and an analyst's
 * export of fives with 50 possessions or more (15,743 rows of a set).
 */
const MAX_LINEUP_ROWS = config.statsMaxLineupRows;

const tooManyLineups = (most: number, min: number, sets: number) =>
  new ApiError(
    400,
    `min_poss: more than ${most.toLocaleString('en-US')} lineups have ${min} possession${min === 1 ? '' : 's'} or more${sets > 1 ? ` (in ${sets} metric sets)` : ''}; raise min_poss, choose fewer seasons or add a filter${sets > 1 ? ', or ask for one metric set (metric_set)' : ''}`,
    'min_poss',
  );

export async function lineupsView(db: StatsDb, q: DataQuery, playerId?: number): Promise<LineupsAnswer> {
  const persp: Perspective = q.side === 'offense' ? 'offense' : 'defense';
  const team = q.page === 'TeamLineups' ? teamByAbbr(q.entity!)! : null;
  // The team's (or the player's) lineups, at either end: the net rating reads both.
  const extra = (b: Params, end: Perspective): string[] => {
    const five = end === 'offense' ? O : D;
    const c: string[] = [];
    if (team) c.push(`p.${end === 'offense' ? 'off_team_id' : 'def_team_id'} = ${b.bind(team.teamId)}`);
    if (playerId !== undefined) c.push(`${b.bind(playerId)} IN (${five.map((x) => `p.${x}`).join(', ')})`);
    return c;
  };
  // Default minimum possessions of a lineup row: league-wide tables need more to be meaningful.
  const min = minPossessionsOf(q.page, q.minPossessions, q.filters.seasons);
  const size = q.unitSize;
  // The rows with at least `least` possessions: fives, or units of `size` players.
  // The other end (a second pass) only when a set asked for shows the net rating; the below-minimum count never.
  const net = showsNet(q);
  // Only the counters of the sets' columns (and a net rating's, from both ends): thousands of lineups come back.
  const counters = setCountersOf(q);
  // The most rows this answer may list: the limit shared by its metric sets.
  const sets = setsOf(q, q.page).length;
  const most = Math.max(1, Math.floor(MAX_LINEUP_ROWS / Math.max(1, sets)));
  // `listed`: rows to list (with the other end when shown, and a five's players), not only to count.
  const rowsOver = (least: number, listed = true) =>
    size === 5
      ? lineupSumsBy(db, q.filters, { persp, extra, minPossessions: least, otherEnd: listed && net, counters, members: listed, limit: most + 1 })
      : unitSumsBy(db, q.filters, { persp, size, extra, playerId, minPossessions: least, otherEnd: listed && net, counters, limit: most + 1 });
  const [rows, league, names] = await Promise.all([
    // The minimum is applied in SQL: most lineups of a league table fall under it (97 % over 13 seasons).
    rowsOver(Math.max(1, min)),
    leagueBaseline(db, q.filters, { counters, shooting: net }),
    playerNameMap(db),
  ]);
  if (rows.length > most) throw tooManyLineups(most, Math.max(1, min), sets);
  if (rows.length === 0 && min > 1) {
    // Nothing reaches the minimum: count the lineups (or units) of the sample under it (one more query, only here),
    // unless there are more than a table may list (showing them all would be refused).
    const below = await rowsOver(1, false);
    const counted = below.length > 0 && below.length <= most;
    return { data: Object.fromEntries(setsOf(q, q.page).map((d) => [d.value, []])), ...(counted ? { belowMin: { rows: below.length, min } } : {}) };
  }
  // Ties in the same order on every request: by the lineup (or unit) itself.
  const kept = rows.sort(
    (a, b) =>
      Number(b.possessions) - Number(a.possessions) ||
      String(a.lineup_id ?? a.unit).localeCompare(String(b.lineup_id ?? b.unit)) ||
      Number(a.team_id ?? 0) - Number(b.team_id ?? 0),
  );
  // A five is keyed by its lineup id (its players from the lineups table), a unit by its players' ids.
  const identify =
    size === 5
      ? (r: Row) => ({ key: { lineup_id: Number(r.lineup_id) }, ids: [r.p1, r.p2, r.p3, r.p4, r.p5].map(Number) })
      : (r: Row) => {
          const ids = (r.unit as unknown[]).map(Number);
          return { key: { unit: ids.join('-') }, ids };
        };
  const entries = lineupEntries(persp, kept, identify, league, shownColumns(q));
  return { data: setRowsOf(q, entries), playerNames: namesOf(entries, names) };
}

/**
 * The entries of lineup (or unit) rows: the row's key, team, players (their ids: the answer names them once,
 * namesOf), possessions, and the values of the columns shown.
 */
function lineupEntries(
  persp: Perspective,
  rows: readonly Row[],
  identify: (r: Row) => { key: Row; ids: number[] },
  league: LeagueBaseline,
  shown: { keys: string[]; shape: Values },
): Parameters<typeof plainRows>[1] {
  return rows.map((r) => {
    const { key, ids } = identify(r);
    return {
      id: { ...key, team: teamAbbr(r.team_id), players: ids, poss: Number(r.possessions) } as Row,
      v: lineupValues(persp, r, league, shown.keys, shown.shape),
    };
  });
}

/** The names of the players of the entries, by id (a player without a name in the players table by his id). */
function namesOf(entries: Parameters<typeof plainRows>[1], names: ReadonlyMap<number, string>): PlayerNames {
  const out: PlayerNames = {};
  for (const { id } of entries) for (const player of id.players as number[]) out[player] ??= names.get(player) ?? String(player);
  return out;
}

/** Every metric set's rows of lineup (or unit) entries, with percentiles among the rows listed (all above the minimum): one pool. */
function setRowsOf(q: DataQuery, entries: Parameters<typeof plainRows>[1]): SetRows {
  const out: SetRows = {};
  for (const def of setsOf(q, q.page)) {
    const ranked = percentileColumns(def);
    const rows = plainRows(def, entries, ranked);
    addPercentiles(
      rows,
      ranked,
      () => '',
      () => true,
    );
    out[def.value] = rows;
  }
  return out;
}

/**
 * A lineup row's values, the columns `keys` only (thousands of rows wait for their sets' rows with them: 40
 * values each would be most of the answer's memory), in a copy of `shape` (those keys, null: made once per answer,
 * so that every row has one shape from the start): the shown side's (its counters) and the net rating from both
 * ends (the shown side's counters and the other side's `other_*`, lineupSumsBy / unitSumsBy).
 */
function lineupValues(persp: Perspective, r: Row, league: LeagueBaseline, keys: readonly string[], shape: Values): Values {
  const shown = teamSums(r);
  const values = teamValues(shown, { leagueHcPpp: league.hcPpp });
  let net: Values | null = null;
  if ('other_possessions' in r) {
    const other = pick(r, NET_COUNTERS, 'other_');
    const [offense, defense] = persp === 'offense' ? [shown, other] : [other, shown];
    net = netValues(offense, defense, league.shooting);
  }
  const kept: Values = { ...shape };
  for (const key of keys) kept[key] = (net && key in net ? net[key] : values[key]) ?? null;
  return kept;
}

/** The columns of the sets a query asks for, and an object of them all null (lineupValues' shape). */
function shownColumns(q: DataQuery): { keys: string[]; shape: Values } {
  const keys = columnKeysOfSets(setsOf(q, q.page));
  return { keys, shape: nullsOf(keys) };
}
