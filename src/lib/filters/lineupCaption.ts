/**
 * The line that names an applied lineup filter above a stats table. The spec shows no pill for a lineup filter,
 * so without this a screenshot of a filtered table reads as the whole sample. Each applied lineup filter is said
 * by name, as the server applies it (src/server/stats/sql/filterRules.ts), in the order of src/lib/filters/filterDefinitions.ts:
 *   pg=201939                       -> "Lineup filter: Stephen Curry at PG."
 *   onCourtWith=203110&offCourt=202691
 *                                   -> "Lineup filter: Draymond Green on the floor as a teammate; Klay Thompson off the floor."
 *   the same with lineupAllOrAny=any -> "Lineup filter, any one of: Draymond Green on the floor as a teammate; Klay
 *                                       Thompson off the floor."
 * A player the list does not know is "player {id}". No lineup filter: null.
 */
import { FILTERS, type FilterName } from './filterDefinitions';

/** The lineup filters: those that name players. */
type LineupFilterName = Extract<(typeof FILTERS)[number], { type: 'players' }>['name'];

/** How each lineup filter reads after its players' names (`many`: with more than one, where it differs; a slot takes any one of its players: "or"). */
const PHRASES: Record<LineupFilterName, { join: 'and' | 'or'; one: string; many?: string }> = {
  PG: { join: 'or', one: 'at PG' },
  SG: { join: 'or', one: 'at SG' },
  SF: { join: 'or', one: 'at SF' },
  PF: { join: 'or', one: 'at PF' },
  C: { join: 'or', one: 'at C' },
  OnCourt: { join: 'and', one: 'on the floor' },
  OnCourtWith: { join: 'and', one: 'on the floor as a teammate', many: 'on the floor as teammates' },
  OnCourtAgainst: { join: 'and', one: 'on the floor for the opponent' },
  OffCourt: { join: 'and', one: 'off the floor' },
};
/** In the order of src/lib/filters/filterDefinitions.ts. */
const ORDER = FILTERS.flatMap((f) => (f.type === 'players' ? [f.name] : []));

/** "A", "A and B", "A, B and C" (or "or"). */
function listNames(names: readonly string[], join: 'and' | 'or'): string {
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} ${join} ${names.at(-1)}`;
}

export function lineupCaption(applied: Partial<Record<FilterName, unknown>>, nameOf: (id: number) => string | undefined): string | null {
  const parts = ORDER.flatMap((name) => {
    const ids = applied[name];
    if (!Array.isArray(ids) || ids.length === 0) return [];
    const phrase = PHRASES[name];
    const names = (ids as number[]).map((id) => nameOf(id) ?? `player ${id}`);
    return [`${listNames(names, phrase.join)} ${names.length > 1 && phrase.many ? phrase.many : phrase.one}`];
  });
  if (parts.length === 0) return null;
  const any = applied.LineupAllOrAny === 'any' && parts.length > 1;
  return `${any ? 'Lineup filter, any one of:' : 'Lineup filter:'} ${parts.join('; ')}.`;
}
