/**
 * Why a table is empty when the data cannot have rows (item "empty states say why"): playoffs before 2013-14,
 * preseason, salaries after 2019-20. Null when the filters could have rows (then it is just an empty sample).
 */
import { seasonLabel } from './filterDefinitions';
import { FIRST_PLAYOFF_SEASON, LAST_SALARY_SEASON } from '../site/site';

export function emptyReason(o: { seasons: readonly number[]; seasonTypes: readonly string[]; salaries?: boolean }): string | null {
  if (o.salaries) {
    if (o.seasons.length > 0 && o.seasons.every((s) => s > LAST_SALARY_SEASON)) {
      return `No salaries after ${seasonLabel(LAST_SALARY_SEASON)}: the salary data covers 2003-04 to ${seasonLabel(LAST_SALARY_SEASON)}. Choose an earlier season.`;
    }
    return null;
  }
  const types = o.seasonTypes.filter((t) => t !== 'preseason');
  if (types.length === 0) return 'No preseason data: the play-by-play covers regular seasons and playoffs only.';
  if (types.every((t) => t === 'playoffs') && o.seasons.length > 0 && o.seasons.every((s) => s < FIRST_PLAYOFF_SEASON)) {
    return `No playoffs before ${seasonLabel(FIRST_PLAYOFF_SEASON)}: the play-by-play of earlier playoffs is not available. Choose ${seasonLabel(FIRST_PLAYOFF_SEASON)} or later, or the regular season.`;
  }
  return null;
}
