/**
 * The season catalogue of the stats file served now (src/lib/league/seasons.ts has the rule: a season is offered once its
 * first game is in; the default is the latest with games; "data through" is the date of the latest game held).
 * Read from the database once per file: every page and stats API answer awaits `currentSeasons()` before it
 * parses a query (the middleware for pages, request/http.ts `handle` for the API), which fills the shared
 * catalogue; after a switch to a new file (SIGHUP, the admin page: statsDbGeneration changes) the next request
 * reads it again, so a new season and a new "Data through" date show without a restart.
 * Example, the test database: seasons [2012, 2022], scheduled [2023] (its schedule table), data through 2023-06-12.
 */
import { FULL_SEASON_GAMES } from '../../../lib/tables/percentilePolicy';
import { seasonCatalog, setSeasonCatalog, type SeasonCatalog } from '../../../lib/league/seasons';
import { query, statsDbGeneration, StatsDbUnavailableError } from '../../db/statsDb';

let loaded: { generation: number; catalog: Promise<SeasonCatalog> } | null = null;
/** The catalogue made the shared one last (set again only when it changes). */
let applied: SeasonCatalog | null = null;

async function readCatalog(): Promise<SeasonCatalog> {
  const [games, hasSchedule] = await Promise.all([
    query<{ season: number; through: string }>("SELECT season, strftime(max(date), '%Y-%m-%d') AS through FROM games GROUP BY season ORDER BY season"),
    query("SELECT 1 FROM duckdb_tables() WHERE table_name = 'schedule' AND schema_name = 'main' AND NOT temporary"),
  ]);
  const scheduled = hasSchedule.length ? await query<{ season: number }>('SELECT DISTINCT season FROM schedule ORDER BY season') : [];
  const seasons = games.map((r) => Number(r.season));
  const through =
    games
      .map((r) => String(r.through))
      .sort()
      .at(-1) ?? null;
  return {
    seasons,
    scheduled: scheduled.map((r) => Number(r.season)).filter((s) => !seasons.includes(s)),
    dataThrough: through,
    inProgress: await underWay(seasons.at(-1)),
  };
}

/** The latest season when it is under way (no playoff game, every team under 82 games), with its most games by a team. */
async function underWay(latest: number | undefined): Promise<SeasonCatalog['inProgress']> {
  if (latest === undefined) return null;
  const [r] = await query<{ playoffs: number; most: number }>(
    `SELECT (SELECT count(*) FROM games WHERE season = $1 AND season_type = 'playoffs')::INTEGER AS playoffs,
            (SELECT coalesce(max(n), 0) FROM (SELECT count(*) AS n FROM team_games WHERE season = $1 AND season_type = 'regular' GROUP BY team_id))::INTEGER AS most`,
    [latest],
  );
  const most = Number(r?.most ?? 0);
  return Number(r?.playoffs ?? 0) === 0 && most < FULL_SEASON_GAMES ? { season: latest, teamGames: most } : null;
}

/**
 * The catalogue of the file served now, read once per file and made the shared one (src/lib/league/seasons.ts). Without a
 * stats database the archive's seasons stay (pages then say the database is not built); other failures are thrown.
 */
export async function currentSeasons(): Promise<SeasonCatalog> {
  const generation = statsDbGeneration();
  if (!loaded || loaded.generation !== generation) {
    const catalog = readCatalog();
    loaded = { generation, catalog };
    catalog.catch(() => {
      if (loaded?.catalog === catalog) loaded = null;
    });
  }
  try {
    const c = await loaded.catalog;
    // Only the catalogue of the file served now is made the shared one (a slow read of an older file is not).
    if (loaded?.generation === statsDbGeneration() && applied !== c) {
      setSeasonCatalog(c);
      applied = c;
    }
    return c;
  } catch (error) {
    if (error instanceof StatsDbUnavailableError) return seasonCatalog();
    throw error;
  }
}

/** YYYY-MM-DD of the latest game of the file served now, or null (no game, no database). */
export async function currentDataThrough(): Promise<string | null> {
  return (await currentSeasons()).dataThrough;
}
