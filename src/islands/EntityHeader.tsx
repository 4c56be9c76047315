/**
 * The entity strip above the filters: on game pages both teams, the date and the final score (with the
 * score by period) from game details. Player pages carry their bio in the server-rendered header
 * (src/components/PlayerBioHeader.astro).
 */
import { StatsLink } from './ContextLinks';
import { useStore } from '@nanostores/react';
import { seasonLabel } from '../lib/filters/filterDefinitions';
import { pathForTeam } from '../lib/site/routes';
import { formatDate } from '../lib/tables/format';
import { teamByAbbr } from '../lib/league/franchises';
import { $gameDetails, type GameDetails } from '../stores/gameDetails';
import { $page } from '../stores/page';

const periodLabel = (i: number) => (i < 4 ? `Q${i + 1}` : i === 4 ? 'OT' : `${i - 3}OT`);

const gameDate = (date: string) => formatDate(date, { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric' });

function TeamName({ abbr, name }: { abbr: string | null; name: string | null }) {
  const team = abbr ? teamByAbbr(abbr) : undefined;
  return team ? <StatsLink href={pathForTeam('team', team.abbr)}>{name ?? team.name}</StatsLink> : (name ?? abbr ?? '–');
}

function GameStrip({ game }: { game: GameDetails }) {
  const { away, home } = game;
  const periods = Math.max(away.pts_by_period.length, home.pts_by_period.length);
  const winner = away.pts > home.pts ? 'away' : 'home';
  const overtime = periods > 4 ? ` (${periods === 5 ? 'OT' : `${periods - 4}OT`})` : '';
  return (
    <div className="sa-entity sa-entity-game" data-testid="game-header">
      <div className="sa-score">
        <span className={`sa-score-team ${winner === 'away' ? 'won' : ''}`}>
          <TeamName abbr={away.team} name={away.name} /> <strong className="num">{away.pts}</strong>
        </span>
        <span className="sa-muted">at</span>
        <span className={`sa-score-team ${winner === 'home' ? 'won' : ''}`}>
          <strong className="num">{home.pts}</strong> <TeamName abbr={home.team} name={home.name} />
        </span>
        <span className="sa-muted sa-score-when">
          Final{overtime} · {gameDate(game.date)} · {game.season}{' '}
          {game.season_type === 'playoffs' ? 'playoffs' : game.season_type === 'regular' ? 'regular season' : game.season_type}
        </span>
      </div>
      <table className="sa-linescore" aria-label="Score by period">
        <thead>
          <tr>
            <th />
            {Array.from({ length: periods }, (_, i) => (
              <th key={i}>{periodLabel(i)}</th>
            ))}
            <th>T</th>
          </tr>
        </thead>
        <tbody>
          {[away, home].map((s) => (
            <tr key={s.team ?? s.name}>
              <th scope="row">{s.abbr_then ?? s.team}</th>
              {Array.from({ length: periods }, (_, i) => (
                <td key={i} className="num">
                  {s.pts_by_period[i] ?? ''}
                </td>
              ))}
              <td className="num total">{s.pts}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export default function EntityHeader() {
  const page = useStore($page);
  const game = useStore($gameDetails);
  const isGame = page.kind === 'GameTeam' || page.kind === 'GamePlayers' || page.kind === 'GamePreview';
  if (isGame && game.id === page.entity && game.details) {
    if (page.kind === 'GamePreview') {
      const { away, home } = game.details;
      return (
        <div className="sa-entity" data-testid="game-header">
          <TeamName abbr={away.team} name={away.name} /> <span className="sa-muted">at</span> <TeamName abbr={home.team} name={home.name} />
          <span className="sa-muted">
            {' '}
            · {gameDate(game.details.date)} · {seasonLabel(Number(game.details.season.slice(0, 4)))}: both teams before this game
          </span>
        </div>
      );
    }
    return <GameStrip game={game.details} />;
  }
  return null;
}
