/**
 * A lineup answer on the wire and as the tables read it. Asked for with `players=ids` (PLAYERS_KEY, as the site's
 * table does: src/lib/dataRequest.ts), GET /api/data of the lineup pages gives each row's `players` as the
 * players' ids and names each player once (`playerNames`): a league's lineups over 13 seasons repeat ~1,000 names
 * in 4,421 rows, and writing the names into every row made the answer 2.7 MB of JSON instead of 1.5 MB, most of
 * its encoding time (JSON and brotli). Without it the rows come named, as every client read them before (a page
 * left open across a deploy, scripts): `players` as `{ player_id, name }` and `lineup`, their names joined.
 * `withPlayerNames` turns the first shape into the second (the table's store, the server's pages, CSV and the
 * developer API read them so); `withPlayerIds` the second into the first (a page's embedded first view).
 */

/** GET /api/data's key and value asking for a lineup page's players by id, named once. */
export const PLAYERS_KEY = 'players';
export const PLAYER_IDS = 'ids';
/** How a lineup answer's rows carry their players: ids named once, or named in every row (the default). */
export type PlayersForm = 'ids' | 'names';

/** The form a `players` parameter asks for; null when the value is neither. Absent: named in every row. */
export function playersFormOf(value: string | null): PlayersForm | null {
  const v = value?.trim().toLowerCase();
  if (!v || v === 'names') return 'names';
  return v === PLAYER_IDS ? 'ids' : null;
}

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
    if (!p) {
      const name = names[id];
      players.set(id, (p = { player_id: id, name: typeof name === 'string' ? name : String(id) }));
    }
    return p;
  };
  for (const rows of Object.values(data)) {
    for (const row of rows) {
      // Only rows whose players are all ids (rows named already, or anything else, stay as they are).
      if (!Array.isArray(row.players) || !(row.players as unknown[]).every((x) => typeof x === 'number')) continue;
      const members = (row.players as number[]).map(playerOf);
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
