/**
 * The traditional box score of the Player stats tab, above the spec's metric-set table: one table per
 * team, away first, starters (marked, first five) then the bench by minutes, and a team totals row whose PTS is
 * the final score in the header above. It adds to the spec's page; nothing of it is changed.
 *
 * "Whole game" (the default) reads game details (/api/game_details, already loaded for the header); "Page
 * filters" reads the rows of the metric-set table below, which carry the same counters under the page's filters
 * (garbage time out by default, period, time, score, lineups): no extra request, and the two can never disagree
 * about which possessions they count. Shapes, order, totals and CSV: src/lib/game/boxScore.ts.
 */
import { useStore } from '@nanostores/react';
import { useMemo, useState } from 'react';
import { BOX_COLUMNS, boxCell, boxScoreCsv, filteredBox, wholeGameBox, type BoxColumn, type BoxLine, type TeamBox } from '../lib/game/boxScore';
import { filterDef, isDefault, filterValueOf } from '../lib/filters/filterValues';
import { $filterPills } from '../stores/filterPills';
import { $filters } from '../stores/filterState';
import { $gameDetails, type GameDetails } from '../stores/gameDetails';
import { $metricSet } from '../stores/metricSet';
import { $page } from '../stores/page';
import { $tableData } from '../stores/tableData';
import { PlayerLink, TeamLink } from './table/identityColumns';

type Mode = 'game' | 'filters';

/** "Nikola Jokić" -> "N. Jokić": the phone's narrow sticky column. */
const shortName = (name: string) => {
  const words = name.trim().split(/\s+/);
  return words.length < 2 ? name : `${words[0]!.charAt(0)}. ${words.slice(1).join(' ')}`;
};

function PlayerCell({ line }: { line: BoxLine }) {
  return (
    <th scope="row" className="bx-player" title={line.name}>
      <span className="bx-full">
        <PlayerLink id={line.player_id} name={line.name} />
      </span>
      <span className="bx-short">
        <PlayerLink id={line.player_id} name={shortName(line.name)} />
      </span>
    </th>
  );
}

/**
 * The columns in the order shown: on a phone PTS comes right after the name, so a fan reads who scored what without
 * scrolling sideways; wider, the box score's usual order (MIN ... PF, PTS, +/-). The CSV keeps the usual order.
 */
export function shownColumns(phone: boolean): readonly BoxColumn[] {
  if (!phone) return BOX_COLUMNS;
  return [...BOX_COLUMNS.filter((c) => c.id === 'pts'), ...BOX_COLUMNS.filter((c) => c.id !== 'pts')];
}

const PHONE_QUERY = '(max-width: 720px)';

function Line({ line, columns }: { line: BoxLine; columns: readonly BoxColumn[] }) {
  return (
    <tr data-player-id={line.player_id} data-starter={line.starter ? 'true' : 'false'}>
      <PlayerCell line={line} />
      {columns.map((c) => (
        <td key={c.id} data-col={c.id}>
          {boxCell(c, line)}
        </td>
      ))}
    </tr>
  );
}

function GroupRow({ label, span }: { label: string; span: number }) {
  return (
    <tr className="bx-group">
      <th scope="rowgroup" className="bx-player">
        {label}
      </th>
      <td colSpan={span} />
    </tr>
  );
}

