/**
 * Requests with possession-level filters (period, time into game, score differential, lineups) read the
 * possession table many times (team sums, on-court sums from both ends, on/off, player counters). Inside a
 * request scope (src/server/db/statsDb.ts withScope) the possessions that pass the filters are scanned ONCE
 * into a temporary table with two flags, off_ok / def_ok: whether the possession passes the perspective-
 * dependent filters (game-level filters and score differential) judged from the offense's / the defense's team.
 * Every later aggregate of the request with the same filters reads that table (filterSql.possessionSource).
 */
import type { AppliedFilters } from '../../lib/apiParams';
import { query, scopeData } from '../db/statsDb';
import {
  commonPossessionConditions,
  needsTeamGames,
  possessionScopeKey,
  sampleConditions,
  scoreDiffConditions,
  teamGameConditions,
} from './filterSql';
import { and, Params } from './sql';

let counter = 0;

/** Materialise the filtered possessions for the current scope; returns a function that drops the table. */
export async function materialisePossessions(f: AppliedFilters): Promise<() => Promise<void>> {
  const data = scopeData();
  if (!data) throw new Error('materialisePossessions needs a request scope');
  if (data.has(possessionScopeKey(f))) return async () => {}; // already there (a nested view of the same request)
  const b = new Params();
  const joinTg = needsTeamGames(f);
  const flag = (alias: string, persp: 'offense' | 'defense') =>
    `COALESCE(${and([...(joinTg ? teamGameConditions(f, b, alias) : []), ...scoreDiffConditions(f, b, persp, 'p')])}, FALSE)`;
  const offOk = flag('tgo', 'offense');
  const defOk = flag('tgd', 'defense');
  const where = and([...sampleConditions(f, b, 'p'), ...commonPossessionConditions(f, b, 'p')]);
  const joins = joinTg
    ? ' LEFT JOIN team_games tgo ON tgo.game_id = p.game_id AND tgo.team_id = p.off_team_id' +
      ' LEFT JOIN team_games tgd ON tgd.game_id = p.game_id AND tgd.team_id = p.def_team_id'
    : '';
  const name = `scoped_possessions_${++counter}`; // a name from this module, never from the request
  // Two steps: find the rows with the few columns the filters need, then read every column of those rows only
  // (by rowid); reading all columns of the whole table to test the lineup filters costs several times more.
  await query(
    `CREATE TEMP TABLE ${name} AS SELECT * FROM (
       SELECT p.*, ${offOk} AS off_ok, ${defOk} AS def_ok FROM possessions p${joins}
        WHERE p.rowid IN (SELECT p.rowid FROM possessions p WHERE ${where})
     ) WHERE off_ok OR def_ok`,
    b.values,
  );
  data.set(possessionScopeKey(f), name);
  return async () => {
    data.delete(possessionScopeKey(f));
    await query(`DROP TABLE IF EXISTS ${name}`);
  };
}
