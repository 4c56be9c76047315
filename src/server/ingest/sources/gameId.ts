/**
 * What a game id says about its game (nba-data README, "Play-by-play columns"): '0022000001' is a regular-season
 * game (type '002') of the season starting in 2020 ('20'), game 1. Type '004' is the playoffs. The other types are
 * not in the stats database: '001' preseason, '003' All-Star, '005' play-in, '006' the cup's final.
 */
import type { SeasonType } from '../read/types.ts';

const SEASON_TYPES: Record<string, SeasonType> = { '002': 'regular', '004': 'playoffs' };

export type GameIdMeaning = { ok: true; season: number; seasonType: SeasonType } | { ok: false; message: string };

/** Season and season type of a 10-character game id, or why it is not a game of the database. */
export function gameIdMeaning(code: string): GameIdMeaning {
  const m = /^(\d{3})(\d{2})\d{5}$/.exec(code);
  if (!m) return { ok: false, message: `"${code}" is not a game id (10 digits, e.g. 0022000001)` };
  const seasonType = SEASON_TYPES[m[1]!];
  if (!seasonType) return { ok: false, message: `${code} is not a regular-season or playoff game (type ${m[1]})` };
  const yy = Number(m[2]);
  // The league's ids start in 1946-47; two digits from 46 up are the 1900s.
  return { ok: true, season: yy >= 46 ? 1900 + yy : 2000 + yy, seasonType };
}
