/**
 * The player page's query keys of the similar-players section (src/components/SimilarPlayers.astro), apart from
 * src/lib/params/similarParams.ts so that the browser's stats store can keep them without the parser's imports.
 */
export const PAGE_KEYS = { season: 'simSeason', ageMin: 'simAgeMin', ageMax: 'simAgeMax', minMinutes: 'simMinutes' } as const;

/**
 * `params` (the query the stats app is about to write on a player profile) with the similar-players keys of the
 * query it replaces: the section sits outside the stats app, which would otherwise drop them.
 */
export function keepSimilarKeys(params: URLSearchParams, previousSearch: string): URLSearchParams {
  const previous = new URLSearchParams(previousSearch);
  for (const key of Object.values(PAGE_KEYS)) {
    const value = previous.get(key);
    if (value !== null && value.trim() !== '') params.set(key, value);
  }
  return params;
}
