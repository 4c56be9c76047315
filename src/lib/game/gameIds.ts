/**
 * What a league game id says on its own (nba-data README): 10 characters, "0021900001" = 002 (regular
 * season; 004 playoffs, 001 preseason, 003 all-star, 005 play-in), 19 (the season's start year, 2019-20),
 * 00001 (game number).
 */
export type GameIdSeasonType = 'preseason' | 'regular' | 'all-star' | 'playoffs' | 'play-in';

const TYPES: Readonly<Record<string, GameIdSeasonType>> = {
  '001': 'preseason',
  '002': 'regular',
  '003': 'all-star',
  '004': 'playoffs',
  '005': 'play-in',
};

export interface GameIdInfo {
  seasonType: GameIdSeasonType | undefined;
  /** Start year of the season (2019 for 2019-20); ids cover 1946-2045 via the two digits. */
  seasonStartYear: number;
  /** The game's number within its season type. */
  number: number;
}

export function parseGameId(gameId: string): GameIdInfo | undefined {
  if (!/^\d{10}$/.test(gameId)) return undefined;
  const yy = Number(gameId.slice(3, 5));
  return {
    seasonType: TYPES[gameId.slice(0, 3)],
    seasonStartYear: yy >= 46 ? 1900 + yy : 2000 + yy,
    number: Number(gameId.slice(5)),
  };
}
