import { describe, expect, it } from 'vitest';
import { gameKind, gamesOnDate } from '../../../../src/server/feed/schedule.ts';

// The schedule's game ids name the files fetch-games writes ({DIR}/{gameId}.json): only a regular-season or
// playoff game's 10 digits may be fetched; anything else is named and skipped.
const schedule = (ids: string[]) =>
  JSON.stringify({
    leagueSchedule: {
      gameDates: [
        {
          gameDate: '12/22/2020 00:00:00',
          games: ids.map((gameId) => ({
            gameId,
            gameStatus: 3,
            gameStatusText: 'Final',
            gameDateEst: '2020-12-22T00:00:00Z',
            homeTeam: { teamTricode: 'BKN' },
            awayTeam: { teamTricode: 'GSW' },
          })),
        },
      ],
    },
  });

describe('the schedule of a date', () => {
  it('fetches final regular-season and playoff games, and never an id that is not 10 digits', () => {
    const games = gamesOnDate(schedule(['0022000001', '0042000101', '0012000001', '002/../../../tmp/x', '0022000001x']), '2020-12-22');
    expect(games.map((g) => [g.gameId, g.state])).toEqual([
      ['0022000001', 'final'],
      ['0042000101', 'final'],
      ['0012000001', 'not kept'],
      ['002/../../../tmp/x', 'not kept'],
      ['0022000001x', 'not kept'],
    ]);
    expect(gameKind('0012000001')).toBe('preseason');
    expect(gameKind('002/../../../tmp/x')).toBe('not a game id');
  });
});
