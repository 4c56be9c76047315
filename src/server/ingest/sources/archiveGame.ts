/**
 * An archive game file: the stats.nba.com playbyplayv2 response, `{resultSets: [{name: 'PlayByPlay', headers,
 * rowSet}]}`, whose columns are nba-data's pbp files' (nba-data README, "Play-by-play columns"). Rows are read
 * in the published order into RawEvent as read.ts reads a parquet row (the clock 'M:SS' in seconds, missing
 * numbers 0, empty texts null), through the same GameRowCollector (the duplicate rule: a row equal to the row
 * before it, same EVENTNUM, is dropped).
 *
 * The game comes from the rows: the home team is the team of the home players (PERSONnTYPE 4), the visitors
 * those of type 5, with their PLAYERn_TEAM_ABBREVIATION; the final score the last non-null SCORE ('away -
 * home'). The response has no date: it is the file's `gameDate` when the file wraps the response
 * (`{gameDate, playbyplay}`), else the caller's (index.ts ReadOptions.knownDates).
 */
import { z } from 'zod';
import { GameRowCollector } from '../read/read.ts';
import { PersonType, periodLength, type EventPerson, type GameInfo } from '../read/types.ts';
import { gameIdMeaning } from './gameId.ts';
import { contentHash } from './liveGame.ts';
import { MAX_PERIOD, zodProblem } from './liveFeed.ts';
import type { SourceGame, SourceProblem } from './sourceGame.ts';

const cell = z.union([z.string(), z.number(), z.boolean(), z.null()]);
export const archiveResponse = z.object({
  resultSets: z.array(z.object({ name: z.string(), headers: z.array(z.string()), rowSet: z.array(z.array(cell)) })),
});

const REQUIRED = [
  'GAME_ID',
  'EVENTNUM',
  'EVENTMSGTYPE',
  'EVENTMSGACTIONTYPE',
  'PERIOD',
  'PCTIMESTRING',
  'HOMEDESCRIPTION',
  'NEUTRALDESCRIPTION',
  'VISITORDESCRIPTION',
  'SCORE',
  'PERSON1TYPE',
  'PLAYER1_ID',
  'PLAYER1_TEAM_ID',
  'PERSON2TYPE',
  'PLAYER2_ID',
  'PLAYER2_TEAM_ID',
  'PERSON3TYPE',
  'PLAYER3_ID',
  'PLAYER3_TEAM_ID',
] as const;

type Cell = z.infer<typeof cell>;
const num = (v: Cell | undefined): number => Number(v ?? 0) || 0;
const text = (v: Cell | undefined): string | null => (v === null || v === undefined || v === '' ? null : String(v));

/** 'M:SS' in seconds, as read.ts does in SQL (0 when unreadable). */
function clockOf(v: Cell | undefined): number {
  const m = /^(\d+):(\d+)/.exec(String(v ?? ''));
  return m ? Number(m[1]) * 60 + Number(m[2]) : 0;
}

const problem = (reason: SourceProblem['reason'], message: string, gameCode: string | null): SourceProblem => ({ reason, message, gameCode });

