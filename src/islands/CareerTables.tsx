/**
 * The player profile's career tables: his box score season by season, regular season and playoffs in
 * two tables, each closed by its career row, per game, as totals, per 36 minutes or per 100 possessions. The
 * mode is a segmented control kept in the URL (`?career=`, left out at the default; src/lib/views/careerTables.ts has
 * the values, the columns and the rounding, the same the CSV download writes). Rendered on the server in the
 * page's mode; the island only switches modes.
 */
import { useState } from 'react';
import CareerTotalLabel from './CareerTotalLabel';
import {
  CAREER_COLUMNS,
  CAREER_MODES,
  CAREER_MODE_NOTES,
  careerValue,
  formatCareerValue,
  searchWithCareerMode,
  type CareerLine,
  type CareerMode,
} from '../lib/views/careerTables';

interface Props {
  playerId: number;
  /** his profile's path (the season links add ?season=) */
  profilePath: string;
  /** seasons, newest first, then the career row; each list may be empty */
  regular: CareerLine[];
  playoffs: CareerLine[];
  initialMode: CareerMode;
}

const TABLES = [
  { type: 'regular', title: 'Regular season' },
  { type: 'playoffs', title: 'Playoffs' },
] as const;

export default function CareerTables({ playerId, profilePath, regular, playoffs, initialMode }: Props) {
  const [mode, setMode] = useState<CareerMode>(initialMode);
  const modeLabel = CAREER_MODES.find((m) => m.value === mode)!.label;
  const choose = (next: CareerMode) => {
    setMode(next);
    const { pathname, search, hash } = window.location;
    window.history.replaceState(window.history.state, '', pathname + searchWithCareerMode(search, next) + hash);
  };
  // A season's link opens the profile filtered to it, these tables in the same mode.
  const seasonHref = (l: CareerLine) =>
    profilePath + searchWithCareerMode(`?season=${l.season_start}${l.season_type === 'playoffs' ? '&seasonType=playoffs' : ''}`, mode);
  return (
    <div className="career-box" data-mode={mode}>
      <div className="career-modes">
        <div className="sa-segmented" role="group" aria-label="Career tables: numbers">
          {CAREER_MODES.map((m) => (
            <button key={m.value} type="button" aria-pressed={m.value === mode} onClick={() => choose(m.value)}>
              {m.label}
            </button>
          ))}
        </div>
        <p className="career-note">{CAREER_MODE_NOTES[mode]}</p>
      </div>
      {TABLES.map(({ type, title }) => {
        const lines = type === 'regular' ? regular : playoffs;
        if (lines.length === 0) return null;
        const id = `career-${type}-heading`;
        return (
          <section key={type} className="career-part" aria-labelledby={id}>
            <div className="career-part-head">
              <h3 id={id}>{title}</h3>
              <a className="sa-csv" href={`/api/player_career?player_id=${playerId}&season_type=${type}&mode=${mode}&format=csv`} download>
                Download CSV
              </a>
            </div>
            <div className="career-scroll" role="region" aria-label={`${title} table, scrolls sideways`} tabIndex={0}>
              <table aria-label={`${title}, ${modeLabel.toLowerCase()}`} data-testid={`career-${type}`}>
                <thead>
                  <tr>
                    <th scope="col" className="first">
                      Season
                    </th>
                    <th scope="col" className="n" title="His age that season (whole years late in the regular season, as the league's player bios give it).">
                      Age
                    </th>
                    <th scope="col">Team</th>
                    {CAREER_COLUMNS.map((c) => (
                      <th key={c.key} scope="col" className="n" title={c.title}>
                        {c.label}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {lines.map((l) => (
                    <tr key={l.label} className={l.season_start === null ? 'total' : undefined}>
                      <th scope="row" className="first">
                        {l.season_start === null ? <CareerTotalLabel label={l.label} /> : <a href={seasonHref(l)}>{l.label}</a>}
                      </th>
                      <td className="n">{l.age ?? ''}</td>
                      <td>{l.teams.join(', ')}</td>
                      {CAREER_COLUMNS.map((c) => (
                        <td key={c.key} className="n">
                          {formatCareerValue(careerValue(l, c, mode), c, mode)}
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </section>
        );
      })}
    </div>
  );
}
