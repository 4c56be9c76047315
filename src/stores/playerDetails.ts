/**
 * Player details (spec section 7: GET /api/player_details?player_id=), skipped if that player is already
 * loaded: name, team, position, seasons.
 */
import { entityDetailsStore } from './entityDetails';

export interface PlayerDetails {
  player_id: number;
  name: string;
  first_season: string | null;
  last_season: string | null;
  listed_position: string | null;
  position: string | null;
  height_in: number | null;
  teams: { abbr: string | null; name: string | null }[];
  seasons: { season: string; season_type: string; team: string | null; games: number; position: string | null }[];
}

const playerDetails = entityDetailsStore<PlayerDetails>('/api/player_details', 'player_id');

export const $playerDetails = playerDetails.$store;

/** Load a player's details unless that player is loaded (or loading) already. Failures set the error flag. */
export const loadPlayerDetails = playerDetails.load;
