/**
 * The old keys /api/v1 keeps answering. v1 only grows (schemas.ts): when a key that meant two formulas was split
 * (src/lib/tables/columnRegistry.ts V1_ALIASES: a player's TOV% per play, once `tov_pct`, is `tov_play_pct`; his FTA / FGA,
 * once `ft_rate`, is `fta_rate`), the answers that carried the old key still carry it, with the same value, beside
 * the new one: a table's rows of those sets (and their `{key}_pct`), a career's rates and percentiles, and a
 * comparison's values and percentiles. docs/reference/http-api.md lists them.
 */
import { aliasesOf, V1_ALIASES } from '../../../lib/tables/columnRegistry';

type Numbers = Record<string, number | null>;

/** A row with the set's v1 aliases added after the fields they copy (old key: the new key's value, and its percentile). */
function withV1Aliases<R extends Record<string, unknown>>(set: string, row: R): R {
  const aliases = Object.entries(aliasesOf(set));
  if (aliases.length === 0) return row;
  const out: Record<string, unknown> = { ...row };
  for (const [old, key] of aliases) {
    if (key in row) out[old] = row[key];
    if (`${key}_pct` in row) out[`${old}_pct`] = row[`${key}_pct`];
  }
  return out as R;
}

/** The sets with renamed keys (all players' rate sets), whose old keys a career carries. */
const PLAYER_RATE_SETS = Object.keys(V1_ALIASES);

/** A record of numbers with every player rate set's aliases (each old key only where its new key is present). */
const withPlayerAliases = <T extends Numbers>(values: T): T => PLAYER_RATE_SETS.reduce((v, set) => withV1Aliases(set, v), values);

/** A table's rows of a set (its column set `base`) with the set's aliases. */
export function tableRowsWithAliases<R extends Record<string, unknown>>(base: string, rows: readonly R[]): R[] {
  return rows.map((r) => withV1Aliases(base, r));
}

/** A career's rows and totals with the old keys of their rates and percentiles. */
export function careerWithAliases<C extends { rows: readonly L[]; totals: readonly L[] }, L extends { values: Numbers; percentiles: Numbers }>(career: C): C {
  const line = (l: L): L => ({ ...l, values: withPlayerAliases(l.values), percentiles: withPlayerAliases(l.percentiles) });
  return { ...career, rows: career.rows.map(line), totals: career.totals.map(line) };
}

/** A comparison in a set (its column set `base`) with the set's aliases in each player's values and percentiles. */
export function compareWithAliases<C extends { players: readonly P[] }, P extends { values: Numbers; percentiles: Numbers }>(answer: C, base: string): C {
  if (Object.keys(aliasesOf(base)).length === 0) return answer;
  return { ...answer, players: answer.players.map((p) => ({ ...p, values: withV1Aliases(base, p.values), percentiles: withV1Aliases(base, p.percentiles) })) };
}
