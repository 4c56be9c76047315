/**
 * GET /api/game_stints?game_id=[&format=csv&side=away|home]: each team's stints of a game (the Play-by-play
 * tab's stints table: src/lib/game/playByPlay.ts). JSON: both teams; `format=csv` with `side`: that team's table as
 * shown, through csv.ts's encoder. 400 naming the parameter for a bad value, 404 for an unknown game.
 */
import type { APIRoute } from 'astro';
import { ParamError, parseGameId } from '../../lib/params/apiParams';
import { csvTextResponse } from '../../server/stats/base/csvText';
import { parseFormat } from '../../server/stats/answers/csv';
import { handle, json } from '../../server/stats/request/http';
import { nameLookup, stintsCsv } from '../../server/stats/games/playByPlay';
import { gamePlayByPlay } from '../../server/stats/answers/reads';
import { askerOfContext } from '../../server/stats/request/request';

export const prerender = false;

export const GET: APIRoute = (context) =>
  handle(async () => {
    const { url, request } = context;
    const gameCode = parseGameId(url.searchParams.get('game_id'));
    const format = parseFormat(url.searchParams);
    const side = url.searchParams.get('side');
    if (side !== null && side !== 'away' && side !== 'home') throw new ParamError('side', 'must be away or home');
    if (format === 'csv' && side === null) throw new ParamError('side', 'is required with format=csv (away or home)');
    const pbp = await gamePlayByPlay(askerOfContext(context), gameCode);
    if (format === 'csv') {
      const { text, fileName } = stintsCsv(pbp, side as 'away' | 'home');
      return csvTextResponse(text, fileName, request);
    }
    const name = nameLookup(pbp.players, 'name');
    const team = (s: 'away' | 'home') => ({
      abbr: pbp[s].abbr,
      pts: pbp[s].pts,
      stints: pbp.stints[s].map((st) => ({
        period: st.period,
        on_clock: st.onClock,
        off_clock: st.offClock,
        start_time: st.startTime,
        seconds: st.seconds,
        players: st.five.map((id) => ({ player_id: id, name: name(id) })),
        pts_for: st.ptsFor,
        pts_against: st.ptsAgainst,
        plus_minus: st.ptsFor - st.ptsAgainst,
      })),
    });
    return json({ game_id: pbp.gameCode, periods: pbp.periods, away: team('away'), home: team('home') });
  });
