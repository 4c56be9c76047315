/**
 * The bio header of the player pages for one season shown: name, position group (our estimate) and listed
 * position, height, weight, age that season, draft, college or country, seasons in the league, team(s) and
 * salary that season. Bios are published for 2003-04..2019-20 (player_bios); later seasons take the latest
 * known bio, with the age moved on by the years between. Salaries cover 2003-04..2019-20. The tables are part
 * of the stats schema (src/server/db/schema.sql); a database without them is refused at start-up
 * (src/server/db/statsDbVersion.ts).
 */
import { seasonLabel } from '../../../lib/filters/filterDefinitions';
import { LAST_SALARY_SEASON } from '../../../lib/site/site';
import { teamByTeamId } from '../../../lib/league/franchises';
import type { StatsDb } from '../../db/statsDb';
import type { PlayerRecord } from './playerList';

export interface PlayerBio {
  player_id: number;
  name: string;
  /** the season the header describes ('2019-20'): the latest of the filter's seasons he played, else his last */
  season: string;
  season_start: number;
  /** position group that season: point, combo, wing, forward, big */
  position: string | null;
  listed_position: string | null;
  height_in: number | null;
  weight_lb: number | null;
  /** whole years, that season */
  age: number | null;
  draft: { year: number; round: number; pick: number } | null;
  /** true when the bios say undrafted; null when unknown */
  undrafted: boolean | null;
  college: string | null;
  country: string | null;
  /** seasons in the league up to and including the season shown (from his first league season) */
  season_in_league: number | null;
  first_league_season: string | null;
  teams: { abbr: string; name: string }[];
  /** US dollars that season, null when the data has none */
  salary: number | null;
  /** why there is no salary, when there is none */
  salary_note: string | null;
}

/**
 * The bio for the seasons of a page's filter (the latest he played among them), from his record (playerList.ts
 * playerRecord, which the page reads once for the bio, the title and the structured data).
 */
export async function playerBio(db: StatsDb, record: PlayerRecord, seasons: readonly number[]): Promise<PlayerBio> {
  const playerId = Number(record.player.player_id);
  const player = record.player as { name: string; last_season: number | null; listed_position: string | null; height_in: number | null };
  const played = record.seasons as {
    season: number;
    season_type: string;
    team_ids: number[];
    position: string;
    listed_position: string | null;
    height_in: number | null;
  }[];
  const wanted = new Set(seasons);
  const season = played.find((s) => wanted.has(Number(s.season)))?.season ?? played[0]?.season ?? player.last_season ?? 0;
  const ofSeason = played.filter((s) => Number(s.season) === Number(season));
  const regular = ofSeason.find((s) => s.season_type === 'regular') ?? ofSeason[0];
  const teamIds = [
    ...new Set(
      ofSeason
        .slice()
        .reverse()
        .flatMap((s) => s.team_ids.map(Number)),
    ),
  ];

  type BioRow = {
    season: number;
    age: number | null;
    height_in: number | null;
    weight_lb: number | null;
    college: string | null;
    country: string | null;
    draft_year: number | null;
    draft_round: number | null;
    draft_number: number | null;
  };
  // Three independent lookups, run together (the page waits for the bio).
  const [[bio], [years], [salary]] = await Promise.all([
    // The bio of that season, else the nearest earlier one, else the nearest later one.
    db.query<BioRow>(
      `SELECT season, age, height_in, weight_lb, college, country, draft_year, draft_round, draft_number FROM player_bios
        WHERE player_id = $1 ORDER BY (season > $2), abs(season - $2) LIMIT 1`,
      [playerId, Number(season)],
    ),
    db.query<{ from_year: number | null }>('SELECT from_year FROM player_league_years WHERE player_id = $1', [playerId]),
    db.query<{ salary: number | bigint }>('SELECT salary FROM salaries WHERE player_id = $1 AND season = $2 LIMIT 1', [playerId, Number(season)]),
  ]);
  const fromYear = years?.from_year ?? null;
  const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  return {
    player_id: playerId,
    name: player.name,
    season: seasonLabel(Number(season)),
    season_start: Number(season),
    position: regular?.position ?? null,
    listed_position: regular?.listed_position ?? player.listed_position,
    height_in: num(bio?.height_in) ?? num(regular?.height_in) ?? num(player.height_in),
    weight_lb: num(bio?.weight_lb),
    age: bio?.age == null ? null : Math.floor(Number(bio.age) + (Number(season) - Number(bio.season))),
    draft:
      bio?.draft_year != null && bio.draft_round != null && bio.draft_number != null
        ? { year: Number(bio.draft_year), round: Number(bio.draft_round), pick: Number(bio.draft_number) }
        : null,
    undrafted: bio ? bio.draft_year == null : null,
    college: bio?.college ?? null,
    country: bio?.country ?? null,
    season_in_league: fromYear === null ? null : Number(season) - Number(fromYear) + 1,
    first_league_season: fromYear === null ? null : seasonLabel(Number(fromYear)),
    teams: teamIds.flatMap((id) => {
      const t = teamByTeamId(id);
      return t ? [{ abbr: t.abbr, name: t.name }] : [];
    }),
    salary: salary ? Number(salary.salary) : null,
    salary_note: salary
      ? null
      : Number(season) > LAST_SALARY_SEASON
        ? `No salary data after ${seasonLabel(LAST_SALARY_SEASON)}`
        : 'No salary listed that season',
  };
}
