/**
 * The `schedule` table: the season's published schedule (the league's staticData/scheduleLeagueV2.json), so the
 * game finder lists the games still to be played and their previews. Written by the ingest's hooks phase (and so
 * by every build and update that runs the hooks), each time whole: a run replaces the rows it wrote before.
 *
 * Which games: regular-season and playoff games (isKeptGame: the game id's third digit 2 or 4), both teams known.
 * A game whose teams are still to be decided (the In-Season Tournament's knockout games, team id 0: 6 of the 1,206
 * regular-season games of the schedule recorded on 2023-09-16) is left out until a later schedule names them.
 * The date is the league's own, US Eastern (`gameDateEst`: '2023-10-24T00:00:00Z' is the evening of 2023-10-24).
 * Example: the recorded 2023-24 schedule (recorded-feed/schedule/live_nba_2023.json) gives 1,200 rows of season
 * 2023, all 'regular', from 2023-10-24 (LAL at DEN, 0022300061) to 2024-04-14, none played.
 *
 * Where the file comes from: the feed's folder when FEED_BASE_URL is a file: base (the embedded default,
 * file:recorded-feed: its latest schedule/live_nba_{year}.json). With the league's CDN as the base the ingest
 * reads no network: the table is left empty.
 */
import { type DuckDBConnection, DuckDBDateValue } from '@duckdb/node-api';
import { config } from '../../config.ts';
import { isKeptGame } from '../../feed/schedule.ts';
import { feedSource } from '../../feed/feedSource.ts';

export interface ScheduleRow {
  gameId: number;
  gameCode: string;
  season: number;
  seasonType: 'regular' | 'playoffs';
  /** YYYY-MM-DD, US Eastern */
  date: string;
  homeTeamId: number;
  awayTeamId: number;
  homeAbbr: string;
  awayAbbr: string;
  /** 1 not started, 2 in progress, 3 final (the league's gameStatus) */
  status: number;
}

const DATE = /^\d{4}-\d{2}-\d{2}/;

/** The schedule's kept games with both teams known, in the schedule's order. Throws when the text is not a schedule. */
export function scheduleRows(text: string): ScheduleRow[] {
  const parsed = JSON.parse(text) as { leagueSchedule?: { gameDates?: { games?: unknown[] }[] } };
  const days = parsed?.leagueSchedule?.gameDates;
  if (!Array.isArray(days)) throw new Error('the schedule has no leagueSchedule.gameDates');
  const out: ScheduleRow[] = [];
  for (const day of days) {
    for (const raw of Array.isArray(day?.games) ? day.games : []) {
      const g = raw as {
        gameId?: unknown;
        gameDateEst?: unknown;
        gameStatus?: unknown;
        homeTeam?: { teamId?: unknown; teamTricode?: unknown };
        awayTeam?: { teamId?: unknown; teamTricode?: unknown };
      };
      if (typeof g.gameId !== 'string' || !/^\d{10}$/.test(g.gameId) || !isKeptGame(g.gameId)) continue;
      const home = Number(g.homeTeam?.teamId);
      const away = Number(g.awayTeam?.teamId);
      if (!home || !away || typeof g.gameDateEst !== 'string' || !DATE.test(g.gameDateEst)) continue;
      out.push({
        gameId: Number(g.gameId),
        gameCode: g.gameId,
        // 0022300061: 23 = the season starting in 2023
        season: 2000 + Number(g.gameId.slice(3, 5)),
        seasonType: g.gameId[2] === '4' ? 'playoffs' : 'regular',
        date: g.gameDateEst.slice(0, 10),
        homeTeamId: home,
        awayTeamId: away,
        homeAbbr: String(g.homeTeam?.teamTricode ?? ''),
        awayAbbr: String(g.awayTeam?.teamTricode ?? ''),
        status: Number(g.gameStatus) || 1,
      });
    }
  }
  return out;
}

/** The schedule's text from the feed's folder, or null (an http base, or no schedule file in the folder). */
export async function readScheduleText(base: string = config.feedBaseUrl): Promise<string | null> {
  if (!base.startsWith('file:')) return null;
  const r = await feedSource(base).get({ kind: 'schedule' });
  return r.status === 'ok' ? r.body : null;
}

/**
 * Replaces the rows of `schedule` with the schedule's (none when there is no schedule file), through DuckDB's
 * appender: a statement per row committed each on its own (1,200 of them) took seconds on a file database.
 */
export async function writeSchedule(connection: DuckDBConnection, text: string | null, log: (m: string) => void = () => {}): Promise<number> {
  const rows = text === null ? [] : scheduleRows(text);
  await connection.run('DELETE FROM schedule');
  const appender = await connection.createAppender('schedule');
  for (const r of rows) {
    const [year, month, day] = r.date.split('-').map(Number) as [number, number, number];
    appender.appendInteger(r.gameId);
    appender.appendVarchar(r.gameCode);
    appender.appendSmallInt(r.season);
    appender.appendVarchar(r.seasonType);
    appender.appendDate(DuckDBDateValue.fromParts({ year, month, day }));
    appender.appendInteger(r.homeTeamId);
    appender.appendInteger(r.awayTeamId);
    appender.appendVarchar(r.homeAbbr);
    appender.appendVarchar(r.awayAbbr);
    appender.appendTinyInt(r.status);
    appender.endRow();
  }
  appender.closeSync();
  log(`schedule: ${rows.length} games${text === null ? ' (no schedule file)' : ''}`);
  return rows.length;
}
