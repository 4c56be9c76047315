/**
 * The columns that say what a row is about (player, lineup, team, season, game...), found from the fields the
 * rows carry (src/server/stats/views/*). Player names link to their player pages and team abbreviations to
 * their team pages (routes.ts builders); game-log dates link to the game. Every link carries the applied
 * filters that apply on its target (StatsLink, src/lib/filters/linkContext.ts).
 */
import { Fragment, type ReactNode } from 'react';
import { StatsLink } from '../ContextLinks';
import { pathForGame, pathForPlayer, pathForTeam } from '../../lib/site/routes';
import { SEASON_TYPE_LABELS, type SeasonType } from '../../lib/filters/filterDefinitions';
import { formatNumber } from '../../lib/tables/format';
import { positionLabel } from '../../lib/league/positionGroups';
import { teamByAbbr } from '../../lib/league/franchises';
import type { Row } from '../../stores/tableData';
import type { SortValue } from '../../lib/tables/sortRows';

export interface IdentityColumn {
  id: string;
  label: string;
  title: string;
  align: 'left' | 'right';
  /** column width in px (the table lays out with fixed widths: cheap for 1,000 rows) */
  width: number;
  sortValue: (row: Row) => SortValue;
  render: (row: Row) => ReactNode;
}

const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);
const num = (v: unknown): number | null =>
  typeof v === 'number' && Number.isFinite(v) ? v : typeof v === 'string' && v !== '' && !Number.isNaN(Number(v)) ? Number(v) : null;

export function PlayerLink({ id, name }: { id: unknown; name: unknown }) {
  const n = str(name) ?? String(id);
  return num(id) === null ? n : <StatsLink href={pathForPlayer('profile', n, num(id)!)}>{n}</StatsLink>;
}

export function TeamLink({ abbr }: { abbr: unknown }) {
  const a = str(abbr);
  if (!a) return <>–</>;
  const team = teamByAbbr(a);
  return team ? (
    <StatsLink href={pathForTeam('players', team.abbr)} title={team.name}>
      {a}
    </StatsLink>
  ) : (
    a
  );
}

function gameHref(row: Row): string | null {
  const team = str(row.team);
  const opp = str(row.opponent);
  const date = str(row.date);
  const id = str(row.game_id) ?? (num(row.game_id) === null ? null : String(row.game_id).padStart(10, '0'));
  if (!team || !opp || !date || !id) return null;
  return row.home ? pathForGame('team', opp, team, date.slice(0, 10), id) : pathForGame('team', team, opp, date.slice(0, 10), id);
}

const playerColumn: IdentityColumn = {
  id: 'name',
  label: 'Player',
  title: 'Player (links to his page).',
  align: 'left',
  width: 190,
  sortValue: (r) => str(r.name),
  render: (r) => <PlayerLink id={r.player_id} name={r.name} />,
};

/** The lineup column, as wide as its players' names need (110 px a name): 560 px for a five, 230 px for a 2-man unit. */
const lineupColumn = (players: number): IdentityColumn => ({
  id: 'lineup',
  label: 'Lineup',
  title: 'The players on the court together: the five, or a 2-, 3- or 4-man unit of it.',
  align: 'left',
  width: 10 + 110 * Math.min(5, Math.max(2, players)),
  sortValue: (r) => str(r.lineup),
  render: (r) => {
    const players = Array.isArray(r.players) ? (r.players as { player_id: unknown; name: unknown }[]) : [];
    if (players.length === 0) return str(r.lineup) ?? '–';
    // The names and their separators as text between the links, no element of their own: a long lineups table
    // draws hundreds of these, and each element costs the page's hydration and layout. The separator's no-break
    // space keeps it with the name after it when a phone wraps the names (stats.css .sa-lineup).
    return (
      <span className="sa-lineup">
        {players.map((p, i) => (
          <Fragment key={String(p.player_id)}>
            {i > 0 && ' ·\u00a0'}
            <PlayerLink id={p.player_id} name={p.name} />
          </Fragment>
        ))}
      </span>
    );
  },
});

const teamColumn: IdentityColumn = {
  id: 'team',
  label: 'Team',
  title: 'Team (links to its page).',
  align: 'left',
  width: 80,
  sortValue: (r) => str(r.team),
  render: (r) => <TeamLink abbr={r.team} />,
};

const teamNameColumn: IdentityColumn = {
  id: 'team',
  label: 'Team',
  title: 'Team (links to its page).',
  align: 'left',
  width: 200,
  sortValue: (r) => str(r.name),
  render: (r) => {
    const team = teamByAbbr(str(r.team) ?? '');
    return team ? <StatsLink href={pathForTeam('team', team.abbr)}>{str(r.name) ?? team.name}</StatsLink> : (str(r.name) ?? '–');
  },
};

