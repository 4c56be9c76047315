/**
 * The seed a stats page embeds for its island (#stats-first-view): the first view's /api/data query and answer,
 * its rows packed (issue 25). The page carries the rows once, here (src/server/stats/answers/firstView.ts writes
 * it, src/islands/StatsApp.tsx reads it; the server-rendered table shows only the first rows). Rows of one metric set
 * share their fields, so the field names are written once and each row is the list of its values (packRows, the
 * compact form of /api/data: src/lib/compactAnswer.ts): the players table's seed is 73 KB instead of 197 KB. Rows that do not share their fields (none today) are carried as they
 * are, so unpacking always gives back exactly the rows packed (same fields, same order, same values). A lineup
 * page's rows are packed as the wire carries them, their players by id and named once (`playerNames`,
 * src/lib/lineupPlayers.ts): the table's store names them as it does an answer of /api/data.
 */
import { unpackRows, type PackedRows } from './compactAnswer';
import type { PlayerNames } from './lineupPlayers';

/** What the page embeds for the island: the query the client would send, and the answer of its default set. */
export interface FirstViewSeed {
  query: string;
  metricSet: string;
  rows: PackedRows;
  /** lineup pages: the names of the rows' players, whose `players` are their ids as on the wire (src/lib/lineupPlayers.ts) */
  playerNames?: PlayerNames;
  note?: string;
  belowMin?: { rows: number; min: number };
}

/** The query and the /api/data answer a seed holds, or null when the text is not a seed. */
export function readFirstViewSeed(
  text: string,
): { query: string; answer: { data: Record<string, Record<string, unknown>[]>; playerNames?: PlayerNames; note?: string; belowMin?: { rows: number; min: number } } } | null {
  let seed: Partial<FirstViewSeed>;
  try {
    seed = JSON.parse(text) as Partial<FirstViewSeed>;
  } catch {
    return null;
  }
  if (typeof seed !== 'object' || seed === null || typeof seed.query !== 'string' || typeof seed.metricSet !== 'string') return null;
  return {
    query: seed.query,
    answer: {
      data: { [seed.metricSet]: unpackRows(seed.rows) },
      ...(seed.playerNames !== undefined ? { playerNames: namesOf(seed.playerNames) } : {}),
      ...(seed.note ? { note: seed.note } : {}),
      ...(seed.belowMin ? { belowMin: seed.belowMin } : {}),
    },
  };
}

/** The names by id a seed carries: its string values (a player without one is shown by his id). */
function namesOf(x: unknown): PlayerNames {
  if (typeof x !== 'object' || x === null || Array.isArray(x)) return {};
  return Object.fromEntries(Object.entries(x).filter(([, v]) => typeof v === 'string')) as PlayerNames;
}
