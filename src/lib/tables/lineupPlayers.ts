/**
 * A lineup answer's players, as the server computes it and as the tables read it. Computed (and in the compact form
 * of GET /api/data, src/lib/tables/compactAnswer.ts), a row's `players` are the players' ids and the answer names each
 * player once (`playerNames`): a league's lineups over 13 seasons repeat ~1,000 names in 4,421 rows. As the tables
 * read them (and in the rows form of /api/data), `players` are `{ player_id, name }` and `lineup` their names
 * joined: `withPlayerNames` turns the first shape into the second.
 */

export type AnswerRow = Record<string, unknown>;

/** The names of the players of a lineup answer's rows, by id (JSON object keys are strings). */
export type PlayerNames = Record<string, string>;

/** A player of a lineup row as the tables read it. */
export interface LineupPlayer {
  player_id: number;
  name: string;
}

/** The separator of the names in `lineup` (and in the CSV's Lineup column). */
export const LINEUP_SEPARATOR = ' - ';

/**
 * The rows of every set of an answer with their players named, in place (the rows of a parsed answer belong to
 * its reader). An answer without `playerNames` is returned as it is (no lineup rows, or rows named already); names
 * that are not an object name no one (each player is then shown by his id), nor does a name that is not a string.
 * One object per player for the whole answer: a player is in many of its rows.
 */
export function withPlayerNames<Rows extends Record<string, AnswerRow[]>>(data: Rows, given: unknown): Rows {
  if (given === undefined) return data;
  const names: Record<string, unknown> = typeof given === 'object' && given !== null && !Array.isArray(given) ? (given as Record<string, unknown>) : {};
  const players = new Map<number, LineupPlayer>();
  const playerOf = (id: number): LineupPlayer => {
    let p = players.get(id);
    if (!p) {
      const name = Object.hasOwn(names, id) ? names[id] : undefined;
      players.set(id, (p = { player_id: id, name: typeof name === 'string' ? name : String(id) }));
    }
    return p;
  };
  for (const rows of Object.values(data)) {
    for (const row of rows) {
      if (typeof row !== 'object' || row === null) continue;
      // Only rows whose players are all ids (rows named already, or anything else, stay as they are).
      if (!Array.isArray(row.players) || !(row.players as unknown[]).every((x) => typeof x === 'number')) continue;
      const members = (row.players as number[]).map(playerOf);
      row.players = members;
      row.lineup = members.map((p) => p.name).join(LINEUP_SEPARATOR);
    }
  }
  return data;
}
