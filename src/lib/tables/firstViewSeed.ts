/**
 * The seed a stats page embeds for its island (#stats-first-view): the first view's /api/data query and answer,
 * its rows packed. The page carries the rows once, here (src/server/stats/answers/firstView.ts writes
 * it, src/islands/StatsApp.tsx reads it; the server-rendered table shows only the first rows). Rows of one metric set
 * share their fields, so the field names are written once and each row is the list of its values (packRows, the
 * compact form of /api/data: src/lib/tables/compactAnswer.ts): the players table's seed is 73 KB instead of 197 KB. Rows that do not share their fields (none today) are carried as they
 * are, so unpacking always gives back exactly the rows packed (same fields, same order, same values). The seed is
 * the kept answer's set as it is (a lineup page's players by id, named once in `playerNames`).
 */
import type { CompactAnswer, PackedRows } from './compactAnswer';
import type { PlayerNames } from './lineupPlayers';

/** What the page embeds for the island: the query the client would send, and the answer of its default set. */
export interface FirstViewSeed {
  query: string;
  metricSet: string;
  rows: PackedRows;
  /** lineup pages: the names of the rows' players, whose `players` are their ids as on the wire (src/lib/tables/lineupPlayers.ts) */
  playerNames?: PlayerNames;
  note?: string;
  belowMin?: { rows: number; min: number };
}

/**
 * The query and the /api/data answer a seed holds (the compact form of one set: the table's store reads it as it
 * reads a fetched answer, src/lib/tables/compactAnswer.ts rowsOf), or null when the text is not a seed.
 */
export function readFirstViewSeed(text: string): { query: string; answer: CompactAnswer } | null {
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
      data: { [seed.metricSet]: seed.rows as PackedRows },
      ...(seed.playerNames !== undefined ? { playerNames: seed.playerNames } : {}),
      ...(seed.note ? { note: seed.note } : {}),
      ...(seed.belowMin ? { belowMin: seed.belowMin } : {}),
    },
  };
}
