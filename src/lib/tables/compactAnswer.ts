/**
 * The compact form of a GET /api/data answer (`form=compact`, what the site's table asks for: src/stores/statsApp.ts,
 * and the page's first view: src/server/stats/answers/firstView.ts).
 * Rows of one metric set share their fields, so each set's rows are packed, their field names once and each row
 * the list of its values (packRows), and a lineup row's players are their ids, named once in `playerNames`
 * (src/lib/tables/lineupPlayers.ts). A league's lineups over 13 seasons: 2.7 MB of JSON as rows naming their players,
 * 0.56 MB compact; 430 KB with brotli, 208 KB; the server's encoding of it (JSON and brotli) 21 -> 15 ms. A set
 * whose rows do not share their fields (none today) is carried as `{ rows }`. Without `form=compact`
 * (`form=rows`, the default) an answer's rows are objects with their players named, as every client read them
 * before: a page left open across a deploy, an older node in a rolling one, scripts. `rowsOf` turns either form
 * into rows as the tables read them (the table's store, the server's pages, CSV and the developer API).
 */
import { withPlayerNames, type AnswerRow, type PlayerNames } from './lineupPlayers';

/** GET /api/data's key for the form of its answer, and its compact value. */
export const FORM_KEY = 'form';
export const COMPACT = 'compact';
/** The form of an answer: compact (packed rows, players by id) or rows (objects, players named; the default). */
export type AnswerForm = 'compact' | 'rows';

/** The form a `form` parameter asks for; null when it is neither. Absent: rows. */
export function answerFormOf(value: string | null): AnswerForm | null {
  const v = value?.trim().toLowerCase();
  if (!v || v === 'rows') return 'rows';
  return v === COMPACT ? 'compact' : null;
}
/** Rows of one set packed: their common fields once and each row's values in that order, or the rows as they are. */
export type PackedRows = { fields: string[]; values: unknown[][] } | { rows: Record<string, unknown>[] };

/** Pack rows: their common field names once, then each row's values in that order. */
export function packRows(rows: readonly Record<string, unknown>[]): PackedRows {
  // As JSON would carry them: a field whose value is undefined is no field.
  const keysOf = (row: Record<string, unknown>) => Object.keys(row).filter((k) => row[k] !== undefined);
  const fields = rows.length > 0 ? keysOf(rows[0]!) : [];
  const uniform = rows.every((row) => {
    const keys = keysOf(row);
    return keys.length === fields.length && keys.every((k, i) => k === fields[i]);
  });
  if (!uniform) return { rows: [...rows] };
  return { fields, values: rows.map((row) => fields.map((f) => row[f])) };
}

/** The rows a packing holds (a malformed packing gives no rows, never an exception). */
export function unpackRows(packed: unknown): Record<string, unknown>[] {
  if (typeof packed !== 'object' || packed === null) return [];
  const p = packed as Partial<{ fields: unknown; values: unknown; rows: unknown }>;
  if (Array.isArray(p.rows)) return p.rows.filter((r): r is Record<string, unknown> => typeof r === 'object' && r !== null);
  if (!Array.isArray(p.fields) || !Array.isArray(p.values)) return [];
  const fields = p.fields.map(String);
  // Each row a copy of one object holding every field, then filled: an object given more than a dozen keys one by
  // one is a dictionary in V8, slower to read and sort than one copied from a shape (as the server's rows are).
  const shape: Record<string, unknown> = Object.fromEntries(fields.map((f) => [f, null]));
  return p.values
    .filter((v): v is unknown[] => Array.isArray(v) && v.length === fields.length)
    .map((v) => {
      const row: Record<string, unknown> = { ...shape };
      for (let i = 0; i < fields.length; i++) row[fields[i]!] = v[i];
      return row;
    });
}

/** An answer's fields besides its rows (the same in both forms). */
interface AnswerExtras {
  note?: string;
  belowMin?: { rows: number; min: number };
  playerNames?: PlayerNames;
}

/** A compact answer: each set's rows packed. */
export interface CompactAnswer extends AnswerExtras {
  data: Record<string, PackedRows>;
}

/** An answer as rows (each set's rows as objects). */
export interface RowsAnswer extends AnswerExtras {
  data: Record<string, AnswerRow[]>;
}

/** The compact form of an answer whose lineup rows carry their players by id (the server's computed answer). */
export function compactOf(answer: RowsAnswer): CompactAnswer {
  return { ...answer, data: Object.fromEntries(Object.entries(answer.data).map(([set, rows]) => [set, packRows(rows)])) };
}

/**
 * An answer of either form as the tables read it: each set's rows as objects (unpacked when packed), a lineup
 * row's players named (withPlayerNames), without `playerNames`. Anything that is not an answer gives no rows.
 */
export function rowsOf(answer: unknown): { data: Record<string, AnswerRow[]>; note?: string; belowMin?: { rows: number; min: number } } {
  if (typeof answer !== 'object' || answer === null) return { data: {} };
  const { data, playerNames, ...extras } = answer as { data?: unknown; playerNames?: PlayerNames };
  const sets = typeof data === 'object' && data !== null && !Array.isArray(data) ? (data as Record<string, unknown>) : {};
  const isRow = (r: unknown): r is AnswerRow => typeof r === 'object' && r !== null && !Array.isArray(r);
  const rows = Object.fromEntries(Object.entries(sets).map(([set, packed]) => [set, Array.isArray(packed) ? packed.filter(isRow) : unpackRows(packed)]));
  return { data: withPlayerNames(rows, playerNames), ...(extras as AnswerExtras) };
}
