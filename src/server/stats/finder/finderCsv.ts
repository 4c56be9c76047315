/**
 * A finder answer as CSV (GET /api/finder?...&format=csv, /api/v1/finder with format=csv): every matching row, at
 * most FINDER_CSV_MAX, one line each: who, when, then every stat by its label (PTS, REB ... NET), the values of the
 * page's table. E.g. `Player,Team,Season,Type,Date,Opponent,Home,Won,Game,PTS,...` for player games.
 */
import { FINDER_STAT_KEYS, FINDER_STATS, isGameMode, isSeasonMode, type FinderQuery } from '../../../lib/views/finderQuery';
import { seasonLabel } from '../../../lib/filters/filterDefinitions';
import { csvTextResponse, encodeCsv } from '../base/csvText';
import type { Asker } from '../answers/answers';
import { runFinder, type FinderRow } from './finder';

function columnsOf(q: FinderQuery): [string, (r: FinderRow) => unknown][] {
  const who: [string, (r: FinderRow) => unknown][] =
    q.of === 'player'
      ? [
          ['Player', (r) => r.player_name],
          ['Player id', (r) => r.player_id],
          ['Team', (r) => r.abbr],
        ]
      : [['Team', (r) => r.abbr]];
  const when: [string, (r: FinderRow) => unknown][] = isGameMode(q.mode)
    ? [
        ['Season', (r) => seasonLabel(r.season)],
        ['Type', (r) => r.season_type],
        ['Date', (r) => r.date],
        ['Opponent', (r) => r.opp_abbr],
        ['Home', (r) => r.is_home],
        ['Won', (r) => r.won],
        ['Game', (r) => r.game_id],
      ]
    : isSeasonMode(q.mode)
      ? [
          ['Season', (r) => seasonLabel(r.season)],
          ['Type', (r) => r.season_type],
          ['Teams', (r) => r.teams],
          ['Games', (r) => r.games],
        ]
      : [
          ['Games', (r) => r.games],
          ['From', (r) => r.start_date],
          ['To', (r) => r.end_date],
          ['First game', (r) => r.first_game],
          ['Last game', (r) => r.last_game],
          ...(q.mode === 'streaks' ? ([['Active', (r: FinderRow) => r.active]] as [string, (r: FinderRow) => unknown][]) : []),
        ];
  return [...who, ...when, ...FINDER_STAT_KEYS.map((s) => [FINDER_STATS[s].label, (r: FinderRow) => r.stats[s]] as [string, (r: FinderRow) => unknown])];
}

/** The CSV download of a parsed (and gated) finder query. */
export async function finderCsvDownload(q: FinderQuery, asker: Asker, request: Request): Promise<Response> {
  const answer = await runFinder(q, { asker, allRows: true });
  const columns = columnsOf(q);
  const text = encodeCsv(
    columns.map(([h]) => h),
    answer.rows.map((r) => columns.map(([, v]) => v(r))),
  );
  return csvTextResponse(text, `finder-${q.mode.replace('_', '-')}.csv`, request);
}