/** The archive game of a playbyplayv2 response (`date`: the game's date when known), or why it cannot be read. */
export function archiveGame(response: unknown, date: (code: string) => string | undefined): SourceGame | SourceProblem {
  const parsed = archiveResponse.safeParse(response);
  if (!parsed.success) return problem('format', `playbyplayv2: ${zodProblem(parsed.error)}`, null);
  const set = parsed.data.resultSets.find((s) => s.name === 'PlayByPlay');
  if (!set) return problem('format', 'playbyplayv2: no result set named PlayByPlay', null);
  const col = new Map(set.headers.map((h, i) => [h, i]));
  const missing = REQUIRED.filter((h) => !col.has(h));
  if (missing.length) return problem('format', `playbyplayv2: no column ${missing.join(', ')}`, null);
  if (set.rowSet.length === 0) return problem('format', 'playbyplayv2: no rows', null);
  const at = (
    row: Cell[],
    h: (typeof REQUIRED)[number] | 'PLAYER1_NAME' | 'PLAYER2_NAME' | 'PLAYER3_NAME' | `PLAYER${1 | 2 | 3}_TEAM_ABBREVIATION`,
  ): Cell | undefined => {
    const i = col.get(h);
    return i === undefined ? undefined : row[i];
  };

  const code = String(at(set.rowSet[0]!, 'GAME_ID') ?? '').padStart(10, '0');
  const meaning = gameIdMeaning(code);
  if (!meaning.ok) return problem('game_id', meaning.message, code);
  const collector = new GameRowCollector(code);
  const teams = new Map<number, { id: number; abbr: string }>();
  const playerNames = new Map<number, string>();
  let statedScore: { home: number; away: number } | null = null;
  for (const [r, row] of set.rowSet.entries()) {
    const rowCode = String(at(row, 'GAME_ID') ?? '').padStart(10, '0');
    if (rowCode !== code) return problem('game_id', `row ${r} is of game ${rowCode}, the first of ${code}`, code);
    const persons = ([1, 2, 3] as const).map(
      (n): EventPerson => ({
        type: num(at(row, `PERSON${n}TYPE`)),
        id: num(at(row, `PLAYER${n}_ID`)),
        teamId: num(at(row, `PLAYER${n}_TEAM_ID`)),
      }),
    );
    for (const [k, p] of persons.entries()) {
      if ((p.type !== PersonType.HomePlayer && p.type !== PersonType.AwayPlayer) || p.teamId <= 0) continue;
      if (!teams.has(p.type)) teams.set(p.type, { id: p.teamId, abbr: String(at(row, `PLAYER${(k + 1) as 1 | 2 | 3}_TEAM_ABBREVIATION`) ?? '') });
      const name = text(at(row, `PLAYER${(k + 1) as 1 | 2 | 3}_NAME`));
      if (name && !playerNames.has(p.id)) playerNames.set(p.id, name);
    }
    const period = num(at(row, 'PERIOD'));
    if (period < 0 || period > MAX_PERIOD || clockOf(at(row, 'PCTIMESTRING')) > periodLength(Math.max(1, period))) {
      return problem(
        'format',
        `row ${r} (#${num(at(row, 'EVENTNUM'))}): period ${period}, clock ${String(at(row, 'PCTIMESTRING'))} is not a time of a game`,
        code,
      );
    }
    const score = /^\s*(\d+)\s*-\s*(\d+)\s*$/.exec(String(at(row, 'SCORE') ?? ''));
    if (score) statedScore = { away: Number(score[1]), home: Number(score[2]) };
    collector.push(
      {
        eventNum: num(at(row, 'EVENTNUM')),
        type: num(at(row, 'EVENTMSGTYPE')),
        action: num(at(row, 'EVENTMSGACTIONTYPE')),
        period: num(at(row, 'PERIOD')),
        clock: clockOf(at(row, 'PCTIMESTRING')),
        home: text(at(row, 'HOMEDESCRIPTION')),
        neutral: text(at(row, 'NEUTRALDESCRIPTION')),
        visitor: text(at(row, 'VISITORDESCRIPTION')),
        p1: persons[0]!,
        p2: persons[1]!,
        p3: persons[2]!,
      },
      contentHash(row),
    );
  }
  const home = teams.get(PersonType.HomePlayer);
  const away = teams.get(PersonType.AwayPlayer);
  if (!home || !away) return problem('format', `playbyplayv2: no ${home ? 'visiting' : 'home'} player in any row`, code);
  if (home.id === away.id) return problem('on_floor_twice', `team ${home.id} has both home and visiting players`, code);
  const day = date(code);
  if (!day) return problem('no_date', `the play-by-play of ${code} carries no date and none was given for it`, code);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return problem('format', `the date given for ${code}, "${day}", is not YYYY-MM-DD`, code);
  const info: GameInfo = {
    gameId: Number(code),
    gameCode: code,
    season: meaning.season,
    seasonType: meaning.seasonType,
    date: day,
    homeTeamId: home.id,
    awayTeamId: away.id,
    homeAbbr: home.abbr,
    awayAbbr: away.abbr,
  };
  return { format: 'archive', info, rows: collector.rows(), shots: () => new Map(), playerNames, statedScore, officialBox: null, notes: [] };
}
