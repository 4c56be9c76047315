import { describe, expect, it } from 'vitest';
import type { GameListRow } from '../../../../src/server/stats/games/gameList';
import { seriesContext } from '../../../../src/server/stats/games/gamePreview';

const BOS = { id: 1610612738, abbr: 'BOS' };
const MIA = { id: 1610612748, abbr: 'MIA' };
/** A playoff game between the two: `winner` won it, at `home`. */
const game = (home: typeof BOS, winner: typeof BOS, n: number): GameListRow => {
  const away = home === BOS ? MIA : BOS;
  return {
    gameCode: `004220030${n}`,
    awayTeamId: away.id,
    homeTeamId: home.id,
    date: `2023-05-${10 + n}`,
    season: 2022,
    seasonType: 'playoffs',
    awayAbbr: away.abbr,
    homeAbbr: home.abbr,
    awayPts: winner === away ? 100 : 90,
    homePts: winner === home ? 100 : 90,
    periods: 4,
  };
};

describe('seriesContext: the playoff series before a game', () => {
  it('game 1 has no standing', () => {
    expect(seriesContext([], MIA, BOS)).toEqual({ gameNumber: 1, text: 'Game 1' });
  });

  it('names the team ahead (home or away, whoever hosted the earlier games) or says tied', () => {
    // BOS wins at home, MIA wins at home, MIA wins at home: MIA leads 2-1 before game 4.
    const earlier = [game(BOS, BOS, 1), game(MIA, MIA, 2), game(MIA, MIA, 3)];
    expect(seriesContext(earlier, BOS, MIA).text).toBe('Game 4, MIA leads 2-1');
    expect(seriesContext(earlier, MIA, BOS).text).toBe('Game 4, MIA leads 2-1');
    expect(seriesContext(earlier.slice(0, 2), MIA, BOS)).toEqual({ gameNumber: 3, text: 'Game 3, series tied 1-1' });
    expect(seriesContext([game(BOS, BOS, 1), game(BOS, BOS, 2)], BOS, MIA).text).toBe('Game 3, BOS leads 2-0');
  });
});
