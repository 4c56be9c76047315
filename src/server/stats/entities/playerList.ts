/**
 * The player list (/api/players) and player details (/api/player_details). Read through the scope given (pages
 * and endpoints reach them through the query queue: answers/reads.ts); the list is kept per stats file, built on
 * the scope of the first read that needs it (sharedLookup.ts).
 */
import { seasonLabel } from '../../../lib/filters/filterDefinitions';
import { teamByTeamId } from '../../../lib/league/franchises';
import { onStatsDbChange, type Row, type StatsDb } from '../../db/statsDb';
import { sharedLookup } from './sharedLookup';
import { ApiError } from '../base/errors';
import { encode, type EncodedResponse } from '../base/encoding';

export interface PlayerListItem {
  name: string;
  /** the spec's field name; its value is the league player id */
  second_spectrum_id: number;
  /**
   * The seasons he played (start year) and the teams he played for in each (abbreviations, in order of first
   * game), regular season and playoffs together: the lineup pickers offer the players of the chosen seasons
   * (and team) first. An addition to the spec's two fields.
   */
  played: Record<string, string[]>;
}

const lists = new Map<string, Promise<PlayerListItem[]>>();
const encodedLists = new Map<string, Promise<EncodedResponse>>();
onStatsDbChange(() => {
  lists.clear();
  encodedLists.clear();
});

/**
 * The player list encoded once, as the stats answers are (brotli with its ETag, gzip made from it for a client
 * without brotli: base/encoding.ts), until the stats file changes. 281 KB of JSON: 49 KB as gzip, less as brotli;
 * a client holding it sends its ETag and gets a 304.
 */
export function encodedPlayerList(db: StatsDb): Promise<EncodedResponse> {
  return sharedLookup(db, encodedLists, 'players', async () => encode(await listPlayers(db)));
}

/** Names the way a person reads them (spec section 3): locale-aware, case- and accent-insensitive. */
const nameCollator = new Intl.Collator('en', { sensitivity: 'base' });

/** Player list order: by name with nameCollator ("Aaron Brooks" before "AJ Price"), then by id. */
function comparePlayers(a: PlayerListItem, b: PlayerListItem): number {
  return nameCollator.compare(a.name, b.name) || a.second_spectrum_id - b.second_spectrum_id;
}

/** His seasons and teams (player_seasons rows: season, team_ids) as PlayerListItem.played. */
function playedOf(rows: readonly { season: number; team_ids: number[] }[] | null): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const r of [...(rows ?? [])].sort((a, b) => Number(a.season) - Number(b.season))) {
    const teams = (out[String(r.season)] ??= []);
    for (const id of r.team_ids) {
      const a = abbr(id);
      if (a && !teams.includes(a)) teams.push(a);
    }
  }
  return out;
}

/** Every player with a possession in the data, sorted by comparePlayers, with his seasons and teams. Loaded once. */
export function listPlayers(db: StatsDb): Promise<PlayerListItem[]> {
  return sharedLookup(db, lists, 'players', async () => {
    const rows = await db.query<{ name: string; player_id: number; seasons: { season: number; team_ids: number[] }[] | null }>(
      `SELECT p.name, p.player_id, list({ 'season': s.season, 'team_ids': s.team_ids } ORDER BY s.season, s.season_type DESC) AS seasons
         FROM players p LEFT JOIN player_seasons s USING (player_id)
        WHERE p.first_season IS NOT NULL GROUP BY p.name, p.player_id`,
    );
    return rows.map((r) => ({ name: r.name, second_spectrum_id: r.player_id, played: playedOf(r.seasons) })).sort(comparePlayers);
  });
}

const abbr = (id: unknown) => teamByTeamId(Number(id))?.abbr ?? null;

/** One player's row of `players` and his rows of `player_seasons` (newest first): what his pages are built from. */
export interface PlayerRecord {
  player: Row;
  seasons: Row[];
}

/** The player's record, read once per page (details, bio, title facts); null when the id is unknown. */
export async function playerRecord(db: StatsDb, playerId: number): Promise<PlayerRecord | null> {
  const [player] = await db.query(
    `SELECT player_id, name, first_name, last_name, slug, first_season, last_season, listed_position, height_in
       FROM players WHERE player_id = $1`,
    [playerId],
  );
  if (!player) return null;
  const seasons = await db.query(
    `SELECT season, season_type, team_id, team_ids, games, seconds, height_in, listed_position, position
       FROM player_seasons WHERE player_id = $1 ORDER BY season DESC, season_type DESC`,
    [playerId],
  );
  return { player, seasons };
}

/** Bio, seasons and teams of one player; 404 when the id is unknown. */
export async function playerDetails(db: StatsDb, playerId: number) {
  const record = await playerRecord(db, playerId);
  if (!record) throw new ApiError(404, `No player with id ${playerId}`, 'player_id');
  return playerDetailsOf(record);
}

export type PlayerDetails = ReturnType<typeof playerDetailsOf>;

/** /api/player_details' answer from a player's record. */
export function playerDetailsOf({ player, seasons }: PlayerRecord) {
  const teamIds = [...new Set(seasons.flatMap((s) => (s.team_ids as number[]).map(Number)))];
  return {
    player_id: player.player_id,
    second_spectrum_id: player.player_id,
    name: player.name,
    first_name: player.first_name,
    last_name: player.last_name,
    slug: player.slug,
    first_season: player.first_season === null ? null : seasonLabel(Number(player.first_season)),
    last_season: player.last_season === null ? null : seasonLabel(Number(player.last_season)),
    listed_position: player.listed_position,
    height_in: player.height_in,
    position: seasons[0]?.position ?? null,
    teams: teamIds.map((id) => ({ abbr: abbr(id), name: teamByTeamId(id)?.name ?? null })),
    seasons: seasons.map((s) => ({
      season: seasonLabel(Number(s.season)),
      season_start: Number(s.season),
      season_type: s.season_type,
      team: abbr(s.team_id),
      teams: (s.team_ids as number[]).map(abbr),
      games: s.games,
      seconds: s.seconds,
      height_in: s.height_in,
      listed_position: s.listed_position,
      position: s.position,
    })),
  };
}
