/**
 * A lineup answer on the wire and as the tables read it. On the wire (GET /api/data of the lineup pages) a row's
 * `players` are the players' ids and the answer names each player once (`playerNames`): a league's lineups over
 * 13 seasons repeat ~1,000 names in 4,421 rows, and writing the names into every row made the answer 2.7 MB of
 * JSON instead of 1.5 MB, most of its encoding time (JSON and brotli). Every reader of an answer (the table's
 * store, the server's answer object for its pages, CSV and the developer API) takes the rows through
 * `withPlayerNames` first, which gives each row the shape the tables always read: `players` as `{ player_id, name }`
 * and `lineup`, their names joined.
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
 * its reader). An answer without `playerNames` is returned as it is (no lineup rows, or rows named already). One
 * object per player for the whole answer: a player is in many of its rows.
 */
export function withPlayerNames<Rows extends Record<string, AnswerRow[]>>(data: Rows, names: PlayerNames | undefined): Rows {
  if (!names) return data;
  const players = new Map<number, LineupPlayer>();
  const playerOf = (id: number): LineupPlayer => {
    let p = players.get(id);
    if (!p) players.set(id, (p = { player_id: id, name: names[id] ?? String(id) }));
    return p;
  };
  for (const rows of Object.values(data)) {
    for (const row of rows) {
      if (!Array.isArray(row.players)) continue;
      const members = (row.players as unknown[]).map((x) => (typeof x === 'number' ? playerOf(x) : (x as LineupPlayer)));
      row.players = members;
      row.lineup = members.map((p) => p.name).join(LINEUP_SEPARATOR);
    }
  }
  return data;
}

/**
 * The inverse of withPlayerNames for the rows of one set, as the wire carries them: each row's players as their
 * ids, without `lineup`, and their names once (the page's embedded first view, src/lib/firstViewSeed.ts). Rows
 * without named players come back as they are, with no names.
 */
export function withPlayerIds(rows: readonly AnswerRow[]): { rows: AnswerRow[]; playerNames?: PlayerNames } {
  const named = (row: AnswerRow) => Array.isArray(row.players) && (row.players as unknown[]).every((p) => typeof p === 'object' && p !== null);
  if (rows.length === 0 || !rows.every(named)) return { rows: [...rows] };
  const playerNames: PlayerNames = {};
  const lean = rows.map(({ lineup: _joined, ...row }) => {
    const players = row.players as LineupPlayer[];
    for (const p of players) playerNames[p.player_id] = p.name;
    return { ...row, players: players.map((p) => p.player_id) };
  });
  return { rows: lean, playerNames };
}
