/**
 * Off-court filters answered by subtraction. A sample whose only lineup filter is "off court" (none of
 * the listed players on the floor) holds almost every possession, so the player index cannot narrow it, and
 * every aggregate used to read every possession of the seasons with the condition inline: 4-7 s over 12-17
 * seasons. Its sums are instead, by inclusion-exclusion over the listed players X1..Xk,
 *
 *   sums(none of X on the floor) = sums(no lineup filter) - sum over Xi of sums(Xi on) + sum over pairs of sums(Xi and Xj on) - ...
 *
 * The first term takes the fast paths of a query without lineup filters (per-game totals, pre-summed tables);
 * every other term names players on the floor, so the player index narrows it to their team-seasons. The sums
 * are exact (integer counters), summed per group; a group whose every counter comes to zero (all its
 * possessions had a listed player on the floor) is left out, as the reference paths leave out such groups
 * (sums.ts, for every grouped team and on-court sum). The terms are the aggregates' own queries with other
 * filter sets, so every filter besides the lineup keeps its meaning. tests/api/planPaths.test.ts compares the
 * answers with the reference paths, which read the possessions with the condition inline.
 *
 * What is not a sum: a player's team label (last_team_id, his team in his last game of the group) is the first
 * term's. It differs from the filtered sample's only for a player whose last games of the group were played
 * entirely with a listed player on the floor, and for a different team than the games before.
 */
import type { AppliedFilters } from '../../../lib/params/apiParams';
import type { StatsDb } from '../../db/statsDb';
import { referencePaths } from './plan';

/** One term of the sum: a filter set (the off-court filter turned into an on-court one, or dropped) and its sign. */
export interface OffCourtTerm {
  filters: AppliedFilters;
  sign: 1 | -1;
}

/** At most this many off-court players are answered by subtraction (2^k terms); more keep the inline condition. */
export const MAX_SUBTRACTED_PLAYERS = 3;

/** Every subset of xs, the empty one first. */
function subsets<T>(xs: readonly T[]): T[][] {
  const all: T[][] = [[]];
  for (const x of xs) for (const s of all.slice()) all.push([...s, x]);
  return all;
}

/**
 * The terms of f's sums when its only lineup filter is off court (1 to MAX_SUBTRACTED_PLAYERS players), else
 * null (no off-court filter, another lineup filter that narrows the sample by itself, or the reference paths
 * forced). The off-court filter is one filter ("none of them on the floor") whatever LineupAllOrAny says, which
 * combines different lineup filters; each term applies its players as one on-court filter ("all of them on").
 */
export function offCourtTerms(db: StatsDb, f: AppliedFilters): OffCourtTerm[] | null {
  const { offCourt } = f.lineup;
  if (offCourt.length === 0 || offCourt.length > MAX_SUBTRACTED_PLAYERS || referencePaths(db)) return null;
  if (Object.entries(f.lineup).some(([name, ids]) => name !== 'offCourt' && ids.length > 0)) return null;
  const none = Object.fromEntries(Object.keys(f.lineup).map((name) => [name, []])) as unknown as AppliedFilters['lineup'];
  return subsets(offCourt).map((on) => ({
    filters: { ...f, lineupAllOrAny: 'all', lineup: { ...none, onCourt: on } },
    sign: on.length % 2 === 0 ? 1 : -1,
  }));
}

/**
 * f's sums by subtraction when offCourtTerms applies, else null: `sumsSql` writes the aggregate's own SELECT for
 * another filter set (the caller's builder, its values bound in the caller's Params), and the terms' SELECTs are
 * summed per group by sumTerms with `o`.
 */
export async function subtractedSql(
  db: StatsDb,
  f: AppliedFilters,
  sumsSql: (filters: AppliedFilters) => Promise<string>,
  groups: readonly string[],
  counters: readonly string[],
  o: Parameters<typeof sumTerms>[3] = {},
): Promise<string | null> {
  const terms = offCourtTerms(db, f);
  if (!terms) return null;
  const parts: { sql: string; sign: 1 | -1 }[] = [];
  for (const t of terms) parts.push({ sql: await sumsSql(t.filters), sign: t.sign });
  return sumTerms(parts, groups, counters, o);
}

/**
 * The SELECT summing the terms' answers per group: `parts` are the terms' own SELECTs (in the order of
 * offCourtTerms, the first without a lineup filter), each yielding the `groups` columns and the `counters`;
 * `firstOnly` columns are taken from the first term (labels, not sums). Grouped, a group whose counters all
 * come to zero is left out; `having` adds conditions on the summed counters, written with `summed(column)`.
 */
export function sumTerms(
  parts: readonly { sql: string; sign: 1 | -1 }[],
  groups: readonly string[],
  counters: readonly string[],
  o: { firstOnly?: readonly string[]; having?: (summed: (column: string) => string) => string[] } = {},
): string {
  const summed = (c: string) => `SUM(t.term_sign * t.${c})`;
  const union = parts.map((p, i) => `SELECT ${p.sign} AS term_sign, ${i} AS term_no, * FROM (${p.sql})`).join(' UNION ALL BY NAME ');
  const select = [
    ...groups.map((g) => `t.${g}`),
    ...(o.firstOnly ?? []).map((c) => `max(t.${c}) FILTER (WHERE t.term_no = 0) AS ${c}`),
    ...counters.map((c) => `COALESCE(${summed(c)}, 0)::DOUBLE AS ${c}`),
  ];
  const having = groups.length ? [`(${counters.map((c) => `${summed(c)} <> 0`).join(' OR ')})`, ...(o.having?.(summed) ?? [])] : [];
  return `SELECT ${select.join(', ')} FROM (${union}) t
    ${groups.length ? `GROUP BY ${groups.map((g) => `t.${g}`).join(', ')}` : ''}
    ${having.length ? `HAVING ${having.join(' AND ')}` : ''}`;
}

/** HAVING of a grouped sum in the reference paths: some counter is not zero (as sumTerms leaves groups out). */
export function someCounterNotZero(counters: readonly string[], alias: string): string {
  return `(${counters.map((c) => `SUM(${alias}.${c}) <> 0`).join(' OR ')})`;
}