const simple = (
  id: string,
  label: string,
  title: string,
  width: number,
  fmt: (v: unknown) => string = (v) => str(v) ?? (v == null ? '–' : String(v)),
): IdentityColumn => ({
  id,
  label,
  title,
  align: 'left',
  width,
  sortValue: (r) => (typeof r[id] === 'number' ? (r[id] as number) : str(r[id])),
  render: (r) => fmt(r[id]),
});

const seasonColumn: IdentityColumn = { ...simple('season', 'Season', 'Season.', 96), sortValue: (r) => num(r.season_start) ?? str(r.season) };
const seasonTypeColumn = simple('season_type', 'Type', 'Season type.', 124, (v) => SEASON_TYPE_LABELS[v as SeasonType] ?? str(v) ?? '–');
const positionColumn = simple('position', 'Pos', 'Position group (point, combo, wing, forward, big), estimated from the lineups he played in.', 84, (v) =>
  typeof v === 'string' && v !== '' ? positionLabel(v) : '–',
);

const dateColumn: IdentityColumn = {
  id: 'date',
  label: 'Date',
  title: 'Game date (links to the game).',
  align: 'left',
  width: 104,
  sortValue: (r) => str(r.date),
  render: (r) => {
    const href = gameHref(r);
    const d = str(r.date)?.slice(0, 10) ?? '–';
    return href ? <StatsLink href={href}>{d}</StatsLink> : d;
  },
};

const opponentColumn: IdentityColumn = {
  id: 'opponent',
  label: 'Opp',
  title: 'Opponent: "vs" at home, "@" away.',
  align: 'left',
  width: 96,
  sortValue: (r) => str(r.opponent),
  render: (r) => (
    <>
      <span className="sa-muted">{r.home ? 'vs ' : '@ '}</span>
      <TeamLink abbr={r.opponent} />
    </>
  ),
};

const resultColumn = simple('result', 'Result', 'Result and final score.', 100);

const possOnColumn: IdentityColumn = {
  id: 'poss_on',
  label: 'Poss On',
  title: 'Possessions with the player on the court.',
  align: 'right',
  width: 96,
  sortValue: (r) => num(r.poss_on),
  render: (r) => formatNumber(num(r.poss_on)),
};

const possOffColumn: IdentityColumn = {
  id: 'poss_off',
  label: 'Poss Off',
  title: 'Possessions of his team with the player off the court.',
  align: 'right',
  width: 96,
  sortValue: (r) => num(r.poss_off),
  render: (r) => formatNumber(num(r.poss_off)),
};

const lineupPossColumn: IdentityColumn = {
  id: 'poss',
  label: 'Poss',
  title: 'Possessions of the lineup in the sample, on the side shown.',
  align: 'right',
  width: 80,
  sortValue: (r) => num(r.poss),
  render: (r) => formatNumber(num(r.poss)),
};

/**
 * The identity columns for rows shaped like `sample`. `setColumns`, the set's own columns: a lineup or on/off
 * set without a possessions column of its own still shows the rows' possessions (every rate beside
 * its sample).
 */
export function identityColumns(sample: Row | undefined, layout: 'plain' | 'onoff' = 'plain', setColumns?: readonly { key: string }[]): IdentityColumn[] {
  if (!sample) return [];
  const has = (k: string) => k in sample;
  const possMissing = setColumns !== undefined && !setColumns.some((c) => c.key === 'poss');
  const cols: IdentityColumn[] = [];
  if (has('date') && has('game_id')) cols.push(dateColumn);
  if (has('lineup') || has('players')) cols.push(lineupColumn(Array.isArray(sample.players) ? sample.players.length : 5));
  else if (has('player_id') && has('name')) cols.push(playerColumn);
  if (has('season')) cols.push(seasonColumn);
  if (has('season_type')) cols.push(seasonTypeColumn);
  if (has('team') && has('name') && !has('player_id')) cols.push(teamNameColumn);
  else if (has('team') && !has('opponent')) cols.push(teamColumn);
  if (has('opponent')) cols.push(opponentColumn);
  if (has('result')) cols.push(resultColumn);
  if (has('position')) cols.push(positionColumn);
  // On/off sets carry poss_on as a number column of their own (poss: on / off / diff) when the set has Poss.
  if (has('poss_on') && (layout === 'plain' || possMissing)) cols.push(possOnColumn);
  if (has('poss_off') && layout === 'onoff' && possMissing) cols.push(possOffColumn);
  if ((has('lineup') || has('players')) && has('poss') && possMissing) cols.push(lineupPossColumn);
  return cols;
}