function TeamTable({ box, stale, columns }: { box: TeamBox; stale: boolean; columns: readonly BoxColumn[] }) {
  const label = box.abbrThen ?? box.team ?? '';
  return (
    <section className="bx-team" data-testid={`box-score-${box.side}`} data-team={box.team ?? ''} aria-label={`${box.name ?? label} box score`}>
      <h3 className="bx-team-name">
        {box.team ? <TeamLink abbr={box.team} /> : label} <span className="bx-team-full">{box.name}</span>
        <span className="bx-side">{box.side === 'away' ? 'Away' : 'Home'}</span>
      </h3>
      <div className={`bx-wrap ${stale ? 'sa-stale' : ''}`} role="region" aria-label={`${label} box score, scrolls sideways`} tabIndex={0}>
        <table className="bx-table">
          <thead>
            <tr>
              <th scope="col" className="bx-player">
                Player
              </th>
              {columns.map((c) => (
                <th key={c.id} scope="col" title={c.title} data-col={c.id}>
                  {c.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="bx-starters">
            <GroupRow label="Starters" span={columns.length} />
            {box.starters.map((l) => (
              <Line key={l.player_id} line={l} columns={columns} />
            ))}
          </tbody>
          {box.bench.length > 0 && (
            <tbody className="bx-bench">
              <GroupRow label="Bench" span={columns.length} />
              {box.bench.map((l) => (
                <Line key={l.player_id} line={l} columns={columns} />
              ))}
            </tbody>
          )}
          <tfoot>
            <tr className="bx-totals" data-testid="box-totals">
              <th scope="row" className="bx-player">
                Team totals
              </th>
              {columns.map((c) => (
                <td key={c.id} data-col={c.id}>
                  {boxCell(c, box.totals)}
                </td>
              ))}
            </tr>
          </tfoot>
        </table>
      </div>
    </section>
  );
}

/** Save the box score as a CSV file (built in the page from the numbers shown). */
function download(game: GameDetails, mode: Mode, teams: readonly TeamBox[]): void {
  const blob = new Blob([boxScoreCsv(teams)], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = `box-score_${game.away.abbr_then ?? game.away.team}-at-${game.home.abbr_then ?? game.home.team}_${game.date.slice(0, 10)}_${game.game_id}_${mode === 'game' ? 'whole-game' : 'page-filters'}.csv`;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** What the page's filters keep, in words ("Garbage time: Filtered out · Period: Q4 · lineup filters"). */
function useFiltersText(): string {
  const pills = useStore($filterPills);
  const filters = useStore($filters);
  const parts = pills.map((p) => `${p.label}: ${p.text}`);
  const lineups = filters.relevant.some((n) => filterDef(n).group === 'Lineup' && !isDefault(n, filterValueOf(filters.applied, n)));
  if (lineups) parts.push('lineup filters');
  return parts.join(' · ');
}

export default function BoxScore() {
  const page = useStore($page);
  const game = useStore($gameDetails);
  const table = useStore($tableData);
  const selected = useStore($metricSet);
  const [mode, setMode] = useState<Mode>('game');
  const [columns] = useState(() => shownColumns(window.matchMedia(PHONE_QUERY).matches));
  const filtersText = useFiltersText();
  const details = game.id === page.entity ? game.details : null;
  const rows = selected ? table.data[selected.value] : undefined;
  const teams = useMemo(() => {
    if (!details) return null;
    if (mode === 'game') return wholeGameBox(details);
    return rows ? filteredBox(details, rows) : null;
  }, [details, mode, rows]);
  if (page.kind !== 'GamePlayers' || !details) return null;

  return (
    <section className="bx" aria-labelledby="box-score-title" data-testid="box-score" data-mode={mode}>
      <div className="bx-head">
        <h2 id="box-score-title" className="bx-title">
          Box score
        </h2>
        <div className="sa-segmented sa-segmented-small" role="group" aria-label="Box score covers">
          <button type="button" aria-pressed={mode === 'game'} onClick={() => setMode('game')}>
            Whole game
          </button>
          <button type="button" aria-pressed={mode === 'filters'} onClick={() => setMode('filters')}>
            Page filters
          </button>
        </div>
        {teams && (
          <button type="button" className="sa-csv bx-csv" onClick={() => download(details, mode, teams)}>
            Download CSV
          </button>
        )}
      </div>
      <p className="bx-note" data-testid="box-score-note">
        {mode === 'game' ? (
          <>Every minute of the game, garbage time included: the totals are the final score.</>
        ) : (
          <>
            With the page&rsquo;s filters ({filtersText || 'none'}), as in the table below. MIN is possession time on court and +/- the score of those
            possessions.
          </>
        )}
      </p>
      {teams ? (
        teams.map((t) => <TeamTable key={t.side} box={t} stale={mode === 'filters' && table.loading} columns={columns} />)
      ) : (
        <p className="bx-note">{table.error ? 'The filtered box score could not be loaded.' : 'Loading the filtered box score…'}</p>
      )}
      <p className="bx-foot">Starters: the five on the floor at the opening tip, then the bench by minutes.</p>
    </section>
  );
}
