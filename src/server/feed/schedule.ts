/**
 * The season's schedule (staticData/scheduleLeagueV2.json) read for one date: which games were played that day
 * and which of them are over.
 *
 * A game's date is the league's, in US Eastern time: `gameDateEst` ('2023-10-24T00:00:00Z' is the evening of
 * 2023-10-24 in New York even when it ends after midnight UTC). A game is:
 *   final        gameStatus 3 ('Final'): fetched;
 *   postponed    postponedStatus 'P' or a status text 'PPD'/'Postponed' (the league keeps it on its old date
 *                with gameStatus 1 until it is moved): skipped and named;
 *   in progress  gameStatus 2 ('Q3 5:12', 'Half'): skipped and named, fetched by a later run;
 *   not started  gameStatus 1 ('7:30 pm ET'): skipped and named.
 * Only regular-season and playoff games are kept by the stats database (the game id's third digit: 2 or 4;
 * 0012300001 is preseason, 0032300001 the All-Star game, 0052300001 the play-in): others are skipped as
 * 'not kept' whatever their state, so the nightly run never fetches a file the update would refuse. A game id
 * that is not 10 digits ('002/../../x', the file name fetch-games would write) is 'not kept' either.
 */
import { isoDate } from '../../lib/params/apiParamValues.ts';
import { gameIdMeaning } from '../ingest/sources/gameId.ts';

export type ScheduledGame = {
  gameId: string;
  /** 'GSW @ BKN' */
  matchup: string;
  state: 'final' | 'postponed' | 'in progress' | 'not started' | 'not kept';
  statusText: string;
};

/** Thrown when the schedule is not the league's schedule (the whole run stops: nothing is known). */
export class ScheduleError extends Error {}

type RawGame = {
  gameId?: unknown;
  gameStatus?: unknown;
  gameStatusText?: unknown;
  gameDateEst?: unknown;
  postponedStatus?: unknown;
  homeTeam?: { teamTricode?: unknown };
  awayTeam?: { teamTricode?: unknown };
};

/** The games of `date` (YYYY-MM-DD, Eastern) in the schedule's text, in the schedule's order. */
export function gamesOnDate(scheduleText: string, date: string): ScheduledGame[] {
  let parsed: { leagueSchedule?: { gameDates?: { gameDate?: unknown; games?: RawGame[] }[] } };
  try {
    parsed = JSON.parse(scheduleText);
  } catch (error) {
    throw new ScheduleError(`the schedule is not JSON (${(error as Error).message})`);
  }
  const days = parsed?.leagueSchedule?.gameDates;
  if (!Array.isArray(days)) throw new ScheduleError('the schedule has no leagueSchedule.gameDates');
  const out: ScheduledGame[] = [];
  for (const day of days) {
    // '10/24/2023 00:00:00', the day's own date, when a game lacks gameDateEst.
    const dayDate = typeof day.gameDate === 'string' ? day.gameDate.replace(/^(\d\d)\/(\d\d)\/(\d{4}).*$/, '$3-$1-$2') : '';
    for (const game of Array.isArray(day.games) ? day.games : []) {
      const gameDate = typeof game.gameDateEst === 'string' ? game.gameDateEst.slice(0, 10) : dayDate;
      if (gameDate !== date || typeof game.gameId !== 'string') continue;
      out.push({
        gameId: game.gameId,
        matchup: `${String(game.awayTeam?.teamTricode ?? '?')} @ ${String(game.homeTeam?.teamTricode ?? '?')}`,
        state: stateOf(game as RawGame & { gameId: string }),
        statusText: String(game.gameStatusText ?? '').trim(),
      });
    }
  }
  return out;
}

/** The kinds of game the stats database holds, by the game id's third digit. */
const KEPT_KINDS: Record<string, string> = { '1': 'preseason', '2': 'regular season', '3': 'All-Star', '4': 'playoffs', '5': 'play-in', '6': 'cup final' };
export const isKeptGame = (gameId: string) => gameIdMeaning(gameId).ok;
export const gameKind = (gameId: string) => (/^\d{10}$/.test(gameId) ? (KEPT_KINDS[gameId[2]!] ?? 'unknown kind') : 'not a game id');

function stateOf(game: RawGame & { gameId: string }): ScheduledGame['state'] {
  if (!isKeptGame(game.gameId)) return 'not kept';
  if (game.postponedStatus === 'P' || /^(ppd|postponed)/i.test(String(game.gameStatusText ?? '').trim())) return 'postponed';
  if (game.gameStatus === 3) return 'final';
  if (game.gameStatus === 2) return 'in progress';
  return 'not started';
}

/** The calendar date in US Eastern time (the league's dates) at `now`: '2026-11-28' at 03:00 UTC on the 29th. */
export function easternDate(now: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/** The date `days` after `date` (YYYY-MM-DD; negative: before). */
export function addDays(date: string, days: number): string {
  const t = Date.parse(`${date}T00:00:00Z`) + days * 86_400_000;
  return new Date(t).toISOString().slice(0, 10);
}

/** A real calendar date written YYYY-MM-DD ('2023-02-30' is not): the API's one date rule (apiParamValues.ts isoDate). */
export function isDate(text: string): boolean {
  return isoDate.safeParse(text).success;
}
